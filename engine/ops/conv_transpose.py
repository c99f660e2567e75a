"""tf.nn.conv2d_transpose and tf.nn.conv1d_transpose: TF runs both as Conv2DBackpropInput (the
gradient of Conv2D wrt its input), whose own gradient is Conv2DBackpropFilter and Conv2D."""

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .conv1d import layout
from .conv_args import get_sequence, require_string_padding
from .convolution import ConvAttrs, conv2d_backprop_input, convert_padding
from .joining import concat
from .operands import FLOATS, require, same_dtype
from .shape_ops import expand_dims, squeeze

_OP = "Conv2DBackpropInput"


def _check_format(data_format):
    if data_format != "NHWC":
        raise invalid_argument(_OP, "Conv2DCustomBackpropInputOp only supports NHWC.")


def _backprop_input(output_shape, filters, input, strides, padding, explicit, dilations):
    if min(strides) <= 0:
        raise invalid_argument(_OP, "Row and column strides should be larger than 0.")
    if min(dilations) <= 0:
        raise invalid_argument(_OP, "Dilated rates should be larger than 0.")
    if strides[0] != 1 or strides[3] != 1:
        raise invalid_argument(
            _OP,
            "Current implementation does not yet support strides in the batch and depth "
            "dimensions.",
        )
    w, dy = same_dtype(_OP, filters, input)
    require(_OP, w, FLOATS + (dtypes.int32,), "half, bfloat16, float, double, int32")
    sizes = output_shape
    if not isinstance(sizes, EagerTensor):
        sizes = convert_to_tensor(sizes, dtype=dtypes.int32)
    attrs = ConvAttrs([int(s) for s in strides], padding, explicit, [int(d) for d in dilations])
    return conv2d_backprop_input(sizes, w, dy, attrs)


def conv2d_transpose(
    input,
    filters,
    output_shape,
    strides,
    padding="SAME",
    data_format="NHWC",
    dilations=None,
    name=None,
):
    """tf.nn.conv2d_transpose: input [n, h, w, out], filters [kh, kw, in, out] -> output_shape."""
    if data_format is None:
        data_format = "NHWC"
    channel_index = 1 if data_format.startswith("NC") else 3
    strides = get_sequence(strides, 2, channel_index, "strides")
    dilations = get_sequence(dilations, 2, channel_index, "dilations")
    padding, explicit = convert_padding(_OP, padding)
    _check_format(data_format)
    return _backprop_input(output_shape, filters, input, strides, padding, explicit, dilations)


def conv1d_transpose(
    input,
    filters,
    output_shape,
    strides,
    padding="SAME",
    data_format="NWC",
    dilations=None,
    name=None,
):
    """tf.nn.conv1d_transpose: Conv2DBackpropInput over a height-1 image."""
    fmt, spatial_start_dim, channel_index = layout(data_format, (("NWC",), ("NCW",)))
    strides = [1] + get_sequence(strides, 1, channel_index, "stride")
    dilations = [1] + get_sequence(dilations, 1, channel_index, "dilations")
    require_string_padding(padding)
    padding, _ = convert_padding(_OP, padding)
    value = expand_dims(input, spatial_start_dim)
    filters = expand_dims(filters, 0)
    if not isinstance(output_shape, EagerTensor):  # a list is sliced in Python, as in TF
        output_shape = list(output_shape)
    head, tail = output_shape[:spatial_start_dim], output_shape[spatial_start_dim:]
    sizes = concat([head, [1], tail], 0)
    _check_format(fmt)
    result = _backprop_input(sizes, filters, value, strides, padding, [], dilations)
    return squeeze(result, [spatial_start_dim])
