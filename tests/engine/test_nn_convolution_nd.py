"""tf.nn.convolution and tf.nn.conv_transpose (the rank-generic forms Keras 3 calls): a dilated
convolution is SpaceToBatchND, an undilated Conv2D and BatchToSpaceND, equal to Conv2D's own
dilations, with gradients matching finite differences (first and second order, float64)."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(13)
X = RNG.normal(size=(1, 6, 5, 2))
W = RNG.normal(size=(2, 3, 2, 3))


@pytest.mark.parametrize("padding", ["SAME", "VALID", [[0, 0], [1, 2], [0, 1], [0, 0]]])
def test_dilated_convolution_equals_conv2d_with_dilations(padding):
    got = tf.nn.convolution(X, W, padding=padding, dilations=[2, 2])
    expected = tf.nn.conv2d(X, W, 1, padding, dilations=2)
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-12, atol=1e-12)


def test_dilated_convolution_records_space_to_batch_around_conv2d():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.nn.convolution(x, W, padding="SAME", dilations=2)
        tf.nn.convolution(x[0], W[0], padding="SAME", dilations=2)
    assert [r.op.type for r in tape._records] == [
        "SpaceToBatchND",
        "Conv2D",
        "BatchToSpaceND",
        "StridedSlice",
        "SpaceToBatchND",
        "ExpandDims",
        "Conv2D",
        "Squeeze",
        "BatchToSpaceND",
    ]


@pytest.mark.parametrize(
    "f",
    [
        lambda a, b: tf.nn.convolution(a, b, padding="SAME", dilations=[2, 1]),
        lambda a, b: tf.nn.convolution(a, b, strides=2, padding="VALID"),
        lambda a, b: tf.nn.convolution(a[0], b[0], padding="SAME", dilations=3),
    ],
    ids=["dilated_2d", "strided_2d", "dilated_1d"],
)
def test_convolution_gradients_match_finite_differences(f):
    check_gradients(lambda a, b: f(a, b) ** 2, X, W, order=2)


def test_conv_transpose_dispatches_on_output_rank():
    x1 = RNG.normal(size=(2, 4, 3))
    w1 = RNG.normal(size=(3, 2, 3))
    np.testing.assert_allclose(
        tf.nn.conv_transpose(x1, w1, [2, 8, 2], 2).numpy(),
        tf.nn.conv1d_transpose(x1, w1, [2, 8, 2], 2).numpy(),
    )
    with pytest.raises(AttributeError, match=r"engine does not implement tf\.nn\.conv3d_transpose"):
        tf.nn.conv_transpose(x1, w1, [1, 2, 2, 2, 1], 2)
