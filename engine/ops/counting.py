"""Counting ops: tf.histogram_fixed_width (HistogramFixedWidth) and tf.math.bincount (a
composite around DenseBincount, as TF's bincount_ops.py). TF registers no gradient for
either op: backprop into their weights raises LookupError."""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import casting
from .array_args import int_tensor, shape_text
from .operands import _tf_type_name
from .registry import define, execute
from .shape_ops import reshape

__all__ = ["histogram_fixed_width", "bincount"]
TOP_LEVEL = ["histogram_fixed_width"]  # bincount is tf.math.bincount only in TF 2

HISTOGRAM = define("HistogramFixedWidth")
DENSE_BINCOUNT = define("DenseBincount")


def _cpp_number(x):
    """A number as C++'s ostream prints it in TF's messages (1.0 -> 1, 0.25 -> 0.25)."""
    return f"{x:g}" if isinstance(x, (float, np.floating)) else str(x)


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    v = convert_to_tensor(values)
    r = convert_to_tensor(value_range, dtype=v.dtype)
    n_t = int_tensor(nbins)
    out = dtypes.as_dtype(dtype)
    if out not in (dtypes.int32, dtypes.int64):
        raise invalid_argument(
            "HistogramFixedWidth",
            f"Value for attr 'dtype' of {_tf_type_name(out)} is not in the list of allowed "
            "values: int32, int64",
        )
    bounds = r._value
    if bounds.ndim != 1:
        raise invalid_argument("HistogramFixedWidth", "value_range should be a vector.")
    if bounds.size != 2:
        raise invalid_argument(
            "HistogramFixedWidth", "value_range should be a vector of 2 elements."
        )
    if n_t._value.ndim != 0:
        raise invalid_argument("HistogramFixedWidth", "nbins should be a scalar.")
    lo, hi = bounds
    n = int(n_t._value)
    if not lo < hi:
        raise invalid_argument(
            "HistogramFixedWidth",
            "value_range should satisfy value_range[0] < value_range[1], but got "
            f"'[{_cpp_number(lo)}, {_cpp_number(hi)}]'",
        )
    if n <= 0:
        raise invalid_argument(
            "HistogramFixedWidth", f"nbins should be a positive number, but got '{n}'"
        )
    if v._value.dtype.kind == "f" and np.isnan(v._value).any():
        raise invalid_argument("HistogramFixedWidth", "Histogram values must not contain NaN")
    # TF's kernel: ((max(x, lo) - lo) in T, as double) / step, at most nbins - 1, truncated
    step = float(hi - lo) / n
    shifted = (np.maximum(v._value, lo) - lo).astype(np.float64)
    bins = np.minimum(shifted / step, n - 1).astype(np.int64).reshape(-1)
    counts = np.bincount(bins, minlength=n).astype(out.as_numpy_dtype)
    return execute(HISTOGRAM, (v, r, n_t), counts)


def bincount(
    arr,
    weights=None,
    minlength=None,
    maxlength=None,
    dtype=dtypes.int32,
    name=None,
    axis=None,
    binary_output=False,
):
    arr = convert_to_tensor(arr)
    if weights is not None:
        weights = convert_to_tensor(weights)
    if weights is not None and binary_output:
        raise ValueError(
            "Arguments `binary_output` and `weights` are mutually exclusive. Please specify "
            "only one."
        )
    if arr._value.dtype.kind not in "iu":
        arr = casting.cast(arr, dtypes.int32)
    if axis is None:
        axis = 0
    if axis not in (0, -1):
        raise ValueError(
            f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported."
        )
    kind = arr._value.dtype.type
    nonempty = kind(arr._value.size > 0)
    top = int(arr._value.max()) + 1 if arr._value.size else 0
    size = int(nonempty) * top
    if minlength is not None:
        size = max(int(convert_to_tensor(minlength, dtype=arr.dtype)._value), size)
    if maxlength is not None:
        size = min(int(convert_to_tensor(maxlength, dtype=arr.dtype)._value), size)
    if axis == 0:
        if weights is not None:
            weights = reshape(weights, [-1])
        arr = reshape(arr, [-1])
    if weights is None:
        weights = EagerTensor(np.zeros((0,), dtypes.as_dtype(dtype).as_numpy_dtype))
    return _dense_bincount(arr, EagerTensor(kind(size)), weights, binary_output)


def _dense_bincount(arr, size_t, weights, binary_output):
    op = "DenseBincount"
    for attr, t, names in (
        ("Tidx", arr, "int32, int64"),
        ("T", weights, "int32, int64, float, double"),
    ):
        allowed = (
            (np.int32, np.int64) if attr == "Tidx" else (np.int32, np.int64, np.float32, np.float64)
        )
        if t._value.dtype.type not in allowed:
            raise invalid_argument(
                op,
                f"Value for attr '{attr}' of {_tf_type_name(t.dtype)} is not in the list of "
                f"allowed values: {names}",
            )
    values, w = arr._value, weights._value
    size = int(size_t._value)
    if size < 0:
        raise invalid_argument(op, f"size ({size}) must be non-negative")
    if w.size and w.shape != values.shape:
        raise invalid_argument(
            op,
            "`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case "
            f"it acts as all weights equal to 1. Received {shape_text(w.shape)}",
        )
    if (values < 0).any():
        raise invalid_argument(op, "Input arr must be non-negative!")
    rows = values.reshape(-1, values.shape[-1]) if values.ndim == 2 else values.reshape(1, -1)
    weight_rows = w.reshape(rows.shape) if w.size else None
    counts = np.zeros((rows.shape[0], size), w.dtype)
    for i, row in enumerate(rows):
        kept = row < size  # entries past size are dropped, as TF's kernel drops them
        bins = row[kept]
        if binary_output:
            counts[i, bins] = 1
        elif weight_rows is None:
            np.add.at(counts[i], bins, 1)
        else:
            np.add.at(counts[i], bins, weight_rows[i][kept])
    value = counts if values.ndim == 2 else counts.reshape(size)
    return execute(DENSE_BINCOUNT, (arr, size_t, weights), value)
