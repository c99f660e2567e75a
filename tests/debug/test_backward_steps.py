"""A call's steps, as the capture files the backward loop's events: the order records run in,
the accumulations and releases each step carries, and a jacobian's passes. The expectations
follow from the tape's records, walked in reverse as TF's backward pass walks them."""

from .programs import run

PROGRAM = """
    import tensorflow as tf
    x = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        a = tf.sin(x)
        unused = tf.exp(x)  # recorded, but no gradient of c reaches it
        b = a * a
        c = tf.reduce_sum(b)
    g = tape.gradient(c, x)
    with tf.GradientTape() as rows:
        rows.watch(a)
        y = tf.tanh(a)
        z = tf.exp(a)  # recorded, off y's path
    j = rows.jacobian(y, a)
    with tf.GradientTape(persistent=True) as kept:
        kept.watch(a)
        w = tf.square(a)
    k = kept.gradient(w, a)
    """


def _steps(capture, call):
    op_type = {op.id: op.type for op in capture.ops}
    return [
        (
            op_type[step.op],
            step.pass_index,
            [op_type[r] for r in step.released_ops],
            [a.tensor for a in step.accumulations],
        )
        for step in call.steps
    ], [op_type[r] for r in call.released_after]


def test_a_non_persistent_tape_releases_each_record_with_its_step_and_skipped_ones_with_the_next():
    capture = run(PROGRAM)
    sin = next(op for op in capture.ops if op.type == "Sin")
    a = sin.outputs[0]
    steps, after = _steps(capture, capture.calls[0])
    assert steps == [
        ("Sum", 0, ["Sum"], []),
        # a * a: the second input's gradient is added to the first's
        ("Mul", 0, ["Mul"], [a]),
        # Exp ran after Sin, so the reverse walk drops it (unreached) before Sin's step
        ("Sin", 0, ["Exp", "Sin"], []),
    ]
    assert after == []
    assert capture.calls[0].passes == 1


def test_a_jacobian_runs_one_pass_per_row_and_releases_the_records_after_the_last():
    capture = run(PROGRAM)
    call = capture.calls[1]
    assert call.kind == "jacobian" and call.passes == 3
    steps, after = _steps(capture, call)
    assert steps == [("Tanh", row, [], []) for row in range(3)]
    assert after == ["Tanh", "Exp"]


def test_a_persistent_tape_releases_nothing():
    capture = run(PROGRAM)
    steps, after = _steps(capture, capture.calls[2])
    assert steps == [("Square", 0, [], [])]
    assert after == []
