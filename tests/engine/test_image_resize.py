"""tf.image.resize ('bilinear', 'nearest'): values against TF 2.21's half-pixel arithmetic as
printed by TF, dtype rules, gradients against finite differences, op types, and methods the
engine lacks named as missing."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(5)
IMG = RNG.normal(size=(2, 4, 5, 3))

# tf.image.resize(tf.reshape(tf.range(16.0), [4, 4, 1]), ...)[..., 0] as TF 2.21 printed it
TF_BILINEAR_3x5 = [
    [0.66666675, 1.3666668, 2.1666667, 2.9666667, 3.6666667],
    [6.0, 6.7, 7.5, 8.3, 9.0],
    [11.333334, 12.033334, 12.833334, 13.633334, 14.333334],
]
TF_NEAREST_7x3 = [
    [0, 2, 3],
    [0, 2, 3],
    [4, 6, 7],
    [8, 10, 11],
    [8, 10, 11],
    [12, 14, 15],
    [12, 14, 15],
]


def test_values_are_tensorflows():
    ramp = tf.reshape(tf.range(16.0), [4, 4, 1])
    np.testing.assert_allclose(
        tf.image.resize(ramp, [3, 5])[..., 0].numpy(), TF_BILINEAR_3x5, rtol=1e-6
    )
    np.testing.assert_array_equal(
        tf.image.resize(ramp, [7, 3], "nearest")[..., 0].numpy(), TF_NEAREST_7x3
    )


def test_dtypes_follow_tensorflow():
    ints = tf.constant(np.arange(16, dtype=np.uint8).reshape(4, 4, 1))
    assert tf.image.resize(ints, [3, 3]).dtype == tf.float32
    assert tf.image.resize(ints, [3, 3], "nearest").dtype == tf.uint8
    assert tf.image.resize(tf.constant(IMG), [3, 3]).dtype == tf.float32  # float64 in


def _linear_check(f, x, eps=1e-2):
    """Bilinear resizing is linear and computes in float32: a large-step central difference
    of sum(f(x) * r) is exact up to float32 rounding."""
    r = RNG.normal(size=f(tf.constant(x)).shape)
    with tf.GradientTape() as tape:
        xt = tf.constant(x)
        tape.watch(xt)
        loss = tf.reduce_sum(tf.cast(f(xt), tf.float64) * r)
    got = tape.gradient(loss, xt).numpy()
    expected = np.zeros_like(x)
    for k in range(x.size):
        d = np.zeros_like(x)
        d.reshape(-1)[k] = eps
        plus = np.sum(f(tf.constant(x + d)).numpy() * r)
        minus = np.sum(f(tf.constant(x - d)).numpy() * r)
        expected.reshape(-1)[k] = (plus - minus) / (2 * eps)
    np.testing.assert_allclose(got, expected, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("size", [[3, 7], [7, 3], [2, 2], [4, 5]])
def test_bilinear_gradient_matches_finite_differences(size):
    _linear_check(lambda a: tf.image.resize(a, size), IMG[:1, :, :, :2])


def test_nearest_gradient_matches_finite_differences():
    check_gradients(lambda a: tf.image.resize(a, [6, 3], "nearest") ** 2, IMG[:, :, :, :1])
    check_gradients(lambda a: tf.image.resize(a, [3, 7], "nearest") ** 2, IMG[0])


def test_bilinear_has_no_second_order_as_in_tensorflow():
    x = tf.constant(IMG)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.image.resize(x, [3, 3])
            y = y * y
        g = inner.gradient(y, x)
    assert outer.gradient(g, x) is None  # ResizeBilinearGrad is registered not differentiable


def test_recorded_op_types_are_tensorflows():
    x = tf.constant(IMG[0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.image.resize(x, [3, 3])
        tf.image.resize(tf.expand_dims(x, 0), [3, 3], "nearest")
    assert [r.op.type for r in tape._records] == [
        "ExpandDims",
        "ResizeBilinear",
        "Squeeze",
        "ExpandDims",
        "ResizeNearestNeighbor",
    ]


@pytest.mark.parametrize("method", ["bicubic", "area", "lanczos3", "gaussian"])
def test_other_methods_are_named_as_missing(method):
    with pytest.raises(
        AttributeError, match=f"engine does not implement tf.image.resize.*{method}"
    ):
        tf.image.resize(tf.constant(IMG), [3, 3], method)


def test_antialias_is_named_as_missing():
    with pytest.raises(AttributeError, match=r"engine does not implement tf\.image\.resize"):
        tf.image.resize(tf.constant(IMG), [3, 3], antialias=True)
