"""tf.scatter_nd and tf.tensor_scatter_nd_*: values against NumPy, gradients (tensor and
updates) against finite differences in float64, and TF's errors for bad indices and shapes."""

import numpy as np
import pytest

import engine as tf
from engine.ops.registry import lookup
from tests.engine.finite_differences import check_gradients

INDICES = tf.constant([[2], [0], [2]])  # a repeated row: adds accumulate there
ROWS = tf.constant([[1], [3]])
POINTS = tf.constant([[0, 1], [2, 3]])
NUMPY_COMBINE = {
    "tensor_scatter_nd_add": np.add,
    "tensor_scatter_nd_sub": np.subtract,
    "tensor_scatter_nd_max": np.maximum,
    "tensor_scatter_nd_min": np.minimum,
}


def _weights(shape):
    return tf.constant(np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape) / 7.0)


@pytest.mark.parametrize("name", ["tensor_scatter_nd_add", "tensor_scatter_nd_sub"])
def test_add_and_sub_gradients_match_finite_differences(name):
    op = getattr(tf, name)
    w = _weights((4, 3))

    def f(t, u):
        return op(t, INDICES, u) ** 2 * w

    t = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    u = np.linspace(0.5, 2.0, 9).reshape(3, 3)
    check_gradients(f, t, u, order=2)


def test_update_gradient_zeroes_the_overwritten_rows_of_the_tensor():
    w = _weights((4, 3))

    def f(t, u):
        return tf.tensor_scatter_nd_update(t, ROWS, u) ** 2 * w

    t = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    u = np.linspace(0.5, 2.0, 6).reshape(2, 3)
    check_gradients(f, t, u, order=2)


def test_update_of_single_elements_differentiates_both_inputs():
    def f(t, u):
        return tf.tensor_scatter_nd_update(t, POINTS, u) * _weights((3, 4))

    check_gradients(f, np.ones((3, 4)), np.array([5.0, -2.0]))


@pytest.mark.parametrize("name", ["tensor_scatter_nd_max", "tensor_scatter_nd_min"])
def test_max_and_min_gradients_match_finite_differences_without_ties(name):
    op = getattr(tf, name)
    w = _weights((4, 3))

    def f(t, u):
        return op(t, ROWS, u) ** 2 * w

    t = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    u = np.array([[0.9, -0.9, 0.1], [-0.05, 0.6, -2.0]])
    check_gradients(f, t, u, order=2)


def test_max_gradient_splits_between_ties_as_tf():
    t = tf.constant([1.0, 5.0, 3.0])
    u = tf.constant([4.0, 5.0])
    with tf.GradientTape() as tape:
        tape.watch([t, u])
        y = tf.tensor_scatter_nd_max(t, [[0], [1]], u)
    gt, gu = tape.gradient(y, [t, u])
    assert gt.numpy().tolist() == [0.0, 0.5, 1.0]
    assert gu.numpy().tolist() == [1.0, 0.5]


def test_scatter_nd_gradient_gathers_the_updates_and_second_order_goes_through_gather_nd():
    def f(u):
        return tf.scatter_nd(INDICES, u, [4, 3]) ** 3 * _weights((4, 3))

    check_gradients(f, np.linspace(0.5, 2.0, 9).reshape(3, 3), order=2)


@pytest.mark.parametrize("name", sorted(NUMPY_COMBINE))
def test_combining_scatters_match_numpy(name):
    t = np.arange(12, dtype=np.int32).reshape(4, 3)
    u = np.array([[5, -1, 20], [7, 7, 7], [-3, 30, 1]], np.int32)
    expected = t.copy()
    NUMPY_COMBINE[name].at(expected, [2, 0, 2], u)
    got = getattr(tf, name)(tf.constant(t), INDICES, tf.constant(u))
    np.testing.assert_array_equal(got.numpy(), expected)


def test_the_ops_keep_only_what_their_gradients_read():
    for op_type in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub"):
        assert lookup(op_type).saves_inputs == (1,) and lookup(op_type).saves_outputs == ()
    assert lookup("TensorScatterMax").saves_outputs == (0,)


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: tf.tensor_scatter_nd_update(tf.constant([1.0, 2.0]), [[2]], [5.0]),
            "indices[0] = [2] does not index into shape [2]",
        ),
        (
            lambda: tf.tensor_scatter_nd_add(tf.constant([1.0, 2.0]), [[-1]], [5.0]),
            "indices[0] = [-1] does not index into shape [2]",
        ),
        (
            lambda: tf.tensor_scatter_nd_update(tf.constant([1.0, 2.0]), [[0]], [5.0, 6.0]),
            "Outer dimensions of indices and update must match. "
            "Indices shape: [1,1], updates shape:[2]",
        ),
        (
            lambda: tf.tensor_scatter_nd_update(tf.constant([[1.0, 2.0]]), [[0]], [5.0]),
            "Inner dimensions of output shape must match inner dimensions of updates shape. "
            "Output: [1,2] updates: [1]",
        ),
        (
            lambda: tf.scatter_nd([[5]], [1.0], [4]),
            "indices[0] = [5] does not index into shape [4]",
        ),
        (
            lambda: tf.scatter_nd([[0]], [1.0, 2.0], [3]),
            "Dimensions [0,1) of indices[shape=[1,1]] must match dimensions [0,1) of "
            "updates[shape=[2]]",
        ),
    ],
)
def test_bad_indices_and_shapes_raise_tf_errors(call, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert message in str(info.value)
