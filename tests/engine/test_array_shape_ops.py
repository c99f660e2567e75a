"""Reshape, Transpose, ExpandDims, Squeeze, Identity, StopGradient, BroadcastTo, Tile, ReverseV2,
Shape/Size/Rank: values vs NumPy, gradients vs finite differences, errors as TF raises them."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

RNG = np.random.default_rng(7)


def weights(shape):
    """Fixed non-uniform weights, so that a gradient check sees every element distinctly."""
    return tf.constant(np.arange(1, 1 + int(np.prod(shape)), dtype=np.float64).reshape(shape) / 7)


# --- forward values -----------------------------------------------------------------------
def test_reshape_fills_in_minus_one_and_accepts_shapes_and_tensors():
    x = tf.reshape(tf.range(12.0), (3, 4))
    assert tf.reshape(x, [-1]).shape == (12,)
    assert tf.reshape(x, [2, -1, 2]).shape == (2, 3, 2)
    assert tf.reshape(x, x.shape).shape == (3, 4)
    assert tf.reshape(x, [tf.constant(4), -1]).shape == (4, 3)
    assert tf.reshape(x, 12).shape == (12,)
    assert tf.reshape(tf.constant([1.0]), []).shape == ()
    assert tf.reshape(tf.zeros((0, 3)), [0, -1]).shape == (0, 3)
    np.testing.assert_array_equal(tf.reshape(x, [4, 3]).numpy(), np.arange(12.0).reshape(4, 3))


def test_transpose_default_reverses_axes_and_negative_perm_counts_from_the_end():
    a = RNG.normal(size=(2, 3, 4)).astype(np.float32)
    np.testing.assert_array_equal(tf.transpose(a).numpy(), a.T)
    np.testing.assert_array_equal(tf.transpose(a, [2, 0, 1]).numpy(), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(tf.transpose(a[0], [-1, 0]).numpy(), a[0].T)


def test_expand_dims_and_squeeze_shapes_match_tf():
    x = tf.zeros((3, 4))
    assert tf.expand_dims(x, -1).shape == (3, 4, 1)
    assert tf.expand_dims(x, -3).shape == (1, 3, 4)
    assert tf.expand_dims(x, [0]).shape == (1, 3, 4)
    y = tf.ones((1, 3, 1))
    assert tf.squeeze(y).shape == (3,)
    assert tf.squeeze(y, -1).shape == (1, 3)
    assert tf.squeeze(y, [0, 2]).shape == (3,)
    assert tf.squeeze(tf.ones((1, 3)), [0, 0]).shape == (3,)
    assert tf.squeeze(tf.constant(1.0)).shape == ()


def test_tile_reverse_and_broadcast_to_values_match_numpy():
    a = RNG.normal(size=(2, 3)).astype(np.float32)
    np.testing.assert_array_equal(tf.tile(a, [2, 3]).numpy(), np.tile(a, [2, 3]))
    np.testing.assert_array_equal(tf.reverse(a, [1]).numpy(), a[:, ::-1])
    np.testing.assert_array_equal(tf.reverse(a, [-1, 0]).numpy(), a[::-1, ::-1])
    np.testing.assert_array_equal(
        tf.broadcast_to(a[:1], [4, 2, 3]).numpy(), np.broadcast_to(a[:1], (4, 2, 3))
    )
    assert tf.tile(tf.constant(1.0), []).numpy() == 1.0
    np.testing.assert_array_equal(tf.broadcast_to(3.0, [2]).numpy(), [3.0, 3.0])


def test_shape_size_rank_are_int32_by_default():
    x = tf.zeros((2, 3))
    s, n, r = tf.shape(x), tf.size(x), tf.rank(x)
    assert (s.dtype, n.dtype, r.dtype) == (tf.int32, tf.int32, tf.int32)
    assert s.numpy().tolist() == [2, 3] and int(n) == 6 and int(r) == 2
    assert tf.shape(x, out_type=tf.int64).dtype == tf.int64
    assert tf.size(x, out_type=tf.float64).dtype == tf.float64  # TF allows any numeric out_type
    assert tf.shape([[1, 2]]).numpy().tolist() == [1, 2]


def test_identity_and_stop_gradient_keep_the_value():
    x = tf.constant([1.0, 2.0])
    assert tf.identity(x).numpy().tolist() == [1.0, 2.0]
    assert tf.identity([1, 2]).dtype == tf.int32
    assert tf.stop_gradient(x).numpy().tolist() == [1.0, 2.0]


# --- gradients ----------------------------------------------------------------------------
@pytest.mark.parametrize("shape", SHAPES)
def test_reshape_transpose_identity_gradients(shape):
    x = RNG.normal(size=shape)
    w = np.arange(1.0, 1 + x.size).reshape(shape)
    check_gradients(lambda t: tf.reshape(t, [-1]) * tf.reshape(t * w, [-1]), x, order=2)
    check_gradients(lambda t: tf.transpose(t) * tf.transpose(t * w), x, order=2)
    check_gradients(lambda t: tf.identity(t) * t * w, x, order=2)


@pytest.mark.parametrize("shape", SHAPES)
def test_expand_dims_squeeze_gradients(shape):
    x = RNG.normal(size=shape)
    check_gradients(
        lambda t: tf.expand_dims(t, -1) ** 2 * tf.expand_dims(weights(shape), -1), x, order=2
    )
    check_gradients(lambda t: tf.squeeze(tf.expand_dims(t * weights(shape), 0)) ** 2, x, order=2)


@pytest.mark.parametrize("shape", SHAPES)
def test_tile_gradient_sums_the_copies(shape):
    multiples = [2, 3, 1][: len(shape)]
    out = tuple(d * m for d, m in zip(shape, multiples))
    check_gradients(
        lambda t: tf.tile(t, multiples) ** 2 * weights(out), RNG.normal(size=shape), order=2
    )


@pytest.mark.parametrize("shape", SHAPES)
def test_broadcast_to_gradient_sums_the_broadcast_axes(shape):
    target = (2,) + tuple(3 if d == 1 else d for d in shape)
    check_gradients(
        lambda t: tf.broadcast_to(t, target) ** 2 * weights(target), RNG.normal(size=shape), order=2
    )


@pytest.mark.parametrize("shape", SHAPES)
def test_reverse_gradient_reverses_back(shape):
    axes = list(range(len(shape)))[::2]
    check_gradients(
        lambda t: tf.reverse(t, axes) ** 2 * weights(shape), RNG.normal(size=shape), order=2
    )


def test_stop_gradient_blocks_and_shape_ops_are_not_differentiable():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.stop_gradient(x) * x
        n = tf.cast(tf.size(x), tf.float32)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [1.0, 2.0])
    assert tape.gradient(n, x) is None


# --- errors, worded as TF's ---------------------------------------------------------------
X = tf.reshape(tf.range(12.0), (3, 4))

ERRORS = [
    (
        lambda: tf.reshape(X, [5, 2]),
        "Reshape",
        "Input to reshape is a tensor with 12 values, but the requested shape has 10",
    ),
    (
        lambda: tf.reshape(X, [-1, 5]),
        "Reshape",
        "Input to reshape is a tensor with 12 values, but the requested shape requires a multiple "
        "of 5",
    ),
    (lambda: tf.reshape(X, [-1, -1]), "Reshape", "Only one input size may be -1, not both 0 and 1"),
    (lambda: tf.reshape(X, [-2, 6]), "Reshape", "Size 0 must be non-negative, not -2"),
    (lambda: tf.transpose(X, [0, 0]), "Transpose", "1 is missing from {0,0}."),
    (lambda: tf.transpose(X, [-1, 1]), "Transpose", "0 is missing from {1,1}."),
    (lambda: tf.transpose(X, [0, 5]), "Transpose", "5 is out of range [0 .. 2)"),
    (
        lambda: tf.transpose(X, [0, 1, 2]),
        "Transpose",
        "transpose expects a vector of size 2. But input(1) is a vector of size 3",
    ),
    (
        lambda: tf.expand_dims(X, 3),
        "ExpandDims",
        "Tried to expand dim index 3 for tensor with 2 dimensions.",
    ),
    (
        lambda: tf.expand_dims(X, -4),
        "ExpandDims",
        "Tried to expand dim index -4 for tensor with 2 dimensions.",
    ),
    (lambda: tf.expand_dims(X, [0, 1]), "ExpandDims", "'dim' must be a tensor with a single value"),
    (
        lambda: tf.squeeze(X, 0),
        "Squeeze",
        "Can not squeeze dim[0], expected a dimension of 1, got 3",
    ),
    (
        lambda: tf.squeeze(X, -1),
        "Squeeze",
        "Can not squeeze dim[1], expected a dimension of 1, got 4",
    ),
    (
        lambda: tf.squeeze(X, 5),
        "Squeeze",
        "Tried to squeeze dim index 5 for tensor with 2 dimensions.",
    ),
    (lambda: tf.broadcast_to(X, [2, 4]), "BroadcastTo", "Incompatible shapes: [3,4] vs. [2,4]"),
    (
        lambda: tf.broadcast_to(X, [4]),
        "BroadcastTo",
        "Rank of input (2) must be no greater than rank of output shape (1).",
    ),
    (
        lambda: tf.tile(X, [2]),
        "Tile",
        "Expected multiples argument to be a vector of length 2 but got length 1",
    ),
    (lambda: tf.tile(X, [-1, 1]), "Tile", "Expected multiples[0] >= 0, but got -1"),
    (lambda: tf.reverse(X, [2]), "ReverseV2", "'axis'[0] = 2 is out of valid range [0, 1"),
    (lambda: tf.reverse(X, [-3]), "ReverseV2", "'axis'[0] = -3 is out of valid range [0, 1"),
    (lambda: tf.reverse(X, [0, 0]), "ReverseV2", "axis 0 specified more than once."),
    (
        lambda: tf.shape(X, out_type=tf.float32),
        "Shape",
        "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64",
    ),
]


@pytest.mark.parametrize("call,op_type,message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_shape_errors_are_invalid_argument_errors_in_tf_wording(call, op_type, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:{op_type}]"
    assert isinstance(info.value, ValueError)
