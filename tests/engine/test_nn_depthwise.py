"""Depthwise, separable and grouped convolutions: values against a direct NumPy sum over the
window, gradients against finite differences (first and second order, float64), the op types
TF records (SpaceToBatchND / BatchToSpaceND around a dilated depthwise op), saved tensors."""

import numpy as np
import pytest

import engine as tf
from engine import hooks
from engine.errors import InvalidArgumentError, UnimplementedError
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(7)
X = RNG.normal(size=(2, 5, 4, 3))
W = RNG.normal(size=(3, 2, 3, 2))  # multiplier 2


def direct_conv(x, w, stride, padding, dilation=1, groups=1):
    """sum over the window, one output pixel at a time: the slow reference."""
    n, h, wd, _ = x.shape
    kh, kw, cg, out = w.shape
    eff_h, eff_w = (kh - 1) * dilation + 1, (kw - 1) * dilation + 1
    if padding == "SAME":
        oh, ow = -(-h // stride), -(-wd // stride)
        ph = max(0, (oh - 1) * stride + eff_h - h)
        pw = max(0, (ow - 1) * stride + eff_w - wd)
        x = np.pad(x, ((0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2), (0, 0)))
    else:
        oh, ow = (h - eff_h) // stride + 1, (wd - eff_w) // stride + 1
    og = out // groups
    y = np.zeros((n, oh, ow, out))
    for i in range(oh):
        for j in range(ow):
            window = x[
                :,
                i * stride : i * stride + eff_h : dilation,
                j * stride : j * stride + eff_w : dilation,
            ]
            for o in range(out):
                g = o // og
                y[:, i, j, o] = np.sum(
                    window[..., g * cg : (g + 1) * cg] * w[..., o], axis=(1, 2, 3)
                )
    return y


def depthwise_reference(x, w, stride, padding, dilation=1):
    kh, kw, c, m = w.shape
    return direct_conv(x, w.reshape(kh, kw, 1, c * m), stride, padding, dilation, groups=c)


@pytest.mark.parametrize(
    "stride,padding,dilation",
    [(1, "SAME", 1), (2, "SAME", 1), (2, "VALID", 1), (1, "SAME", 2), (1, "VALID", 2)],
)
def test_depthwise_values_match_the_direct_sum(stride, padding, dilation):
    y = tf.nn.depthwise_conv2d(
        tf.constant(X),
        tf.constant(W),
        [1, stride, stride, 1],
        padding,
        dilations=[dilation, dilation],
    )
    np.testing.assert_allclose(
        y.numpy(), depthwise_reference(X, W, stride, padding, dilation), rtol=1e-10, atol=1e-12
    )


@pytest.mark.parametrize(
    "groups,stride,padding,dilation", [(3, 1, "SAME", 1), (3, 2, "VALID", 1), (3, 1, "SAME", 2)]
)
def test_grouped_conv2d_values_match_the_direct_sum(groups, stride, padding, dilation):
    w = RNG.normal(size=(2, 3, 3 // groups, 6))
    y = tf.nn.conv2d(tf.constant(X), tf.constant(w), stride, padding, dilations=dilation)
    np.testing.assert_allclose(
        y.numpy(), direct_conv(X, w, stride, padding, dilation, groups), rtol=1e-10, atol=1e-12
    )


@pytest.mark.parametrize(
    "f",
    [
        lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME"),
        lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 2, 2, 1], "VALID"),
        lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 2, 2, 1], [[0, 0], [1, 0], [0, 2], [0, 0]]),
        lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME", dilations=[2, 1]),
    ],
    ids=["same", "valid_s2", "explicit_s2", "dilated"],
)
def test_depthwise_gradients_match_finite_differences(f):
    check_gradients(lambda a, b: f(a, b) ** 2, X[:1], W, order=2)


def test_grouped_conv2d_gradients_match_finite_differences():
    w = RNG.normal(size=(2, 2, 1, 6))
    check_gradients(lambda a, b: tf.nn.conv2d(a, b, 2, "SAME") ** 2, X[:1], w, order=2)


def test_separable_gradients_match_finite_differences():
    p = RNG.normal(size=(1, 1, 6, 2))
    check_gradients(
        lambda a, b, c: (
            tf.nn.separable_conv2d(a, b, c, [1, 1, 1, 1], "SAME", dilations=[2, 2]) ** 2
        ),
        X[:1],
        W,
        p,
    )


class OpTypes(hooks.Observer):
    """The op types the engine runs, as TF's op callbacks list them for the same call."""

    def __init__(self):
        self.types = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.types.append(op_type)

    def __enter__(self):
        hooks.observers.append(self)
        return self

    def __exit__(self, *exc):
        hooks.observers.remove(self)


def test_dilated_depthwise_runs_tensorflows_ops_and_backprop_ops():
    x, w = tf.constant(X), tf.constant(W)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([x, w])
        with tf.GradientTape() as inner:
            inner.watch([x, w])
            with OpTypes() as ran:
                y = tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[2, 2])
        inner.gradient(y, [x, w])
    # TF 2.21's op callbacks list the same: the filter's Shape, then the dilated op
    assert ran.types == ["Shape", "SpaceToBatchND", "DepthwiseConv2dNative", "BatchToSpaceND"]
    outer_types = {r.op.type for r in outer._records}
    assert {"DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropFilter"} <= (
        outer_types
    )
    depthwise = next(r for r in outer._records if r.op.type == "DepthwiseConv2dNative")
    assert depthwise.inputs[1] is w and depthwise.outputs is None


def test_separable_is_depthwise_then_a_pointwise_conv2d():
    with OpTypes() as ran:
        tf.nn.separable_conv2d(
            tf.constant(X), tf.constant(W), tf.ones([1, 1, 6, 4], tf.float64), [1, 1, 1, 1], "SAME"
        )
    assert ran.types[-3:] == ["Shape", "DepthwiseConv2dNative", "Conv2D"]


def test_space_to_batch_round_trips_and_differentiates():
    from engine.ops.space_to_batch import batch_to_space_nd, space_to_batch_nd

    def f(a):
        return batch_to_space_nd(
            space_to_batch_nd(a, [2, 3], [[1, 2], [0, 2]]) * 2.0, [2, 3], [[1, 2], [0, 2]]
        )

    x = X[:1, :, :4]
    np.testing.assert_allclose(f(tf.constant(x)).numpy(), 2 * x)
    check_gradients(lambda a: f(a) ** 2, x)


def test_tensorflows_cpu_errors():
    with pytest.raises(UnimplementedError, match="only supported for NHWC format"):
        tf.nn.depthwise_conv2d(
            tf.ones([1, 3, 5, 5]), tf.ones([2, 2, 3, 1]), [1, 1, 1, 1], "SAME", data_format="NCHW"
        )
    with pytest.raises(InvalidArgumentError, match="must have the same depth: 3 vs 2"):
        tf.nn.depthwise_conv2d(tf.ones([1, 5, 5, 3]), tf.ones([2, 2, 2, 1]), [1, 1, 1, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match="output depth must be evenly divisible"):
        tf.nn.conv2d(tf.ones([1, 5, 5, 4]), tf.ones([3, 3, 2, 5]), 1, "SAME")
