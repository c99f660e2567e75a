"""Value summaries: shape, dtype, min/max/mean/std/norm over the finite elements, counts of
zeros, NaN and Inf, a histogram, and the full value when it is small.

Documented caps (also written into every capture's `limits`):
- VALUE_CAP: a tensor with at most this many elements carries its full value (nested lists;
  NaN and Inf written as the strings 'nan', 'inf', '-inf'). Larger ones carry a histogram.
- HISTOGRAM_BINS: bins of that histogram, over the finite elements.

A capture holds tens of thousands of small tensors, so they are summarized in groups of equal
shape and dtype with one vectorized NumPy call per statistic, not one call per tensor.
"""

import itertools
import math
from typing import NamedTuple

import numpy as np

from .large_summaries import (
    borrow_scratch,
    edges_list,
    fast_path,
    large_statistics,
    return_scratch,
)

VALUE_CAP = 1024
HISTOGRAM_BINS = 20
_GROUP_MAX_SIZE = 4096  # tensors up to this size are summarized in stacked groups


def summarize(arrays, value_cap=VALUE_CAP, bins=HISTOGRAM_BINS):
    """One summary dict per array, in order."""
    out = [None] * len(arrays)
    groups: dict[tuple, list[int]] = {}
    fast = []  # (index, array) of the large float arrays
    for index, array in enumerate(arrays):
        array = np.asarray(array)
        if array.size <= _GROUP_MAX_SIZE:
            groups.setdefault((array.shape, array.dtype), []).append(index)
        elif array.size > value_cap and fast_path(array, bins):
            fast.append((index, array))
        else:
            out[index] = _summarize_one(array, value_cap, bins)
    large = []  # (index, array, its large_statistics)
    if fast:
        scratch = borrow_scratch()
        found = large_statistics([array for _, array in fast], bins, scratch)
        return_scratch(scratch)
        for (index, array), statistics in zip(fast, found):
            if statistics is None:  # not finite: the general path
                out[index] = _summarize_one(array, value_cap, bins)
            else:
                large.append((index, array, statistics))
    # float32/16 shapes with few tensors each: all of them together, when all are finite (a
    # stacked group per shape pays each NumPy call's fixed cost once per shape)
    few = [
        key
        for key, indices in groups.items()
        if len(indices) < _STACKED_MIN and key[1] in _SMALL_TOGETHER and 0 not in key[0]
    ]
    small = [index for key in few for index in groups[key]]
    together = _together([np.asarray(arrays[i]) for i in small], value_cap) if small else None
    if together is not None:  # (None: a NaN or Inf among them, the general path for all)
        for key in few:
            del groups[key]
    if large or together is not None:
        of_large, of_small = _summarize_rounded(large, together, bins)
        for (index, _, _), summary in zip(large, of_large):
            out[index] = summary
        for index, summary in zip(small, of_small):
            out[index] = summary
    for (shape, dtype), indices in groups.items():
        stacked = np.stack([np.asarray(arrays[i]) for i in indices])
        for i, summary in zip(indices, _summarize_group(stacked, shape, dtype, value_cap, bins)):
            out[i] = summary
    return out


def _summarize_rounded(large, together, bins):
    """The summaries of the large arrays and of the small ones together (or None), their
    figures and the small ones' values rounded to float32 digits in one call: shortest32's
    fixed cost (~30 us) paid once."""
    figures = np.array([statistics[1:6] for _, _, statistics in large]).reshape(-1, 5)
    if together is None:
        rows, _ = _round32(figures)
        return _summarize_large(large, rows.tolist()), []
    rows, values = _round32(np.concatenate([figures, together.figures]), together.values)
    rows = rows.tolist()
    of_small = _summarize_together(together, rows[len(large) :], values, bins)
    return _summarize_large(large, rows), of_small


def _base(shape, dtype, size, itemsize):
    return {
        "shape": list(shape),
        "dtype": _dtype_name(dtype),
        "size": size,
        "bytes": size * itemsize,
    }


def _finite_summary(array, zeros, low, high, mean, std, norm):
    """_base and the statistics of an array with no NaN or Inf, as one dict display (half
    the time of _base and an update, for each of a build's tens of arrays)."""
    return {
        "shape": list(array.shape),
        "dtype": _dtype_name(array.dtype),
        "size": array.size,
        "bytes": array.nbytes,
        "zeros": zeros,
        "nans": 0,
        "infs": 0,
        "min": low,
        "max": high,
        "mean": mean,
        "std": std,
        "norm": norm,
    }


_DTYPE_NAMES: dict[np.dtype, str] = {}


def _dtype_name(dtype):
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = "bool" if dtype == np.bool_ else np.dtype(dtype).name
    return name


def _summarize_group(stacked, shape, dtype, value_cap, bins):
    n = stacked.shape[0]
    size = math.prod(shape)
    flat = stacked.reshape(n, size)
    numeric = flat.astype(np.float64) if flat.dtype.kind in "fiub" else None
    base = _base(shape, dtype, size, stacked.dtype.itemsize)
    if numeric is None or size == 0:
        empty = np.zeros(shape).tolist() if size == 0 else None
        return [dict(base, zeros=0, nans=0, infs=0, value=empty) for _ in range(n)]
    if flat.dtype.kind != "f":
        return _summarize_integers(flat, numeric, base, shape, value_cap, bins)
    sums = numeric.sum(axis=1)
    if np.isfinite(sums).all():  # (float32 data cannot overflow a float64 sum)
        return _summarize_finite(flat, numeric, sums, base, shape, value_cap, bins)
    # NaN or Inf among them (the sums were not finite)
    finite = np.isfinite(numeric)
    counts = finite.sum(axis=1)
    nans = np.isnan(numeric).sum(axis=1)
    safe = np.where(finite, numeric, 0.0)
    all_finite = counts == size
    infs = size - counts - nans
    zeros = (numeric == 0).sum(axis=1)
    with np.errstate(over="ignore", invalid="ignore"):
        sums = safe.sum(axis=1)
        squares = (safe * safe).sum(axis=1)
        means = np.divide(sums, counts, out=np.zeros(n), where=counts > 0)
        centered = np.where(finite, numeric - means[:, None], 0.0)
        squared = (centered * centered).sum(axis=1)
        stds = np.sqrt(np.divide(squared, counts, out=np.zeros(n), where=counts > 0))
        mins = np.where(finite, numeric, np.inf).min(axis=1)
        maxs = np.where(finite, numeric, -np.inf).max(axis=1)
    norms = np.sqrt(squares)
    keep_values = size <= value_cap
    if flat.dtype.itemsize <= 4:
        # float32/16 values written with as few digits as give back the same float32
        # (0.1, not 0.10000000149011612); statistics rounded to float32 precision too.
        figures = np.stack([mins, maxs, means, stds, norms])
        figures, values = _round32(figures, flat if keep_values else None)
        mins, maxs, means, stds, norms = figures
        values = values.reshape((n,) + tuple(shape)).tolist() if keep_values else None
    else:
        values = flat.reshape((n,) + tuple(shape)).tolist() if keep_values else None
    # Columns as Python lists once, then one dict per tensor (the loop runs 10^4-10^5 times).
    columns = zip(
        zeros.tolist(),
        nans.tolist(),
        infs.tolist(),
        counts.tolist(),
        mins.tolist(),
        maxs.tolist(),
        means.tolist(),
        stds.tolist(),
        norms.tolist(),
        all_finite.tolist(),
    )
    summaries = []
    for i, (z, na, inf, count, lo, hi, mean, std, norm, finite_only) in enumerate(columns):
        s = dict(base, zeros=z, nans=na, infs=inf)
        if count:
            s["min"], s["max"], s["mean"], s["std"], s["norm"] = lo, hi, mean, std, norm
        if values is not None:  # keep_values
            s["value"] = values[i] if finite_only else _json_safe(values[i])
        else:
            s["histogram"] = _histogram(numeric[i][finite[i]], bins)
        summaries.append(s)
    return summaries


def _summarize_integers(flat, numeric, base, shape, value_cap, bins):
    """Integers and bools, all finite: the general path's arithmetic without its masks (a
    capture's labels and indices)."""
    n, size = flat.shape
    zeros = (numeric == 0).sum(axis=1)
    squares = (numeric * numeric).sum(axis=1)
    means = numeric.sum(axis=1) / size
    centered = numeric - means[:, None]
    stds = np.sqrt((centered * centered).sum(axis=1) / size)
    mins, maxs = numeric.min(axis=1), numeric.max(axis=1)
    norms = np.sqrt(squares)
    values = flat.reshape((n,) + tuple(shape)).tolist() if size <= value_cap else None
    figures = (mins, maxs, means, stds, norms)
    return _finite_summaries(base, zeros, figures, values, lambda i: _histogram(numeric[i], bins))


def _summarize_finite(flat, numeric, sums, base, shape, value_cap, bins):
    """The common case, floats all finite, in fewer passes over the data than the general
    path (no masks): a capture's build time is mostly these passes over large tensors."""
    n, size = flat.shape
    zeros = size - np.count_nonzero(flat, axis=1)
    mins, maxs = flat.min(axis=1), flat.max(axis=1)
    exact = list(zip(mins.tolist(), maxs.tolist()))  # the histogram's range, not rounded
    means = sums / size
    numeric -= means[:, None]  # (a copy of the data: centered in place)
    centered_squares = np.einsum("ij,ij->i", numeric, numeric)
    stds = np.sqrt(centered_squares / size)
    norms = np.sqrt(centered_squares + size * means * means)
    keep_values = size <= value_cap
    figures = np.stack([mins, maxs, means, stds, norms])
    if flat.dtype.itemsize <= 4:
        figures, values = _round32(figures, flat if keep_values else None)
        values = values.reshape((n,) + tuple(shape)).tolist() if keep_values else None
    else:
        values = flat.reshape((n,) + tuple(shape)).tolist() if keep_values else None
    return _finite_summaries(
        base, zeros, figures, values, lambda i: _uniform_histogram(flat[i], *exact[i], bins)
    )


def _finite_summaries(base, zeros, figures, values, histogram):
    """The summaries of a group with no NaN or Inf from its arrays of zeros and of figures
    (min to norm), its values as nested lists (or None: `histogram(i)` is the i-th's)."""
    columns = zip(zeros.tolist(), *(figure.tolist() for figure in figures))
    summaries = []
    for i, (z, lo, hi, mean, std, norm) in enumerate(columns):
        s = dict(base, zeros=z, nans=0, infs=0, min=lo, max=hi, mean=mean, std=std, norm=norm)
        if values is not None:
            s["value"] = values[i]
        else:
            s["histogram"] = histogram(i)
        summaries.append(s)
    return summaries


_SMALL_TOGETHER = frozenset((np.dtype(np.float32), np.dtype(np.float16)))
_STACKED_MIN = 8  # tensors of one shape that are summarized as a stacked group of their own


class _Together(NamedTuple):
    """Small float32/16 arrays of any shapes summarized together (see _together)."""

    arrays: list
    zeros: list  # per array
    ranges: list  # (min, max) per array, not rounded: the histogram's range
    figures: np.ndarray  # (min, max, mean, std, norm) per array, in float64
    values: np.ndarray  # the elements the arrays' values are written from (_value_starts)
    starts: list  # where in `values` each array's value is written from (None: a histogram)


def _together(arrays, value_cap):
    """The figures of small float32/16 arrays of any shapes, as _summarize_finite computes
    them, from one concatenation (per-array figures by reduceat), or None if one holds NaN or
    Inf. A capture has many small tensors of many shapes (biases, logits, scalars): a group
    per shape paid each NumPy call's fixed cost once per shape."""
    lengths = [a.size for a in arrays]
    sizes = np.array(lengths)
    starts = np.array([0, *itertools.accumulate(lengths[:-1])])  # (Python: a few arrays)
    narrow = np.concatenate(arrays, axis=None)  # (flattened)
    flat = narrow.astype(np.float64)
    sums = np.add.reduceat(flat, starts)
    if not np.isfinite(sums).all():  # (a float64 sum of float32 data cannot overflow)
        return None
    zeros = np.add.reduceat(flat == 0, starts, dtype=np.intp)
    mins, maxs = np.minimum.reduceat(flat, starts), np.maximum.reduceat(flat, starts)
    means = sums / sizes
    flat -= np.repeat(means, sizes)
    centered_squares = np.add.reduceat(flat * flat, starts)
    stds = np.sqrt(centered_squares / sizes)
    norms = np.sqrt(centered_squares + sizes * means * means)
    ranges = list(zip(mins.tolist(), maxs.tolist()))
    value_starts, pieces = _value_starts(arrays, ranges, sums.tolist(), value_cap)
    if sum(piece.size for piece in pieces) == narrow.size:  # (all of all: past the first step)
        values = narrow
    else:
        values = np.concatenate(pieces) if pieces else narrow[:0]
    figures = np.stack([mins, maxs, means, stds, norms], axis=1)
    return _Together(arrays, zeros.tolist(), ranges, figures, values, value_starts)


def _value_starts(arrays, ranges, sums, value_cap):
    """Where each array's value is written from, in the concatenation of `pieces`: None for
    a histogram (above the values cap). An array of one value has that value (and zeros none:
    written as they are, with their signs; at the first step biases are zeros), an array
    equal to an earlier one that one's (at the first step x @ w + b is x @ w)."""
    starts: list = []
    pieces = []
    at = 0
    first: dict[tuple, int] = {}  # (shape, dtype, sum, min, max) -> the first one's position
    for i, (a, (low, high), total) in enumerate(zip(arrays, ranges, sums)):
        if a.size > value_cap:
            starts.append(None)
            continue
        if low == high:
            count = 0 if low == 0 else 1
        else:
            j = first.setdefault((a.shape, a.dtype, total, low, high), i)
            if j != i and arrays[j].tobytes() == a.tobytes():  # (bytes: signs of zeros too)
                starts.append(starts[j])
                continue
            count = a.size
        starts.append(at)
        if count:
            pieces.append(a.reshape(-1)[:count])
            at += count
    return starts, pieces


def _summarize_together(together, rows, values, bins):
    """The summaries of _together's arrays, as _summarize_finite writes them, from their
    figures and values rounded (`rows`, `values`)."""
    summaries = []
    for a, z, (low, high), (lo, hi, mean, std, norm), at in zip(
        together.arrays, together.zeros, together.ranges, rows, together.starts
    ):
        s = _finite_summary(a, z, lo, hi, mean, std, norm)
        if at is None:
            s["histogram"] = _uniform_histogram(a.reshape(-1), low, high, bins)
        elif low != high:
            s["value"] = values[at : at + a.size].reshape(a.shape).tolist()
        elif low != 0:  # all one value
            s["value"] = np.full(a.shape, values[at]).tolist()
        else:  # all zeros
            s["value"] = a.tolist()
        summaries.append(s)
    return summaries


def _summarize_large(large, rows):
    """The summaries of large float32/16 arrays from their large_statistics and `rows`, their
    min to norm rounded."""
    summaries = []
    for (_, array, statistics), (low, high, mean, std, norm) in zip(large, rows):
        zeros, counts, edges = statistics[0], statistics[6], statistics[7]
        summary = _finite_summary(array, zeros, low, high, mean, std, norm)
        summary["histogram"] = {"edges": edges, "counts": counts}
        summaries.append(summary)
    return summaries


def _uniform_histogram(values, lo, hi, bins):
    """np.histogram(values, bins) for finite values within [lo, hi], without its range masks;
    a value that rounding puts on the wrong side of an edge may count in the neighbouring bin."""
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5  # as np.histogram does
    index = ((values - lo) * (bins / (hi - lo))).astype(np.intp)
    np.minimum(index, bins - 1, out=index)
    counts = np.bincount(index.reshape(-1), minlength=bins)
    return {"edges": edges_list(lo, hi, bins), "counts": counts.tolist()}


_NO_VALUES = np.empty(0, dtype=np.float32)
_FEW = 48  # figures that NumPy's str writes faster one at a time than shortest32 does
# the float32s NumPy's str writes with fewer digits than shortest32 (and their negatives):
# powers of two, where a float32's neighbours are not equally far and str finds a decimal on
# the far side (2 ** -96 is 1.2621775e-29, not 1.26217745e-29); of all powers of two only
# these (tests: all of them), of other float32s none (checked on 30 million)
_SHORTER_IN_STR = (2.0**-96, 2.0**87, 2.0**90)


def round_figures(figures):
    """float64 `figures` rounded to float32 precision and written as NumPy's float32 str
    writes them (0.1, not 0.10000000149011612), an array of the same shape: one at a time
    by str when they are few, else by one shortest32 call."""
    return _round32(figures)[0]


def _round32(figures, values=None):
    """(`figures` rounded to float32 precision and written as NumPy's float32 str writes them,
    `values`, float32/16, by shortest32), float64 arrays of the same shapes, by one shortest32
    call: its fixed cost (~30 us) paid once for both. For a float32 value shortest32 writes
    str's digits but at three powers of two (_SHORTER_IN_STR)."""
    if values is None:
        values = _NO_VALUES
    with np.errstate(over="ignore"):  # (beyond float32's range: inf, as str writes it)
        narrow = figures.astype(np.float32).reshape(-1)
    if values.size == 0 and narrow.size <= _FEW:
        rounded = np.array([float(str(v)) for v in narrow])
        return rounded.reshape(figures.shape), values.astype(np.float64)
    rounded = shortest32(np.concatenate([narrow, values.reshape(-1)]))
    magnitude = np.abs(narrow)
    shorter = np.logical_or.reduce([magnitude == power for power in _SHORTER_IN_STR])
    for i in np.flatnonzero(shorter).tolist():
        rounded[i] = float(str(narrow[i]))
    rounded_values = rounded[narrow.size :].reshape(values.shape)
    return rounded[: narrow.size].reshape(figures.shape), rounded_values


def shortest32(values):
    """float64 copies of `values` rounded to the fewest significant digits (1 to 9) that
    still convert back to the same float32; zeros, NaN, and values beyond float32's range
    (inf) as float32 has them. (At three powers of two a shorter decimal lies on their far
    side, which rounding to d digits does not find: _SHORTER_IN_STR.)
    The digits are found by bisection over [1, 9] (a value that round-trips with d digits
    does with more), all values at once: 5 digits, then 3 or 7, then 2, 4, 6 or 8, then 1
    for the values 2 digits were enough for (what four rounds of halving [1, 9] test)."""
    d = np.asarray(values, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        x = d.astype(np.float32)
        todo = np.isfinite(x) & (x != 0)
        if todo.all():  # (the common case: no selection and scattering back)
            return _shortest(d.reshape(-1), x.reshape(-1)).reshape(d.shape)
        # the others as float32 has them: zeros with their signs, inf beyond its range, NaN
        out = x.astype(np.float64)
        if todo.any():
            out[todo] = _shortest(d[todo], x[todo])
    return out


_POW10_ZERO = 64  # _POW10[_POW10_ZERO + k] is 10.0 ** k, for the scales shortest32 uses
_POW10 = 10.0 ** np.arange(-_POW10_ZERO, _POW10_ZERO + 1, dtype=np.float64)


def _shortest(d, x):
    """shortest32 of finite non-zero float64 values `d` (1-D), `x` their float32 roundings."""
    # 10 ** (digits - 1 - magnitude) is _POW10[base + digits]
    base = (_POW10_ZERO - 1) - np.floor(np.log10(np.abs(d))).astype(np.intp)
    middle = np.where(_round_trips(d, x, base, 5), 3, 7)  # [1, 5] or [6, 9] left
    middle += np.where(_round_trips(d, x, base, middle), -1, 1)  # 2, 4, 6 or 8
    # [low, high] is now a single number but for [1, 2] (2 digits round-trip)
    high = middle + ~_round_trips(d, x, base, middle)
    two = np.flatnonzero(high == 2)
    if two.size:
        high[two[_round_trips(d[two], x[two], base[two], 1)]] = 1
    rounded = _decimal(d, base + high - _POW10_ZERO)
    return np.where(rounded.astype(np.float32) == x, rounded, x)


def _round_trips(d, x, base, digits):
    """Whether `d` rounded to `digits` significant digits converts back to float32 `x`."""
    return _rounded(d, base + digits).astype(np.float32) == x


_EXACT_POWER = 22  # 10.0 ** k is exact for 0 <= k <= 22 (5 ** 22 < 2 ** 53)


def _rounded(d, index):
    """`d` rounded to a multiple of 10 ** -exponent: rint(d * 10 ** exponent) / 10 ** exponent
    (the powers come from a table, at `index`, exponent + _POW10_ZERO: 10.0 ** k costs several
    times a multiplication). That is the float64 nearest to the decimal only when the power is
    exact: for a negative exponent (values above ~1e8) the exact 10 ** -exponent divides and
    multiplies instead."""
    scale = _POW10.take(index)
    rounded = d * scale
    np.rint(rounded, out=rounded)  # (np.round with 0 decimals, without its wrapper)
    rounded /= scale
    if index.size and index.min() < _POW10_ZERO:
        negative = np.flatnonzero(index < _POW10_ZERO)
        power = _POW10.take(2 * _POW10_ZERO - index[negative])
        rounded[negative] = np.rint(d[negative] / power) * power
    return rounded


def _decimal(d, exponent):
    """_rounded, exact for every exponent: with no exact power of ten in float64 (values below
    ~1e-15 or above ~1e30) Python's correctly rounded reading of the decimal, one value at a
    time (few). With an inexact power a vanishing gradient of 1e-30 read 9.999999999999999e-31."""
    rounded = _rounded(d, exponent + _POW10_ZERO)
    for i in np.flatnonzero(np.abs(exponent) > _EXACT_POWER).tolist():
        power = int(exponent[i])
        rounded[i] = float(f"{int(np.rint(d[i] * _POW10[power + _POW10_ZERO]))}e{-power}")
    return rounded


def _summarize_one(array, value_cap, bins):
    stacked = array.reshape((1,) + array.shape)
    return _summarize_group(stacked, array.shape, array.dtype, value_cap, bins)[0]


def _histogram(finite_values, bins):
    if finite_values.size == 0:
        return None
    counts, edges = np.histogram(finite_values, bins=bins)
    return {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]}


def _json_safe(value):
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    if isinstance(value, float) and not np.isfinite(value):
        return "nan" if value != value else ("inf" if value > 0 else "-inf")
    return value


def value_to_json(array):
    """An array's full value written as a summary's `value` is (nested lists; float32 and
    float16 with the fewest digits that give the same float32 back; NaN/Inf as strings), for
    values above the cap that are fetched on demand."""
    array = np.asarray(array)
    if array.dtype.kind == "f" and array.dtype.itemsize <= 4:
        value = shortest32(array.reshape(-1)).reshape(array.shape).tolist()
    else:
        value = array.tolist()
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        value = _json_safe(value)
    return value


def value_from_json(value, dtype, shape):
    """The NumPy array a summary's `value` stands for (inverse of the encoding above)."""

    def decode(v):
        if isinstance(v, list):
            return [decode(x) for x in v]
        if isinstance(v, str):
            return float(v)
        return v

    return np.array(decode(value), dtype=np.dtype(dtype)).reshape(shape)
