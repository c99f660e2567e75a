"""Long runs: the retention policy, the record every step leaves (checked against what the
program itself prints), the NaN step found with its op, and memory that does not grow with
the number of steps."""

import gc
import json
import weakref

import numpy as np
import pytest

import engine as tf
import engine.debug
from engine.debug import Capture, capture_program
from engine.debug.retention import DEFAULT, parse_keep
from engine.debug.step_rows import step_rows

LOOP = """import tensorflow as tf
w = tf.Variable([0.5, -1.5, 2.0], name="w")
b = tf.Variable(0.75, name="b")
x = tf.constant([[1.0, 2.0, -1.0], [0.5, -0.5, 1.5]])
y = tf.constant([1.0, -1.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)
for step in range(STEPS):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.reduce_sum(x * w, axis=1) + b - y) ** 2)
    grads = tape.gradient(loss, [w, b])
    before = w.numpy()
    optimizer.apply_gradients(zip(grads, [w, b]))
    ratio = tf.norm(w - before) / tf.norm(before)
    print(repr(float(loss)), repr(float(tf.norm(grads[0]))), repr(float(tf.norm(grads[1]))),
          repr(float(ratio)))
"""


def rows(capture):
    """Every step's record as a row, in program order (the REST API's pages, all at once)."""
    return step_rows(capture, None, 0, 10**9)[0]


def kept_steps(capture):
    """(step, reasons) of each step kept in full."""
    return [(s.step, s.reasons) for s in rows(capture) if s.kept]


# what the default policy keeps of a 1,000-step run without anomalies
DEFAULT_KEPT_OF_A_THOUSAND = [
    (0, ["first"]),
    (1, ["first"]),
    (2, ["first"]),
    (997, ["last"]),
    (998, ["last"]),
    (999, ["last"]),
]


def loop(steps):
    return LOOP.replace("STEPS", str(steps))


def test_the_policy_is_parsed_and_bad_ones_say_what_is_wrong():
    policy = parse_keep("first:3,last:2,anomalies,steps:10,20,30")
    assert (policy.first, policy.last, policy.anomalies) == (3, 2, True)
    assert policy.steps == {10, 20, 30} and not policy.all
    assert parse_keep(None).spec == DEFAULT == "first:3,last:3,anomalies"
    assert parse_keep("all").all
    for bad, words in [
        ("first", "needs a number"),
        ("first:-1", "whole number"),
        ("sometimes", "unknown item"),
        ("first:3,,last:3", "empty item"),
        ("steps:x", "step numbers"),
    ]:
        with pytest.raises(ValueError, match=words):
            parse_keep(bad)
    with pytest.raises(ValueError, match="unknown item"):
        engine.debug.capture(keep="first:3,often")


def test_a_thousand_step_loop_keeps_the_first_and_last_three_and_records_every_step():
    capture = capture_program(loop(1000), "loop.py")
    assert capture.error is None
    assert capture.keep == DEFAULT
    assert [s.step for s in rows(capture)] == list(range(1000))
    assert kept_steps(capture) == DEFAULT_KEPT_OF_A_THOUSAND
    (site,) = capture.sites
    assert site.variables == ["w", "b"] and site.location.line == 8 and site.steps == 1000
    # only the kept steps' tapes and calls are in the capture, and their ids line up
    assert len(capture.calls) == len(capture.tapes) == 6
    assert [s.calls for s in rows(capture) if s.kept] == [[0], [1], [2], [3], [4], [5]]
    for call in capture.calls:
        assert all(0 <= t < len(capture.tensors) for t in call.sources + call.targets)
    assert [t.id for t in capture.tensors] == list(range(len(capture.tensors)))
    assert [o.id for o in capture.ops] == list(range(len(capture.ops)))


def test_every_record_equals_what_the_program_printed():
    capture = capture_program(loop(200), "loop.py")
    printed = [[float(v) for v in line.split()] for line in capture.stdout.splitlines()]
    assert len(printed) == len(rows(capture)) == 200
    for record, (loss, norm_w, norm_b, ratio) in zip(rows(capture), printed):
        assert record.losses == [pytest.approx(loss, rel=1e-7)]
        # the program's norms are float32 (tf.norm), the record's float64 over float32 values
        assert record.grad_norms == [pytest.approx(norm_w, rel=1e-6), pytest.approx(norm_b)]
        assert record.update_ratios[0] == pytest.approx(ratio, rel=1e-5)
        assert record.layer_norms == record.grad_norms  # plain variables: a layer each
        assert record.none_gradients == record.zero_gradients == 0
        assert record.bytes > 0 and record.seconds > 0


def test_the_nan_step_and_the_op_that_made_it_are_found():
    source = loop(100).replace(
        "loss = tf.reduce_mean(", "loss = tf.math.log(1.5 - step / 40) + tf.reduce_mean("
    )
    capture = capture_program(source, "nan.py")
    nan_steps = [s.step for s in rows(capture) if "nonfinite" in s.marks]
    assert nan_steps[0] == 60  # 1.5 - 60/40 = 0: log(0) = -inf; NaN from then on
    record = rows(capture)[60]
    assert record.kept and "anomaly:nonfinite" in record.reasons
    assert record.losses == ["-inf"]
    (finding,) = [f for f in capture.findings if f.code == "nonfinite_at_step"]
    assert finding.line == 9 and finding.severity == "error"
    assert "became Inf at step 60" in finding.message
    assert "produced by Log at line 9 (input 0)" in finding.message
    assert "tf.math.log(x + 1e-7)" in finding.suggestion
    (op,) = [capture.ops[i] for i in finding.ops]
    assert op.type == "Log" and op.location.line == 9
    assert capture.tensors[op.outputs[0]].summary.infs == 1  # the kept step's own op


def test_a_requested_step_is_kept_and_nothing_else_beyond_the_first():
    capture = capture_program(loop(50), "loop.py", keep="first:1,steps:25")
    assert [s.step for s in rows(capture) if s.kept] == [0, 25]
    assert rows(capture)[25].reasons == ["requested"]


def test_keep_all_keeps_every_step():
    capture = capture_program(loop(12), "loop.py", keep="all")
    assert all(s.kept for s in rows(capture)) and len(capture.calls) == 12


def holdings(recorder):
    """The sizes of what the recorder holds (its lists and indexes), once garbage is gone."""
    gc.collect()
    return (
        len(recorder.tensors),
        len(recorder.ops),
        len(recorder.events),
        len(recorder.memory_log),
        len(recorder.by_eid),
        len(recorder.op_by_record),
        sum(len(v.versions) for v in recorder.variables.values()),
    )


def _held_after(steps):
    """What the recorder holds at the end of a loop of `steps` steps (before the build)."""
    gc.collect()
    with engine.debug.capture() as cap:
        w = tf.Variable([0.5, -1.5, 2.0])
        optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
        refs = []
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(w * w)
            (grad,) = tape.gradient(loss, [w])
            optimizer.apply_gradients([(grad, w)])
            refs.append(weakref.ref(grad._value))
        recorder = cap._session.recorder
        held = holdings(recorder)
        assert len(recorder._tape_by_id) <= 10
        alive = [ref() is not None for ref in refs]
        objects = len(gc.get_objects())
    return held, alive, objects


def test_what_the_recorder_holds_does_not_grow_with_the_number_of_steps():
    held_short, alive, objects_short = _held_after(300)
    held_long, _, objects_long = _held_after(3000)
    assert held_short == held_long
    # the gradients of the kept steps are held, those of dropped steps are freed at once
    assert alive[:3] == [True] * 3 and not any(alive[3:-4])
    # 2,700 more steps leave only their small records (a few objects each)
    assert (objects_long - objects_short) / 2700 < 10


def test_a_built_recording_is_freed_by_reference_counting_alone():
    # no cycle is left among the recorder's objects (its parts pointed back at it, a site at
    # its steps' records): they go when the build is done, not at the collector's next passes
    w = tf.Variable([0.5, -1.5, 2.0])
    gc.collect()
    gc.disable()
    try:
        session = engine.debug.capture()
        with session:
            for _ in range(8):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(w * w)
                (grad,) = tape.gradient(loss, [w])
                w.assign_sub(0.1 * grad)
        recorder = weakref.ref(session.recorder)
        del session
        assert recorder() is None
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_program_stopped_by_memory_or_an_interrupt_keeps_its_steps():
    for stop in ("MemoryError", "KeyboardInterrupt"):
        source = loop(100).replace(
            "    print(repr", f"    if step == 20:\n        raise {stop}()\n    print(repr", 1
        )
        namespace = {"__name__": "__main__", "__builtins__": __builtins__, "keep_me": 1}
        capture = capture_program(source, "stopped.py", namespace=namespace)
        assert capture.error.type == stop and capture.error.line == 15
        assert [s.step for s in rows(capture)][-1] == 20
        assert [s.step for s in rows(capture) if s.kept] == [0, 1, 2, 18, 19, 20]
        assert len(capture.stdout.splitlines()) == 20
        # out of memory, the program's objects go before the capture is built
        assert ("keep_me" in namespace) is (stop != "MemoryError")


class _Stopped(Exception):
    """Stands for a soft limit raised in the program's thread (server/sandbox/child.py)."""


def test_a_stop_that_strikes_while_a_step_is_dropped_leaves_a_consistent_capture(monkeypatch):
    from engine.debug.recorder import Recorder

    shift = Recorder.shift_indexes
    calls = {"n": 0}

    def interrupted(self, name, start, end, kept):
        calls["n"] += 1
        if calls["n"] == 6 * 5 + 2:  # the 6th drop, its tensors and ops cut, its tapes not yet
            raise _Stopped()
        shift(self, name, start, end, kept)

    monkeypatch.setattr(Recorder, "shift_indexes", interrupted)
    capture = capture_program(loop(40), "stopped.py")
    # the stop is raised at the next event, in the program: the run ends there
    assert capture.error.type == "_Stopped"
    last = rows(capture)[-1].step
    assert 9 <= last < 39
    kept = [s for s in rows(capture) if s.kept]
    assert [s.step for s in kept] == [0, 1, 2, last - 2, last - 1, last]
    # every call and tape in the capture is a kept step's, and the dropped steps left nothing
    assert sorted(c for s in kept for c in s.calls) == [c.id for c in capture.calls]
    assert sorted(t for s in kept for t in s.tapes) == [t.id for t in capture.tapes]
    tensor_ids = {t.id for t in capture.tensors}
    assert all(set(op.inputs) | set(op.outputs) <= tensor_ids for op in capture.ops)
    assert all(not s.calls for s in rows(capture) if not s.kept)


def test_a_capture_stored_with_one_row_per_step_reads_as_the_same_columns():
    """Schema 1.3 stored `steps` as rows; runs stored then still load (legacy_steps.py)."""
    capture = capture_program(loop(12), "loop.py", keep="first:2,steps:7")
    document = json.loads(capture.to_json())
    document["schema"] = "1.3"
    document["steps"] = [row.model_dump() for row in rows(capture)]
    old = Capture.from_json(json.dumps(document))
    assert old.steps == capture.steps
    assert rows(old) == rows(capture)
    assert [(r.step, r.kept, r.reasons) for r in rows(old) if r.kept] == [
        (0, True, ["first"]),
        (1, True, ["first"]),
        (7, True, ["requested"]),
    ]


def test_a_kept_step_takes_its_gradient_norms_from_the_summaries_as_numpy_computes_them():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(200, 200)).astype(np.float32)  # d/dw sum(w * x) = x: a large gradient
    z = np.array([1.0, np.nan, -2.0], np.float32)  # and one holding NaN
    with engine.debug.capture(keep="first:1") as cap:
        w = tf.Variable(np.zeros((200, 200), np.float32))
        v = tf.Variable(np.zeros(3, np.float32))
        for _ in range(2):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(w * x) + tf.reduce_sum(v * z)
            tape.gradient(loss, [w, v])
    first, second = rows(cap)
    assert first.kept and not second.kept  # summarized when the call ended / measured alone
    expected = np.float32(np.linalg.norm(x.astype(np.float64)))
    assert np.float32(first.grad_norms[0]) == expected == np.float32(second.grad_norms[0])
    assert first.grad_norms[1] == second.grad_norms[1] == "nan"
    gradient = cap.tensors[cap.calls[0].results[0].gradient]  # the kept step's dL/dw
    assert np.float32(gradient.summary.norm) == expected
    counts, _ = np.histogram(x.astype(np.float64), bins=20)
    assert np.abs(np.array(gradient.summary.histogram.counts) - counts).sum() <= 2


def test_a_kept_steps_gradient_norms_are_written_as_its_gradients_summaries_write_them():
    # Both are float64 norms written at float32 precision: the step's columns wrote the
    # decimal nearest the float64 (0.58596427), the summaries the float32's (0.58596426)
    rng = np.random.default_rng(2)
    values = [rng.normal(size=shape).astype(np.float32) for shape in [(3,), (5, 2), (7,), (4,)]]
    with engine.debug.capture(keep="first:2") as cap:
        variables = [tf.Variable(v) for v in values]
        for step in range(2):
            with tf.GradientTape() as tape:
                loss = sum(tf.reduce_sum(tf.sin(v * (step + 1.5))) for v in variables)
            tape.gradient(loss, variables)
    compared = 0
    for record in rows(cap):
        (call,) = [c for c in cap.calls if c.id in record.calls]
        for result, norm in zip(call.results, record.grad_norms, strict=True):
            assert norm == cap.tensors[result.gradient].summary.norm
            compared += 1
    assert compared == 8


def _sine_loop(steps, session):
    """A loop of `steps` steps whose arrays are 80 kB each (6 kept steps hold ~2 MB)."""
    with session as capture:
        w = tf.Variable(np.linspace(-1.0, 1.0, 20_000, dtype=np.float32))
        optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.sin(w * 3.0))
            grads = tape.gradient(loss, [w])
            optimizer.apply_gradients(zip(grads, [w]))
            spill = session.recorder.spill
            # what it counts (each tensor's array) is at most what the recorder's tensors hold
            held = sum(t.array.nbytes for t in session.recorder.tensors if t.array is not None)
            assert 0 <= spill.held <= held
    return capture


def test_the_held_bytes_cap_applies_in_a_long_run_and_changes_nothing_in_the_capture():
    # Dropped steps took their bytes out of the count whether it had counted them or not (it
    # went 233 MB below zero in 1,000 steps of the benchmark's loop), and each dropped step
    # restarted the count of tensors to the next look at the cap: in a loop of fewer tensors a
    # step than that, the cap never applied to the kept steps' arrays
    capped = engine.debug.capture(held_cap=1_000_000)
    spilled = _sine_loop(200, capped)
    assert capped.recorder.spill.drops > 0
    whole = _sine_loop(200, engine.debug.capture())
    assert [s.step for s in rows(spilled) if s.kept] == [0, 1, 2, 197, 198, 199]
    documents = []
    for capture in (spilled, whole):
        document = json.loads(capture.to_json())
        document.pop("created")
        document["limits"].pop("held_bytes_cap")
        for site in document["steps"]:
            site.pop("seconds")
        documents.append(document)
    assert documents[0] == documents[1]


CARRIED = """import tensorflow as tf
w = tf.Variable(1.5)
history = [tf.constant(0.0)] * 3
for step in range(40):
    with tf.GradientTape() as tape:
        loss = (w - 2.0) ** 2 + 0.5 * history[-1] + 0.25 * history[-3]
    grad = tape.gradient(loss, w)
    w.assign_sub(0.1 * grad)
    history.append(loss)
    print(repr(float(loss)))
"""


def test_tensors_a_later_step_reads_outlive_the_dropped_steps_that_made_them():
    # Each step reads the losses of the step before and of three steps before. Step 36 is
    # dropped, but its loss is carried into the next step while a later step still reads it:
    # the last step (kept) finds the losses of steps 38 and 36, with their values
    capture = capture_program(CARRIED, "carried.py")
    printed = [float(line) for line in capture.stdout.splitlines()]
    assert [s.step for s in rows(capture) if s.kept] == [0, 1, 2, 37, 38, 39]
    tensor_ids = {t.id for t in capture.tensors}
    assert all(set(op.inputs) <= tensor_ids for op in capture.ops)
    (target,) = capture.calls[-1].targets
    assert capture.tensors[target].summary.mean == pytest.approx(printed[39], rel=1e-6)
    # the last step's products with the history: 0.5 * loss 38, 0.25 * loss 36
    products = [op for op in capture.ops if op.type == "Mul" and op.location.line == 6][-2:]
    history = [capture.tensors[op.inputs[1]] for op in products]
    assert [capture.tensors[op.inputs[0]].summary.mean for op in products] == [0.5, 0.25]
    assert [t.summary.mean for t in history] == [
        pytest.approx(printed[38], rel=1e-6),
        pytest.approx(printed[36], rel=1e-6),
    ]
