"""Conv2D (NHWC) with its two backprop ops, and BiasAdd: forward, gradient, saved tensors.

As in TF's nn_grad.py, Conv2D's gradient is Conv2DBackpropInput and Conv2DBackpropFilter, and
each of those has a gradient made of the other two ops, so second order works.
"""

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .. import dtypes
from ..errors import UnimplementedError, invalid_argument
from ..tensor import convert_to_tensor
from . import array as _array, grouped_conv
from .conv_checks import backprop_input_shape, check_backprop_size, check_nchw, groups_of
from .operands import FLOATS, require, same_dtype
from .registry import ALL, define, execute
from .shape_ops import reshape


def dims_text(shape):
    """A shape as TF's kernels print it in messages: [5,5,2]."""
    return "[" + ",".join(map(str, shape)) + "]"


class Geometry:
    """Where a 2-D window op reads its input: output size and padding per spatial axis."""

    __slots__ = ("out_h", "out_w", "pad_top", "pad_bottom", "pad_left", "pad_right")

    def __init__(self, out_h, out_w, pads):
        self.out_h, self.out_w = out_h, out_w
        self.pad_top, self.pad_bottom, self.pad_left, self.pad_right = pads


def _output_size(op_type, size, window, stride, dilation, padding, explicit):
    """TF's GetWindowedOutputSize: (output size, padding before, padding after)."""
    effective = (window - 1) * dilation + 1
    if padding == "SAME":
        out = (size + stride - 1) // stride
        needed = max(0, (out - 1) * stride + effective - size)
        return out, needed // 2, needed - needed // 2
    before, after = explicit if padding == "EXPLICIT" else (0, 0)
    out = int((size + before + after - effective + stride) / stride)  # C++ truncation
    if out < 0:
        raise invalid_argument(
            op_type,
            f"Computed output size would be negative: {out} [input_size: {size}, "
            f"effective_filter_size: {effective}, stride: {stride}]",
        )
    return out, before, after


def geometry(op_type, in_shape, window_hw, strides, dilations, padding, explicit):
    """The output size and padding of a window op over an NHWC input of `in_shape`."""
    pads_h = explicit[2:4] if explicit else None
    pads_w = explicit[4:6] if explicit else None
    out_h, top, bottom = _output_size(
        op_type, in_shape[1], window_hw[0], strides[1], dilations[1], padding, pads_h
    )
    out_w, left, right = _output_size(
        op_type, in_shape[2], window_hw[1], strides[2], dilations[2], padding, pads_w
    )
    return Geometry(out_h, out_w, (top, bottom, left, right))


def pad_input(x, g, value=0):
    if not (g.pad_top or g.pad_bottom or g.pad_left or g.pad_right):
        return x
    return np.pad(
        x,
        ((0, 0), (g.pad_top, g.pad_bottom), (g.pad_left, g.pad_right), (0, 0)),
        constant_values=value,
    )


def windows(padded, g, window_hw, strides, dilations):
    """A read-only view [n, out_h, out_w, kh, kw, c] of every window of a padded NHWC input."""
    n, _, _, c = padded.shape
    sn, sh, sw, sc = padded.strides
    shape = (n, g.out_h, g.out_w, window_hw[0], window_hw[1], c)
    view_strides = (sn, sh * strides[1], sw * strides[2], sh * dilations[1], sw * dilations[2], sc)
    return as_strided(padded, shape, view_strides, writeable=False)


def scatter_windows(per_window, in_shape, g, strides, dilations, dtype):
    """The adjoint of `windows`: sums [n, oh, ow, kh, kw, c] back into an [n, h, w, c] input."""
    n, h, w, c = in_shape
    kh, kw = per_window.shape[3], per_window.shape[4]
    padded = np.zeros((n, h + g.pad_top + g.pad_bottom, w + g.pad_left + g.pad_right, c), dtype)
    row_span = (g.out_h - 1) * strides[1] + 1
    col_span = (g.out_w - 1) * strides[2] + 1
    for i in range(kh):
        r = i * dilations[1]
        for j in range(kw):
            col = j * dilations[2]
            padded[:, r : r + row_span : strides[1], col : col + col_span : strides[2], :] += (
                per_window[:, :, :, i, j, :]
            )
    return padded[:, g.pad_top : g.pad_top + h, g.pad_left : g.pad_left + w, :]


# --- Conv2D ---------------------------------------------------------------------------------
CONV_TYPES = FLOATS + (dtypes.int32,)


class ConvAttrs:
    """Conv2D's attributes, shared by its two backprop ops."""

    __slots__ = ("strides", "padding", "explicit", "dilations")

    def __init__(self, strides, padding, explicit, dilations):
        self.strides, self.padding = strides, padding
        self.explicit, self.dilations = explicit, dilations


def shape_tensor(tensor):
    """A tensor's shape as an int32 tensor: the sizes a backprop op takes."""
    return convert_to_tensor(np.asarray(tensor._value.shape, dtype=np.int32))


def _conv2d_grad_input(rec, dy):
    x, w = rec.inputs
    return conv2d_backprop_input(shape_tensor(x), w, dy, rec.attrs)


def _conv2d_grad_filter(rec, dy):
    x, w = rec.inputs
    return conv2d_backprop_filter(x, shape_tensor(w), dy, rec.attrs)


CONV2D = define("Conv2D", (_conv2d_grad_input, _conv2d_grad_filter), saves_inputs=ALL)

# Conv2DBackpropInput(input_sizes, filter, out_backprop) and
# Conv2DBackpropFilter(input, filter_sizes, out_backprop): TF keeps all but the sizes.
CONV2D_BACKPROP_INPUT = define(
    "Conv2DBackpropInput",
    (
        None,
        lambda rec, g: conv2d_backprop_filter(
            g, shape_tensor(rec.inputs[1]), rec.inputs[2], rec.attrs
        ),
        lambda rec, g: _conv2d(g, rec.inputs[1], rec.attrs),
    ),
    saves_inputs=(1, 2),
)
CONV2D_BACKPROP_FILTER = define(
    "Conv2DBackpropFilter",
    (
        lambda rec, g: conv2d_backprop_input(
            shape_tensor(rec.inputs[0]), g, rec.inputs[2], rec.attrs
        ),
        None,
        lambda rec, g: _conv2d(rec.inputs[0], g, rec.attrs),
    ),
    saves_inputs=(0, 2),
)


def conv_geometry(op_type, in_shape, filter_shape, attrs):
    """The Geometry of a 2-D convolution (or depthwise one) from its filter shape and attrs."""
    return geometry(
        op_type,
        in_shape,
        filter_shape[:2],
        attrs.strides,
        attrs.dilations,
        attrs.padding,
        attrs.explicit,
    )


def _conv2d(x, w, attrs):
    op_type = "Conv2D"
    xv, wv = x._value, w._value
    if xv.ndim != 4:
        raise invalid_argument(
            op_type, f"convolution input must be 4-dimensional: {dims_text(xv.shape)}"
        )
    if wv.ndim != 4:
        raise invalid_argument(
            op_type, f"convolution filter must be 4-dimensional: {dims_text(wv.shape)}"
        )
    groups = groups_of(op_type, xv.shape[3], wv.shape)
    g = conv_geometry(op_type, xv.shape, wv.shape, attrs)
    patches = windows(pad_input(xv, g), g, wv.shape[:2], attrs.strides, attrs.dilations)
    value = grouped_conv.forward(patches, wv, groups).astype(xv.dtype, copy=False)
    return execute(CONV2D, (x, w), value, attrs)


def conv2d_backprop_input(input_sizes, filter, out_backprop, attrs):
    """The gradient of Conv2D wrt its input, and tf.nn.conv2d_transpose's op.

    TF's CPU kernels refuse grouped gradients; the engine computes them (as TF's oneDNN
    build does for float32), since Keras Conv2D(groups=) trains with them."""
    op_type = "Conv2DBackpropInput"
    w, dy = same_dtype(op_type, filter, out_backprop)
    in_shape = backprop_input_shape(op_type, input_sizes, w._value.shape, dy._value.shape)
    groups = groups_of(op_type, in_shape[3], w._value.shape)
    g = conv_geometry(op_type, in_shape, w._value.shape, attrs)
    check_backprop_size(
        op_type, (g.out_h, g.out_w), dy._value.shape, in_shape, w._value.shape, attrs
    )
    per_window = grouped_conv.input_windows(dy._value, w._value, groups)
    value = scatter_windows(
        per_window, in_shape, g, attrs.strides, attrs.dilations, dy._value.dtype
    )
    return execute(CONV2D_BACKPROP_INPUT, (input_sizes, w, dy), np.ascontiguousarray(value), attrs)


def conv2d_backprop_filter(input, filter_sizes, out_backprop, attrs):
    x, dy = same_dtype("Conv2DBackpropFilter", input, out_backprop)
    filter_shape = tuple(int(d) for d in filter_sizes._value)
    groups = x._value.shape[3] // filter_shape[2]
    g = conv_geometry("Conv2DBackpropFilter", x._value.shape, filter_shape, attrs)
    patches = windows(pad_input(x._value, g), g, filter_shape[:2], attrs.strides, attrs.dilations)
    value = grouped_conv.filter_gradient(patches, dy._value, groups)
    return execute(
        CONV2D_BACKPROP_FILTER,
        (x, filter_sizes, dy),
        value.astype(x._value.dtype, copy=False),
        attrs,
    )


def spatial_sequence(value, name):
    """TF's _get_sequence for 2-D NHWC ops: an int or 1/2/4-list -> [1, h, w, 1]."""
    if value is None:
        return [1, 1, 1, 1]
    value = [
        int(v)
        for v in (value if isinstance(value, (list, tuple)) else np.asarray(value).reshape(-1))
    ]
    if len(value) == 4:
        return value
    if len(value) == 1:
        value = value * 2
    elif len(value) != 2:
        raise ValueError(
            f"{name} should be of length 1, 2 or 4. Received: {name}={value} of length {len(value)}"
        )
    return [1] + value + [1]


def convert_padding(op_type, padding):
    """'SAME'/'VALID', or TF's explicit [[0,0],[t,b],[l,r],[0,0]] -> (padding, flat list)."""
    if isinstance(padding, (list, tuple)):
        if len(padding) != 4 or any(len(p) != 2 for p in padding):
            raise ValueError(
                "When padding is a list, it must be of size 4. "
                f"Received: padding={padding} of size {len(padding)}"
            )
        return "EXPLICIT", [int(v) for p in padding for v in p]
    if padding == "EXPLICIT":
        raise ValueError(
            "'EXPLICIT' is not a valid value for `padding`. To use explicit "
            "padding, `padding` must be a list."
        )
    if padding not in ("SAME", "VALID"):
        raise invalid_argument(
            op_type,
            f"Value for attr 'padding' of \"{padding}\" is not in the "
            'list of allowed values: "SAME", "VALID", "EXPLICIT"',
        )
    return padding, []


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    """tf.nn.conv2d (NHWC): input [n, h, w, c], filters [kh, kw, c, out]."""
    op_type = "Conv2D"
    if data_format not in (None, "NHWC"):
        check_nchw(op_type, input, filters, data_format)
    padding, explicit = convert_padding(op_type, padding)
    strides = spatial_sequence(strides, "strides")
    dilations = spatial_sequence(dilations, "dilations")
    if min(strides) <= 0:
        raise invalid_argument(op_type, "Row and column strides should be larger than 0.")
    if min(dilations) <= 0:
        raise invalid_argument(op_type, "Dilated rates should be larger than 0.")
    if strides[0] != 1 or strides[3] != 1:
        raise UnimplementedError(
            None,
            op_type,
            "Current implementation does not yet support "
            f"strides in the batch and depth dimensions. [Op:{op_type}]",
        )
    if dilations[0] != 1 or dilations[3] != 1:
        raise UnimplementedError(
            None,
            op_type,
            "Current implementation does not yet support "
            f"dilations in the batch and depth dimensions. [Op:{op_type}]",
        )
    x, w = same_dtype(op_type, input, filters)
    require(op_type, x, CONV_TYPES, "half, bfloat16, float, double, int32")
    attrs = ConvAttrs(strides, padding, explicit, dilations)
    batch_shape = x._value.shape[:-3]
    if len(batch_shape) > 1:  # TF2's conv2d folds extra leading dims into one batch dim
        y = _conv2d(reshape(x, (-1,) + x._value.shape[-3:]), w, attrs)
        return reshape(y, batch_shape + y._value.shape[1:])
    return _conv2d(x, w, attrs)


def check_strides(op_type, strides):
    """A pooling op's strides: each > 0, with TF's message."""
    for s in strides:
        if s <= 0:
            raise invalid_argument(op_type, f"Stride must be > 0, but got {s}")


# --- BiasAdd --------------------------------------------------------------------------------
def _bias_add_grad_grad(rec, dy):
    """TF's _BiasAddGradGrad: reshape the bias-shaped gradient and tile it over the input."""
    shape = rec.inputs[0]._value.shape
    expanded = _array.reshape(dy, [1] * (len(shape) - 1) + [shape[-1]])
    return _array.tile(expanded, list(shape[:-1]) + [1])


BIAS_ADD = define("BiasAdd", (lambda rec, dy: dy, lambda rec, dy: bias_add_grad(dy)))
BIAS_ADD_GRAD = define("BiasAddGrad", (_bias_add_grad_grad,), saves_inputs=ALL)


def bias_add_grad(out_backprop):
    v = out_backprop._value
    return execute(
        BIAS_ADD_GRAD,
        (out_backprop,),
        np.sum(v, axis=tuple(range(v.ndim - 1))).astype(v.dtype, copy=False),
    )


def bias_add(value, bias, data_format=None, name=None):
    op_type = "BiasAdd"
    if data_format is not None and data_format.startswith("NC"):
        raise UnimplementedError(
            None,
            op_type,
            "The engine implements BiasAdd for the NHWC "
            f"(channels last) format only. [Op:{op_type}]",
        )
    x, b = same_dtype(op_type, value, bias)
    xs, bs = x._value.shape, b._value.shape
    if len(xs) < 2:
        raise invalid_argument(op_type, f"Input tensor must be at least 2D: {dims_text(xs)}")
    if len(bs) != 1:
        raise invalid_argument(op_type, f"Biases must be 1D: {dims_text(bs)}")
    if bs[0] != xs[-1]:
        raise invalid_argument(
            op_type,
            "Must provide as many biases as the last dimension of "
            f"the input tensor: [{bs[0]}] vs. {dims_text(xs)}",
        )
    return execute(BIAS_ADD, (x, b), x._value + b._value)
