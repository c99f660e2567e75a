"""tf.nn.silu / tf.nn.swish (TF's custom gradient, with beta's) and tf.nn.gelu's tanh form:
values against NumPy formulas and gradients against central finite differences."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

X = np.array([-6.0, -2.0, -0.5, 0.0, 0.3, 1.5, 4.0])


@pytest.mark.parametrize("beta", [1.0, 0.5, 2.5])
def test_swish_is_x_times_sigmoid_of_beta_x(beta):
    got = tf.nn.swish(tf.constant(X), beta=beta).numpy()
    np.testing.assert_allclose(got, X / (1 + np.exp(-beta * X)), rtol=1e-14)


def test_silu_is_swish():
    assert tf.nn.silu is tf.nn.swish


def test_gelu_tanh_form_matches_the_formula():
    got = tf.nn.gelu(tf.constant(X), approximate=True).numpy()
    coeff = float(np.float32(0.044715))  # TF casts a float32 constant to x's dtype
    expected = 0.5 * X * (1 + np.tanh(0.7978845608028654 * (X + coeff * X**3)))
    np.testing.assert_allclose(got, expected, rtol=1e-14)


@pytest.mark.parametrize("beta", [1.0, 0.5, 2.5])
def test_swish_gradients_match_finite_differences(beta):
    check_gradients(lambda x: tf.nn.swish(x, beta=beta), X, order=2)


def test_swish_beta_gradient_matches_finite_differences():
    check_gradients(lambda beta: tf.nn.swish(tf.constant(X), beta), np.array(1.5))


def test_gelu_tanh_form_gradients_match_finite_differences():
    check_gradients(lambda x: tf.nn.gelu(x, approximate=True), X, order=2)
