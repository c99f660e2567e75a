"""cumulative_logsumexp (exclusive, reverse) and log_sigmoid: values against NumPy in float64,
and gradients against central finite differences, first and second order."""

import itertools

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

X = np.array([[1.0, -2.0, 0.5, 3.0], [0.25, 4.0, -1.0, -0.5]])


def by_loop(x, exclusive, reverse):
    x = np.flip(x, -1) if reverse else x
    out = np.full_like(x, -np.inf)
    for j in range(x.shape[-1]):
        upto = x[..., : j if exclusive else j + 1]
        if upto.shape[-1]:
            m = upto.max(axis=-1)
            out[..., j] = m + np.log(np.exp(upto - m[..., None]).sum(axis=-1))
    return np.flip(out, -1) if reverse else out


FLAGS = list(itertools.product([False, True], repeat=2))


@pytest.mark.parametrize(("exclusive", "reverse"), FLAGS)
def test_cumulative_logsumexp_matches_a_loop(exclusive, reverse):
    got = tf.math.cumulative_logsumexp(tf.constant(X), axis=1, exclusive=exclusive, reverse=reverse)
    np.testing.assert_allclose(got.numpy(), by_loop(X, exclusive, reverse), rtol=1e-14)


@pytest.mark.parametrize(("exclusive", "reverse"), FLAGS)
def test_cumulative_logsumexp_gradients_match_finite_differences(exclusive, reverse):
    weights = tf.constant([[1.0, -2.0, 0.5, 3.0], [2.0, 1.0, -1.0, 0.25]], tf.float64)
    # an exclusive scan starts at -inf (log 0), which finite differences cannot difference
    kept = slice(None, -1) if reverse else slice(1, None)

    def f(x):
        out = tf.math.cumulative_logsumexp(x, 1, exclusive=exclusive, reverse=reverse)
        return out[:, kept] * weights[:, kept]

    check_gradients(f, X, order=2)


def test_cumulative_logsumexp_along_axis_zero():
    got = tf.math.cumulative_logsumexp(tf.constant(X), axis=0).numpy()
    np.testing.assert_allclose(got, by_loop(X.T, False, False).T, rtol=1e-14)


def test_log_sigmoid_is_stable_at_both_ends():
    x = np.array([-800.0, -30.0, 0.0, 30.0, 800.0])
    got = tf.math.log_sigmoid(tf.constant(x)).numpy()
    np.testing.assert_allclose(got, -np.logaddexp(0, -x), rtol=1e-14)


def test_log_sigmoid_gradients_match_finite_differences():
    check_gradients(tf.math.log_sigmoid, np.array([-5.0, -0.3, 0.0, 2.0, 9.0]), order=2)
