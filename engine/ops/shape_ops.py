"""Ops that rearrange a tensor's elements without changing them: reshape, transpose, tile, ...

Their gradients only rearrange the upstream gradient back, so they keep no tensor values for
backward: the input shape (or permutation) they need is captured as the record's attrs.
"""

import math

import numpy as np

from .. import conversion, dtypes
from ..dtypes import as_dtype, int32, int64
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import contiguous, int_arg, require_integers, scalar_or_array
from .operands import _tf_type_name
from .registry import NOT_DIFFERENTIABLE, define, execute

__all__ = [
    "reshape",
    "transpose",
    "expand_dims",
    "squeeze",
    "identity",
    "stop_gradient",
    "reverse",
    "shape",
    "size",
    "rank",
]


# --- Reshape ------------------------------------------------------------------------------
RESHAPE = define("Reshape", (lambda rec, dy: reshape(dy, rec.attrs), None))


def reshape(tensor, shape, name=None):
    x = convert_to_tensor(tensor)
    shape_t, dims = int_arg(shape)
    require_integers("Reshape", "Tshape", shape_t)
    value = x._value
    if dims != value.shape:
        value = scalar_or_array(value.reshape(_resolved_shape(value.shape, dims)))
    return execute(RESHAPE, (x, shape_t), value, x._value.shape)


def _resolved_shape(shape, dims):
    """`dims` with its one -1 filled in, as TF's kernel infers it; TF's errors otherwise."""
    size = math.prod(shape)
    unknown = [i for i, d in enumerate(dims) if d == -1]
    if len(unknown) > 1:
        raise invalid_argument(
            "Reshape", f"Only one input size may be -1, not both {unknown[0]} and {unknown[1]}"
        )
    product, has_zero = 1, False
    for i, d in enumerate(dims):
        if d < -1:
            raise invalid_argument("Reshape", f"Size {i} must be non-negative, not {d}")
        if d == 0:
            has_zero = True
        elif d > 0:
            product *= d
    if unknown:
        # Zero-sized dimensions on both sides are left out, so that the others can be inferred.
        known = 1
        for d in shape:
            if d > 0 or not has_zero:
                known *= d
        missing = known // product
        if not (has_zero and 0 in shape) and product * missing != known:
            raise invalid_argument(
                "Reshape",
                f"Input to reshape is a tensor with {known} values, but the requested "
                f"shape requires a multiple of {product}",
            )
        dims = tuple(missing if d == -1 else d for d in dims)
    requested = math.prod(dims)
    if requested != size:
        raise invalid_argument(
            "Reshape",
            f"Input to reshape is a tensor with {size} values, but "
            f"the requested shape has {requested}",
        )
    return dims


# --- Transpose ----------------------------------------------------------------------------
TRANSPOSE = define("Transpose", (lambda rec, dy: transpose(dy, rec.attrs), None))


# transpose(conjugate=True) of a complex tensor (real ones just transpose, as in TF)
CONJUGATE_TRANSPOSE = define(
    "ConjugateTranspose", (lambda rec, dy: transpose(dy, rec.attrs, conjugate=True), None)
)


def transpose(a, perm=None, conjugate=False, name="transpose"):
    x = convert_to_tensor(a)
    ndim = x._value.ndim
    perm_t, p = int_arg(tuple(range(ndim - 1, -1, -1)) if perm is None else perm)
    p = _checked_permutation(p, ndim)
    value = contiguous(np.transpose(x._value, p))
    opdef = TRANSPOSE
    if conjugate and value.dtype.kind == "c":
        value, opdef = np.conj(value), CONJUGATE_TRANSPOSE
    return execute(opdef, (x, perm_t), value, tuple(np.argsort(p).tolist()))


def _checked_permutation(perm, ndim):
    if len(perm) != ndim:
        raise invalid_argument(
            "Transpose",
            f"transpose expects a vector of size {ndim}. But "
            f"input(1) is a vector of size {len(perm)}",
        )
    normalized = []
    for d in perm:
        if not -ndim <= d < ndim:
            raise invalid_argument("Transpose", f"{d} is out of range [0 .. {ndim})")
        normalized.append(d % ndim)
    for d in range(ndim):
        if d not in normalized:
            listed = ",".join(str(v) for v in normalized)
            raise invalid_argument("Transpose", f"{d} is missing from {{{listed}}}.")
    return tuple(normalized)


# --- ExpandDims / Squeeze -----------------------------------------------------------------
EXPAND_DIMS = define("ExpandDims", (lambda rec, dy: reshape(dy, rec.attrs), None))


def expand_dims(input, axis, name=None):
    x = convert_to_tensor(input)
    if isinstance(axis, float):  # TF converts the axis as an int32: 1.5 is refused
        raise conversion.cannot_convert(axis, dtypes.int32)
    axis_t, axes = int_arg(axis)
    if len(axes) != 1:
        raise invalid_argument("ExpandDims", "'dim' must be a tensor with a single value")
    a = axes[0]
    ndim = x._value.ndim
    if not -ndim - 1 <= a <= ndim:
        raise invalid_argument(
            "ExpandDims", f"Tried to expand dim index {a} for tensor with {ndim} dimensions."
        )
    a %= ndim + 1
    shape = x._value.shape
    value = x._value.reshape(shape[:a] + (1,) + shape[a:])  # np.expand_dims's view, directly
    return execute(EXPAND_DIMS, (x, axis_t), value, x._value.shape)


SQUEEZE = define("Squeeze", (lambda rec, dy: reshape(dy, rec.attrs),))


def squeeze(input, axis=None, name=None):
    x = convert_to_tensor(input)
    shape_ = x._value.shape
    ndim = len(shape_)
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape_) if d == 1)
    else:
        chosen: set[int] = set()
        for a in int_arg(axis)[1]:
            if not -ndim <= a < ndim:
                raise invalid_argument(
                    "Squeeze", f"Tried to squeeze dim index {a} for tensor with {ndim} dimensions."
                )
            a %= ndim
            if shape_[a] != 1:
                raise invalid_argument(
                    "Squeeze",
                    f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape_[a]}",
                )
            chosen.add(a)
        axes = tuple(sorted(chosen))
    value = scalar_or_array(np.squeeze(x._value, axis=axes)) if axes else x._value
    return execute(SQUEEZE, (x,), value, shape_)


# --- Identity / StopGradient --------------------------------------------------------------
IDENTITY = define("Identity", (lambda rec, dy: dy,))


def identity(input, name=None):
    x = convert_to_tensor(input)
    return execute(IDENTITY, (x,), x._value)


STOP_GRADIENT = define("StopGradient", NOT_DIFFERENTIABLE)


def stop_gradient(input, name=None):
    x = convert_to_tensor(input)
    return execute(STOP_GRADIENT, (x,), x._value)


# --- ReverseV2 -------------------------------------------------------
REVERSE = define("ReverseV2", (lambda rec, dy: reverse(dy, rec.attrs), None))


def reverse(tensor, axis, name=None):
    x = convert_to_tensor(tensor)
    axis_t, given = int_arg(axis)
    require_integers("ReverseV2", "Tidx", axis_t)
    if x._value.ndim == 0:  # TF's kernel returns a scalar as it is, whatever the axes
        return execute(REVERSE, (x, axis_t), x._value, ())
    if axis_t._value.ndim != 1:
        raise invalid_argument("ReverseV2", f"'dims' must be 1-dimension, not {axis_t._value.ndim}")
    ndim = x._value.ndim
    axes = []
    for i, a in enumerate(given):
        if not -ndim <= a < ndim:
            raise invalid_argument(
                "ReverseV2", f"'axis'[{i}] = {a} is out of valid range [0, {ndim - 1}"
            )
        if a % ndim in axes:
            raise invalid_argument("ReverseV2", f"axis {a % ndim} specified more than once.")
        axes.append(a % ndim)
    value = contiguous(np.flip(x._value, axis=tuple(axes))) if axes else x._value
    return execute(REVERSE, (x, axis_t), value, tuple(axes))


# --- Shape / Size / Rank: facts about a tensor, never differentiable -----------------------
SHAPE = define("Shape", NOT_DIFFERENTIABLE)
SIZE = define("Size", NOT_DIFFERENTIABLE)
RANK = define("Rank", NOT_DIFFERENTIABLE)


def _index_dtype(op_type, out_type, allowed_names="int32, int64"):
    dtype = as_dtype(out_type)
    if allowed_names and dtype not in (int32, int64):
        raise invalid_argument(
            op_type,
            f"Value for attr 'out_type' of {_tf_type_name(dtype)} "
            f"is not in the list of allowed values: {allowed_names}",
        )
    return dtype.as_numpy_dtype


def shape(input, out_type="int32", name=None):
    x = convert_to_tensor(input)
    value = np.array(x._value.shape, dtype=_index_dtype("Shape", out_type))
    return execute(SHAPE, (x,), value)


def size(input, out_type="int32", name=None):
    x = convert_to_tensor(input)
    np_dtype = _index_dtype("Size", out_type, allowed_names=None)
    return execute(SIZE, (x,), np_dtype(x._value.size))


def rank(input, name=None):
    x = convert_to_tensor(input)
    return execute(RANK, (x,), np.int32(x._value.ndim))


def scalar_like(value, tensor):
    """A scalar constant of `tensor`'s dtype (for gradients that need zeros or ones)."""
    return EagerTensor(tensor._value.dtype.type(value))
