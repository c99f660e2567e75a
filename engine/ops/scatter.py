"""tf.tensor_scatter_nd_{update, add, sub, max, min}: a copy of a tensor with the slices named
by `indices` replaced by (or combined with) `updates`, and their gradients as TF's
array_grad.py writes them (GatherNd for the updates, the tensor's own gradient with the
overwritten slices zeroed for update, split between ties for max/min).

tf.scatter_nd itself (ScatterNd) lives with gather_nd in engine/ops/indexing.py.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic, casting, comparisons
from .array_args import shape_text
from .indexing import (
    _indices,
    _nd_positions,
    gather_nd,
    ignores_bad_indices,
    in_bounds_mask,
    scatter_nd,
)
from .operands import _tf_type_name
from .registry import ALL, define, execute
from .shape_ops import identity

__all__ = [
    "tensor_scatter_nd_update",
    "tensor_scatter_nd_add",
    "tensor_scatter_nd_sub",
    "tensor_scatter_nd_max",
    "tensor_scatter_nd_min",
]
TOP_LEVEL = list(__all__)


def _update_grad(rec, dy):
    dy = convert_to_tensor(dy)
    indices = rec.inputs[1]
    updates_grad = gather_nd(dy, indices)  # first, as TF's: a bad index is GatherNd's error
    zeros = EagerTensor(np.zeros(rec.attrs[0], dy._value.dtype))
    return tensor_scatter_nd_update(identity(dy), indices, zeros), None, updates_grad


def _add_grad(rec, dy):
    dy = convert_to_tensor(dy)
    return identity(dy), None, gather_nd(dy, rec.inputs[1])


def _sub_grad(rec, dy):
    dy = convert_to_tensor(dy)
    return identity(dy), None, arithmetic.negative(gather_nd(dy, rec.inputs[1]))


def _min_or_max_grad(rec, dy):
    """Ties between the tensor's entry and the updates that reached it share the gradient.

    Under bad_indices_policy IGNORE, TF's gathers read 0 and its scatter drops the rows that
    point outside: here those rows read row 0 and are masked out, which gives the same values.
    """
    dy = convert_to_tensor(dy)
    x, indices, y = rec.inputs
    output = rec.outputs[0]
    dtype = dy.dtype
    kept = rec.attrs[1]
    if kept is not None:
        indices = EagerTensor(np.where(kept[..., None], indices._value, 0))
    x_indicators = casting.cast(comparisons.equal(x, output), dtype)
    y_indicators = casting.cast(comparisons.equal(y, gather_nd(output, indices)), dtype)
    if kept is not None:
        y_indicators = arithmetic.multiply(
            y_indicators,
            EagerTensor(
                kept.astype(dy._value.dtype).reshape(
                    kept.shape + (1,) * (y_indicators._value.ndim - kept.ndim)
                )
            ),
        )
    ys_indicators = scatter_nd(indices, y_indicators, x._value.shape)
    indicators = arithmetic.add(x_indicators, ys_indicators)  # each entry is >= 1
    x_grad = arithmetic.divide(arithmetic.multiply(dy, x_indicators), indicators)
    y_grad = arithmetic.multiply(
        gather_nd(arithmetic.divide(dy, indicators), indices), y_indicators
    )
    return x_grad, None, y_grad


UPDATE = define("TensorScatterUpdate", _update_grad, saves_inputs=(1,))
ADD = define("TensorScatterAdd", _add_grad, saves_inputs=(1,))
SUB = define("TensorScatterSub", _sub_grad, saves_inputs=(1,))
MAX = define("TensorScatterMax", _min_or_max_grad, saves_inputs=ALL, saves_outputs=(0,))
MIN = define("TensorScatterMin", _min_or_max_grad, saves_inputs=ALL, saves_outputs=(0,))


def _operands(op_type, tensor, indices, updates):
    t = convert_to_tensor(tensor)
    idx = _indices(
        op_type,
        indices,
        allowed=(np.int16, np.int32, np.int64, np.uint16),
        names="int16, int32, int64, uint16",
    )
    if isinstance(updates, EagerTensor) or hasattr(updates, "_as_tensor"):
        u = convert_to_tensor(updates)
        if u.dtype is not t.dtype:
            raise invalid_argument(
                op_type,
                f"cannot compute {op_type} as input #2(zero-based) was expected to be a "
                f"{_tf_type_name(t.dtype)} tensor but is a {_tf_type_name(u.dtype)} tensor",
            )
    else:
        u = convert_to_tensor(updates, dtype=t.dtype)
    _check_shapes(op_type, t._value.shape, idx._value.shape, u._value.shape)
    return t, idx, u


def _check_shapes(op_type, shape, indices_shape, updates_shape):
    """TF's TensorScatterOp shape checks, in its order and words."""
    if not indices_shape:
        raise invalid_argument(op_type, "Indices shape must have rank at least one. Found:[]")
    if not updates_shape:
        raise invalid_argument(op_type, "Updates shape must have rank at least one. Found:[]")
    outer = len(indices_shape) - 1
    if any(indices_shape[i] != updates_shape[i] for i in range(min(outer, len(updates_shape)))):
        raise invalid_argument(
            op_type,
            f"Outer dimensions of indices and update must match. Indices shape: "
            f"{shape_text(indices_shape)}, updates shape:{shape_text(updates_shape)}",
        )
    ix = indices_shape[-1]
    if len(updates_shape) - outer != len(shape) - ix:
        raise invalid_argument(
            op_type,
            "Inner dimensions of output shape must match inner dimensions of updates shape. "
            f"Output: {shape_text(shape)} updates: {shape_text(updates_shape)}",
        )
    if updates_shape[outer:] != shape[ix:]:
        raise invalid_argument(
            op_type,
            f"The inner {len(shape) - ix} dimensions of output.shape={shape_text(shape)} must "
            f"match the inner {len(updates_shape) - outer} dimensions of "
            f"updates.shape={shape_text(updates_shape)}",
        )


def _scatter(opdef, combine, tensor, indices, updates, bad_indices_policy):
    ignore = ignores_bad_indices(opdef.type, bad_indices_policy)
    t, idx, u = _operands(opdef.type, tensor, indices, updates)
    index_rows, update_rows, kept = idx._value, u._value, None
    if ignore:
        kept = in_bounds_mask(index_rows, t._value.shape)
        index_rows, update_rows = index_rows[kept], update_rows[kept]
        kept = None if kept.all() else kept
    where_ = _nd_positions(opdef.type, index_rows, t._value.shape, "output rank")
    value = t._value.copy()
    if combine is None:
        value[where_] = update_rows
    else:
        combine.at(value, where_, update_rows)
    return execute(opdef, (t, idx, u), value, (u._value.shape, kept))


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    return _scatter(UPDATE, None, tensor, indices, updates, "")


def tensor_scatter_nd_add(tensor, indices, updates, bad_indices_policy="", name=None):
    return _scatter(ADD, np.add, tensor, indices, updates, bad_indices_policy)


def tensor_scatter_nd_sub(tensor, indices, updates, bad_indices_policy="", name=None):
    return _scatter(SUB, np.subtract, tensor, indices, updates, bad_indices_policy)


def tensor_scatter_nd_max(tensor, indices, updates, bad_indices_policy="", name=None):
    return _scatter(MAX, np.maximum, tensor, indices, updates, bad_indices_policy)


def tensor_scatter_nd_min(tensor, indices, updates, bad_indices_policy="", name=None):
    return _scatter(MIN, np.minimum, tensor, indices, updates, bad_indices_policy)
