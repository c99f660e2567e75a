"""tf.roll (op Roll), tf.repeat and tf.meshgrid (composites, as TF builds them), and tf.reverse
of a 0-d tensor: values against NumPy, gradients against finite differences in float64."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients


def _weights(shape):
    return tf.constant(np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape) / 5.0)


@pytest.mark.parametrize(
    "shift, axis", [(1, 0), (-2, 1), ([1, -1], [0, 1]), ([2, 3], [1, 1]), (7, -1)]
)
def test_roll_values_match_numpy_and_gradients_match_finite_differences(shift, axis):
    x = np.arange(12.0).reshape(3, 4)
    got = tf.roll(tf.constant(x), shift, axis).numpy()
    shifts, axes = np.atleast_1d(shift), np.atleast_1d(axis)
    expected = x
    for s, a in zip(shifts, axes):
        expected = np.roll(expected, s, axis=a)
    np.testing.assert_array_equal(got, expected)
    check_gradients(lambda t: tf.roll(t, shift, axis) ** 3 * _weights((3, 4)), x / 7.0, order=2)


def test_roll_errors_are_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError, match="input must be 1-D or higher"):
        tf.roll(tf.constant(1.0), 1, 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="shift and axis must have the same"):
        tf.roll(tf.constant([1.0, 2.0]), [1, 2], [0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="axis 1 is out of range"):
        tf.roll(tf.constant([1.0, 2.0]), 1, 1)


@pytest.mark.parametrize(
    "repeats, axis", [(2, None), ([1, 0, 2], 0), ([2, 1, 3, 1], 1), (3, -1), ([0, 2, 1], None)]
)
def test_repeat_values_match_numpy_and_gradients_match_finite_differences(repeats, axis):
    x = np.arange(12.0).reshape(3, 4) / 3.0
    if axis is None and isinstance(repeats, list):
        x = x[0, :3]
    got = tf.repeat(tf.constant(x), repeats, axis=axis).numpy()
    expected = np.repeat(x, repeats, axis=axis)
    np.testing.assert_array_equal(got, expected)
    w = _weights(expected.shape)
    check_gradients(lambda t: tf.repeat(t, repeats, axis=axis) ** 2 * w, x, order=2)


def test_repeat_of_a_scalar_and_its_errors():
    assert tf.repeat(3, repeats=4).numpy().tolist() == [3, 3, 3, 3]
    with pytest.raises(TypeError, match="must be of type integer"):
        tf.repeat([1.0, 2.0], 2.0)
    with pytest.raises(ValueError, match="Dimensions 2 and 3 are not compatible"):
        tf.repeat([1.0, 2.0], [1, 2, 3], axis=0)
    with pytest.raises(ValueError, match="axis=3 out of bounds: expected -1<=axis<1"):
        tf.repeat([1.0, 2.0], 2, axis=3)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid_values_match_numpy_and_gradients_match_finite_differences(indexing):
    a, b, d = np.array([1.0, 2.0, 3.0]), np.array([-1.0, 0.5]), np.array([0.25, 4.0, 2.0, 1.0])
    got = [g.numpy() for g in tf.meshgrid(a, b, d, indexing=indexing)]
    for g, e in zip(got, np.meshgrid(a, b, d, indexing=indexing)):
        np.testing.assert_array_equal(g, e)
    shape = got[0].shape
    w = _weights(shape)

    def f(x, y, z):
        gx, gy, gz = tf.meshgrid(x, y, z, indexing=indexing)
        return gx**2 * gy * gz * w

    check_gradients(f, a, b, d, order=2)


def test_meshgrid_rejects_other_indexing_and_keywords():
    with pytest.raises(ValueError, match="either 'xy' or 'ij', got 'yx'"):
        tf.meshgrid([1, 2], [3], indexing="yx")
    with pytest.raises(TypeError, match="'sparse' is an invalid keyword argument"):
        tf.meshgrid([1, 2], [3], sparse=True)
    assert tf.meshgrid() == []


@pytest.mark.parametrize("axis", [[1], [0], [-1], [], [3, 7], 0])
def test_reverse_returns_a_0d_tensor_as_it_is_whatever_the_axes(axis):
    x = tf.constant(5.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reverse(x, axis)
        z = y * 3.0
    assert y.shape == () and float(y) == 5.0
    assert float(tape.gradient(z, x)) == 3.0


def test_reverse_still_checks_axes_of_a_vector():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"'axis'\[0\] = 1 is out of valid"):
        tf.reverse(tf.constant([1.0, 2.0]), [1])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tidx' of float"):
        tf.reverse(tf.constant(5.0), [0.0])
