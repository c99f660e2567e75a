"""The k largest entries along the last axis (TopKV2, with TF's gradient: the upstream values
scattered back to where they were taken from) and InTopKV2 (is the target among the k
largest predictions?), as tf.math.top_k / tf.nn.top_k and tf.math.in_top_k / tf.nn.in_top_k."""

import collections
import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import shape_text
from .elementwise import ALLOWED_T, allowed_numpy_dtypes, check_dtype
from .indexing import scatter_nd
from .operands import _tf_type_name
from .registry import NOT_DIFFERENTIABLE, define, execute, execute_many
from .shape_ops import expand_dims, reshape

ALLOWED_T["TopKV2"] = ALLOWED_T["Less"]

# TF returns a namedtuple of this name and these fields
TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def _top_k_grad(rec, dvalues, dindices):
    """TF's: the indices made linear over the flattened input, the upstream values scattered
    there with ScatterNd, reshaped to the input's shape."""
    if dvalues is None:
        return (None, None)
    in_shape = rec.attrs
    indices = rec.outputs[1]
    k = indices._value.shape[-1]
    n = in_shape[-1]
    ind_2d = reshape(indices, [-1, k])
    outer = ind_2d._value.shape[0]
    offsets = EagerTensor(np.arange(0, outer * n, n, dtype=indices._value.dtype).reshape(-1, 1))
    linear = reshape(ind_2d + offsets, [-1])
    size = EagerTensor(np.array([math.prod(in_shape)], np.int32))
    flat = scatter_nd(expand_dims(linear, -1), reshape(dvalues, [-1]), size)
    return (reshape(flat, list(in_shape)), None)


TOP_K = define("TopKV2", _top_k_grad, saves_outputs=(1,))


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """The k largest values along the last axis and their indices: ties go to the lower
    index, NaN counts as the largest. With sorted=False the engine still returns them sorted
    (TF's order there comes from its heap)."""
    x = input if type(input) is EagerTensor else convert_to_tensor(input)
    k_t = k if isinstance(k, EagerTensor) else convert_to_tensor(k, dtype=dtypes.int32)
    check_dtype("TopKV2", x, allowed_numpy_dtypes("TopKV2"))
    v = x._value
    kk = int(k_t._value)
    if kk < 0:
        raise invalid_argument("TopKV2", f"Need k >= 0, got {kk}")
    if v.ndim < 1:
        raise invalid_argument("TopKV2", f"input must be >= 1-D, got shape {shape_text(v.shape)}")
    if v.shape[-1] < kk:
        raise invalid_argument(
            "TopKV2", f"input must have at least k columns. Had {v.shape[-1]}, needed {kk}"
        )
    indices = _top_k_indices(v, kk)
    values = np.take_along_axis(v, indices, axis=-1)
    index_dtype = dtypes.as_dtype(index_type)._np
    outputs = execute_many(TOP_K, (x, k_t), (values, indices.astype(index_dtype)), v.shape)
    return TopKV2(*outputs)


def _top_k_indices(v, k):
    """The indices TF's CPU kernel picks: a stable descending order, except where NaN makes its
    comparisons inconsistent. There its three branches differ: k = 1 takes the maximum of the
    numbers (Eigen's max skips NaN) and its first occurrence; k = n sorts with std::sort
    (insertion sort up to 16 entries, emulated here); other k keep a heap (NaN taken here
    as the largest value)."""
    is_float = v.dtype.kind == "f"
    key = np.where(np.isnan(v), np.inf, v) if is_float else v  # NaN sorts above everything
    order = np.argsort(-key if is_float else _descending_key(v), axis=-1, kind="stable")
    indices = order[..., :k]
    if not is_float or not k or not np.isnan(v).any():
        return indices
    rows, n = v.reshape(-1, v.shape[-1]), v.shape[-1]
    picked = indices.reshape(-1, k).copy()
    for r, row in enumerate(rows):
        if not np.isnan(row).any():
            continue
        if k == 1:
            top = np.fmax.reduce(row)
            hits = np.flatnonzero(row == top)
            picked[r, 0] = hits[0] if hits.size else 0
        elif k == n and n <= 16:
            picked[r] = _insertion_sorted(row)
    return picked.reshape(indices.shape)


def _insertion_sorted(row):
    """libstdc++'s std::sort of the indices for 16 entries or fewer (a guarded insertion sort)
    with TF's comparator (larger value first), then runs of equal values in index order."""
    order = list(range(len(row)))
    for i in range(1, len(order)):
        c = order[i]
        if row[order[0]] < row[c]:
            order[1 : i + 1] = order[:i]
            order[0] = c
            continue
        j = i
        while row[order[j - 1]] < row[c]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = c
    start = 0
    while start < len(order) - 1:
        end = start + 1
        while end < len(order) and row[order[end]] == row[order[start]]:
            end += 1
        order[start:end] = sorted(order[start:end])
        start = end
    return order


def _descending_key(v):
    """A key whose ascending order is v's descending order (unsigned ints cannot be negated)."""
    return np.iinfo(v.dtype).max - v if v.dtype.kind == "u" else -v.astype(np.int64)


IN_TOP_K = define("InTopKV2", NOT_DIFFERENTIABLE)


def in_top_k(targets, predictions, k, name=None):
    """Whether each row's target class is among its k largest predictions (ties count as in;
    a row with a non-finite prediction, or an out-of-range target, is out)."""
    t = convert_to_tensor(targets)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise invalid_argument(
            "InTopKV2",
            f"Value for attr 'T' of {_tf_type_name(t.dtype)} is not in the list of allowed "
            "values: int32, int64",
        )
    p = convert_to_tensor(predictions)
    if p.dtype != dtypes.float32:
        raise invalid_argument(
            "InTopKV2",
            "cannot compute InTopKV2 as input #0(zero-based) was expected to be a float "
            f"tensor but is a {_tf_type_name(p.dtype)} tensor",
        )
    k_t = convert_to_tensor(k, dtype=t.dtype)
    pv, tv, kk = p._value, t._value, int(k_t._value)
    if pv.ndim != 2:
        raise invalid_argument("InTopKV2", "predictions must be 2-dimensional")
    if tv.ndim != 1:
        raise invalid_argument("InTopKV2", "targets must be 1-dimensional")
    if pv.shape[0] != tv.shape[0]:
        raise invalid_argument(
            "InTopKV2",
            f"First dimension of predictions {pv.shape[0]} must match length of targets "
            f"{tv.shape[0]}",
        )
    rows = np.arange(tv.shape[0])
    valid = (tv >= 0) & (tv < pv.shape[1])
    target_value = pv[rows, np.where(valid, tv, 0)]
    larger = np.sum(pv > target_value[:, None], axis=1)
    # TF's kernel cannot say for a row with any non-finite prediction: False
    value = valid & np.all(np.isfinite(pv), axis=1) & (larger < kk)
    return execute(IN_TOP_K, (p, t, k_t), value)


__all__ = ["top_k", "in_top_k"]
TOP_LEVEL: list[str] = []
