"""tf.nn.convolution and tf.nn.conv_transpose: TF's rank-generic entry points (the ones Keras 3
calls), dispatching to conv1d / Conv2D and the transposes as TF's convolution_internal does.

Undilated, tf.nn.convolution is conv1d or one Conv2D; dilated, it runs the undilated op with
'VALID' padding between SpaceToBatchND and BatchToSpaceND (TF's Convolution helper), unlike
tf.nn.conv2d, whose Conv2D takes the dilations itself.
"""

from ..missing import missing_attribute
from ..tensor import EagerTensor, convert_to_tensor
from .conv1d import conv1d
from .conv_args import get_sequence, require_string_padding, strides_and_rate
from .conv_transpose import conv1d_transpose, conv2d_transpose
from .convolution import conv2d, convert_padding
from .space_to_batch import with_space_to_batch


def convolution(
    input, filters, strides=None, padding="VALID", data_format=None, dilations=None, name=None
):
    """tf.nn.convolution for 1 or 2 spatial dimensions (the filter's rank decides)."""
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    n = w._value.ndim - 2
    if n not in (1, 2, 3):
        raise ValueError(f"`num_spatial_dims` must be 1, 2, or 3. Received: num_spatial_dims={n}.")
    if n == 3:
        raise missing_attribute("tf.nn", "conv3d")
    channels_last = data_format is None or not data_format.startswith("NC")
    batch_dims = x._value.ndim - n - 1
    channel_index = batch_dims + n if channels_last else batch_dims
    dilated = dilations is not None
    dilations = get_sequence(dilations, n, channel_index, "dilations")
    dilated = dilated and any(d != 1 for d in dilations)
    strides = get_sequence(strides, n, channel_index, "strides")
    conv = conv1d if n == 1 else conv2d
    if not dilated:
        require_string_padding(padding)
        return conv(x, w, strides, padding, data_format=data_format, dilations=dilations)
    spatial = slice(1, -1) if channels_last else slice(2, None)
    step, rate = strides_and_rate(n, strides[spatial], dilations[spatial])
    padding, explicit = convert_padding("Conv2D", padding)

    def op(converted, op_padding):
        return conv(converted, w, [int(s) for s in step], op_padding, data_format=data_format)

    filter_spatial = w._value.shape[:n]
    return with_space_to_batch(x, filter_spatial, [int(r) for r in rate], padding, explicit, op)


def conv_transpose(
    input,
    filters,
    output_shape,
    strides,
    padding="SAME",
    data_format=None,
    dilations=None,
    name=None,
):
    """tf.nn.conv_transpose: conv1d_transpose or conv2d_transpose, by output_shape's length."""
    if isinstance(output_shape, EagerTensor):
        n = output_shape._value.shape[0] - 2
    elif hasattr(output_shape, "__len__"):
        n = len(output_shape) - 2
    else:
        raise ValueError(
            "`output_shape` must be a tensor or sized collection. "
            f"Received: output_shape={output_shape}"
        )
    if not 1 <= n <= 3:
        raise ValueError(
            "`output_shape` must be of length 3, 4 or 5. "
            f"Received: output_shape={output_shape} of length {n + 2}."
        )
    if n == 3:
        raise missing_attribute("tf.nn", "conv3d_transpose")
    op = conv1d_transpose if n == 1 else conv2d_transpose
    kwargs = {} if data_format is None else {"data_format": data_format}
    return op(input, filters, output_shape, strides, padding=padding, dilations=dilations, **kwargs)


def atrous_conv2d(value, filters, rate, padding, name=None):
    """tf.nn.atrous_conv2d: tf.nn.convolution with dilation `rate` on both spatial axes."""
    return convolution(value, filters, padding=padding, dilations=[rate, rate])
