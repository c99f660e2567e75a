"""Scans along an axis: Cumsum and Cumprod, with TF's `exclusive` and `reverse` options."""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic
from .elementwise import allowed_numpy_dtypes, check_dtype
from .registry import ALL, define, execute


def _scan(accumulate, identity):
    def compute(v, axis, exclusive, reverse):
        if reverse:
            v = np.flip(v, axis)
        out = accumulate(v, axis=axis, dtype=v.dtype)
        if (
            exclusive and v.shape[axis]
        ):  # shift by one: each entry combines only those strictly before it
            first = np.full_like(np.take(out, [0], axis=axis), identity)
            out = np.concatenate([first, np.delete(out, -1, axis=axis)], axis=axis)
        return np.flip(out, axis) if reverse else out

    return compute


def _scan_op(opdef, compute):
    op_type = opdef.type
    computable = allowed_numpy_dtypes(op_type)

    def op(x, axis=0, exclusive=False, reverse=False, name=None):
        x = x if type(x) is EagerTensor else convert_to_tensor(x)
        if x._value.dtype.kind != "f":
            check_dtype(op_type, x, computable)
        if type(axis) is not int:
            if not (isinstance(axis, EagerTensor) or hasattr(axis, "_as_tensor")):
                axis = convert_to_tensor(axis, dtype=dtypes.int32)
            axis = int(np.asarray(convert_to_tensor(axis)._value))
        rank = x._value.ndim
        if not -rank <= axis < rank:
            raise invalid_argument(
                op_type,
                (f"ScanOp: Expected scan axis in the range [{-rank}, {rank}), but got {axis}"),
            )
        attrs = (axis % rank, bool(exclusive), bool(reverse))
        return execute(opdef, (x,), compute(x._value, *attrs), attrs)

    return op


def _cumsum_grad(rec, dy):
    axis, exclusive, reverse = rec.attrs
    return cumsum(dy, axis, exclusive=exclusive, reverse=not reverse)


CUMSUM = define("Cumsum", (_cumsum_grad,))
cumsum = _scan_op(CUMSUM, _scan(np.cumsum, 0))


def _cumprod_grad(rec, dy):
    """TF's: divides by x with div_no_nan, so an input that is 0 gets gradient 0."""
    axis, exclusive, reverse = rec.attrs
    x = rec.inputs[0]
    prod = cumprod(x, axis, exclusive=exclusive, reverse=reverse)
    out = cumsum(prod * dy, axis, exclusive=exclusive, reverse=not reverse)
    return arithmetic.divide_no_nan(out, x)


CUMPROD = define("Cumprod", (_cumprod_grad,), saves_inputs=ALL)
cumprod = _scan_op(CUMPROD, _scan(np.cumprod, 1))

__all__ = ["cumsum", "cumprod"]
TOP_LEVEL = ["cumsum"]
