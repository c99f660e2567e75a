"""Summaries of large float32/float16 arrays (weights, activations, their gradients), the bulk
of a capture's build time: the same statistics as summaries.py's general path, in one pass for
min and max and one pass of chunks through scratch buffers that are reused from build to build.

Why: NumPy allocates a fresh temporary for every whole-array expression. Above glibc's mmap
threshold (128 kB) each one is new pages from the kernel, so a 784x256 weight paid more for
page faults than for arithmetic. Chunks of CHUNK elements keep the temporaries in the cache and
the pages mapped. Sums are accumulated in float64, as the general path's; an array holding NaN
or Inf goes back to the general path.
"""

import math

import numpy as np

CHUNK = 1 << 15  # elements per chunk: a float64 chunk (256 kB) and its temporaries fit in L2
_FAST_DTYPES = frozenset((np.dtype(np.float32), np.dtype(np.float16)))
_PAIR = 256  # a bin index is one byte: two neighbours read as one uint16 are a pair's index
# the float64 numbers that round to float32's inf: from half-way between float32's largest
# and 2 ** 128 (checked without np.errstate, a context manager that costs ~1 us)
_FLOAT32_OVERFLOW = (2 - 2**-24) * 2.0**127


def fast_path(array, bins):
    """Whether large_statistics handles `array` (bins + 1 indexes must fit in a byte)."""
    return array.dtype in _FAST_DTYPES and bins < _PAIR - 1


class Scratch:
    """Reusable buffers: a float64 and a float32 chunk, byte bin indexes, a mask."""

    def __init__(self):
        self.wide = np.empty(CHUNK)
        self.narrow = np.empty(CHUNK, dtype=np.float32)
        self.index = np.empty(CHUNK, dtype=np.uint8)
        self.mask = np.empty(CHUNK, dtype=bool)


_SPARE: list[Scratch] = []  # scratch buffers between builds (touched pages: no page faults)


def borrow_scratch():
    """A Scratch for one build, the one the previous build gave back if any (pop and append
    are atomic: two builds at once, e.g. a live snapshot's, each get their own)."""
    try:
        return _SPARE.pop()
    except IndexError:
        return Scratch()


def return_scratch(scratch):
    if not _SPARE:
        _SPARE.append(scratch)


def large_statistics(arrays, bins, scratch):
    """For each array, (zeros, min, max, mean, std, norm, histogram counts, histogram edges)
    (counts and edges as lists), or None when it holds NaN or Inf (the caller's general path
    handles those). An array equal to an earlier one gets its figures without the passes
    (at the first step, a layer's x @ w + b with a zero bias is x @ w)."""
    # pair counts, [array, second, first]: a few kB per array (bincount's own result, 43 kB,
    # is let go at once: kept, they made the heap grow by page faults)
    tables = np.zeros((len(arrays), bins + 1, bins + 1), dtype=np.intp)
    partials: list = []
    earlier: dict[tuple, int] = {}  # (shape, dtype, min, max) -> position of the first one
    for position, array in enumerate(arrays):
        flat = array.reshape(-1)
        low, high = float(np.minimum.reduce(flat)), float(np.maximum.reduce(flat))
        # (the signs too: -0.0 == 0.0, but a minimum of -0.0 is written "-0.0"; no other
        # figure depends on the sign of a zero)
        key = (array.shape, array.dtype, low, high, math.copysign(1, low), math.copysign(1, high))
        twin = earlier.setdefault(key, position)
        if twin != position and partials[twin] is not None and np.array_equal(arrays[twin], array):
            np.copyto(tables[position], tables[twin])
            zeros, low, high, mean, std, norm, counts, last, edges = partials[twin]
            counts = None if counts is None else list(counts)
            partials.append((zeros, low, high, mean, std, norm, counts, last, list(edges)))
        else:
            partials.append(_partial_statistics(flat, low, high, bins, scratch, tables[position]))
    return _with_counts(partials, tables, bins)


def _partial_statistics(flat, low, high, bins, scratch, table):
    """The statistics of a flat array of minimum `low` and maximum `high`, its histogram as
    pair counts added to `table` (see _with_counts), or None when it holds NaN or Inf. A few
    NumPy calls per chunk: the Python around them is kept to plain floats and lists."""
    size = flat.size
    if not (math.isfinite(low) and math.isfinite(high)):  # (NaN makes min and max NaN)
        return None
    if low == high:  # one value: np.histogram's range is value +- 0.5, the value mid-way
        counts = [0] * bins
        counts[bins // 2] = size
        zeros = size if low == 0 else 0
        edges = edges_list(low - 0.5, high + 0.5, bins)
        return zeros, low, high, low, 0.0, abs(low) * math.sqrt(size), counts, None, edges
    center = _center(low, high)
    # The bin index in float32, as np.histogram would in the data's type: a value that rounding
    # puts on the other side of an edge counts in the neighbouring bin. The top edge's values
    # land in an extra bin, folded into the last one (cheaper than clipping every index).
    # (a range below ~1e-37: no float32 scale, the index in float64 instead)
    narrow_range = bins / (high - low) >= _FLOAT32_OVERFLOW
    offset, scale = np.float32(low), np.float32(0 if narrow_range else bins / (high - low))
    rows = bins + 1
    last = None  # the bin of an odd element out (the last one)
    zeros = 0
    shifted_sum = shifted_squares = 0.0
    count_zeros = low <= 0.0 <= high
    for start in range(0, size, CHUNK):
        chunk = flat[start : start + CHUNK]
        n = chunk.size
        wide = scratch.wide[:n]
        np.copyto(wide, chunk)
        if center:
            np.subtract(wide, center, out=wide)
        shifted_sum += float(np.add.reduce(wide))
        shifted_squares += float(np.dot(wide, wide))
        narrow, index = scratch.narrow[:n], scratch.index[:n]
        if narrow_range:
            np.subtract(chunk, low, out=wide, dtype=np.float64)
            np.multiply(wide, bins / (high - low), out=wide)
            np.copyto(index, wide, casting="unsafe")
        else:
            np.subtract(chunk, offset, out=narrow, dtype=np.float32)
            np.multiply(narrow, scale, out=narrow)
            np.copyto(index, narrow, casting="unsafe")  # (truncation: the bin, 0 to bins)
        even = n & ~1
        counted = np.bincount(index[:even].view(np.uint16), minlength=rows * _PAIR)
        np.add(table, counted.reshape(rows, _PAIR)[:, :rows], out=table)
        if even != n:
            last = int(index[even])
        if count_zeros:
            mask = scratch.mask[:n]
            np.equal(chunk, 0, out=mask)
            zeros += int(np.count_nonzero(mask))
    mean, std, norm = _moments(shifted_sum, shifted_squares, center, size)
    return zeros, low, high, mean, std, norm, None, last, edges_list(low, high, bins)


def _center(low, high):
    """The shift of the sums: sums of the values shifted by `center`, in float64, give the
    mean and the variance. The cancellation in Σ(x-c)²/n - (Σ(x-c)/n)² is float64 rounding
    times (mean-c)²/variance, at most 5n (one outlier) when |c| is within the range of the
    values from the mean: c = 0 (no pass to shift) unless the values lie far from zero."""
    middle = (low + high) / 2
    return middle if abs(middle) > high - low else 0.0


def _moments(shifted_sum, shifted_squares, center, size):
    """(mean, std, norm) from the sums of the values shifted by `center`."""
    shift = shifted_sum / size
    mean = center + shift
    std = math.sqrt(max(shifted_squares - size * shift * shift, 0.0) / size)
    norm = math.sqrt(max(shifted_squares + center * (2 * shifted_sum + size * center), 0.0))
    return mean, std, norm


def _with_counts(partials, tables, bins):
    """The statistics with their histogram counts as a list. np.bincount costs ~1 ns an
    element: it counted pairs of neighbours, read as one uint16 (first + 256 * second), half
    the elements, into `tables`; those of all arrays are folded into bins here together."""
    folded = (np.add.reduce(tables, axis=1) + np.add.reduce(tables, axis=2)).tolist()
    out: list[tuple | None] = []
    for partial, counts in zip(partials, folded):
        if partial is None:
            out.append(None)
            continue
        zeros, low, high, mean, std, norm, constant, last, edges = partial
        if constant is not None:  # (one value: its counts as they are)
            counts = constant
        else:
            if last is not None:
                counts[last] += 1
            counts[bins - 1] += counts.pop()  # the top edge's values, in the last bin
        out.append((zeros, low, high, mean, std, norm, counts, edges))
    return out


def edges_list(lo, hi, bins):
    """np.linspace(lo, hi, bins + 1) as a list (its formula, without its Python-level checks:
    a few microseconds per tensor)."""
    step = (hi - lo) / bins
    edges = [i * step + lo for i in range(bins)]
    edges.append(hi)
    return edges


_SQUARES = Scratch()  # sum_of_squares runs while the program does (steps.py), one at a time


def sum_of_squares(array):
    """Σx² in float64 of a large array, chunk by chunk through a reused buffer."""
    flat = array.reshape(-1)
    total = 0.0
    for start in range(0, flat.size, CHUNK):
        chunk = flat[start : start + CHUNK]
        wide = _SQUARES.wide[: chunk.size]
        np.copyto(wide, chunk, casting="unsafe")
        total += float(np.dot(wide, wide))
    return total
