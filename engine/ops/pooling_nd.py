"""tf.nn.max_pool1d / avg_pool1d and the rank-generic tf.nn.max_pool / avg_pool / pool.

TF builds the 1-D forms from the 2-D ops (ExpandDims, MaxPool or AvgPool, Squeeze), so their
gradients are the 2-D ops' (engine/ops/pooling.py); a dilated tf.nn.pool runs the undilated
op between SpaceToBatchND and BatchToSpaceND, as TF's with_space_to_batch does.
"""

import numpy as np

from ..missing import missing_attribute
from ..tensor import convert_to_tensor
from .conv_args import get_sequence, require_string_padding, strides_and_rate
from .pooling import avg_pool2d, max_pool2d
from .shape_ops import expand_dims, squeeze
from .space_to_batch import with_space_to_batch


def _pool1d(pool2d, input, ksize, strides, padding, data_format):
    if data_format is None:
        data_format = "NWC"
    channel_index = 1 if data_format.startswith("NC") else 2
    ksize = [1] + get_sequence(ksize, 1, channel_index, "ksize")
    strides = [1] + get_sequence(strides, 1, channel_index, "strides")
    if isinstance(padding, (list, tuple)):
        if len(padding) != 3:
            raise ValueError(
                "When padding is a list, it must be of size 3. "
                f"Received: padding={padding} of size {len(padding)}"
            )
        padding = [[0, 0]] + [list(p) for p in padding]
    expanding_dim = 1 if data_format == "NWC" else 2
    data_format = "NHWC" if data_format == "NWC" else "NCHW"
    x = expand_dims(input, expanding_dim)
    result = pool2d(x, ksize, strides, padding, data_format=data_format)
    return squeeze(result, [expanding_dim])


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    """tf.nn.max_pool1d: input [batch, width, channels]."""
    return _pool1d(max_pool2d, input, ksize, strides, padding, data_format)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    """tf.nn.avg_pool1d: input [batch, width, channels]; padding 'SAME' or 'VALID' only."""
    require_string_padding(padding)
    return _pool1d(avg_pool2d, input, ksize, strides, padding, data_format)


def _spatial_rank(input):
    x = convert_to_tensor(input)
    n = x._value.ndim - 2
    if not 1 <= n <= 3:
        raise ValueError(
            "`input.shape.rank` must be 3, 4 or 5. Received: "
            f"input.shape={x.shape} of rank {n + 2}."
        )
    return x, n


def _generic(kind, input, ksize, strides, padding, data_format):
    x, n = _spatial_rank(input)
    channel_index = n + 1 if data_format is None or not data_format.startswith("NC") else 1
    ksize = get_sequence(ksize, n, channel_index, "ksize")
    strides = get_sequence(strides, n, channel_index, "strides")
    if isinstance(padding, (list, tuple)) and n == 3:
        raise ValueError("Explicit padding is not supported with an input tensor of rank 5")
    if n == 3:
        raise missing_attribute("tf.nn", f"{kind}_pool3d")
    if n == 1:
        pool1d = max_pool1d if kind == "max" else avg_pool1d
        return pool1d(x, ksize, strides, padding, data_format=data_format)
    pool2d = max_pool2d if kind == "max" else avg_pool2d
    return pool2d(x, ksize, strides, padding, data_format=data_format)


def max_pool(input, ksize, strides, padding, data_format=None, name=None):
    """tf.nn.max_pool: the 1-D or 2-D max pool for a rank 3 or 4 input."""
    return _generic("max", input, ksize, strides, padding, data_format)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None):
    """tf.nn.avg_pool: the 1-D or 2-D average pool for a rank 3 or 4 input."""
    return _generic("avg", input, ksize, strides, padding, data_format)


def pool(
    input,
    window_shape,
    pooling_type,
    strides=None,
    padding="VALID",
    data_format=None,
    dilations=None,
    name=None,
):
    """tf.nn.pool: 'MAX' or 'AVG' pooling over 1 or 2 spatial dimensions, NHWC / NWC."""
    x = convert_to_tensor(input)
    n = len(window_shape)
    if n < 1 or n > 3:
        raise ValueError(
            "`len(window_shape)` must be 1, 2, or 3. Received: "
            f"window_shape={window_shape} of length {n}"
        )
    if x._value.ndim != n + 2:
        raise ValueError(f"Shape {x.shape} must have rank {n + 2}")
    strides, rate = strides_and_rate(n, strides, dilations)
    if padding == "SAME" and np.any(rate > 1):
        raise ValueError(
            "pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. "
            f"Received: padding={padding} and dilation_rate={rate}"
        )
    if np.any(strides > np.asarray(window_shape)):
        raise ValueError(
            "`strides` > `window_shape` not supported due to inconsistency between CPU and "
            f"GPU implementations. Received: strides={strides} and window_shape={window_shape}"
        )
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    if n == 3:
        raise missing_attribute("tf.nn", f"{pooling_type.lower()}_pool3d")
    channels_first = data_format is not None and data_format.startswith("NC")
    if channels_first:
        window = [1, 1] + list(window_shape)
        step = [1, 1] + [int(s) for s in strides]
    else:
        window = [1] + list(window_shape) + [1]
        step = [1] + [int(s) for s in strides] + [1]
    fmt = data_format
    if n == 1:
        if data_format is None or data_format == "NWC":
            fmt = "NHWC"
        elif data_format == "NCW":
            fmt = "NCHW"
        else:
            raise ValueError(
                f"data_format must be either 'NWC' or 'NCW'. Received: data_format={data_format}"
            )
        window, step = [1] + window, [1] + step
    pool2d = max_pool2d if pooling_type == "MAX" else avg_pool2d

    def op(converted, converted_padding):
        if n == 1:
            converted = expand_dims(converted, 2 if channels_first else 1)
        result = pool2d(converted, window, step, converted_padding, data_format=fmt)
        if n == 1:
            result = squeeze(result, [2 if channels_first else 1])
        return result

    explicit = []
    if isinstance(padding, (list, tuple)) and np.any(rate > 1):  # TF's convert_padding
        padding, explicit = "EXPLICIT", [int(v) for pair in padding for v in pair]
    return with_space_to_batch(x, list(window_shape), [int(r) for r in rate], padding, explicit, op)
