"""The core's first behaviours: a product rule through Sin and Mul, checked by finite differences."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import SHAPES, check_gradients


@pytest.mark.parametrize("shape", SHAPES)
def test_sin_times_x_matches_finite_differences_first_and_second_order(shape):
    x = np.random.default_rng(1).normal(size=shape)
    check_gradients(lambda t: tf.sin(t) * t, x, order=2)


def test_broadcasting_is_undone_for_both_operands():
    rng = np.random.default_rng(2)
    check_gradients(
        lambda a, b: a * b + a, rng.normal(size=(2, 1, 3)), rng.normal(size=(4, 1)), order=2
    )
