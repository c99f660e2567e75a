"""tf.debugging's op, CheckNumerics, and enable_check_numerics (the corpus, cases_boilerplate.py,
pins TF's messages)."""

import numpy as np
import pytest

import engine as tf
from engine import hooks
from tests.engine.finite_differences import SHAPES, check_gradients


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_check_numerics_gradient_matches_finite_differences(shape):
    sample = np.random.default_rng(len(shape)).uniform(-1, 1, shape)
    check_gradients(lambda a: tf.debugging.check_numerics(a * a, "x"), sample, order=2)


def test_check_numerics_is_recorded_as_its_op_type():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.debugging.check_numerics(x, "m")
    assert [r.op.type for r in tape._records] == ["CheckNumerics"]


def test_the_gradient_is_checked_too():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.debugging.check_numerics(x, "forward")
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"detected in gradient\. b'forward'"):
        tape.gradient(y, x, output_gradients=tf.constant([np.inf, 1.0]))


def test_enable_check_numerics_checks_backward_ops_and_is_undone():
    x = tf.constant([0.0, 1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sqrt(x)
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()  # twice: still one checker
    try:
        with pytest.raises(tf.errors.InvalidArgumentError, match='op "SqrtGrad"'):
            tape.gradient(y, x)
    finally:
        tf.debugging.disable_check_numerics()
    assert hooks.observers == []
    assert np.isnan(tf.sqrt(tf.constant(-1.0)).numpy())


def test_enable_check_numerics_lets_integer_and_safe_ops_through():
    tf.debugging.enable_check_numerics()
    try:
        tf.maximum(tf.constant([np.inf]), 0.0)  # Maximum only moves values: not checked
        tf.constant([1, 2]) // tf.constant([1, 1])
    finally:
        tf.debugging.disable_check_numerics()
