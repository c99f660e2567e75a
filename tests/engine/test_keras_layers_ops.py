"""The ops each Keras layer runs, in order, recorded under the layer's name scope: the sequence
TF 2.21's Keras 3 runs for the same call (recorded from TF with its op callbacks, variable reads
and assigns left out as the engine records those as variable events, not ops).

Not listed, and why: UpSampling2D(nearest) and RepeatVector run tf.repeat, whose engine op
sequence is the array ops' own (TF's repeat adds Cast/Pack/StridedSlice/ConcatV2 bookkeeping);
a grouped Conv2D runs an XLA-compiled function in TF; Dropout(training=True) draws with TF's
stateless Philox ops, which the engine does not have yet."""

import numpy as np
import pytest

import engine as tf
from engine import hooks, name_scopes

L = tf.keras.layers
X4 = np.arange(2 * 5 * 5 * 3, dtype=np.float32).reshape(2, 5, 5, 3) / 50
X3 = np.arange(2 * 6 * 3, dtype=np.float32).reshape(2, 6, 3)
CONV_BIAS = ["Reshape", "Squeeze", "BiasAdd"]
MOMENTS = ["Mean", "StopGradient", "SquaredDifference", "Mean"]

TF_OPS = [
    (lambda: L.Conv2D(4, 3), X4, {}, ["Conv2D", *CONV_BIAS]),
    (
        lambda: L.Conv2D(4, 3, dilation_rate=2, padding="same"),
        X4,
        {},
        ["SpaceToBatchND", "Conv2D", "BatchToSpaceND", *CONV_BIAS],
    ),
    (
        lambda: L.Conv2DTranspose(4, 3, strides=2),
        X4,
        {},
        ["Shape", "Conv2DBackpropInput", *CONV_BIAS],
    ),
    (lambda: L.DepthwiseConv2D(3), X4, {}, ["Shape", "DepthwiseConv2dNative", *CONV_BIAS]),
    (
        lambda: L.SeparableConv2D(4, 3),
        X4,
        {},
        ["Shape", "DepthwiseConv2dNative", "Conv2D", *CONV_BIAS],
    ),
    (lambda: L.Conv1D(4, 3), X3, {}, ["ExpandDims", "ExpandDims", "Conv2D", "Squeeze", *CONV_BIAS]),
    (
        lambda: L.Conv1D(4, 3, padding="causal"),
        X3,
        {},
        ["Pad", "ExpandDims", "ExpandDims", "Conv2D", "Squeeze", *CONV_BIAS],
    ),
    (
        lambda: L.SeparableConv2D(3, 2, strides=2, dilation_rate=2),
        X4,
        {},
        ["Shape", "SpaceToBatchND", "DepthwiseConv2dNative", "BatchToSpaceND", "StridedSlice"]
        + ["Conv2D", *CONV_BIAS],
    ),
    (
        lambda: L.GlobalAveragePooling1D(),
        X3,
        {"mask": np.array([[True] * 6, [True, False] * 3])},
        ["ExpandDims", "SelectV2", "Cast", "Sum", "Sum", "RealDiv"],
    ),
    (lambda: L.MaxPooling2D(), X4, {}, ["MaxPool"]),
    (lambda: L.AveragePooling2D(2), X4, {}, ["AvgPool"]),
    (lambda: L.MaxPooling1D(), X3, {}, ["ExpandDims", "MaxPool", "Squeeze"]),
    (lambda: L.AveragePooling1D(2), X3, {}, ["ExpandDims", "AvgPool", "Squeeze"]),
    (lambda: L.GlobalAveragePooling2D(), X4, {}, ["Mean"]),
    (lambda: L.GlobalMaxPooling2D(keepdims=True), X4, {}, ["Greater", "Range", "All", "Max"]),
    (lambda: L.UpSampling2D(interpolation="bilinear"), X4, {}, ["Shape", "ResizeBilinear"]),
    (lambda: L.ZeroPadding2D(), X4, {}, ["Pad"]),
    (lambda: L.Cropping2D(1), X4, {}, ["StridedSlice"]),
    (
        lambda: L.BatchNormalization(),
        X4,
        {},
        ["AddV2", "Rsqrt", "Mul", "Mul", "Mul", "Sub", "AddV2"],
    ),
    (
        lambda: L.BatchNormalization(),
        X4,
        {"training": True},
        [*MOMENTS, "Squeeze", "Squeeze", "Mul", "Mul", "AddV2", "Mul", "Mul", "AddV2"]
        + ["AddV2", "Rsqrt", "Mul", "Mul", "Mul", "Sub", "AddV2"],
    ),
    (
        lambda: L.LayerNormalization(),
        X4,
        {},
        [*MOMENTS, "Reshape", "Reshape", "AddV2", "Rsqrt", "Mul", "Neg", "Mul", "AddV2", "Mul"]
        + ["AddV2"],
    ),
    (
        lambda: L.GroupNormalization(3),
        X4,
        {},
        ["Shape", "Reshape", *MOMENTS, "AddV2", "Rsqrt", "Reshape", "Mul", "Neg", "Mul"]
        + ["Reshape", "AddV2", "Mul", "AddV2", "Shape", "Reshape"],
    ),
    (lambda: L.ReLU(), X4, {}, ["Relu"]),
    (
        lambda: L.ReLU(max_value=1.0, negative_slope=0.1, threshold=0.2),
        X4,
        {},
        ["Neg", "AddV2", "Relu", "Greater", "SelectV2", "Minimum", "Maximum", "Mul", "Sub"],
    ),
    (lambda: L.LeakyReLU(), X4, {}, ["LeakyRelu"]),
    (lambda: L.ELU(), X4, {}, ["Elu"]),
    (lambda: L.PReLU(), X4, {}, ["Relu", "Neg", "Neg", "Relu", "Mul", "AddV2"]),
    (lambda: L.Softmax(), X4, {}, ["Softmax"]),
    (lambda: L.Rescaling(0.5, 0.1), X4, {}, ["Shape", "Mul", "AddV2"]),
    (lambda: L.Activation("relu"), X4, {}, ["Relu"]),
    (lambda: L.Dropout(0.5), X4, {}, []),
    (lambda: L.Reshape((25, 3)), X4, {}, ["Shape", "Reshape"]),
    (lambda: L.Permute((3, 1, 2)), X4, {}, ["Transpose"]),
    (lambda: L.Flatten(), X4, {}, ["Shape", "Reshape"]),
]

X2 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
TF_MERGE_OPS = [
    (L.Add, ["AddV2"]),
    (L.Subtract, ["Sub"]),
    (L.Multiply, ["Mul"]),
    (L.Average, ["AddV2", "RealDiv"]),
    (L.Maximum, ["Maximum"]),
    (L.Minimum, ["Minimum"]),
    (L.Concatenate, ["ConcatV2"]),
    (lambda: L.Dot(axes=1), ["ExpandDims", "ExpandDims", "BatchMatMulV2", "Shape", "Squeeze"]),
    (
        lambda: L.Dot(axes=1, normalize=True),
        ["Square", "Sum", "Rsqrt", "Minimum", "Mul"] * 2
        + ["ExpandDims", "ExpandDims", "BatchMatMulV2", "Shape", "Squeeze"],
    ),
]


class ScopedOps(hooks.Observer):
    def __init__(self):
        self.ops = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.ops.append((op_type, name_scopes.current()))


def ops_of(call):
    recorder = ScopedOps()
    hooks.observers.append(recorder)
    try:
        call()
    finally:
        hooks.observers.remove(recorder)
    return recorder.ops


@pytest.fixture(autouse=True)
def fresh_keras_names():
    tf.keras.backend.clear_session()


@pytest.mark.parametrize("make, x, kwargs, expected", TF_OPS)
def test_layer_runs_tfs_ops_under_its_name_scope(make, x, kwargs, expected):
    layer = make()
    x = tf.constant(x)
    layer.build(x.shape)
    ops = ops_of(lambda: layer(x, **kwargs))
    assert [op for op, _ in ops] == expected
    assert {scope for _, scope in ops} <= {layer.name}


@pytest.mark.parametrize("make, expected", TF_MERGE_OPS)
def test_merge_layer_runs_tfs_ops_under_its_name_scope(make, expected):
    layer = make()
    a, b = tf.constant(X2), tf.constant(2 * X2)
    ops = ops_of(lambda: layer([a, b]))
    assert [op for op, _ in ops] == expected
    assert {scope for _, scope in ops} == {layer.name}


def test_a_model_groups_each_layers_ops_under_the_layers_scope():
    model = tf.keras.Sequential([L.Conv2D(2, 3), L.BatchNormalization(), L.ReLU()])
    x = tf.constant(X4)
    model(x)
    ops = ops_of(lambda: model(x, training=True))
    scopes = [scope for _, scope in ops]
    assert scopes[0] == "sequential/conv2d" and scopes[-1] == "sequential/re_lu"
    assert [op for op, scope in ops if scope == "sequential/batch_normalization"][:4] == MOMENTS
