"""tf.where (SelectV2 with three arguments, Where with one) and tf.clip_by_value (Minimum then
Maximum): values, gradients against finite differences and TF's printed values (the NaN trap,
the clip boundaries), errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

RNG = np.random.default_rng(13)


def test_where_selects_and_broadcasts():
    x = tf.reshape(tf.range(12.0), (3, 4))
    np.testing.assert_array_equal(
        tf.where([True, False, True, False], x, -x).numpy(),
        np.where([True, False, True, False], x.numpy(), -x.numpy()),
    )
    assert tf.where([True, False], 1.0, tf.constant(2.0, tf.float64)).dtype == tf.float64
    np.testing.assert_array_equal(
        tf.where(x > 5.0, x, 0.0).numpy(), np.where(x.numpy() > 5, x.numpy(), 0)
    )


def test_one_argument_where_gives_int64_coordinates():
    coords = tf.where([[True, False], [False, True]])
    assert coords.dtype == tf.int64
    assert coords.numpy().tolist() == [[0, 0], [1, 1]]
    assert tf.where([0.0, 1.0, 2.0]).numpy().tolist() == [[1], [2]]


@pytest.mark.parametrize("shape", SHAPES)
def test_where_gradients_flow_to_the_chosen_branch(shape):
    c = RNG.normal(size=shape) > 0
    check_gradients(
        lambda x, y: tf.where(c, x * x, y * x),
        RNG.normal(size=shape),
        RNG.normal(size=shape),
        order=2,
    )


def test_where_gradients_undo_broadcasting():
    c = np.array([[True], [False]])
    check_gradients(
        lambda x, y: tf.where(c, x * x, y * y),
        RNG.normal(size=(3,)),
        RNG.normal(size=(2, 1)),
        order=2,
    )
    x = tf.constant([-1.0, 0.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.where(tf.constant([[True], [False]]), x, -2.0 * x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [-1.0, -1.0, -1.0])  # as TF prints


def test_where_nan_trap_matches_tf():
    """The unchosen branch still differentiates: TF prints these exact values."""
    x = tf.constant([-1.0, 0.0, 4.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        sqrt_branch = tf.where(x > 0, tf.sqrt(x), 0.0)
        log_branch = tf.where(x > 0, tf.math.log(x), x)
        reciprocal_branch = tf.where(x > 0, 1.0 / x, 0.0)
    # SqrtGrad is 0 where its upstream gradient is 0, so no NaN here in TF 2.x
    np.testing.assert_array_equal(tape.gradient(sqrt_branch, x).numpy(), [0.0, 0.0, 0.25])
    # log: dy * (1 / x) = 0 * inf = nan at x == 0
    np.testing.assert_array_equal(tape.gradient(log_branch, x).numpy(), [1.0, np.nan, 0.25])
    reciprocal = tape.gradient(reciprocal_branch, x).numpy()
    np.testing.assert_array_equal(reciprocal, [-0.0, np.nan, -0.0625])
    assert np.signbit(reciprocal[0])  # TF prints -0.


def test_where_one_argument_and_conditions_are_not_differentiable():
    x = tf.constant([0.0, 1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cast(tf.where(x), tf.float32)
    assert tape.gradient(y, x) is None


def test_where_errors_as_tf():
    x = tf.reshape(tf.range(12.0), (3, 4))
    with pytest.raises(InvalidArgumentError) as info:
        tf.where(tf.constant([True, False]), x, 0.0)
    assert str(info.value) == (
        "condition [2], then [3,4], and else [] must be broadcastable [Op:SelectV2]"
    )
    with pytest.raises(InvalidArgumentError) as info:
        tf.where(x > 2, x, tf.zeros((2,)))
    assert str(info.value) == (
        "condition [3,4], then [3,4], and else [2] must be broadcastable [Op:SelectV2]"
    )
    with pytest.raises(InvalidArgumentError) as info:
        tf.where(tf.constant([0.0, 1.0]), 1.0, 2.0)
    assert str(info.value) == (
        "cannot compute SelectV2 as input #0(zero-based) was expected to "
        "be a bool tensor but is a float tensor [Op:SelectV2]"
    )
    with pytest.raises(ValueError, match=r"^x and y must both be non-None or both be None\.$"):
        tf.where(x > 1, x)
    with pytest.raises(TypeError, match=r"^Cannot convert 2\.0 to EagerTensor of dtype int32$"):
        tf.where([True, False], 1, 2.0)


# --- clip_by_value ------------------------------------------------------------------------
def test_clip_by_value_values_and_dtypes():
    np.testing.assert_array_equal(tf.clip_by_value(tf.constant([1, 5, 9]), 2, 6).numpy(), [2, 5, 6])
    assert tf.clip_by_value(tf.constant([1, 5, 9]), 2, 6).dtype == tf.int32
    np.testing.assert_array_equal(
        tf.clip_by_value(tf.constant([1.0, 5.0]), 2, 6).numpy(), [2.0, 5.0]
    )


def test_clip_by_value_records_minimum_then_maximum_like_tf():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.clip_by_value(x, 0.0, 1.5)
    assert [r.op.type for r in tape._records] == ["Minimum", "Maximum"]


def test_clip_by_value_gradient_at_and_beyond_the_boundaries_matches_tf():
    v, lo, hi = tf.constant([-2.0, -1.0, 0.0, 1.0, 2.0]), tf.constant([-1.0]), tf.constant(1.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([v, lo, hi])
        y = tf.clip_by_value(v, lo, hi) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
    # TF: the boundary values (-1 and 1) keep their gradient; clipped ones send it to lo/hi.
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [0.0, 2.0, 3.0, 4.0, 0.0])
    np.testing.assert_array_equal(tape.gradient(y, lo).numpy(), [1.0])
    assert float(tape.gradient(y, hi)) == 5.0


@pytest.mark.parametrize("shape", SHAPES)
def test_clip_by_value_gradients_match_finite_differences(shape):
    x = RNG.normal(size=shape) * 2
    check_gradients(lambda t: tf.clip_by_value(t * t, 0.3, 1.5) * t, x, order=2)
    check_gradients(lambda t, lo: tf.clip_by_value(t, lo, 1.0), x, np.full(shape, -0.5), order=2)


def test_clip_by_value_keeps_indexed_slices_sparse():
    sliced = tf.IndexedSlices(tf.constant([[3.0, -3.0]]), tf.constant([1]), tf.constant([2, 2]))
    clipped = tf.clip_by_value(sliced, -1.0, 1.0)
    assert isinstance(clipped, tf.IndexedSlices)
    assert clipped.values.numpy().tolist() == [[1.0, -1.0]]


def test_clip_by_value_refuses_to_broadcast_the_values():
    with pytest.raises(ValueError, match=r"^Shapes \(2,\) and \(3, 2\) are incompatible$"):
        tf.clip_by_value(tf.ones((2,)), tf.zeros((3, 2)), 1.0)
    with pytest.raises(InvalidArgumentError) as info:
        tf.clip_by_value(tf.ones((3, 4)), tf.zeros((2,)), 1.0)
    assert str(info.value) == "Incompatible shapes: [3,4] vs. [2] [Op:Maximum]"
