"""The memory accounting equals the bytes of the arrays the engine actually holds.

Independently of engine.debug: forward, from the tape's own records; backward, from the
backward loop's own variables (its pending gradients and results), read at each step."""

import sys

import numpy as np

import engine as tf
from engine import hooks
from engine.debug import capture


def _add(held, array):
    held[id(array)] = array.nbytes


def tape_bytes(tape):
    held = {}
    for record in tape._records:
        if record is None:
            continue
        for group in (record.inputs, record.outputs):
            for t in group or ():
                if t is not None:
                    _add(held, t._value)
    return held


class LoopInspector(hooks.Observer):
    """At each step, the bytes the backward loop holds: live records + pending + results."""

    def __init__(self, tape):
        self.tape = tape
        self.after_steps = []

    def gradient_started(self, *args):
        inspector = self

        class Steps(hooks.BackwardObserver):
            def on_backward(self, event):
                if type(event) is not hooks.Stepped:
                    return
                frame = sys._getframe(1)
                while frame.f_code.co_name != "run_backward":
                    frame = frame.f_back
                local = frame.f_locals
                held = {}
                for record in local["records"]:
                    if record is not None:
                        for group in (record.inputs, record.outputs):
                            for t in group or ():
                                if t is not None:
                                    _add(held, t._value)
                for g in list(local["grads"].values()) + list(local["results"].values()):
                    _add(held, g._value)
                inspector.after_steps.append(sum(held.values()))

        return Steps()


def _forward(persistent):
    x = tf.constant(np.linspace(-1, 1, 24, dtype=np.float32).reshape(4, 6))
    w = tf.Variable(np.linspace(0, 1, 18, dtype=np.float32).reshape(6, 3))
    tape = tf.GradientTape(persistent=persistent)
    with tape:
        h = tf.nn.relu(x @ w)
        e = tf.exp(-h)
        loss = tf.reduce_sum(h * e + h)
    return tape, w, loss


def test_forward_bytes_equal_the_saved_arrays_of_the_tape():
    for persistent in (False, True):
        with capture() as cap:
            tape, w, loss = _forward(persistent)
            actual = sum(tape_bytes(tape).values())
            cap.refresh()
            point = cap.memory.points[-1]
            assert point.phase == "forward"
            assert point.tapes[str(cap.tapes[-1].id)] == actual == point.total
            saved = sum(op.saved_bytes for op in cap.ops if op.tapes)
            assert saved >= actual  # per op; the tape shares arrays between ops
            tape.gradient(loss, w)


def test_each_backward_step_holds_what_the_loop_holds():
    for persistent in (False, True):
        with capture() as cap:
            tape, w, loss = _forward(persistent)
            inspector = LoopInspector(tape)
            hooks.observers.append(inspector)
            try:
                tape.gradient(loss, w)
            finally:
                hooks.observers.remove(inspector)
        steps = cap.calls[-1].steps
        assert [s.bytes_alive for s in steps] == inspector.after_steps


def test_non_persistent_tape_lets_go_and_persistent_keeps_until_deleted():
    with capture() as cap:
        tape, w, loss = _forward(False)
        tape.gradient(loss, w)
        persistent, w2, loss2 = _forward(True)
        persistent.gradient(loss2, w2)
        held_after_call = sum(tape_bytes(persistent).values())
        del persistent
    first, second = cap.calls
    end_points = [p for p in cap.memory.points if p.step is None and p.call is not None]
    assert end_points[0].tapes[str(first.tape)] == 0
    assert end_points[1].tapes[str(second.tape)] == held_after_call > 0
    assert all(s.released_ops for s in first.steps)
    assert not any(s.released_ops for s in second.steps)
    deleted = [e for e in cap.tapes[second.tape].events if e.kind == "deleted"]
    assert deleted and cap.memory.points[-1].tapes.get(str(second.tape), 0) == 0


def test_relu_prunes_its_input_and_matmul_keeps_both():
    with capture() as cap:
        tape, w, loss = _forward(False)
        tape.gradient(loss, w)
    by_type = {op.type: op for op in cap.ops}
    relu, matmul, add = by_type["Relu"], by_type["MatMul"], by_type["AddV2"]
    assert [(s.role, s.index) for s in relu.saved] == [("output", 0)]
    assert [(s.role, s.index) for s in relu.pruned] == [("input", 0)]
    assert sorted((s.role, s.index) for s in matmul.saved) == [("input", 0), ("input", 1)]
    assert add.saved == [] and add.saved_bytes == 0
    assert matmul.unpruned_bytes == 4 * (24 + 18 + 12)
    assert cap.memory.unpruned_peak > cap.memory.peak
