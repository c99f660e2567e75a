"""DepthwiseConv2dNative (NHWC) with its two backprop ops, tf.nn.depthwise_conv2d and
tf.nn.separable_conv2d: forward, gradient, saved tensors.

As in TF's nn_grad.py, the depthwise op's gradient is DepthwiseConv2dNativeBackpropInput and
...BackpropFilter, each differentiable through the other two, so second order works. A depthwise
convolution is a grouped one with one group per input channel (engine/ops/grouped_conv.py).
With dilations, TF wraps the op in SpaceToBatchND / BatchToSpaceND (space_to_batch.py).
"""

import numpy as np

from ..errors import UnimplementedError, invalid_argument
from ..tensor import convert_to_tensor
from . import grouped_conv
from .convolution import (
    ConvAttrs,
    conv2d,
    conv_geometry,
    convert_padding,
    dims_text,
    pad_input,
    scatter_windows,
    shape_tensor,
    windows,
)
from .operands import FLOATS, require, same_dtype
from .registry import ALL, define, execute
from .shape_ops import shape
from .space_to_batch import with_space_to_batch

_OP = "DepthwiseConv2dNative"
_NO_DILATION = [1, 1, 1, 1]


def _as_grouped(w):
    """[kh, kw, c, m] -> [kh, kw, 1, c * m]: output channel c * m + k, as TF orders it."""
    kh, kw, c, m = w.shape
    return w.reshape(kh, kw, 1, c * m)


DEPTHWISE = define(
    _OP,
    (
        lambda rec, dy: depthwise_backprop_input(
            shape_tensor(rec.inputs[0]), rec.inputs[1], dy, rec.attrs
        ),
        lambda rec, dy: depthwise_backprop_filter(
            rec.inputs[0], shape_tensor(rec.inputs[1]), dy, rec.attrs
        ),
    ),
    saves_inputs=ALL,
)
DEPTHWISE_BACKPROP_INPUT = define(
    _OP + "BackpropInput",
    (
        None,
        lambda rec, g: depthwise_backprop_filter(
            g, shape_tensor(rec.inputs[1]), rec.inputs[2], rec.attrs
        ),
        lambda rec, g: _depthwise(g, rec.inputs[1], rec.attrs),
    ),
    saves_inputs=(1, 2),
)
DEPTHWISE_BACKPROP_FILTER = define(
    _OP + "BackpropFilter",
    (
        lambda rec, g: depthwise_backprop_input(
            shape_tensor(rec.inputs[0]), g, rec.inputs[2], rec.attrs
        ),
        None,
        lambda rec, g: _depthwise(rec.inputs[0], g, rec.attrs),
    ),
    saves_inputs=(0, 2),
)


def _check_shapes(in_shape, filter_shape, channel_axis=3):
    if len(in_shape) != 4:
        raise invalid_argument(_OP, f"input must be 4-dimensional{dims_text(in_shape)}")
    if len(filter_shape) != 4:
        raise invalid_argument(_OP, f"filter must be 4-dimensional: {dims_text(filter_shape)}")
    if in_shape[channel_axis] != filter_shape[2]:
        raise invalid_argument(
            _OP,
            "input and filter must have the same depth: "
            f"{in_shape[channel_axis]} vs {filter_shape[2]}",
        )


def _depthwise(x, w, attrs):
    x, w = same_dtype(_OP, x, w)
    require(_OP, x, FLOATS, "half, bfloat16, float, double")
    xv, wv = x._value, w._value
    _check_shapes(xv.shape, wv.shape)
    g = conv_geometry(_OP, xv.shape, wv.shape, attrs)
    patches = windows(pad_input(xv, g), g, wv.shape[:2], attrs.strides, attrs.dilations)
    value = grouped_conv.forward(patches, _as_grouped(wv), xv.shape[3])
    return execute(DEPTHWISE, (x, w), value.astype(xv.dtype, copy=False), attrs)


def depthwise_backprop_input(input_sizes, filter, out_backprop, attrs):
    w, dy = same_dtype(_OP + "BackpropInput", filter, out_backprop)
    in_shape = tuple(int(d) for d in input_sizes._value)
    g = conv_geometry(_OP + "BackpropInput", in_shape, w._value.shape, attrs)
    per_window = grouped_conv.input_windows(dy._value, _as_grouped(w._value), in_shape[3])
    value = scatter_windows(
        per_window, in_shape, g, attrs.strides, attrs.dilations, dy._value.dtype
    )
    return execute(
        DEPTHWISE_BACKPROP_INPUT, (input_sizes, w, dy), np.ascontiguousarray(value), attrs
    )


def depthwise_backprop_filter(input, filter_sizes, out_backprop, attrs):
    x, dy = same_dtype(_OP + "BackpropFilter", input, out_backprop)
    filter_shape = tuple(int(d) for d in filter_sizes._value)
    g = conv_geometry(_OP + "BackpropFilter", x._value.shape, filter_shape, attrs)
    patches = windows(pad_input(x._value, g), g, filter_shape[:2], attrs.strides, attrs.dilations)
    value = grouped_conv.filter_gradient(patches, dy._value, x._value.shape[3])
    return execute(
        DEPTHWISE_BACKPROP_FILTER,
        (x, filter_sizes, dy),
        value.reshape(filter_shape).astype(x._value.dtype, copy=False),
        attrs,
    )


def _native_strides(strides):
    """DepthwiseConv2dNative's strides attr: a list of exactly 4, as TF's op checks it."""
    if not isinstance(strides, (list, tuple)):
        raise TypeError(
            "Expected list for 'strides' argument to 'depthwise_conv2d_native' Op, "
            f"not {strides!r}."
        )
    strides = [int(s) for s in strides]
    if len(strides) != 4:
        raise invalid_argument(_OP, "Sliding window strides field must specify 4 dimensions")
    if strides[0] != 1 or strides[3] != 1:
        raise invalid_argument(
            _OP,
            "Current implementation does not yet support strides in the batch and depth "
            "dimensions.",
        )
    if strides[1] != strides[2]:
        raise invalid_argument(
            _OP,
            "Current implementation only supports equal length strides in the row and column "
            "dimensions.",
        )
    if strides[1] <= 0:
        raise invalid_argument(_OP, f"Stride must be > 0, but got {strides[1]}")
    return strides


def _dilation_rate(dilations):
    rate = [1, 1] if dilations is None else [int(r) for r in dilations]
    if len(rate) != 2:
        raise ValueError(f"dilations should be of length 2. Received: dilations={rate}")
    if min(rate) < 1:
        shown = " ".join(map(str, rate))
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate=[{shown}]")
    return rate


def _depthwise_call(input, filter, strides, padding, data_format, dilations):
    """tf.nn.depthwise_conv2d's body: DepthwiseConv2dNative, wrapped when dilated."""
    x = convert_to_tensor(input)
    w = convert_to_tensor(filter)
    rate = _dilation_rate(dilations)
    if isinstance(padding, str) and padding not in ("SAME", "VALID"):
        raise invalid_argument(
            _OP,
            f"Value for attr 'padding' of \"{padding}\" is not in the list of allowed values: "
            '"SAME", "VALID", "EXPLICIT"',
        )
    padding, explicit = convert_padding(_OP, padding)
    native_strides = _native_strides(strides)
    if data_format not in (None, "NHWC"):
        if data_format.startswith("NC"):
            _check_shapes(x._value.shape, w._value.shape, channel_axis=1)
        raise UnimplementedError(
            None,
            _OP,
            f"Depthwise convolution on CPU is only supported for NHWC format [Op:{_OP}]",
        )

    def op(converted, op_padding):
        attrs = ConvAttrs(
            native_strides, op_padding, explicit if op_padding == "EXPLICIT" else [], _NO_DILATION
        )
        return _depthwise(converted, w, attrs)

    filter_shape = shape(w)  # TF's with_space_to_batch(filter_shape=array_ops.shape(filter))
    return with_space_to_batch(
        x, [int(d) for d in filter_shape._value[:2]], rate, padding, explicit, op
    )


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None):
    """tf.nn.depthwise_conv2d (NHWC): filter [kh, kw, in, multiplier] -> in * multiplier."""
    return _depthwise_call(input, filter, strides, padding, data_format, dilations)


def separable_conv2d(
    input,
    depthwise_filter,
    pointwise_filter,
    strides,
    padding,
    data_format=None,
    dilations=None,
    name=None,
):
    """tf.nn.separable_conv2d: a depthwise convolution, then a 1x1 Conv2D ('VALID')."""
    pointwise = convert_to_tensor(pointwise_filter)
    shape = pointwise._value.shape
    if len(shape) != 4:
        raise ValueError(f"Shape must be rank 4 but is rank {len(shape)}")
    for d in shape[:2]:
        if d != 1:
            raise ValueError(f"Dimensions {d} and 1 are not compatible")
    depthwise = _depthwise_call(input, depthwise_filter, strides, padding, data_format, dilations)
    return conv2d(depthwise, pointwise, [1, 1, 1, 1], "VALID", data_format=data_format)


def _public_attrs(strides, padding, data_format, dilations):
    if data_format not in (None, "NHWC"):
        raise UnimplementedError(
            None, _OP, f"Depthwise convolution on CPU is only supported for NHWC format [Op:{_OP}]"
        )
    padding, explicit = convert_padding(_OP, padding)
    dilations = [1, 1, 1, 1] if dilations is None else [int(d) for d in dilations]
    return ConvAttrs(_native_strides(strides), padding, explicit, dilations)


def depthwise_conv2d_backprop_input(
    input_sizes,
    filter,
    out_backprop,
    strides,
    padding,
    data_format="NHWC",
    dilations=None,
    name=None,
):
    """tf.nn.depthwise_conv2d_backprop_input: DepthwiseConv2dNative's gradient wrt its input."""
    attrs = _public_attrs(strides, padding, data_format, dilations)
    sizes = convert_to_tensor(np.asarray(input_sizes, dtype=np.int32))
    return depthwise_backprop_input(sizes, filter, out_backprop, attrs)


def depthwise_conv2d_backprop_filter(
    input,
    filter_sizes,
    out_backprop,
    strides,
    padding,
    data_format="NHWC",
    dilations=None,
    name=None,
):
    """tf.nn.depthwise_conv2d_backprop_filter: DepthwiseConv2dNative's gradient wrt its filter."""
    attrs = _public_attrs(strides, padding, data_format, dilations)
    sizes = convert_to_tensor(np.asarray(filter_sizes, dtype=np.int32))
    return depthwise_backprop_filter(input, sizes, out_backprop, attrs)
