"""MaxPool and AvgPool (NHWC) with TF's gradient ops: forward, gradient, saved tensors.

MaxPool's gradient (MaxPoolGrad) routes each output's gradient to the first maximum of its
window in row-major order, as TF's CPU kernel does; MaxPoolGradGrad gathers from the same
positions, so second order works as in TF's nn_grad.py.
"""

import numpy as np

from ..errors import UnimplementedError, invalid_argument
from ..tensor import convert_to_tensor
from . import array as _array
from .activations import NN_FLOAT_NAMES
from .convolution import (
    check_strides,
    convert_padding,
    geometry,
    pad_input,
    scatter_windows,
    spatial_sequence,
    windows,
)
from .operands import FLOATS, NUMBERS, require, same_dtype
from .registry import ALL, define, execute


class PoolAttrs:
    __slots__ = ("ksize", "strides", "padding", "explicit")

    def __init__(self, ksize, strides, padding, explicit):
        self.ksize, self.strides, self.padding, self.explicit = ksize, strides, padding, explicit


_NO_DILATION = (1, 1, 1, 1)


def _geometry(op_type, in_shape, attrs):
    return geometry(
        op_type,
        in_shape,
        attrs.ksize[1:3],
        attrs.strides,
        _NO_DILATION,
        attrs.padding,
        attrs.explicit,
    )


def _pool_attrs(op_type, input, ksize, strides, padding, data_format, explicit_allowed):
    if data_format not in (None, "NHWC"):
        kernel = "MaxPoolingOp" if op_type == "MaxPool" else "AvgPoolingOp"
        raise invalid_argument(op_type, f"Default {kernel} only supports NHWC on device type CPU")
    if isinstance(padding, (list, tuple)) and not explicit_allowed:
        raise TypeError(f"Expected string for argument 'padding' not {padding!r}.")
    padding, explicit = convert_padding(op_type, padding)
    ksize = spatial_sequence(ksize, "ksize")
    strides = spatial_sequence(strides, "strides")
    x = convert_to_tensor(input)
    if min(ksize) <= 0:  # the two kernels word it differently
        raise invalid_argument(
            op_type,
            (
                f"ksize must be a positive int32 value, got:{min(ksize)}"
                if op_type == "AvgPool"
                else "Sliding window ksize must be positive. The specified or inferred ksize is: "
                f"{','.join(map(str, ksize))}"
            ),
        )
    check_strides(op_type, strides)
    if ksize[0] != 1 or strides[0] != 1:
        raise UnimplementedError(
            None, op_type, f"Pooling is not yet supported on the batch dimension. [Op:{op_type}]"
        )
    if ksize[3] != 1 or strides[3] != 1:
        raise UnimplementedError(
            None, op_type, f"Depthwise pooling is not implemented by the engine. [Op:{op_type}]"
        )
    if x._value.ndim != 4:
        raise invalid_argument(
            op_type, f"tensor_in_shape must have 2 spatial dimensions. {x._value.ndim} 0"
        )
    return x, PoolAttrs(ksize, strides, padding, explicit)


def _lowest(dtype):
    return -np.inf if dtype.kind == "f" else np.iinfo(dtype).min


def _window_argmax(x, attrs, g):
    """For each output: the flat index into the padded input of its window's first maximum."""
    padded = pad_input(x, g, _lowest(x.dtype))
    view = windows(padded, g, attrs.ksize[1:3], attrs.strides, _NO_DILATION)
    n, oh, ow, kh, kw, c = view.shape
    flat = view.transpose(0, 1, 2, 5, 3, 4).reshape(n, oh, ow, c, kh * kw)
    k = np.argmax(flat, axis=-1)  # first occurrence, as TF's CPU kernel
    rows = np.arange(oh)[None, :, None, None] * attrs.strides[1] + k // kw
    cols = np.arange(ow)[None, None, :, None] * attrs.strides[2] + k % kw
    hp, wp = padded.shape[1], padded.shape[2]
    batch = np.arange(n)[:, None, None, None]
    channel = np.arange(c)[None, None, None, :]
    return ((batch * hp + rows) * wp + cols) * c + channel, padded.shape


# --- MaxPool --------------------------------------------------------------------------------
def _max_pool_grad_of_input(rec, dy):
    return max_pool_grad(rec.inputs[0], rec.outputs[0], dy, rec.attrs)


MAX_POOL = define("MaxPool", (_max_pool_grad_of_input,), saves_inputs=ALL, saves_outputs=ALL)
MAX_POOL_GRAD = define(
    "MaxPoolGrad",
    (
        lambda rec, g: _array.zeros_like(rec.inputs[0]),
        lambda rec, g: _array.zeros_like(rec.inputs[1]),
        lambda rec, g: max_pool_grad_grad(rec.inputs[0], rec.inputs[1], g, rec.attrs),
    ),
    saves_inputs=(0, 1),
)
MAX_POOL_GRAD_GRAD = define(
    "MaxPoolGradGrad",
    (
        lambda rec, g: _array.zeros_like(rec.inputs[0]),
        lambda rec, g: _array.zeros_like(rec.inputs[1]),
        lambda rec, g: max_pool_grad(rec.inputs[0], rec.inputs[1], g, rec.attrs),
    ),
    saves_inputs=(0, 1),
)


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    op_type = "MaxPool"
    x, attrs = _pool_attrs(op_type, input, ksize, strides, padding, data_format, True)
    require(op_type, x, NUMBERS)
    g = _geometry(op_type, x._value.shape, attrs)
    padded = pad_input(x._value, g, _lowest(x._value.dtype))
    view = windows(padded, g, attrs.ksize[1:3], attrs.strides, _NO_DILATION)
    return execute(MAX_POOL, (x,), view.max(axis=(3, 4)), attrs)


def max_pool_grad(orig_input, orig_output, grad, attrs):
    x, y, dy = same_dtype("MaxPoolGrad", orig_input, orig_output, grad)
    g = _geometry("MaxPoolGrad", x._value.shape, attrs)
    index, padded_shape = _window_argmax(x._value, attrs, g)
    padded = np.zeros(int(np.prod(padded_shape)), dy._value.dtype)
    np.add.at(padded, index.reshape(-1), dy._value.reshape(-1))
    value = padded.reshape(padded_shape)[
        :, g.pad_top : g.pad_top + x._value.shape[1], g.pad_left : g.pad_left + x._value.shape[2], :
    ]
    return execute(MAX_POOL_GRAD, (x, y, dy), np.ascontiguousarray(value), attrs)


def max_pool_grad_grad(orig_input, orig_output, grad, attrs):
    """Output-shaped: each output takes `grad` (input-shaped) at its window's maximum."""
    x, y, dy = same_dtype("MaxPoolGradGrad", orig_input, orig_output, grad)
    g = _geometry("MaxPoolGradGrad", x._value.shape, attrs)
    index, _padded_shape = _window_argmax(x._value, attrs, g)
    padded_grad = pad_input(dy._value, g).reshape(-1)
    return execute(MAX_POOL_GRAD_GRAD, (x, y, dy), padded_grad[index], attrs)


# --- AvgPool: padding does not count in the average (TF's kernel) ---------------------------
def _avg_pool_grad_of_input(rec, dy):
    shape = convert_to_tensor(np.asarray(rec.inputs[0]._value.shape, dtype=np.int32))
    return avg_pool_grad(shape, dy, rec.attrs)


AVG_POOL = define("AvgPool", (_avg_pool_grad_of_input,), saves_inputs=ALL)
AVG_POOL_GRAD = define(
    "AvgPoolGrad", (None, lambda rec, g: _avg_pool(g, rec.attrs)), saves_inputs=(0,)
)


def _window_counts(in_shape, attrs, g):
    """How many real (unpadded) input elements each output window covers: [1, oh, ow, 1]."""
    ones = pad_input(np.ones((1, in_shape[1], in_shape[2], 1)), g)
    return windows(ones, g, attrs.ksize[1:3], attrs.strides, _NO_DILATION).sum(axis=(3, 4))


def _avg_pool(x, attrs):
    op_type = "AvgPool"
    require(op_type, x, FLOATS, NN_FLOAT_NAMES)
    v = x._value
    g = _geometry(op_type, v.shape, attrs)
    view = windows(pad_input(v, g), g, attrs.ksize[1:3], attrs.strides, _NO_DILATION)
    value = view.sum(axis=(3, 4)) / _window_counts(v.shape, attrs, g)
    return execute(AVG_POOL, (x,), value.astype(v.dtype, copy=False), attrs)


def avg_pool_grad(orig_input_shape, grad, attrs):
    in_shape = tuple(int(d) for d in orig_input_shape._value)
    dv = grad._value
    g = _geometry("AvgPoolGrad", in_shape, attrs)
    share = dv / _window_counts(in_shape, attrs, g)
    kh, kw = attrs.ksize[1:3]
    per_window = np.broadcast_to(
        share[:, :, :, None, None, :], share.shape[:3] + (kh, kw) + share.shape[3:]
    )
    value = scatter_windows(per_window, in_shape, g, attrs.strides, _NO_DILATION, dv.dtype)
    return execute(
        AVG_POOL_GRAD,
        (orig_input_shape, grad),
        np.ascontiguousarray(value).astype(dv.dtype, copy=False),
        attrs,
    )


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    x, attrs = _pool_attrs("AvgPool", input, ksize, strides, padding, data_format, False)
    return _avg_pool(x, attrs)
