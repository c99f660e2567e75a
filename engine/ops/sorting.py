"""tf.sort and tf.argsort (composites over TopKV2, as TF's sort_ops.py builds them) and
tf.searchsorted (LowerBound / UpperBound, which have no gradient registered in TF).

Ascending order is a descending TopKV2 of the negated values (offset - x for unsigned ints,
-x - 1 for signed ones), so a tape records Neg, TopKV2, Neg as TF's does, and the gradient of
tf.sort is TopKV2's (a scatter of the upstream gradient back to where each value came from).
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic
from .operands import _tf_type_name
from .registry import define, execute
from .shape_ops import _index_dtype, reshape, transpose
from .top_k import top_k

__all__ = ["sort", "argsort", "searchsorted"]
TOP_LEVEL = list(__all__)

_DIRECTIONS = ("ASCENDING", "DESCENDING")


def sort(values, axis=-1, direction="ASCENDING", name=None):
    return _sort_or_argsort(values, axis, direction, return_argsort=False)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    # TF's TopKV2 already keeps equal values in their original order: every argsort is stable
    return _sort_or_argsort(values, axis, direction, return_argsort=True)


def _sort_or_argsort(values, axis, direction, return_argsort):
    if direction not in _DIRECTIONS:
        raise ValueError(
            "Argument `direction` should be one of ASCENDING, DESCENDING. "
            f"Received: direction={direction}"
        )
    axis_value = np.asarray(convert_to_tensor(axis)._value)
    if axis_value.ndim != 0:
        raise ValueError(f"Argument `axis` must be a constant scalar. Received: axis={axis}.")
    a = int(axis_value)
    x = convert_to_tensor(values)
    if direction == "DESCENDING":
        return _descending(x, a, return_argsort)
    dtype = x._value.dtype
    if dtype.kind == "u":
        offset = EagerTensor(dtype.type(np.iinfo(dtype).max))
        out = _descending(arithmetic.subtract(offset, x), a, return_argsort)
        return out if return_argsort else arithmetic.subtract(offset, out)
    if dtype.kind == "i":
        one = EagerTensor(dtype.type(1))
        out = _descending(arithmetic.subtract(arithmetic.negative(x), one), a, return_argsort)
        return out if return_argsort else arithmetic.subtract(arithmetic.negative(out), one)
    out = _descending(arithmetic.negative(x), a, return_argsort)
    return out if return_argsort else arithmetic.negative(out)


def _descending(x, axis, return_argsort):
    ndim = x._value.ndim
    if not -ndim <= axis < ndim:  # TF reads the length as tf.shape(values)[axis]
        shown = axis + ndim if axis < 0 else axis
        raise invalid_argument("StridedSlice", f"slice index {shown} of dimension 0 out of bounds.")
    axis %= ndim
    perm = None
    if axis != ndim - 1:  # TF swaps the axis with the last one, and back
        perm = list(range(ndim))
        perm[axis], perm[-1] = ndim - 1, axis
        x = transpose(x, perm)
    top, indices = top_k(x, x._value.shape[-1])
    out = indices if return_argsort else top
    return transpose(out, perm) if perm is not None else out


# --- searchsorted: LowerBound / UpperBound ---------------------------------------------------
LOWER_BOUND = define("LowerBound")  # TF registers no gradient for either
UPPER_BOUND = define("UpperBound")


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    s = convert_to_tensor(sorted_sequence)
    v = convert_to_tensor(values)
    for t in (s, v):  # TF reads each last dimension as tf.shape(t)[-1]
        if t._value.ndim == 0:
            raise invalid_argument("StridedSlice", "slice index -1 of dimension 0 out of bounds.")
    s2 = reshape(s, [-1, s._value.shape[-1]])
    v2 = reshape(v, [-1, v._value.shape[-1]])
    if side not in ("left", "right"):
        raise ValueError(
            f"Argument `side` must be either 'right' or 'left'. Received: `side` = '{side}'."
        )
    opdef = UPPER_BOUND if side == "right" else LOWER_BOUND
    op_type = opdef.type
    index_dtype = _index_dtype(op_type, out_type)
    if s2._value.dtype != v2._value.dtype:
        raise invalid_argument(
            op_type,
            f"cannot compute {op_type} as input #1(zero-based) was expected to be a "
            f"{_tf_type_name(s2.dtype)} tensor but is a {_tf_type_name(v2.dtype)} tensor",
        )
    if s2._value.shape[0] != v2._value.shape[0]:
        raise invalid_argument(op_type, "Leading dim_size of both tensors must match.")
    found = _binary_search(s2._value, v2._value, right=side == "right").astype(index_dtype)
    return reshape(execute(opdef, (s2, v2), found), v._value.shape)


def _binary_search(rows, values, right):
    """std::lower_bound / std::upper_bound per row, step for step as TF's kernel runs them, so
    an unsorted sequence gives TF's answer too (np.searchsorted's may differ there)."""
    n = rows.shape[1]
    first = np.zeros(values.shape, np.int64)
    count = np.full(values.shape, n, np.int64)
    row_ids = np.arange(rows.shape[0]).reshape(-1, 1)
    while (count > 0).any():
        step = count // 2
        probe = np.minimum(first + step, max(n - 1, 0))
        at = rows[row_ids, probe] if n else np.zeros(values.shape, rows.dtype)
        go_right = (at <= values) if right else (at < values)
        go_right &= count > 0
        first = np.where(go_right, first + step + 1, first)
        count = np.where(go_right, count - step - 1, np.where(count > 0, step, 0))
    return first
