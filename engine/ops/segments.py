"""Sorted segment reductions (SegmentSum, SegmentMean) and unsorted_segment_mean, the
composite TF builds from UnsortedSegmentSum; gradients as TF's math_grad.py.

Sorted segments: ids are a vector, one per row of data, non-decreasing and non-negative; the
output has max(id) + 1 rows, and rows no id names are 0.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic, creation
from .elementwise import ALLOWED_T, allowed_numpy_dtypes, check_dtype
from .indexing import _indices, gather, unsorted_segment_sum
from .joining import concat
from .registry import define, execute
from .shape_ops import reshape, shape

ALLOWED_T["SegmentSum"] = ALLOWED_T["SegmentMean"] = ALLOWED_T["Sum"]
_INDEX_TYPES = dict(attr="Tindices", allowed=(np.int32, np.int64), names="int32, int64")


def _segment_rows(op_type, data, segment_ids):
    """TF's checks, in its order; the number of output rows."""
    d = convert_to_tensor(data)
    ids = _indices(op_type, segment_ids, **_INDEX_TYPES)
    check_dtype(op_type, d, allowed_numpy_dtypes(op_type))
    v = ids._value
    if d._value.ndim < 1:
        raise invalid_argument(op_type, "input must be at least rank 1")
    if v.ndim != 1:
        raise invalid_argument(op_type, "segment_ids should be a vector.")
    if v.shape[0] != d._value.shape[0]:
        raise invalid_argument(
            op_type, "segment_ids should be the same size as dimension 0 of input."
        )
    if not v.size:
        return d, ids, 0
    rows = int(v[-1]) + 1
    if np.any(v[1:] < v[:-1]):
        raise invalid_argument(op_type, "segment ids are not increasing")
    if v[0] < 0:
        raise invalid_argument(
            op_type,
            f"Segment id {v[0]} out of range [0, {rows}), possibly because "
            "'segment_ids' input is not sorted.",
        )
    return d, ids, rows


def _segment_totals(d, ids, rows):
    value = np.zeros((rows,) + d._value.shape[1:], d._value.dtype)
    np.add.at(value, ids._value, d._value)
    return value


# --- SegmentSum -----------------------------------------------------------------------------
SEGMENT_SUM = define(
    "SegmentSum", (lambda rec, dy: gather(dy, rec.inputs[1]), None), saves_inputs=(1,)
)


def segment_sum(data, segment_ids, name=None):
    d, ids, rows = _segment_rows("SegmentSum", data, segment_ids)
    return execute(SEGMENT_SUM, (d, ids), _segment_totals(d, ids, rows))


# --- SegmentMean ----------------------------------------------------------------------------
def _segment_mean_grad(rec, dy):
    """TF's: the gradient divided by each segment's count (a segment_sum of ones)."""
    data, ids = rec.inputs
    rank = data._value.ndim
    ones = creation.ones((ids._value.shape[0],) + (1,) * (rank - 1), dtype=dy.dtype)
    return gather(arithmetic.divide(dy, segment_sum(ones, ids)), ids)


SEGMENT_MEAN = define("SegmentMean", (_segment_mean_grad, None), saves_inputs=(0, 1))


def segment_mean(data, segment_ids, name=None):
    d, ids, rows = _segment_rows("SegmentMean", data, segment_ids)
    totals = _segment_totals(d, ids, rows)
    counts = np.bincount(ids._value, minlength=rows).reshape((rows,) + (1,) * (totals.ndim - 1))
    if totals.dtype.kind == "f":
        value = totals / np.maximum(counts, 1).astype(totals.dtype)
    else:  # integer means truncate toward zero, as in C
        value = np.trunc(totals / np.maximum(counts, 1)).astype(totals.dtype)
    return execute(SEGMENT_MEAN, (d, ids), value.astype(d._value.dtype))


# --- unsorted_segment_mean: TF's composite ---------------------------------------------------
def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    """Each segment's sum over its count (counts of 0 taken as 1), as TF's math_ops builds it
    in eager mode: Shape, Fill, UnsortedSegmentSum, StridedSlice, Sub, Fill, ConcatV2, Reshape,
    Maximum, UnsortedSegmentSum, RealDiv."""
    data = convert_to_tensor(data)
    segment_ids = convert_to_tensor(segment_ids)
    num_segments = convert_to_tensor(num_segments)
    ones = creation.fill(shape(segment_ids), convert_to_tensor(1, dtype=data.dtype))
    n = unsorted_segment_sum(ones, segment_ids, num_segments)
    leading = num_segments[None]
    extra = arithmetic.subtract(
        convert_to_tensor(data._value.ndim), convert_to_tensor(segment_ids._value.ndim)
    )
    # [extra] as TF converts a list holding a tensor: a constant, no op
    trailing = creation.fill(
        EagerTensor(np.reshape(extra._value, [1])), convert_to_tensor(1, dtype=num_segments.dtype)
    )
    broadcastable = concat([leading, trailing], 0)
    n = arithmetic.maximum(reshape(n, broadcastable), 1)
    summed = unsorted_segment_sum(data, segment_ids, num_segments)
    return arithmetic.divide(summed, n)


__all__ = ["segment_sum", "segment_mean", "unsorted_segment_mean"]
TOP_LEVEL: list[str] = []
