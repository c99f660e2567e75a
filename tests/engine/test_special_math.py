"""lgamma, digamma, polygamma, erfinv, bessel_i0e and bessel_i1e: values against independent
references (Python's math module, NumPy's i0, known constants, identities), and gradients
against central finite differences in float64, first and second order."""

import math

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import SHAPES, check_gradients

EULER_GAMMA = 0.5772156649015329


def values(t):
    return np.asarray(t._value, dtype=np.float64)


def test_lgamma_matches_python_including_negative_non_integers_and_large_arguments():
    xs = [0.5, 1.0, 2.5, 10.0, 171.5, 1e10, 1e300, -0.5, -2.5, -7.25, 1e-8]
    got = values(tf.math.lgamma(tf.constant(xs, tf.float64)))
    np.testing.assert_allclose(got, [math.lgamma(x) for x in xs], rtol=1e-14)


def test_lgamma_is_infinite_at_the_poles_as_in_tensorflow():
    got = values(tf.math.lgamma(tf.constant([0.0, -1.0, -3.0, -1e10, np.inf, -np.inf])))
    assert np.all(got == np.inf)


def test_digamma_known_values_and_recurrence():
    got = values(tf.math.digamma(tf.constant([1.0, 0.5, 2.0], tf.float64)))
    np.testing.assert_allclose(got, [-EULER_GAMMA, -EULER_GAMMA - 2 * math.log(2), 1 - EULER_GAMMA])
    # psi(x + 1) = psi(x) + 1 / x, on both sides of zero and for large x
    x = np.array([-3.7, -0.4, 0.3, 4.2, 55.0, 1e6])
    lhs = values(tf.math.digamma(tf.constant(x + 1)))
    rhs = values(tf.math.digamma(tf.constant(x))) + 1 / x
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12, atol=1e-12)


def test_digamma_is_nan_at_the_poles_as_in_tensorflow():
    assert np.all(np.isnan(values(tf.math.digamma(tf.constant([0.0, -1.0, -4.0, -np.inf])))))


def test_polygamma_known_values():
    got = values(
        tf.math.polygamma(tf.constant([1.0, 2.0, 3.0], tf.float64), tf.constant(1.0, tf.float64))
    )
    zeta3 = 1.2020569031595942
    np.testing.assert_allclose(got, [math.pi**2 / 6, -2 * zeta3, math.pi**4 / 15], rtol=1e-13)
    # trigamma(1/2) = pi^2 / 2; trigamma(x + 1) = trigamma(x) - 1 / x^2 at a negative x
    half = values(tf.math.polygamma(tf.constant(1.0, tf.float64), tf.constant(0.5, tf.float64)))
    np.testing.assert_allclose(half, math.pi**2 / 2, rtol=1e-13)
    x = -2.5
    a = values(tf.math.polygamma(tf.constant(1.0, tf.float64), tf.constant(x + 1, tf.float64)))
    b = values(tf.math.polygamma(tf.constant(1.0, tf.float64), tf.constant(x, tf.float64)))
    np.testing.assert_allclose(a, b - 1 / x**2, rtol=1e-12)


def test_polygamma_of_order_zero_is_digamma_and_other_orders_are_nan():
    x = tf.constant([0.3, 2.0, 9.0], tf.float64)
    zero = tf.math.polygamma(tf.constant(0.0, tf.float64), x)
    np.testing.assert_allclose(values(zero), values(tf.math.digamma(x)), rtol=1e-15)
    bad = tf.math.polygamma(tf.constant([1.5, -1.0, np.nan], tf.float64), x)
    assert np.all(np.isnan(values(bad)))


def test_erfinv_inverts_erf_across_the_range():
    # beyond |y| = 4.5, erf(y) rounds within 1e-16 of 1 and y is no longer determined
    y = np.array([-4.5, -3.0, -1.0, -0.1, 0.0, 1e-5, 0.4, 2.0, 3.5, 4.5])
    x = np.array([math.erf(v) for v in y])
    np.testing.assert_allclose(values(tf.math.erfinv(tf.constant(x))), y, rtol=1e-7, atol=1e-15)


def test_erfinv_edges_as_tensorflow():
    got = values(tf.math.erfinv(tf.constant([-1.0, 1.0, 1.5, -2.0, np.nan], tf.float64)))
    np.testing.assert_array_equal(got[:2], [-np.inf, np.inf])
    assert np.all(np.isnan(got[2:]))


def test_erfinv_of_half_has_no_kernel_as_in_tensorflow():
    with pytest.raises(tf.errors.NotFoundError, match=r"Erfinv\[T=DT_HALF\]"):
        tf.math.erfinv(tf.constant([0.5], tf.float16))


def test_bessel_i0e_matches_numpy_i0_scaled():
    x = np.array([-40.0, -12.0, -1.0, 0.0, 0.3, 2.0, 7.5, 29.9, 30.1, 100.0, 600.0])
    expected = np.where(np.abs(x) < 700, np.i0(np.minimum(np.abs(x), 700)) * np.exp(-np.abs(x)), 0)
    np.testing.assert_allclose(values(tf.math.bessel_i0e(tf.constant(x))), expected, rtol=1e-13)


def test_bessel_i1e_is_the_derivative_of_i0_scaled():
    # I0'(x) = I1(x), so i1e(x) = exp(-|x|) d/dx I0(x)
    x = np.array([-20.0, -3.0, -0.4, 0.2, 1.0, 6.0, 25.0, 29.5, 31.0, 45.0])
    h = 1e-6
    derivative = (np.i0(x + h) - np.i0(x - h)) / (2 * h) * np.exp(-np.abs(x))
    got = values(tf.math.bessel_i1e(tf.constant(x)))
    np.testing.assert_allclose(got, derivative, rtol=1e-7)


def test_bessel_scaled_large_argument_limit():
    x = 1e8
    limit = 1 / math.sqrt(2 * math.pi * x)
    assert values(tf.math.bessel_i0e(tf.constant(x, tf.float64))) == pytest.approx(limit, rel=1e-8)
    assert values(tf.math.bessel_i1e(tf.constant(-x, tf.float64))) == pytest.approx(
        -limit, rel=1e-8
    )


def uniform(low, high):
    return lambda rng, shape: rng.uniform(low, high, size=shape)


def magnitude(low, high):
    return lambda rng, shape: rng.uniform(low, high, size=shape) * rng.choice([-1, 1], size=shape)


UNARY = {
    "lgamma": (tf.math.lgamma, uniform(0.3, 6.0)),
    "lgamma (negative)": (tf.math.lgamma, uniform(-2.9, -2.1)),
    "digamma": (tf.math.digamma, uniform(0.3, 12.0)),
    "digamma (negative)": (tf.math.digamma, uniform(-1.8, -1.2)),
    "erfinv": (tf.math.erfinv, uniform(-0.9, 0.9)),
    "bessel_i0e": (tf.math.bessel_i0e, magnitude(0.2, 8.0)),
    "bessel_i1e": (tf.math.bessel_i1e, magnitude(0.2, 8.0)),
    "bessel_i1e (large)": (tf.math.bessel_i1e, uniform(28.0, 40.0)),
    "polygamma(1, x)": (lambda x: tf.math.polygamma(tf.constant(1.0, x.dtype), x), uniform(0.5, 5)),
    "polygamma(2, x)": (lambda x: tf.math.polygamma(tf.constant(2.0, x.dtype), x), uniform(0.5, 5)),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_gradients_match_finite_differences(name, shape):
    f, sample = UNARY[name]
    check_gradients(f, sample(np.random.default_rng(len(shape)), shape), order=2, rtol=1e-5)


def test_polygamma_broadcasts_its_gradient_back_to_x():
    n = np.array([[1.0], [2.0]])
    check_gradients(
        lambda x: tf.math.polygamma(tf.constant(n), x), np.array([0.7, 1.4, 3.0]), order=2
    )


def test_polygamma_order_gets_no_gradient_as_in_tensorflow():
    n, x = tf.constant([1.0, 2.0]), tf.constant([0.5, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(n)
        y = tf.math.polygamma(n, x)
    assert tape.gradient(y, n) is None


def test_bessel_i1e_gradient_at_zero_is_one_half():
    x = tf.constant([0.0, 0.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.bessel_i1e(x)
    np.testing.assert_array_equal(values(tape.gradient(y, x)), [0.5, 0.5])


def test_polyval_gradients_match_finite_differences():
    check_gradients(
        lambda c0, c1, x: tf.math.polyval([c0, c1, tf.constant(0.5, tf.float64)], x),
        np.array(1.5),
        np.array(-2.0),
        np.array([0.3, -1.2, 2.0]),
        order=2,
    )
