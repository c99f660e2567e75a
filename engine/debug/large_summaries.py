"""Summaries of large float32/float16 arrays (weights, activations, their gradients), the bulk
of a capture's build time: the same statistics as summaries.py's general path, in two passes
over the data through scratch buffers that are allocated once per build and reused.

Why: NumPy allocates a fresh temporary for every whole-array expression. Above glibc's mmap
threshold (128 kB) each one is new pages from the kernel, so a 784x256 weight paid more for
page faults than for arithmetic. Chunks of CHUNK elements keep the temporaries in the cache and
the pages mapped. The float64 accumulation and the centered variance are those of the general
path, so the figures are the same; an array holding NaN or Inf goes back to the general path.
"""

import numpy as np

CHUNK = 1 << 16  # elements per chunk: a float64 chunk (512 kB) and its temporaries fit in L2
_FAST_DTYPES = frozenset((np.dtype(np.float32), np.dtype(np.float16)))


def fast_path(array):
    return array.dtype in _FAST_DTYPES


class Scratch:
    """Reusable buffers for one build (or one spill): a float64 and a float32 temporary, bin
    indexes, a mask."""

    def __init__(self):
        self.wide = np.empty(CHUNK)
        self.narrow = np.empty(CHUNK, dtype=np.float32)
        self.index = np.empty(CHUNK, dtype=np.intp)
        self.mask = np.empty(CHUNK, dtype=bool)


def large_statistics(array, bins, scratch):
    """(zeros, min, max, mean, std, norm, histogram counts, histogram edges) of a finite float
    array, or None when it holds NaN or Inf (the caller's general path handles those)."""
    flat = array.reshape(-1)
    size = flat.size
    chunks = [flat[start : start + CHUNK] for start in range(0, size, CHUNK)]
    low = min(float(np.minimum.reduce(chunk)) for chunk in chunks)
    high = max(float(np.maximum.reduce(chunk)) for chunk in chunks)
    if not (np.isfinite(low) and np.isfinite(high)):  # (NaN makes min and max NaN)
        return None
    # Sums of the values shifted by the midpoint, in float64: the mean and the variance from
    # them, in one pass with the histogram. The shift keeps the cancellation in
    # Σ(x-c)²/n - (Σ(x-c)/n)² below float64 rounding times n/4 at worst (one outlier), far
    # below the float32 precision the statistics are written with.
    center = (low + high) / 2
    lo, hi = (low - 0.5, high + 0.5) if low == high else (low, high)  # as np.histogram does
    # The bin index in float32, as np.histogram would in the data's type: a value that rounding
    # puts on the other side of an edge counts in the neighbouring bin. The top edge's values
    # land in an extra bin, folded into the last one (cheaper than clipping every index).
    offset, scale = np.float32(lo), np.float32(bins / (hi - lo))
    counts = np.zeros(bins + 1, dtype=np.intp)
    zeros = 0
    shifted_sum = shifted_squares = 0.0
    count_zeros = low <= 0.0 <= high
    for chunk in chunks:
        n = chunk.size
        wide, narrow, index = scratch.wide[:n], scratch.narrow[:n], scratch.index[:n]
        np.subtract(chunk, center, out=wide, dtype=np.float64)
        shifted_sum += float(np.add.reduce(wide))
        shifted_squares += float(np.dot(wide, wide))
        np.subtract(chunk, offset, out=narrow, dtype=np.float32)
        np.multiply(narrow, scale, out=narrow)
        np.copyto(index, narrow, casting="unsafe")  # (truncation: the bin's index)
        counts += np.bincount(index, minlength=bins + 1)[: bins + 1]
        if count_zeros:
            mask = scratch.mask[:n]
            np.equal(chunk, 0, out=mask)
            zeros += int(np.count_nonzero(mask))
    counts[bins - 1] += counts[bins]
    shift = shifted_sum / size
    mean = center + shift
    centered_squares = max(shifted_squares - size * shift * shift, 0.0)
    std = float(np.sqrt(centered_squares / size))
    norm = float(np.sqrt(max(shifted_squares + center * (2 * shifted_sum + size * center), 0.0)))
    edges = np.arange(bins + 1) * ((hi - lo) / bins) + lo  # np.linspace's formula, without
    edges[-1] = hi  # its Python-level checks (a few microseconds per tensor)
    return zeros, low, high, mean, std, norm, counts[:bins], edges


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
