"""TF's distributions over Philox output (tensorflow/core/lib/random/random_distributions.h
and the CPU FillPhiloxRandom in random_op_cpu.h), bit for bit.

How many values one Philox call (four uint32s) gives decides which counter each output
comes from, so it is kept as TF has it: a float32 (or float16) uniform or normal takes one
uint32 each (4 per call); a float64 takes two (2 per call); an int32 one, an int64 two.
Output group g (of that many values) is Philox call `counter + g`. A truncated normal draws a
variable number of uint32s per group, so each group starts 256 uint32s (64 calls) per value
further on (TF's kReservedSamplesPerOutput) and reads uint32s one at a time from there.

The float math follows TF's CPU kernel on Linux: Box-Muller with glibc's logf, sqrtf and
sincosf for float32, and the double versions for float64. glibc's results are not always
correctly rounded (1.4% of float32 normals would be 1 ULP off), so log, sin and cos are
evaluated in a wider type, rounded, and the values near a rounding boundary are asked of glibc
itself (see _glibc).
"""

import ctypes
import ctypes.util

import numpy as np

from .philox import Philox, philox_rounds

_TWO_PI = 2 * np.pi  # TF writes 2.0f * M_PI: a double
_RESERVED_CALLS_PER_VALUE = 256 // 4  # kReservedSamplesPerOutput uint32s, in calls of four
_TRUNCATE = 2.0


def uint32_to_float(x):
    """Uint32ToFloat: 23 random mantissa bits under exponent 0 give [1, 2), minus 1."""
    bits = (x.astype(np.uint32) & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)
    return bits.view(np.float32) - np.float32(1.0)


def uint64_to_double(high, low):
    """Uint64ToDouble(x0, x1): 20 mantissa bits from x0, 32 from x1, in [0, 1)."""
    mantissa = ((high.astype(np.uint64) & np.uint64(0xFFFFF)) << np.uint64(32)) | low.astype(
        np.uint64
    )
    return (mantissa | np.uint64(0x3FF0000000000000)).view(np.float64) - 1.0


def uint16_to_half(x):
    """Uint16ToHalf: the low 10 bits as a float16 mantissa in [1, 2), minus 1."""
    bits = (x.astype(np.uint16) & np.uint16(0x3FF)) | np.uint16(0x3C00)
    return bits.view(np.float16) - np.float16(1.0)


def _libm():
    """glibc's libm, whose logf/sinf/cosf (and log/sin/cos) TF's CPU kernels call."""
    try:
        library = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    except OSError:  # no glibc: TF there uses std::sin & co, close to correctly rounded
        return {}
    functions = {}
    for name in ("log", "sin", "cos"):
        for suffix, c_type, dtype in (
            ("f", ctypes.c_float, np.float32),
            ("", ctypes.c_double, np.float64),
        ):
            function = getattr(library, name + suffix)
            function.restype, function.argtypes = c_type, [c_type]
            functions[name, np.dtype(dtype)] = function
    return functions


_LIBM = _libm()
# How far from exact glibc's results may be, in units in the last place: a value whose exact
# result lies closer than this to a rounding boundary is computed by glibc itself. (glibc
# documents logf 0.82 ULP, sinf/cosf 0.56, log/sin/cos under 1, rounding included. Over every
# float32 input TF's Box-Muller can pass them (2**23 each), glibc 2.36's logf differs from
# correct rounding only where the exact value is over 0.21 ULP from the rounded one, sinf and
# cosf over 0.439; its double log/sin/cos, in samples, over 0.48.)
_GLIBC_UNSURE_BEYOND = {
    ("log", np.dtype(np.float32)): 0.15,
    ("sin", np.dtype(np.float32)): 0.40,
    ("cos", np.dtype(np.float32)): 0.40,
}


def _glibc(name, x, dtype):
    """glibc's name(x) for float32/float64 x: rounded from a wider type (float64 for
    float32, long double for float64) where that is surely what glibc returns, else glibc's
    own result (a ctypes call per such element)."""
    dtype, shape, x = np.dtype(dtype), np.shape(x), np.ravel(x)
    wide = np.float64 if dtype == np.float32 else np.longdouble
    exact = getattr(np, name)(x.astype(wide))
    result = exact.astype(dtype)
    function = _LIBM.get((name, dtype))
    if function is None or not result.size:
        return result.reshape(shape)
    ulp = np.spacing(np.abs(result)).astype(wide)
    off = np.abs((exact - result.astype(wide)) / ulp)
    unsure = np.flatnonzero(off > _GLIBC_UNSURE_BEYOND.get((name, dtype), 0.45))
    if len(unsure):
        result[unsure] = [function(value) for value in x[unsure].tolist()]
    return result.reshape(shape)


def box_muller_float(x0, x1):
    """BoxMullerFloat: two standard normal float32s from two uint32s."""
    u1 = np.maximum(uint32_to_float(x0), np.float32(1.0e-7))
    v1 = (_TWO_PI * uint32_to_float(x1).astype(np.float64)).astype(np.float32)
    u2 = np.sqrt(np.float32(-2.0) * _glibc("log", u1, np.float32))
    return _glibc("sin", v1, np.float32) * u2, _glibc("cos", v1, np.float32) * u2


def box_muller_double(x0, x1, x2, x3):
    """BoxMullerDouble: two standard normal float64s from four uint32s."""
    u1 = np.maximum(uint64_to_double(x0, x1), 1.0e-7)
    v1 = _TWO_PI * uint64_to_double(x2, x3)
    u2 = np.sqrt(-2.0 * _glibc("log", u1, np.float64))
    return _glibc("sin", v1, np.float64) * u2, _glibc("cos", v1, np.float64) * u2


def _per_call(generator, count, per_call, transform):
    """`count` values, `per_call` from each Philox call: transform maps (n, 4) to (n, per)."""
    calls = -(-count // per_call)
    return transform(generator.blocks(calls)).reshape(-1)[:count]


def _normal_float(x):
    f0, f1 = box_muller_float(x[:, 0], x[:, 1])
    f2, f3 = box_muller_float(x[:, 2], x[:, 3])
    return np.stack([f0, f1, f2, f3], axis=1)


def _normal_double(x):
    return np.stack(box_muller_double(x[:, 0], x[:, 1], x[:, 2], x[:, 3]), axis=1)


def _double_pairs(x):
    return np.stack(
        [uint64_to_double(x[:, 0], x[:, 1]), uint64_to_double(x[:, 2], x[:, 3])], axis=1
    )


def _uint64_pairs(x):
    x = x.astype(np.uint64)
    return np.stack([x[:, 0] | (x[:, 1] << np.uint64(32)), x[:, 2] | (x[:, 3] << np.uint64(32))], 1)


def normal(generator, count, dtype):
    """NormalDistribution: `count` standard normal values of NumPy dtype."""
    dtype = np.dtype(dtype)
    if dtype == np.float64:
        return _per_call(generator, count, 2, _normal_double)
    return _per_call(generator, count, 4, _normal_float).astype(dtype)


def uniform(generator, count, dtype):
    """UniformDistribution over [0, 1)."""
    dtype = np.dtype(dtype)
    if dtype == np.float64:
        return _per_call(generator, count, 2, _double_pairs)
    if dtype == np.float16:
        return _per_call(generator, count, 4, uint16_to_half)
    return _per_call(generator, count, 4, uint32_to_float)


def uniform_full_int(generator, count, dtype):
    """UniformFullIntDistribution: every bit random; 64-bit values take two uint32s."""
    dtype = np.dtype(dtype)
    if dtype.itemsize == 8:
        return _per_call(generator, count, 2, _uint64_pairs).view(dtype)
    return _per_call(generator, count, 4, lambda x: x).view(dtype)


def uniform_int(generator, count, low, high, dtype):
    """UniformDistribution<int>: low + bits % (high - low), the range taken unsigned."""
    dtype = np.dtype(dtype)
    unsigned = np.uint64 if dtype.itemsize == 8 else np.uint32
    bits = uniform_full_int(generator, count, unsigned)
    span = unsigned((int(high) - int(low)) % (1 << (8 * dtype.itemsize)))
    with np.errstate(over="ignore"):
        return (unsigned(int(low) % (1 << (8 * dtype.itemsize))) + bits % span).view(dtype)


def _truncated_candidates(uint32s, dtype):
    """Box-Muller values from a group's uint32 stream, in the order TF tests them."""
    if dtype == np.float64:
        d0, d1 = box_muller_double(
            uint32s[:, 0::4], uint32s[:, 1::4], uint32s[:, 2::4], uint32s[:, 3::4]
        )
    else:
        d0, d1 = box_muller_float(uint32s[:, 0::2], uint32s[:, 1::2])
    return np.stack([d0, d1], axis=2).reshape(len(uint32s), -1)


def truncated_normal(generator, count, dtype):
    """TruncatedNormalDistribution: normals with |x| >= 2 dropped and drawn again.

    Group g (4 values, 2 for float64) reads uint32s from call counter + g * 256 * per / 4;
    its values are the first `per` candidates inside (-2, 2). Groups read two calls at a time
    (8 float32 or 4 float64 candidates, nearly always enough) until they have them all."""
    dtype = np.dtype(dtype)
    per = 2 if dtype == np.float64 else 4
    groups = -(-count // per)
    values = np.empty((groups, per), np.float64 if dtype == np.float64 else np.float32)
    pending = np.arange(groups)
    firsts = pending.astype(np.uint64) * np.uint64(_RESERVED_CALLS_PER_VALUE * per)
    candidates = np.empty((groups, 0), values.dtype)
    read = 0  # calls each pending group has read
    while len(pending):
        offsets = (firsts[:, None] + np.arange(read, read + 2, dtype=np.uint64)).reshape(-1)
        uint32s = generator.blocks_at(offsets).reshape(len(pending), 8)
        candidates = np.concatenate([candidates, _truncated_candidates(uint32s, dtype)], axis=1)
        read += 2
        kept = np.abs(candidates) < _TRUNCATE
        enough = kept.sum(axis=1) >= per
        first_kept = kept & (np.cumsum(kept, axis=1) <= per)  # row-major: each row's first
        values[pending[enough]] = candidates[enough][first_kept[enough]].reshape(-1, per)
        pending, firsts, candidates = pending[~enough], firsts[~enough], candidates[~enough]
    return values.reshape(-1)[:count].astype(dtype)


def scramble_seed(seed0, seed1):
    """TF's GenerateKey: a stateless op's Philox from its two seeds, hashed together."""
    counter = [seed0 & 0xFFFFFFFF, (seed0 >> 32) & 0xFFFFFFFF]
    counter += [seed1 & 0xFFFFFFFF, (seed1 >> 32) & 0xFFFFFFFF]
    mix = philox_rounds(np.array([counter], np.uint32), (0x3EC8F720, 0x02461E29))[0]
    return Philox.from_words([0, 0, mix[2], mix[3]], [mix[0], mix[1]])


def shuffle_indices(generator, size):
    """RandomShuffle's permutation: Fisher-Yates, swapping i with i + u % (size - i)."""
    order = np.arange(size)
    if size <= 1:
        return order
    uint32s = generator.uint32s(-(-(size - 1) // 4))
    offsets = uint32s[: size - 1].astype(np.int64) % np.arange(size, 1, -1)
    for i, offset in enumerate(offsets.tolist()):
        j = i + offset
        order[i], order[j] = order[j], order[i]
    return order


def categorical(generator, logits, num_samples):
    """TF's CPU MultinomialFunctor, in one shard: per row an unnormalised CDF of
    exp(logit - max) over the finite logits, and per sample the first class whose CDF
    exceeds a uniform double (two uint32s, one stream across rows) times the total.

    TF splits large batches over its threads, each shard skipping to its first row: for
    batch_size * 50 * (num_samples * log2(classes) + classes) >= 10000 its numbers depend
    on the machine's thread count; this is the single-shard result."""
    logits = np.asarray(logits)
    batch = logits.shape[0]
    draws = batch * num_samples
    uint32s = generator.uint32s(-(-2 * draws // 4))[: 2 * draws]
    uniforms = uint64_to_double(uint32s[0::2], uint32s[1::2]).reshape(batch, num_samples)
    samples = np.empty((batch, num_samples), np.int64)
    for row in range(batch):
        values = logits[row].astype(np.float64)
        finite = np.isfinite(values)
        top = values[finite].max() if finite.any() else np.finfo(logits.dtype).min
        with np.errstate(invalid="ignore", over="ignore"):
            weights = np.where(finite, np.exp(values - np.float64(top)), 0.0)
        cdf = np.cumsum(weights)
        total = cdf[-1] if len(cdf) else 0.0
        samples[row] = np.searchsorted(cdf, uniforms[row] * total, side="right")
    return samples
