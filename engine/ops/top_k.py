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
    index, NaN counts as the largest. With sorted=False, in the order TF's heap leaves them."""
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
    indices = _top_k_indices(v, kk, sorted)
    values = np.take_along_axis(v, indices, axis=-1)
    index_dtype = dtypes.as_dtype(index_type)._np
    outputs = execute_many(TOP_K, (x, k_t), (values, indices.astype(index_dtype)), v.shape)
    return TopKV2(*outputs)


def _tf_heap_top_k(row, k, sort):
    """TF's CPU kernel for 1 < k < len(row): a gtl::TopN heap, with the kernel's comparator
    (larger value first, the lower index on ties) and libstdc++'s heap algorithms. The first
    k + 1 entries are heapified and the least dropped; each later entry that beats the least
    replaces it (pop, then push, within k). sorted=False returns the heap's order, sorted=True
    std::sort_heap's (which only differs from a stable sort where NaN is compared)."""

    def greater(a, b):
        return row[b] < row[a] or (not row[a] < row[b] and a < b)

    def push_up(heap, hole, top, value):  # std::__push_heap
        parent = (hole - 1) // 2
        while hole > top and greater(heap[parent], value):
            heap[hole] = heap[parent]
            hole = parent
            parent = (hole - 1) // 2
        heap[hole] = value

    def adjust(heap, hole, length, value):  # std::__adjust_heap: to a leaf, then up
        top = child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if greater(heap[child], heap[child - 1]):
                child -= 1
            heap[hole] = heap[child]
            hole = child
        if length % 2 == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            heap[hole] = heap[child - 1]
            hole = child - 1
        push_up(heap, hole, top, value)

    def pop(heap, length):  # std::pop_heap over heap[:length]: the least goes last
        last = length - 1
        value = heap[last]
        heap[last] = heap[0]
        adjust(heap, 0, last, value)

    heap = list(range(k + 1))
    for parent in range((k + 1 - 2) // 2, -1, -1):  # std::make_heap
        adjust(heap, parent, k + 1, heap[parent])
    pop(heap, k + 1)
    for c in range(k + 1, len(row)):
        if greater(c, heap[0]):
            pop(heap, k)
            heap[k - 1] = c
            push_up(heap, k - 1, 0, c)  # std::push_heap
    heap = heap[:k]
    if sort:
        for length in range(k, 1, -1):  # std::sort_heap
            pop(heap, length)
    return heap


def _top_k_indices(v, k, sorted):
    """The indices TF's CPU kernel picks: a stable descending order, unless sorted=False
    (the heap's order) or NaN makes its comparisons inconsistent. Then its three branches
    differ: k = 1 takes the maximum of the numbers (Eigen's max skips NaN) and its first
    occurrence; k = n sorts with std::sort (insertion sort up to 16 entries, emulated here;
    NaN taken as the largest value beyond); other k keep a heap (emulated)."""
    is_float = v.dtype.kind == "f"
    key = np.where(np.isnan(v), np.inf, v) if is_float else v  # NaN sorts above everything
    order = np.argsort(-key if is_float else _descending_key(v), axis=-1, kind="stable")
    indices = order[..., :k]
    n = v.shape[-1]
    heap = 1 < k < n
    has_nan = is_float and bool(k) and np.isnan(v).any()
    if not (has_nan or (heap and not sorted)):
        return indices
    rows = v.reshape(-1, n)
    picked = indices.reshape(-1, k).copy()
    for r, row in enumerate(rows):
        if heap and (not sorted or np.isnan(row).any()):
            picked[r] = _tf_heap_top_k(row.tolist(), k, sort=sorted)
        elif not np.isnan(row).any():
            continue
        elif k == 1:
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
