"""conv1d, conv2d_transpose and conv1d_transpose: values against direct NumPy references,
gradients against finite differences (first and second order, float64), the op types TF
records (ExpandDims / Conv2D / Squeeze; Conv2DBackpropInput for the transposes)."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(3)


def transpose_reference(x, w, out_shape, stride, pads_before=(0, 0), dilation=1):
    """Scatter each input pixel's contribution (the adjoint of the forward conv)."""
    n, oh, ow, out = out_shape
    kh, kw = w.shape[:2]
    big = np.zeros((n, oh + 2 * (kh * dilation), ow + 2 * (kw * dilation), out))
    off_h, off_w = kh * dilation - pads_before[0], kw * dilation - pads_before[1]
    for i in range(x.shape[1]):
        for j in range(x.shape[2]):
            for a in range(kh):
                for b in range(kw):
                    r = off_h + i * stride + a * dilation
                    s = off_w + j * stride + b * dilation
                    big[:, r, s, :] += x[:, i, j, :] @ w[a, b].T
    return big[:, kh * dilation : kh * dilation + oh, kw * dilation : kw * dilation + ow, :]


@pytest.mark.parametrize(
    "out_hw,stride,padding,pads,dilation",
    [
        ((6, 6), 2, "SAME", (0, 0), 1),  # SAME, stride 2: total pad 1 -> none before
        ((5, 5), 2, "SAME", (1, 1), 1),
        ((7, 7), 2, "VALID", (0, 0), 1),
        ((3, 3), 1, "SAME", (1, 1), 1),
        ((3, 3), 1, "SAME", (2, 2), 2),  # dilated: TF's oneDNN build computes this
    ],
)
def test_conv2d_transpose_values_match_the_scatter_reference(
    out_hw, stride, padding, pads, dilation
):
    x = RNG.normal(size=(2, 3, 3, 4))
    w = RNG.normal(size=(3, 3, 2, 4))
    out_shape = (2, *out_hw, 2)
    y = tf.nn.conv2d_transpose(
        tf.constant(x), tf.constant(w), out_shape, stride, padding, dilations=dilation
    )
    expected = transpose_reference(x, w, out_shape, stride, pads, dilation)
    np.testing.assert_allclose(y.numpy(), expected, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize(
    "f",
    [
        lambda a, b: tf.nn.conv2d_transpose(a, b, [1, 5, 5, 2], 2, "SAME"),
        lambda a, b: tf.nn.conv2d_transpose(a, b, [1, 8, 8, 2], 2, "VALID"),
        lambda a, b: tf.nn.conv2d_transpose(a, b, [1, 3, 3, 2], 1, "SAME", dilations=2),
    ],
    ids=["same_s2", "valid_s2_extra_row", "dilated"],
)
def test_conv2d_transpose_gradients_match_finite_differences(f):
    x = RNG.normal(size=(1, 3, 3, 4))
    w = RNG.normal(size=(3, 3, 2, 4))
    check_gradients(lambda a, b: f(a, b) ** 2, x, w, order=2)


def test_conv1d_and_its_transpose_gradients_match_finite_differences():
    x = RNG.normal(size=(2, 7, 3))
    w = RNG.normal(size=(3, 3, 2))
    check_gradients(lambda a, b: tf.nn.conv1d(a, b, 2, "SAME", dilations=1) ** 2, x, w, order=2)
    check_gradients(lambda a, b: tf.nn.conv1d(a, b, 1, "VALID", dilations=2) ** 2, x, w)
    wt = RNG.normal(size=(3, 2, 3))
    check_gradients(
        lambda a, b: tf.nn.conv1d_transpose(a, b, [2, 14, 2], 2, "SAME") ** 2, x, wt, order=2
    )


def test_conv1d_values_match_numpy_correlation():
    x = RNG.normal(size=(1, 9, 1))
    w = RNG.normal(size=(4, 1, 1))
    y = tf.nn.conv1d(tf.constant(x), tf.constant(w), 1, "VALID")
    np.testing.assert_allclose(y.numpy()[0, :, 0], np.correlate(x[0, :, 0], w[:, 0, 0], "valid"))


def test_recorded_op_types_are_tensorflows():
    x = tf.constant(RNG.normal(size=(2, 7, 3)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.nn.conv1d(x, tf.constant(RNG.normal(size=(3, 3, 2))), 1, "SAME")
        tf.nn.conv1d_transpose(x, tf.constant(RNG.normal(size=(3, 2, 3))), [2, 7, 2], 1)
        tf.nn.conv2d_transpose(
            tf.expand_dims(x, 0), tf.ones([1, 1, 2, 3], tf.float64), [1, 2, 7, 2], 1, "SAME"
        )
    assert [r.op.type for r in tape._records] == [
        "ExpandDims",
        "Conv2D",
        "Squeeze",
        "ExpandDims",
        "Conv2DBackpropInput",
        "Squeeze",
        "ExpandDims",
        "Conv2DBackpropInput",
    ]


def test_a_wrong_output_shape_is_tensorflows_error():
    with pytest.raises(InvalidArgumentError, match="actual = 3, computed = 5"):
        tf.nn.conv2d_transpose(tf.ones([1, 3, 3, 4]), tf.ones([3, 3, 2, 4]), [1, 9, 9, 2], 2)
