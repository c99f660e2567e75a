"""Nested tapes: an outer tape records the inner tape's gradient computation (higher order).

Expected values are what TensorFlow 2.21 prints for the same code.
"""

import warnings

import numpy as np
import pytest

import engine as tf


def test_second_derivative_from_two_tapes():
    x = tf.constant(1.5)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.sin(x) * x
        dy = inner.gradient(y, x)
    d2 = outer.gradient(dy, x)
    np.testing.assert_allclose(float(dy), 1.1036007, rtol=1e-6)
    np.testing.assert_allclose(float(d2), -1.3547682, rtol=1e-6)


def test_third_derivative_from_three_tapes():
    x = tf.constant(1.5)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x * x * x * x
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    d3 = t3.gradient(d2, x)
    assert (float(d1), float(d2), float(d3)) == (13.5, 27.0, 36.0)


def test_an_outer_tape_that_watches_nothing_records_nothing():
    x = tf.constant(1.5)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x
        g = inner.gradient(y, x)
    assert outer.gradient(g, x) is None


def test_a_persistent_tape_differentiates_its_own_gradient_and_warns():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x * x
        with pytest.warns(
            UserWarning,
            match="Calling GradientTape.gradient on a persistent tape "
            "inside its context is significantly less efficient",
        ):
            g = tape.gradient(y, x)
    assert float(g) == 12.0
    assert float(tape.gradient(g, x)) == 12.0


def test_second_order_through_variables_and_broadcasting():
    w = tf.Variable([[1.0, -2.0], [0.5, 3.0]])
    x = tf.constant([0.3, -0.7])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.tanh(w * x) * w)
        g = inner.gradient(y, w)
        s = tf.reduce_sum(g * g)
    h = outer.gradient(s, w)
    # d/dw of sum(g^2), g = tanh(wx) + w x (1 - tanh(wx)^2), by finite differences in float64
    w64, x64 = np.array([[1.0, -2.0], [0.5, 3.0]]), np.array([0.3, -0.7])

    def s_of(wv):
        t = np.tanh(wv * x64)
        return np.sum((t + wv * x64 * (1 - t * t)) ** 2)

    expected = np.zeros_like(w64)
    for i in np.ndindex(w64.shape):
        step = np.zeros_like(w64)
        step[i] = 1e-6
        expected[i] = (s_of(w64 + step) - s_of(w64 - step)) / 2e-6
    np.testing.assert_allclose(np.asarray(h), expected, rtol=1e-4, atol=1e-5)


def test_gradient_of_a_gradient_with_respect_to_another_input():
    x, y = tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(y)
        with tf.GradientTape() as inner:
            inner.watch(x)
            z = x * x * y
        dz_dx = inner.gradient(z, x)
    assert float(dz_dx) == 12.0
    assert float(outer.gradient(dz_dx, y)) == 4.0


def test_hessian_as_jacobian_of_a_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(x * x * x) + x[0] * x[1]
        g = inner.gradient(y, x)
    hessian = outer.jacobian(g, x)
    np.testing.assert_array_equal(hessian, [[6.0, 1.0], [1.0, 12.0]])


def test_gradient_of_a_jacobian():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
        j = inner.jacobian(y, x)  # diag(3x^2)
    np.testing.assert_array_equal(outer.gradient(j, x), [6.0, 12.0])


def test_higher_order_through_accumulation_of_a_reused_tensor():
    x = tf.constant(0.7)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.exp(x) * x + tf.exp(x)
        g = inner.gradient(y, x)  # exp(x)(x + 2)
    np.testing.assert_allclose(float(outer.gradient(g, x)), np.exp(0.7) * 3.7, rtol=1e-6)


def test_no_warning_when_a_persistent_tape_is_used_outside_its_context():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float(tape.gradient(y, x)) == 4.0
