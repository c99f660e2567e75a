"""tf.nn.moments and tf.nn.batch_normalization: values against NumPy, and gradients (through
the stop_gradient on the mean, as TF builds moments) against central finite differences."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

X = np.array([[1.0, 2.0, -1.0], [3.0, 6.0, 0.5], [0.0, -1.0, 2.0], [2.5, 0.5, 1.0]])


@pytest.mark.parametrize("axes", [[0], [1], [0, 1]])
@pytest.mark.parametrize("keepdims", [False, True])
def test_moments_match_numpy(axes, keepdims):
    mean, variance = tf.nn.moments(tf.constant(X), axes, keepdims=keepdims)
    np.testing.assert_allclose(mean.numpy(), X.mean(axis=tuple(axes), keepdims=keepdims))
    np.testing.assert_allclose(variance.numpy(), X.var(axis=tuple(axes), keepdims=keepdims))


def test_moments_of_half_are_computed_in_float32():
    x = np.array([1000.0, 1001.0, 1002.0], np.float16)
    mean, variance = tf.nn.moments(tf.constant(x), [0])
    assert mean.dtype == tf.float16 and float(variance) == pytest.approx(2 / 3, rel=1e-3)


def test_batch_normalization_matches_the_formula():
    mean, var = X.mean(0), X.var(0)
    offset, scale = np.array([0.1, -0.2, 0.0]), np.array([2.0, 0.5, 1.0])
    got = tf.nn.batch_normalization(tf.constant(X), mean, var, offset, scale, 1e-3).numpy()
    np.testing.assert_allclose(got, scale * (X - mean) / np.sqrt(var + 1e-3) + offset, rtol=1e-12)


@pytest.mark.parametrize(
    "f",
    [
        lambda x: tf.nn.moments(x, [0])[1] * tf.constant([1.0, -2.0, 0.5], tf.float64),
        lambda x: tf.nn.moments(x, [0, 1])[0] + tf.nn.moments(x, [1])[1][0],
        lambda x: tf.nn.moments(x, [1], keepdims=True)[1],
        lambda x: tf.nn.batch_normalization(x, *tf.nn.moments(x, [0]), 0.5, 2.0, 1e-3) ** 2,
    ],
    ids=["variance", "means", "variance keepdims", "batch norm of moments"],
)
def test_moments_gradients_match_finite_differences(f):
    # First order only: TF's variance stops the gradient at the mean, which changes no first
    # derivative (the deviations sum to zero) but drops the mean's term from the second.
    check_gradients(f, X, order=1)


def test_second_derivative_of_the_variance_stops_at_the_mean_as_in_tensorflow():
    # d2 var / dx dx = 2/n I once the mean is a constant (the exact Hessian is 2/n (I - 1/n))
    x = tf.constant(X)
    v = tf.constant(np.random.default_rng(0).normal(size=X.shape))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            variance = tf.nn.moments(x, [0])[1]
        projected = tf.reduce_sum(inner.gradient(variance, x) * v)
    np.testing.assert_allclose(outer.gradient(projected, x).numpy(), 2 / X.shape[0] * v.numpy())


def test_batch_normalization_gradients_match_finite_differences():
    check_gradients(
        lambda x: tf.nn.batch_normalization(x, 1.0, 2.0, None, None, 1e-3) ** 3, X, order=2
    )


def test_batch_normalization_gradients_of_scale_and_offset():
    x = tf.constant(X)
    mean, variance = tf.constant(1.0, tf.float64), tf.constant(2.0, tf.float64)
    check_gradients(
        lambda scale, offset: (
            tf.nn.batch_normalization(x, mean, variance, offset, scale, 1e-3) ** 2
        ),
        np.array([2.0, 0.5, 1.0]),
        np.array([0.1, -0.2, 0.3]),
        order=2,
    )
