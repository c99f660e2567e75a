"""Picking elements by index: gather, gather_nd, boolean_mask, and the sums that undo them
(unsorted_segment_sum, scatter_nd).

gather's gradient along axis 0 is an IndexedSlices (the rows it read and their gradients), as
in TF; engine.indexed_slices densifies it with unsorted_segment_sum when a dense tensor is needed.
These ops keep only their indices for backward: the gradient needs params' shape, not its values.
"""

import math

import numpy as np

from ..errors import invalid_argument
from ..shape import TensorShape
from ..tensor import EagerTensor, IndexedSlices, convert_to_tensor
from .array_args import as_int, int_tensor, shape_text
from .operands import _tf_type_name
from .registry import define, execute
from .selection import where
from .shape_ops import reshape, squeeze, transpose

__all__ = ["gather", "gather_nd", "scatter_nd", "unsorted_segment_sum", "boolean_mask"]


def _indices(
    op_type,
    value,
    attr="Tindices",
    allowed=(np.int16, np.int32, np.int64),
    names="int16, int32, int64",
):
    t = convert_to_tensor(value)  # no preferred dtype: [] is float32, np.uint8 stays uint8
    if t._value.dtype not in allowed:
        raise invalid_argument(
            op_type,
            f"Value for attr '{attr}' of {_tf_type_name(t.dtype)} is "
            f"not in the list of allowed values: {names}",
        )
    return t


def _position(flat, shape):
    """TF's way of naming one element of an index tensor: [1,0]."""
    return "[" + ",".join(str(int(i)) for i in np.unravel_index(flat, shape)) + "]" if shape else ""


# --- GatherV2 -----------------------------------------------------------------------------
def _gather_grad(rec, dy):
    params_shape, axis, batch_dims = rec.attrs
    indices = rec.inputs[1]
    dy = convert_to_tensor(dy)
    if axis == 0:
        values = reshape(dy, (indices._value.size,) + params_shape[1:])
        return IndexedSlices(
            values,
            EagerTensor(indices._value.reshape(-1)),
            EagerTensor(np.array(params_shape, dtype=np.int32)),
        )
    return _dense_gather_grad(dy, indices._value, params_shape, axis, batch_dims)


def _dense_gather_grad(dy, indices, params_shape, axis, batch_dims):
    """Sums dy's slices into the params positions they came from (axis > 0 or batch dims).

    dy is [B..., O..., I..., R...] (batch, params' outer, indices', params' rest dims); moving the
    I dims before O and numbering the positions per batch lets one unsorted_segment_sum do it.
    """
    b, o = batch_dims, axis - batch_dims
    i = indices.ndim - b
    n = params_shape[axis]
    perm = (
        list(range(b))
        + list(range(b + o, b + o + i))
        + list(range(b, b + o))
        + list(range(b + o + i, dy._value.ndim))
    )
    moved = transpose(dy, perm)
    batches = int(np.prod(params_shape[:b], dtype=np.int64))
    outer, rest = params_shape[b:axis], params_shape[axis + 1 :]
    values = reshape(moved, (-1,) + outer + rest)
    ids = (indices.reshape(batches, -1) + n * np.arange(batches).reshape(-1, 1)).reshape(-1)
    summed = unsorted_segment_sum(values, EagerTensor(ids.astype(indices.dtype)), batches * n)
    grid = reshape(summed, params_shape[:b] + (n,) + outer + rest)
    back = (
        list(range(b))
        + list(range(b + 1, b + 1 + o))
        + [b]
        + list(range(b + 1 + o, len(params_shape)))
    )
    return transpose(grid, back)


GATHER = define("GatherV2", (_gather_grad, None, None), saves_inputs=(1,))


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p = convert_to_tensor(params)
    idx = _indices("GatherV2", indices)
    batch_dims = as_int(batch_dims)
    if batch_dims < 0:
        batch_dims += idx._value.ndim
    axis_t = int_tensor(batch_dims if axis is None else axis)
    a = int(axis_t._value)
    if a == 0:
        batch_dims = 0  # TF's gather drops batch_dims when the axis is (literally) 0
    ndim = p._value.ndim
    if a < 0:
        a += ndim
    if not 0 <= a < ndim:
        raise invalid_argument(
            "GatherV2", f"Shape must be at least rank {a + 1} but is rank {ndim}"
        )
    if batch_dims > a:
        raise invalid_argument(
            "GatherV2", f"batch_dims ({batch_dims}) must be less than or equal to axis ({a})."
        )
    n = p._value.shape[a]
    bad = np.flatnonzero((idx._value < 0) | (idx._value >= n))
    if bad.size:
        k = bad[0]
        raise invalid_argument(
            "GatherV2",
            f"indices{_position(k, idx._value.shape)} = "
            f"{idx._value.reshape(-1)[k]} is not in [0, {n})",
        )
    value = _gather_values(p._value, idx._value, a, batch_dims)
    return execute(GATHER, (p, idx, axis_t), value, (p._value.shape, a, batch_dims))


def _gather_values(params, indices, axis, batch_dims):
    if not batch_dims:
        return np.take(params, indices, axis=axis)
    lead = params.shape[:batch_dims]
    p = params.reshape((-1,) + params.shape[batch_dims:])
    i = indices.reshape((-1,) + indices.shape[batch_dims:])
    out = np.stack([np.take(p[k], i[k], axis=axis - batch_dims) for k in range(p.shape[0])])
    return out.reshape(lead + out.shape[1:])


# --- UnsortedSegmentSum -------------------------------------------------------------------
def _segment_sum_grad(rec, dy):
    """Each data row gets its segment's gradient; rows with a negative id (dropped) get 0."""
    ids = rec.inputs[1]._value
    gathered = gather(convert_to_tensor(dy), EagerTensor(np.maximum(ids, 0)))
    kept = (ids >= 0).reshape(ids.shape + (1,) * (gathered._value.ndim - ids.ndim))
    return where(EagerTensor(kept), gathered, EagerTensor(np.zeros((), gathered._value.dtype)))


SEGMENT_SUM = define("UnsortedSegmentSum", (_segment_sum_grad, None, None), saves_inputs=(1,))


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    d = convert_to_tensor(data)
    ids = _indices(
        "UnsortedSegmentSum",
        segment_ids,
        attr="Tindices",
        allowed=(np.int32, np.int64),
        names="int32, int64",
    )
    num_t = int_tensor(num_segments)
    num = int(num_t._value)
    ids_shape = ids._value.shape
    if d._value.shape[: len(ids_shape)] != ids_shape:
        raise invalid_argument(
            "UnsortedSegmentSum",
            f"data.shape = {shape_text(d._value.shape)} "
            f"does not start with segment_ids.shape = "
            f"{shape_text(ids_shape)}",
        )
    bad = np.flatnonzero(ids._value >= num)
    if bad.size:
        k = bad[0]
        raise invalid_argument(
            "UnsortedSegmentSum",
            f"segment_ids{_position(k, ids_shape)} = "
            f"{ids._value.reshape(-1)[k]} is out of "
            f"range [0, {num})",
        )
    tail = d._value.shape[len(ids_shape) :]
    value = np.zeros((num,) + tail, d._value.dtype)
    flat_ids = ids._value.reshape(-1)
    rows = d._value.reshape((-1,) + tail)
    kept = flat_ids >= 0
    np.add.at(value, flat_ids[kept], rows[kept])
    return execute(SEGMENT_SUM, (d, ids, num_t), value)


# --- GatherNd / ScatterNd -----------------------------------------------------------------
def _gather_nd_grad(rec, dy):
    params_shape = rec.attrs
    indices = rec.inputs[1]
    dy = convert_to_tensor(dy)
    if indices._value.ndim == 2 and indices._value.shape[-1] == 1:  # whole rows: sparse, as TF
        return IndexedSlices(
            dy,
            EagerTensor(indices._value[:, 0]),
            EagerTensor(np.array(params_shape, dtype=np.int32)),
        )
    return scatter_nd(indices, dy, params_shape)


GATHER_ND = define("GatherNd", (_gather_nd_grad, None), saves_inputs=(1,))


def gather_nd(params, indices, batch_dims=0, name=None):
    p = convert_to_tensor(params)
    idx = _indices("GatherNd", indices)
    if as_int(batch_dims) != 0:
        raise NotImplementedError("engine does not implement tf.gather_nd with batch_dims > 0")
    where_ = _nd_positions("GatherNd", idx._value, p._value.shape, "params rank")
    return execute(GATHER_ND, (p, idx), p._value[where_], p._value.shape)


def _nd_positions(op_type, indices, shape, rank_name):
    """indices[..., k] as a NumPy index tuple, after TF's range checks."""
    if indices.ndim == 0 and op_type == "GatherNd":
        raise invalid_argument(op_type, "indices must be at least a vector")
    k = indices.shape[-1] if indices.ndim else 0
    if indices.ndim == 0 or k > len(shape):
        raise invalid_argument(
            op_type,
            f"index innermost dimension length must be <= {rank_name}; saw: {k} vs. {len(shape)}",
        )
    rows = indices.reshape(-1, k)
    bad = np.flatnonzero(((rows < 0) | (rows >= np.array(shape[:k], dtype=np.int64))).any(axis=1))
    if bad.size:
        j = bad[0]
        listed = ", ".join(str(int(v)) for v in rows[j])
        where_ = (
            f"param shape {shape_text(shape)}, node name: {op_type}"
            if op_type == "GatherNd"
            else f"shape {shape_text(shape)}"
        )
        raise invalid_argument(
            op_type,
            f"indices{_position(j, indices.shape[:-1])} = [{listed}] does not index into {where_}",
        )
    return tuple(indices[..., j] for j in range(k))


SCATTER_ND = define(
    "ScatterNd", (None, lambda rec, dy: gather_nd(dy, rec.inputs[0]), None), saves_inputs=(0,)
)


def scatter_nd(indices, updates, shape, bad_indices_policy="", name=None):
    idx = _indices("ScatterNd", indices, names="int16, int32, int64")
    u = convert_to_tensor(updates)
    shape_t = int_tensor(shape)
    dims = tuple(int(d) for d in np.asarray(shape_t._value).reshape(-1))
    ignore = ignores_bad_indices("ScatterNd", bad_indices_policy)
    _check_scatter_shapes(idx._value.shape, u._value.shape, dims)
    index_rows, update_rows = (
        in_bounds_only(idx._value, u._value, dims) if ignore else (idx._value, u._value)
    )
    where_ = _nd_positions("ScatterNd", index_rows, dims, "output rank")
    value = np.zeros(dims, u._value.dtype)
    np.add.at(value, where_, update_rows)
    return execute(SCATTER_ND, (idx, u, shape_t), value)


def ignores_bad_indices(op_type, policy):
    """The scatter ops' bad_indices_policy attr: True for IGNORE (out-of-range rows are
    skipped); "", DEFAULT and ERROR raise on them, as TF's CPU kernels do."""
    if policy not in ("", "DEFAULT", "ERROR", "IGNORE"):
        raise invalid_argument(op_type, f"Unknown bad indices handling attribute: {policy}")
    return policy == "IGNORE"


def in_bounds_mask(indices, shape):
    """Which index rows (indices[..., :]) point inside `shape`."""
    k = indices.shape[-1] if indices.ndim else 0
    limits = np.array(shape[:k], dtype=np.int64)
    return ((indices >= 0) & (indices < limits)).all(axis=-1)


def in_bounds_only(indices, updates, shape):
    """The index rows inside `shape` and their updates (bad_indices_policy IGNORE)."""
    kept = in_bounds_mask(indices, shape)
    return indices[kept], updates[kept]


def _check_scatter_shapes(indices_shape, updates_shape, shape):
    """ScatterNd's shape checks, in TF's order and words (before any index is range-checked)."""
    if not math.prod(shape) and (math.prod(indices_shape) or math.prod(updates_shape)):
        raise invalid_argument(
            "ScatterNd",
            "Indices and updates specified for empty output.  indices shape: "
            + shape_text(indices_shape),
        )
    if not indices_shape:
        return  # a 0-d index is reported by _nd_positions
    batch, slice_ = len(indices_shape) - 1, indices_shape[-1]
    prefix = (
        f"Dimensions [0,{batch}) of indices[shape={shape_text(indices_shape)}] must match "
        f"dimensions [0,{batch}) of updates[shape={shape_text(updates_shape)}]"
    )
    suffix = (
        f"Dimensions [{slice_},{len(shape)}) of input[shape={shape_text(shape)}] must match "
        f"dimensions [{batch},{len(updates_shape)}) of updates[shape={shape_text(updates_shape)}]"
    )
    if len(updates_shape) < batch:
        raise invalid_argument("ScatterNd", prefix)
    if len(updates_shape) != batch + len(shape) - slice_:
        raise invalid_argument("ScatterNd", suffix)
    if updates_shape[:batch] != indices_shape[:batch]:
        raise invalid_argument("ScatterNd", prefix)
    if updates_shape[batch:] != tuple(shape[slice_:]):
        raise invalid_argument("ScatterNd", suffix)


# --- boolean_mask (composite, as in TF: Reshape, Where, Squeeze, GatherV2) ------------------
def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    x = convert_to_tensor(tensor)
    m = convert_to_tensor(mask)
    mask_shape = m._value.shape
    if not mask_shape:
        raise ValueError("mask cannot be scalar.")
    a = 0 if axis is None else as_int(axis)
    covered = x._value.shape[a : a + len(mask_shape)]
    if covered != mask_shape:
        raise ValueError(
            f"Shapes {TensorShape(covered)} and {TensorShape(mask_shape)} are incompatible"
        )
    shape_ = x._value.shape
    flat = reshape(x, shape_[:a] + (int(np.prod(mask_shape)),) + shape_[a + len(mask_shape) :])
    positions = squeeze(where(reshape(m, [-1])), axis=[1])
    return gather(flat, positions, axis=a)
