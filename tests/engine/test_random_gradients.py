"""Gradients through random samples, against central finite differences in float64.

A stateless draw, a Generator reset to its seed and a kernel after set_seed give the same
numbers at every evaluation, so the sample is a fixed function of its parameters: mean and
stddev enter through Mul and AddV2, uniform bounds through Sub, Mul and AddV2, dropout's
input through Mul and SelectV2 (TF builds all of them from those ops)."""

import numpy as np
import pytest

import engine as tf
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
