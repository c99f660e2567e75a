"""TF's exceptions for misusing tapes, with TF's exception types and wording (TF 2.21)."""

import re

import numpy as np
import pytest

import engine as tf

SPENT = (
    "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)"
)


def watched_square():
    x = tf.constant(3.0)
    tape = tf.GradientTape()
    with tape:
        tape.watch(x)
        y = x * x
    return tape, x, y


def test_a_non_persistent_tape_used_twice():
    tape, x, y = watched_square()
    tape.gradient(y, x)
    with pytest.raises(RuntimeError, match=re.escape(SPENT)):
        tape.gradient(y, x)


def test_a_non_persistent_tape_after_a_jacobian():
    tape, x, y = watched_square()
    tape.jacobian(y, x)
    with pytest.raises(RuntimeError, match=re.escape(SPENT)):
        tape.jacobian(y, x)


def test_batch_jacobian_on_a_spent_tape_has_tfs_own_wording():
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(m)
        z = m * 2
    tape.batch_jacobian(z, m)
    with pytest.raises(RuntimeError) as caught:
        tape.batch_jacobian(z, m)
    # TF's batch_jacobian message lacks a space: "used tocompute".
    assert str(caught.value) == (
        "A non-persistent GradientTape can only be used tocompute one "
        "set of gradients (or jacobians)"
    )


def test_a_tape_never_entered_cannot_compute_gradients():
    x = tf.constant(1.0)
    for tape in (tf.GradientTape(), tf.GradientTape(persistent=True)):
        with pytest.raises(RuntimeError, match=re.escape(SPENT)):
            tape.gradient(x, x)


def test_a_non_persistent_tape_inside_its_context_stops_at_its_gradient():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x * x
        assert float(tape.gradient(y, x)) == 12.0
        z = x * 2
    with pytest.raises(RuntimeError, match=re.escape(SPENT)):
        tape.gradient(z, x)


def test_re_entering_an_active_tape():
    tape = tf.GradientTape()
    with tape, pytest.raises(ValueError) as caught:
        tape.__enter__()
    assert str(caught.value) == (
        "Tape is still recording, This can happen if you try to re-enter an already-active tape."
    )


def test_target_none():
    tape, x, _ = watched_square()
    with pytest.raises(TypeError) as caught:
        tape.gradient(None, x)
    assert str(caught.value) == (
        "Argument `target` should be a list or nested structure of Tensors, Variables or "
        "CompositeTensors to be differentiated, but received None."
    )


def test_errors_before_the_backward_pass_leave_the_tape_usable():
    tape, x, y = watched_square()
    with pytest.raises(TypeError):
        tape.gradient(None, x)
    with pytest.raises(ValueError):
        tape.gradient(y, x, unconnected_gradients="nonsense")
    assert float(tape.gradient(y, x)) == 6.0


@pytest.mark.parametrize(
    "mode, shown", [("nonsense", "'nonsense'"), ("ZERO", "'ZERO'"), (None, "None")]
)
def test_unknown_unconnected_gradients(mode, shown):
    tape, x, y = watched_square()
    with pytest.raises(ValueError) as caught:
        tape.gradient(y, x, unconnected_gradients=mode)
    assert str(caught.value) == f"Unknown value for unconnected_gradients: {shown}"


def test_unknown_unconnected_gradients_in_a_jacobian_is_reported_as_tfs_pfor_does():
    tape, x, y = watched_square()
    with pytest.raises(ValueError) as caught:
        tape.jacobian(y, x, unconnected_gradients="bad")
    assert str(caught.value) == (
        "Encountered an exception while vectorizing the jacobian "
        "computation. Vectorization can be disabled by setting "
        "experimental_use_pfor to False."
    )


@pytest.mark.parametrize(
    "thing, shown",
    [(3.0, "3.0 of type 'float'"), ("a", "a of type 'str'"), (None, "None of type 'NoneType'")],
)
def test_watching_a_non_tensor(thing, shown):
    with tf.GradientTape() as tape, pytest.raises(ValueError) as caught:
        tape.watch([tf.constant(1.0), thing])
    assert str(caught.value) == (
        f"Passed in object {shown}, not tf.Tensor or tf.Variable or ExtensionType."
    )


def test_reset_outside_the_context():
    tape = tf.GradientTape()
    with pytest.raises(ValueError, match=r"^Tape is not recording\.$"):
        tape.reset()
    with tape:
        pass
    with pytest.raises(ValueError, match=r"^Tape is not recording\.$"):
        tape.reset()


def test_stop_recording_on_a_tape_that_never_recorded():
    with pytest.raises(RuntimeError) as caught, tf.GradientTape().stop_recording():
        pass
    assert str(caught.value) == "Trying to stop recording a tape which is not recording."


def test_stop_recording_after_the_context_ended():
    tape = tf.GradientTape()
    with tape:
        pass
    with pytest.raises(ValueError, match=r"^Tape is not recording\.$"), tape.stop_recording():
        pass


def test_batch_jacobian_needs_rank_two_targets_and_sources():
    x = tf.constant([1.0, 2.0])
    m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, m])
        y = x * x
        z = m * m
        s = tf.reduce_sum(z)
    with pytest.raises(ValueError, match=re.escape("Shape (2,) must have rank at least 2")):
        tape.batch_jacobian(z, x)
    with pytest.raises(ValueError, match=re.escape("Shape (2,) must have rank at least 2")):
        tape.batch_jacobian(y, x)
    with pytest.raises(IndexError):
        tape.batch_jacobian(s, m)


def test_batch_jacobian_needs_matching_batch_sizes():
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    other = tf.constant([[1.0], [2.0], [3.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(m)
        z = m * m
    with pytest.raises(ValueError) as caught:
        tape.batch_jacobian(z, other)
    assert str(caught.value) == (
        "Need first dimension of target shape ((2, 2)) and source shape ((3, 1)) to match."
    )


def test_jacobian_without_pfor_needs_a_persistent_tape():
    tape, x, y = watched_square()
    with pytest.raises(RuntimeError) as caught:
        tape.jacobian(y, x, experimental_use_pfor=False)
    assert str(caught.value) == (
        "GradientTape must be created with persistent=True to compute the jacobian with eager "
        "execution enabled and with  experimental_use_pfor set to False."
    )


def test_batch_jacobian_without_pfor_needs_a_persistent_tape():
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(m)
        z = m * 2
    with pytest.raises(RuntimeError) as caught:
        tape.batch_jacobian(z, m, experimental_use_pfor=False)
    assert str(caught.value) == (
        "GradientTape must be created with persistent=True to compute the batch_jacobian with "
        "eager execution enabled and  with experimental_use_pfor set to False."
    )


def test_jacobian_of_a_list_target():
    tape, x, y = watched_square()
    with pytest.raises(AttributeError, match="'list' object has no attribute 'shape'"):
        tape.jacobian([y], x)


def test_output_gradients_with_a_none_entry():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y, y2 = x * 2, x * 3
    with pytest.raises(ValueError) as caught:
        tape.gradient([y, y2], x, output_gradients=[tf.constant(5.0), None])
    assert str(caught.value) == (
        "Attempt to convert a value (None) with an unsupported type "
        "(<class 'NoneType'>) to a Tensor."
    )


def test_no_gradient_registered():
    x0, x1 = tf.Variable([[[0.5, 0.0, 0.0]]]), tf.Variable(0.1)
    with tf.GradientTape() as tape:
        y = tf.image.adjust_contrast(x0, x1)
    with pytest.raises(LookupError) as caught:
        tape.gradient(y, [x0, x1])
    assert str(caught.value) == "gradient registry has no entry for: AdjustContrastv2"


def test_shape_errors_name_the_op_and_both_shapes():
    a, b = tf.constant(np.ones((2, 3), np.float32)), tf.constant(np.ones((4,), np.float32))
    with tf.GradientTape() as tape:
        tape.watch(a)
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            a * b
    assert "Incompatible shapes: [2,3] vs. [4]" in str(caught.value)
    assert "Mul" in str(caught.value)
    # The engine's InvalidArgumentError is also a ValueError (issue 2); TF's is not.
    assert isinstance(caught.value, ValueError)


def test_missing_symbols_are_named():
    with pytest.raises(AttributeError, match=r"^engine does not implement tf\.no_such_op$"):
        tf.no_such_op
    with pytest.raises(AttributeError, match=r"^engine does not implement tf\.autodiff\.nothing$"):
        tf.autodiff.nothing
