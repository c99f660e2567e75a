"""tf.nn.conv1d: TF builds it from Conv2D, with ExpandDims on the way in and Squeeze on the way
out, so its gradient is Conv2D's."""

from .conv_args import get_sequence, require_string_padding
from .convolution import conv2d
from .shape_ops import expand_dims, squeeze


def layout(data_format, names):
    """(2-D data format, spatial start dim, channel index) for 'NWC' / 'NCW'."""
    if data_format is None or data_format in names[0]:
        return "NHWC", 1, 2
    if data_format in names[1]:
        return "NCHW", 2, 1
    raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):
    """tf.nn.conv1d: input [batch, width, in], filters [k, in, out]."""
    fmt, _, channel_index = layout(data_format, (("NWC", "NHWC"), ("NCW", "NCHW")))
    spatial_start_dim = -3 if fmt == "NHWC" else -2
    strides = [1] + get_sequence(stride, 1, channel_index, "stride")
    dilations = [1] + get_sequence(dilations, 1, channel_index, "dilations")
    require_string_padding(padding)
    value = expand_dims(input, spatial_start_dim)
    filters = expand_dims(filters, 0)
    result = conv2d(value, filters, strides, padding, data_format=fmt, dilations=dilations)
    return squeeze(result, [spatial_start_dim])
