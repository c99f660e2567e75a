"""What a tape keeps alive, when it lets go, and what the backward loop reports to observers.

A non-persistent tape releases each record (and the tensors it saved) as the backward pass
consumes it; a persistent tape keeps everything until it is deleted. The observer interface
(engine/hooks.py) is how engine.debug sees the backward pass, for gradient and jacobians.
"""

import gc
import weakref

import numpy as np
import pytest

import engine as tf
from engine import hooks


def chain(tape_kwargs):
    """x -> sin -> sin -> sin on a tape; weak references to the intermediates Sin saved."""
    x = tf.constant([0.1, 0.2, 0.3])
    tape = tf.GradientTape(**tape_kwargs)
    with tape:
        tape.watch(x)
        a = tf.sin(x)
        b = tf.sin(a)
        y = tf.sin(b)
    saved = [weakref.ref(a), weakref.ref(b)]
    del a, b
    gc.collect()
    return tape, x, y, saved


def test_the_tape_keeps_the_inputs_sin_needs():
    _tape, _x, _y, saved = chain({})  # held: the tape is alive while the test looks
    assert all(ref() is not None for ref in saved)


def test_a_non_persistent_tape_releases_saved_tensors_after_its_gradient():
    tape, x, y, saved = chain({})
    tape.gradient(y, x)
    gc.collect()
    assert all(ref() is None for ref in saved)


def test_a_persistent_tape_keeps_saved_tensors_until_deleted():
    tape, x, y, saved = chain({"persistent": True})
    tape.gradient(y, x)
    tape.gradient(y, x)
    gc.collect()
    assert all(ref() is not None for ref in saved)
    del tape
    gc.collect()
    assert all(ref() is None for ref in saved)


def test_ops_that_need_no_values_save_none():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        a = x * 2.0
        b = a + 1.0  # AddV2 keeps nothing: `a` is not saved by it
    ref = weakref.ref(a)
    del a
    gc.collect()
    assert ref() is None
    np.testing.assert_array_equal(tape.gradient(b, x), [2.0, 2.0])


class Recorder(hooks.Observer, hooks.BackwardObserver):
    """Logs every backward event as (event, detail)."""

    def __init__(self):
        self.events = []

    def gradient_started(self, tape, kind, targets, sources, output_gradients, unconnected):
        self.events.append(("started", kind))
        return self

    def gradient_finished(self, tape, results, error):
        self.events.append(("gradient_finished", type(error).__name__ if error else None))

    def on_backward(self, event):
        match event:
            case hooks.Seeded(seeds):
                self.events.append(("seeded", len(seeds)))
            case hooks.Stepped(record, _upstream, _produced, released):
                self.events.append(("step", record.op.type))
                if released:
                    self.events.append(("released", record.op.type))
            case hooks.Accumulated(tensor_id):
                self.events.append(("accumulated", tensor_id))
            case hooks.Released(record):
                self.events.append(("released", record.op.type))
            case hooks.Finished(gradients):
                self.events.append(("finished", len(gradients)))


@pytest.fixture
def recorder():
    observer = Recorder()
    hooks.observers.append(observer)
    yield observer
    hooks.observers.remove(observer)


def test_observers_see_each_step_and_each_release_in_order(recorder):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.exp(tf.sin(x))
    tape.gradient(y, x)
    assert recorder.events == [
        ("started", "gradient"),
        ("seeded", 1),
        ("step", "Exp"),
        ("released", "Exp"),
        ("step", "Sin"),
        ("released", "Sin"),
        ("finished", 1),
        ("gradient_finished", None),
    ]


def test_a_persistent_tape_releases_nothing_during_its_calls(recorder):
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.exp(tf.sin(x))
    tape.gradient(y, x)
    assert not [e for e in recorder.events if e[0] == "released"]


def test_records_the_target_does_not_reach_are_released_without_a_step(recorder):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x)
        tf.cos(x)  # recorded, not on y's path
    tape.gradient(y, x)
    assert ("released", "Cos") in recorder.events
    assert ("step", "Cos") not in recorder.events


def test_observers_see_accumulation_into_a_reused_tensor(recorder):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x) * tf.cos(x)
    tape.gradient(y, x)
    assert [e for e in recorder.events if e[0] == "accumulated"] == [("accumulated", x._id)]


def test_observers_see_one_seeded_pass_per_jacobian_row_then_one_finish(recorder):
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x)
    tape.jacobian(y, x)
    kinds = [e[0] for e in recorder.events]
    assert recorder.events[0] == ("started", "jacobian")
    assert kinds.count("seeded") == 3 and kinds.count("step") == 3
    assert kinds.count("finished") == 1 and kinds.count("released") == 1
    assert kinds[-3:] == ["finished", "released", "gradient_finished"]


def test_observers_see_batch_jacobian_passes(recorder):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x)
    tape.batch_jacobian(y, x)
    kinds = [e[0] for e in recorder.events]
    assert recorder.events[0] == ("started", "batch_jacobian")
    assert kinds.count("seeded") == 2  # one pass per element of an example's row
    assert recorder.events[-1] == ("gradient_finished", None)


def test_observers_hear_about_a_failed_call(recorder):
    x0, x1 = tf.Variable([[[0.5, 0.0, 0.0]]]), tf.Variable(0.1)
    with tf.GradientTape() as tape:
        y = tf.image.adjust_contrast(x0, x1)
    with pytest.raises(LookupError):
        tape.gradient(y, [x0, x1])
    assert recorder.events[-1] == ("gradient_finished", "LookupError")
