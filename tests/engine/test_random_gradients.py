"""Gradients through random samples, against central finite differences in float64.

A stateless draw, a Generator reset to its seed and a kernel after set_seed give the same
numbers at every evaluation, so the sample is a fixed function of its parameters: mean and
stddev enter through Mul and AddV2, uniform bounds through Sub, Mul and AddV2, dropout's
input through Mul and SelectV2 (TF builds all of them from those ops)."""

import math

import numpy as np
import pytest

import engine as tf
from engine.ops.random_gamma import gamma_sample_der_alpha
from tests.engine.finite_differences import check_gradients


@pytest.fixture(autouse=True)
def _no_global_seed_afterwards():
    yield
    tf.random.set_seed(None)


def test_stateless_normal_mean_and_stddev():
    def f(mean, stddev):
        return tf.random.stateless_normal(
            [5], seed=[3, 4], mean=mean, stddev=stddev, dtype=tf.float64
        )

    check_gradients(f, np.array(0.5), np.array(2.0), order=2)


def test_stateless_uniform_bounds():
    def f(low, high):
        return (
            tf.random.stateless_uniform([6], seed=[1, 2], minval=low, maxval=high, dtype=tf.float64)
            ** 2
        )

    check_gradients(f, np.array(-1.0), np.array(3.0), order=2)


def test_truncated_normal_of_a_generator_reset_to_its_seed():
    generator = tf.random.Generator.from_seed(7)

    def f(stddev):
        generator.reset_from_seed(7)
        return tf.sin(generator.truncated_normal([4], stddev=stddev, dtype=tf.float64))

    check_gradients(f, np.array(0.7), order=2)


def test_a_sampled_multiply_after_set_seed():
    def f(w):
        tf.random.set_seed(11)
        return w * tf.random.normal([3], dtype=tf.float64) + tf.random.uniform(
            [3], dtype=tf.float64
        )

    check_gradients(f, np.array([1.0, -2.0, 0.5]), order=2)


def test_dropout_input_with_a_stateless_seed():
    def f(x):
        return tf.nn.experimental.stateless_dropout(x, 0.4, seed=[5, 6]) * x

    check_gradients(f, np.array([[0.3, -1.2, 2.0], [1.5, 0.1, -0.7]]), order=2)


def _regularized_lower_gamma(a, x):
    """P(a, x) by its power series in float64 (an independent reference)."""
    term = total = 1.0
    n = 0
    while term > 1e-17 * total:
        n += 1
        term *= x / (a + n)
        total += term
    return math.exp(a * math.log(x) - x - math.lgamma(a + 1)) * total


@pytest.mark.parametrize(
    "alpha, sample",
    [(0.3, 0.05), (0.3, 2.5), (1.0, 0.7), (2.5, 1.9), (2.5, 6.0), (40.0, 35.0), (40.0, 52.0)],
)
def test_random_gamma_grad_is_the_implicit_derivative_of_the_gamma_cdf(alpha, sample):
    """TF's gamma gradient: d sample / d alpha = -(dP/dalpha) / (dP/dx) with P the gamma CDF,
    dP/dalpha by central differences, dP/dx the density; both branches of Eigen's code (the
    power series and the continued fraction) are covered. Eigen's continued fraction stops on
    an absolute tolerance, so it is good to about 1e-6 relative (TF gives the same numbers)."""
    eps = 1e-6
    d_alpha = (
        _regularized_lower_gamma(alpha + eps, sample)
        - _regularized_lower_gamma(alpha - eps, sample)
    ) / (2 * eps)
    density = math.exp((alpha - 1) * math.log(sample) - sample - math.lgamma(alpha))
    got = gamma_sample_der_alpha(np.float64(alpha), np.float64(sample), np.float64)
    assert float(got) == pytest.approx(-d_alpha / density, rel=1e-5)


def test_random_gamma_grad_equals_tfs_to_the_last_bit():
    # tf.raw_ops.RandomGammaGrad(alpha, sample) in float64, as TF 2.21 prints them
    cases = [(40.0, 52.0, 1.1416512425750494), (2.5, 6.0, 1.6029866492202403)]
    cases += [(0.3, 2.5, 3.840224165818919)]
    for alpha, sample, expected in cases:
        assert float(gamma_sample_der_alpha(np.float64(alpha), np.float64(sample), np.float64)) == (
            expected
        )


def test_gamma_gradient_through_beta_and_alpha():
    """beta enters through RealDiv and Maximum: finite differences see it directly."""

    def f(beta):
        tf.random.set_seed(4)
        return tf.random.gamma([3], [2.0, 5.0], beta=beta, dtype=tf.float64)

    check_gradients(f, np.array([1.5, 0.5]), order=2)
