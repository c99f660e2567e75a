"""Summing and its adjoints: Sum (reduce_sum), BroadcastTo and Tile, each the other's gradient,
and `unbroadcast`, the one helper every broadcasting gradient uses to sum a gradient back
down to its operand's shape. With the checks every reduction shares (reduction_axes,
_reduction), which engine/ops/reductions.py builds the other reductions from.
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import FLOAT_DTYPES, EagerTensor, convert_to_tensor
from .array_args import contiguous, int_arg, require_integers, shape_text
from .dtype_rules import allowed_numpy_dtypes, as_value, check_dtype
from .registry import define, execute
from .shape_ops import reshape

__all__ = ["broadcast_to", "tile"]

_HALF = np.dtype(np.float16)


def reduction_axes(op_type, axis, rank):
    """TF's checks of reduction indices; the axes as non-negative ints, in the order given."""
    if axis is None:
        return tuple(range(rank))
    given: tuple[int, ...] | None = None
    if type(axis) is int:
        given = (axis,)
    elif isinstance(axis, (list, tuple)):
        for a in axis:  # a loop, not all(...): a generator costs more than these checks
            if type(a) is not int:
                break
        else:
            given = tuple(axis)
    if given is None:
        if not (isinstance(axis, EagerTensor) or hasattr(axis, "_as_tensor")):
            axis = convert_to_tensor(axis, dtype=dtypes.int32)
        given = tuple(int(a) for a in np.asarray(convert_to_tensor(axis)._value).reshape(-1))
    axes = []
    for a in given:
        if not -rank <= a < rank:
            raise invalid_argument(
                op_type, f"Invalid reduction dimension ({a} for input with {rank} dimension(s)"
            )
        a %= rank
        if a in axes:
            raise invalid_argument(
                op_type, f"Invalid reduction arguments: Axes contains duplicate dimension: {a}"
            )
        axes.append(a)
    return tuple(axes)


def _kept_shape(shape, axes):
    """The output shape with keepdims=True."""
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def _reduction(opdef, compute, check=None):
    """A reduction op: `compute(value, axes, keepdims)` on NumPy values."""
    op_type = opdef.type
    computable = allowed_numpy_dtypes(op_type) if check is None else None

    def op(input_tensor, axis=None, keepdims=False, name=None):
        x = input_tensor if type(input_tensor) is EagerTensor else convert_to_tensor(input_tensor)
        if check is not None:
            check(x)
        elif type(x._value.dtype) not in FLOAT_DTYPES:
            check_dtype(op_type, x, computable)
        axes = reduction_axes(op_type, axis, x._value.ndim)
        keepdims = bool(keepdims)
        value = compute(x._value, axes, keepdims)
        # as_value(np.asarray(value)), with the usual results (an array, a NumPy scalar) kept
        # as they are rather than converted there and back
        if type(value) is np.ndarray:
            if not value.ndim:
                value = value[()]
        elif not isinstance(value, np.generic):
            value = as_value(np.asarray(value))
        return execute(opdef, (x,), value, (x._value.shape, axes, keepdims))

    op.__name__ = op.__qualname__ = op_type
    return op


# --- Sum ---------------------------------------------------------------------------------
def _sum_grad(rec, dy):
    """TF's: reshape to the kept dims, then Tile when every axis was reduced in order (TF's
    eager fast path), BroadcastTo otherwise."""
    shape, axes, keepdims = rec.attrs
    if axes == tuple(range(len(shape))):
        return tile(reshape(dy, (1,) * len(shape)), shape)
    if not keepdims:
        dy = reshape(dy, _kept_shape(shape, axes))
    return broadcast_to(dy, shape)


def _sum(v, axes, keepdims):
    if v.dtype != _HALF:  # a dtype, not np.float16: comparing with a type converts it first
        # np.add.reduce is what np.sum runs, without its Python wrapper (~1.5 us a call)
        return np.add.reduce(v, axis=axes, dtype=v.dtype, keepdims=keepdims)
    # NumPy adds halves in float32; TF rounds every partial sum to half (60000 + 60000 is inf)
    total = v
    for axis in axes:
        if total.shape[axis]:
            with np.errstate(over="ignore"):
                running = np.add.accumulate(total, axis=axis, dtype=np.float16)
            total = np.take(running, [-1], axis=axis)
        else:
            total = np.sum(total, axis=axis, keepdims=True, dtype=np.float16)
    return total if keepdims or not axes else np.squeeze(total, axis=axes)


SUM = define("Sum", (_sum_grad,))
reduce_sum = _reduction(SUM, _sum)


# --- BroadcastTo / Tile ---------------------------------------------------------------------
def _broadcast_to_grad(rec, dy):
    return unbroadcast(convert_to_tensor(dy), rec.attrs)


BROADCAST_TO = define("BroadcastTo", (_broadcast_to_grad, None))


def broadcast_to(input, shape, name=None):
    x = convert_to_tensor(input)
    shape_t, target = int_arg(shape)
    source = x._value.shape
    if len(source) > len(target):
        raise invalid_argument(
            "BroadcastTo",
            f"Rank of input ({len(source)}) must be no greater "
            f"than rank of output shape ({len(target)}).",
        )
    lead = len(target) - len(source)
    if any(s != 1 and s != t for s, t in zip(source, target[lead:])):
        raise invalid_argument(
            "BroadcastTo", f"Incompatible shapes: {shape_text(source)} vs. {shape_text(target)}"
        )
    value = x._value if source == target else contiguous(np.broadcast_to(x._value, target))
    return execute(BROADCAST_TO, (x, shape_t), value, source)


def _tile_grad(rec, dy):
    """Views dy as [m0, d0, m1, d1, ...] and sums over the copies (the m axes)."""
    shape_, multiples = rec.attrs
    if not shape_:
        return dy
    split_shape = [n for pair in zip(multiples, shape_) for n in pair]
    return reduce_sum(reshape(dy, split_shape), axis=list(range(0, len(split_shape), 2)))


TILE = define("Tile", (_tile_grad, None))


def tile(input, multiples, name=None):
    x = convert_to_tensor(input)
    multiples_t, m = int_arg(multiples)
    require_integers("Tile", "Tmultiples", multiples_t)
    ndim = x._value.ndim
    if multiples_t._value.ndim != 1 or len(m) != ndim:
        raise invalid_argument(
            "Tile",
            f"Expected multiples argument to be a vector of length {ndim} but got length {len(m)}",
        )
    for i, n in enumerate(m):
        if n < 0:
            raise invalid_argument("Tile", f"Expected multiples[{i}] >= 0, but got {n}")
    value = np.tile(x._value, m) if ndim else x._value
    return execute(TILE, (x, multiples_t), value, (x._value.shape, m))


def broadcast_axes(grad_shape, shape):
    """Axes of `grad_shape` that broadcasting to it added or stretched from `shape`."""
    lead = len(grad_shape) - len(shape)
    axes = list(range(lead))
    for i, d in enumerate(shape):
        if d == 1 and grad_shape[lead + i] != 1:
            axes.append(lead + i)
    return tuple(axes)


def unbroadcast(grad, shape):
    """Sums `grad` back down to `shape` (the one helper every broadcasting gradient uses)."""
    if grad._value.shape == shape:  # fast path: nothing was broadcast
        return grad
    axes = broadcast_axes(grad._value.shape, shape)
    if axes:
        grad = reduce_sum(grad, axis=axes)
    return reshape(grad, shape) if grad._value.shape != shape else grad
