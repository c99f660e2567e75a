"""Every None cause, each from a program where it is the reason, at the line that caused it."""

import pytest

from .programs import line_of, run

CASES = {
    "not_watched": (
        """
        import tensorflow as tf
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            y = x * x
        g = tape.gradient(y, x)
        """,
        "y = x * x",
        "error",
    ),
    "watched_too_late": (
        """
        import tensorflow as tf
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            y = tf.exp(x)
            tape.watch(x)
        g = tape.gradient(y, x)
        """,
        "tape.watch(x)",
        "error",
    ),
    "variable_replaced_by_tensor": (
        """
        import tensorflow as tf
        x = tf.Variable(2.)
        for epoch in range(2):
            with tf.GradientTape() as tape:
                y = x + 1
            print(type(x).__name__, ":", tape.gradient(y, x))
            x = x + 1
        """,
        "x = x + 1",
        "error",
    ),
    "left_engine": (
        """
        import numpy as np
        import tensorflow as tf
        x = tf.Variable([[1., 2.], [3., 4.]], dtype=tf.float32)
        with tf.GradientTape() as tape:
            x2 = x**2
            y = np.mean(x2, axis=0)
            y = tf.reduce_mean(y, axis=0)
        print('dy/dx: ', tape.gradient(y, x))
        """,
        "np.mean",
        "error",
    ),
    "integer_dtype": (
        """
        import tensorflow as tf
        x = tf.constant(10)
        with tf.GradientTape() as g:
            g.watch(x)
            y = x * x
        print('dy/dx: ', g.gradient(y, x))
        """,
        "tf.constant(10)",
        "error",
    ),
    "non_differentiable_op": (
        """
        import tensorflow as tf
        w = tf.Variable([0.2, 0.9, 0.4])
        with tf.GradientTape() as tape:
            best = tf.cast(tf.argmax(w), tf.float32)
            loss = best * 2.0
        g = tape.gradient(loss, w)
        """,
        "tf.argmax",
        "warning",
    ),
    "stop_gradient": (
        """
        import tensorflow as tf
        w = tf.Variable(1.0)
        with tf.GradientTape() as tape:
            y = tf.stop_gradient(w * 2.0) + 1.0
        g = tape.gradient(y, w)
        """,
        "stop_gradient",
        "info",
    ),
    "stateful_assign": (
        """
        import tensorflow as tf
        x0 = tf.Variable(3.)
        x1 = tf.Variable(0.)
        with tf.GradientTape() as tape:
            x1.assign_add(x0)
            y = x1**2
        print('dy/dx0: ', tape.gradient(y, x0))
        """,
        "assign_add",
        "error",
    ),
    "not_trainable": (
        """
        import tensorflow as tf
        frozen = tf.Variable(3.0, trainable=False)
        with tf.GradientTape() as tape:
            y = frozen * frozen
        g = tape.gradient(y, frozen)
        """,
        "trainable=False",
        "info",
    ),
    "watch_accessed_variables_off": (
        """
        import tensorflow as tf
        x0 = tf.Variable(0.0)
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            y = tf.math.sin(x0)
        g = tape.gradient(y, x0)
        """,
        "watch_accessed_variables=False",
        "info",
    ),
    "outside_tape": (
        """
        import tensorflow as tf
        x = tf.constant(0.5)
        y = tf.sin(x) * 2.0
        with tf.GradientTape() as tape:
            tape.watch(x)
            z = y + 1.0
        g = tape.gradient(z, x)
        """,
        "y = tf.sin(x) * 2.0",
        "error",
    ),
    "unconnected": (
        """
        import tensorflow as tf
        x = tf.Variable(2.)
        y = tf.Variable(3.)
        with tf.GradientTape() as tape:
            z = y * y
        print('dz/dx: ', tape.gradient(z, x))
        """,
        "tape.gradient(z, x)",
        "warning",
    ),
    "result_dropped": (
        """
        import tensorflow as tf
        w = tf.Variable(2.)
        v = tf.Variable(3.)
        with tf.GradientTape() as tape:
            z = w * 4.0
            z = v * v
        g = tape.gradient(z, [w, v])
        """,
        "z = w * 4.0",
        "warning",
    ),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_none_cause_is_found_at_its_line(code):
    source, marker, severity = CASES[code]
    capture = run(source)
    assert capture.error is None, capture.error
    found = [(f.code, f.line, f.severity) for f in capture.findings]
    assert (code, line_of(source, marker), severity) in found, found
    others = [f for f in found if f[0] != code and f[2] != "info"]
    assert not others, found


@pytest.mark.parametrize("code", sorted(CASES))
def test_the_none_result_names_its_cause(code):
    capture = run(CASES[code][0])
    causes = [r.none_cause for call in capture.calls for r in call.results if r.gradient is None]
    assert code in causes


def test_every_none_cause_has_a_program_here():
    from engine.debug.diagnosis.vocabulary import NONE_CAUSES

    assert set(CASES) == set(NONE_CAUSES)


def test_outside_tape_inside_stop_recording():
    source = """
        import tensorflow as tf
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            with tape.stop_recording():
                y = x * 3.0
            z = y + 1.0
        g = tape.gradient(z, x)
        """
    capture = run(source)
    finding = next(f for f in capture.findings if f.code == "outside_tape")
    assert finding.line == line_of(source, "y = x * 3.0")
    assert "stop_recording" in finding.message


def test_outside_tape_discarded_by_reset():
    source = """
        import tensorflow as tf
        x = tf.Variable(2.0)
        with tf.GradientTape() as tape:
            y = x * x
            tape.reset()
            z = y + 1.0
        g = tape.gradient(z, x)
        """
    capture = run(source)
    finding = next(f for f in capture.findings if f.code == "outside_tape")
    assert finding.line == line_of(source, "y = x * x")
    assert "reset" in finding.message


def test_integer_cast_on_the_path():
    source = """
        import tensorflow as tf
        w = tf.Variable([1.5, 2.5])
        with tf.GradientTape() as tape:
            steps = tf.cast(w, tf.int32)
            loss = tf.cast(tf.reduce_sum(steps), tf.float32)
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    assert ("integer_dtype", line_of(source, "tf.cast(w, tf.int32)")) in {
        (f.code, f.line) for f in capture.findings
    }


def test_variable_replaced_suggests_assign_add():
    capture = run(CASES["variable_replaced_by_tensor"][0])
    finding = next(f for f in capture.findings if f.code == "variable_replaced_by_tensor")
    assert finding.suggestion.startswith("x.assign_add(1)")


def test_the_suggested_fix_leaves_out_the_lines_comment():
    source = """
        import tensorflow as tf
        x = tf.Variable(2.0)
        for epoch in range(2):
            with tf.GradientTape() as tape:
                y = x + 1
            print(tape.gradient(y, x))
            x = x + 1  # a new Tensor, not the Variable
        """
    capture = run(source)
    finding = next(f for f in capture.findings if f.code == "variable_replaced_by_tensor")
    assert finding.suggestion == "x.assign_add(1)  # keeps x a tf.Variable"


def test_numpy_escape_suggests_the_tensorflow_op():
    capture = run(CASES["left_engine"][0])
    finding = next(f for f in capture.findings if f.code == "left_engine")
    assert "tf.reduce_mean(x2, axis=0)" in finding.suggestion


def test_a_source_with_a_gradient_gets_no_none_finding():
    source = """
        import tensorflow as tf
        x0 = tf.Variable(0.0)
        x1 = tf.Variable(10.0)
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(x1)
            y = tf.math.sin(x0) + tf.nn.softplus(x1)
        grad = tape.gradient(y, {'x0': x0, 'x1': x1})
        """
    capture = run(source)
    (call,) = capture.calls
    by_path = {r.path: r for r in call.results}
    assert by_path["['x0']"].gradient is None
    assert by_path["['x0']"].none_cause == "watch_accessed_variables_off"
    assert by_path["['x1']"].gradient is not None and by_path["['x1']"].none_cause is None
    assert [f.source_index for f in capture.findings] == [by_path["['x0']"].source_index]


def test_an_intermediate_source_the_tape_never_watched():
    source = """
        import tensorflow as tf
        with tf.GradientTape() as tape:
            a = tf.constant(2.0) * 3.0
            y = a * a
        g = tape.gradient(y, a)
        """
    capture = run(source)
    assert [(f.code, f.line) for f in capture.findings] == [
        ("not_watched", line_of(source, "y = a * a"))
    ]
