"""reduce_euclidean_norm, tf.linalg.global_norm, tf.clip_by_norm and tf.clip_by_global_norm:
values against NumPy, TF's inf/NaN and None behaviour, and gradients against central finite
differences, first and second order."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

X = np.array([[3.0, -4.0, 1.0], [0.3, 0.4, -0.2]])


@pytest.mark.parametrize("axis", [None, 0, 1, [0, 1]])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduce_euclidean_norm_matches_numpy(axis, keepdims):
    got = tf.math.reduce_euclidean_norm(tf.constant(X), axis=axis, keepdims=keepdims).numpy()
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    expected = np.sqrt(np.sum(X * X, axis=np_axis, keepdims=keepdims))
    np.testing.assert_allclose(got, expected, rtol=1e-15)


def test_global_norm_skips_none_and_clip_by_global_norm_scales_every_tensor():
    a, b = tf.constant([3.0, 4.0]), tf.constant([[12.0]])
    assert float(tf.linalg.global_norm([a, None, b])) == pytest.approx(13.0)
    clipped, norm = tf.clip_by_global_norm([a, None, b], 6.5)
    assert float(norm) == pytest.approx(13.0) and clipped[1] is None
    np.testing.assert_allclose(clipped[0].numpy(), [1.5, 2.0], rtol=1e-6)


def test_an_infinite_global_norm_makes_every_clipped_tensor_nan():
    clipped, norm = tf.clip_by_global_norm([tf.constant([1.0]), tf.constant([np.inf])], 1.0)
    assert float(norm) == np.inf
    assert all(np.all(np.isnan(c.numpy())) for c in clipped)


def test_clip_by_norm_clips_each_row_along_axes():
    got = tf.clip_by_norm(tf.constant(X), 1.0, axes=[1]).numpy()
    norms = np.sqrt(np.sum(X * X, axis=1, keepdims=True))
    np.testing.assert_allclose(got, X / np.maximum(norms, 1.0), rtol=1e-6)


def test_clip_by_norm_of_zeros_has_a_finite_gradient():
    x = tf.constant([0.0, 0.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.clip_by_norm(x, 1.0)
    assert np.all(np.isfinite(tape.gradient(y, x).numpy()))


WEIGHTS = np.array([[1.0, 2.0, -1.0], [0.5, -3.0, 2.0]])


@pytest.mark.parametrize(
    "f",
    [
        lambda x: tf.math.reduce_euclidean_norm(x, axis=1),
        lambda x: tf.math.reduce_euclidean_norm(x, axis=0, keepdims=True),
        lambda x: tf.math.reduce_euclidean_norm(x),
        lambda x: tf.clip_by_norm(x, 1.0) * tf.constant(WEIGHTS),
        lambda x: tf.clip_by_norm(x, 1.0, axes=[1]) * tf.constant(WEIGHTS),
        lambda x: tf.clip_by_norm(x, 100.0) * tf.constant(WEIGHTS),
        lambda x: tf.linalg.global_norm([x, 2.0 * x[0]]),
        lambda x: tf.clip_by_global_norm([x, x[1] * 3.0], 2.0)[0][0] * tf.constant(WEIGHTS),
        lambda x: tf.clip_by_global_norm([x], 2.0)[1],
    ],
    ids=[
        "euclidean axis 1",
        "euclidean axis 0 keepdims",
        "euclidean all",
        "clip_by_norm",
        "clip_by_norm axes",
        "clip_by_norm inactive",
        "global_norm",
        "clip_by_global_norm values",
        "clip_by_global_norm norm",
    ],
)
def test_gradients_match_finite_differences(f):
    check_gradients(f, X, order=2)


def test_clip_norm_argument_gets_its_gradient():
    check_gradients(lambda c: tf.clip_by_norm(tf.constant(X[0]), c), np.array(2.0), order=2)
