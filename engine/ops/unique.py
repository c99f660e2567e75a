"""tf.unique and tf.unique_with_counts (ops Unique, UniqueWithCounts; TF registers no
gradient for either, so backprop through them raises LookupError)."""

import collections

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import convert_to_tensor
from .operands import _tf_type_name
from .registry import define, execute_many

__all__ = ["unique", "unique_with_counts"]
TOP_LEVEL = list(__all__)

# TF returns these namedtuples (printed as Unique(y=<tf.Tensor ...>, idx=<tf.Tensor ...>))
Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])

UNIQUE = define("Unique")
UNIQUE_WITH_COUNTS = define("UniqueWithCounts")


def _unique(op_type, x, out_idx):
    """(values in order of first appearance, each element's position among them, counts)."""
    index = dtypes.as_dtype(out_idx)
    if index not in (dtypes.int32, dtypes.int64):
        raise invalid_argument(
            op_type,
            f"Value for attr 'out_idx' of {_tf_type_name(index)} is not in the list of allowed "
            "values: int32, int64",
        )
    index_dtype = index.as_numpy_dtype
    t = convert_to_tensor(x)
    if t._value.ndim != 1:
        raise invalid_argument(op_type, "unique expects a 1D vector.")
    value = t._value
    # equal_nan=False: TF's hash map never finds a NaN equal to another
    _, first, inverse = np.unique(value, return_index=True, return_inverse=True, equal_nan=False)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx = rank[inverse.reshape(-1)].astype(index_dtype)
    counts = np.bincount(idx, minlength=order.size).astype(index_dtype)
    return t, value[first[order]], idx, counts


def unique(x, out_idx=dtypes.int32, name=None):
    t, y, idx, _ = _unique("Unique", x, out_idx)
    return Unique(*execute_many(UNIQUE, (t,), (y, idx)))


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    t, y, idx, counts = _unique("UniqueWithCounts", x, out_idx)
    return UniqueWithCounts(*execute_many(UNIQUE_WITH_COUNTS, (t,), (y, idx, counts)))
