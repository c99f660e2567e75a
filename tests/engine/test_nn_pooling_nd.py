"""max_pool1d / avg_pool1d and the generic max_pool / avg_pool / pool: values against NumPy,
gradients against finite differences (float64; second order for the average), op types."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(11)
X1 = RNG.permutation(2 * 7 * 3).reshape(2, 7, 3).astype(np.float64)  # distinct: one maximum
X2 = RNG.permutation(1 * 5 * 6 * 2).reshape(1, 5, 6, 2).astype(np.float64)


def test_pool1d_values_match_numpy_windows():
    windows = np.lib.stride_tricks.sliding_window_view(X1, 3, axis=1)[:, ::2]  # VALID, stride 2
    np.testing.assert_array_equal(tf.nn.max_pool1d(X1, 3, 2, "VALID").numpy(), windows.max(axis=-1))
    np.testing.assert_allclose(tf.nn.avg_pool1d(X1, 3, 2, "VALID").numpy(), windows.mean(-1))
    # SAME over 7 with window 2, stride 2: the last window holds one element (no padding counted)
    same = tf.nn.avg_pool1d(X1, 2, 2, "SAME").numpy()
    np.testing.assert_allclose(same[:, -1], X1[:, -1])


@pytest.mark.parametrize(
    "f",
    [
        lambda a: tf.nn.max_pool1d(a, 3, 2, "SAME"),
        lambda a: tf.nn.max_pool1d(a, 2, 2, [[0, 0], [1, 0], [0, 0]]),
        lambda a: tf.nn.max_pool(a, [2], [1], "VALID"),
        lambda a: tf.nn.pool(a, [2], "MAX", padding="VALID", dilations=[3]),
    ],
    ids=["max_same", "max_explicit", "generic", "dilated"],
)
def test_max_pool_1d_gradients_match_finite_differences(f):
    check_gradients(lambda a: f(a) ** 2, X1, order=2)


@pytest.mark.parametrize(
    "f,x",
    [
        (lambda a: tf.nn.avg_pool1d(a, 3, 2, "SAME"), X1),
        (lambda a: tf.nn.avg_pool(a, [2, 3], [1, 2], "SAME"), X2),
        (lambda a: tf.nn.pool(a, [2, 2], "AVG", padding="VALID", dilations=[2, 2]), X2),
        (lambda a: tf.nn.pool(a, [2, 2], "MAX", strides=[2, 1], padding="SAME"), X2),
    ],
    ids=["avg1d", "avg2d", "avg_dilated", "max2d"],
)
def test_pool_gradients_match_finite_differences(f, x):
    check_gradients(lambda a: f(a) ** 2, x, order=2)


def test_dilated_pool_values_match_subsampled_pools():
    got = tf.nn.pool(X2, [2, 2], "MAX", padding="VALID", dilations=[2, 2]).numpy()
    win = np.lib.stride_tricks.sliding_window_view(X2, (3, 3), axis=(1, 2))[..., ::2, ::2]
    np.testing.assert_array_equal(got, win.max(axis=(-2, -1)))


def test_recorded_op_types_are_tensorflows():
    x = tf.constant(X1)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.nn.max_pool1d(x, 2, 2, "SAME")
        tf.nn.avg_pool(x, 2, 1, "VALID")
        tf.nn.pool(x, [2], "MAX", padding="VALID", dilations=[2])
    assert [r.op.type for r in tape._records] == [
        "ExpandDims",
        "MaxPool",
        "Squeeze",
        "ExpandDims",
        "AvgPool",
        "Squeeze",
        "SpaceToBatchND",
        "ExpandDims",
        "MaxPool",
        "Squeeze",
        "BatchToSpaceND",
    ]


def test_5d_pooling_is_named_as_missing():
    with pytest.raises(AttributeError, match=r"engine does not implement tf\.nn\.max_pool3d"):
        tf.nn.max_pool(tf.ones([1, 2, 2, 2, 1]), 2, 2, "VALID")
