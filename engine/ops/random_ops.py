"""tf.random: seeded random ops with TF's global/op seed semantics and TF's numbers.

TF's rules (random_seed.get_seed, eager context), reproduced here:
- `set_seed(g)` makes the op seeds that follow a fixed sequence (`random.Random(g)`), and
  resets every op's state: the same program after the same set_seed gives the same numbers.
- An op seed without a global seed pairs with TF's DEFAULT_GRAPH_SEED.
- An op with the same (seed, seed2) and dtype continues one stream (TF caches the kernel), so
  two calls with seed=1 differ, and set_seed starts the stream again.
- No seed at all: nondeterministic.
The numbers are TF's own: each kernel is a Philox-4x32-10 generator keyed by (seed, seed2)
(TF's GuardedPhiloxRandom; engine/ops/philox.py) that skips 256 Philox calls per output value
at every call, and the distributions turn its bits into values as TF's CPU kernels do
(engine/ops/random_distributions.py), bit for bit in float16, float32 and float64 on Linux
(glibc's logf/sincosf included). Where the engine's numbers can differ from TF's:
- `categorical` on a batch big enough for TF to split over threads (TF's own numbers then
  depend on its thread count); the engine's are TF's single-shard numbers.
- Off Linux, TF's Box-Muller uses the platform's sin/cos/log; the engine rounds exactly.
Gamma draws (and their gradient) are in random_gamma.py, Poisson ones in random_poisson.py,
binomial ones in random_binomial.py, the stateless ops in stateless_random_ops.py.
Not implemented (they raise the engine's AttributeError):
stateless_parameterized_truncated_normal, the candidate samplers, index_shuffle, bfloat16 and
unsigned dtypes; ThreeFry raises as TF's CPU kernels do.
"""

import math
import os
import random as _pyrandom

import numpy as np

from .. import dtypes
from ..errors import NotFoundError, invalid_argument
from ..tensor import convert_to_tensor
from . import math_ops as _math, random_distributions as _dist
from .philox import Philox
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute

__all__ = ["set_seed", "normal", "uniform", "truncated_normal", "shuffle", "categorical"]
TOP_LEVEL: list[str] = []

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1


class _SeedState:
    """The process's random state, as TF's eager context keeps it."""

    def __init__(self):
        self.global_seed = None
        self.op_seeds = None  # random.Random(global_seed): the op seeds set_seed implies
        # (op type, dtype, seed, seed2) -> the cached kernel's Philox generator
        self.streams: dict[tuple, Philox] = {}


_state = _SeedState()


def _fresh_entropy_after_fork():
    # A forked worker (the sandbox forks one per program from a template process) must not
    # replay its parent's unseeded numbers: unseeded draws differ between runs, as in TF.
    for key in [key for key in _state.streams if key[2] is None]:
        del _state.streams[key]


os.register_at_fork(after_in_child=_fresh_entropy_after_fork)


def set_seed(seed):
    """tf.random.set_seed: fixes the op-seed sequence and restarts every op's stream."""
    _state.global_seed = seed
    _state.op_seeds = None if seed is None else _pyrandom.Random(int(np.asarray(seed)))
    _state.streams.clear()


def get_seed(op_seed):
    """TF's random_seed.get_seed for eager mode: the (seed, seed2) pair an op runs with."""
    if _state.global_seed is not None:
        if op_seed is None:
            op_seeds = _state.op_seeds
            assert op_seeds is not None  # set with the global seed
            op_seed = op_seeds.randint(0, _MAXINT32)
        seeds: tuple[int | None, int | None] = (
            int(_state.global_seed) % _MAXINT32,
            int(op_seed) % _MAXINT32,
        )
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32
    else:
        seeds = None, None
    if seeds == (0, 0):
        return 0, _MAXINT32
    return seeds


def function_graph_seeds(op_index):
    """get_seed as TF runs it while tracing a function graph (a tf.data function, say): the
    graph takes the global seed, and an op without a seed of its own takes the graph's count
    of such ops before it (0 for the first); no global seed, no seeds."""
    if _state.global_seed is None:
        return None, None
    seeds = int(_state.global_seed) % _MAXINT32, op_index
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def reserve(op_type, dtype, seeds, calls):
    """The Philox generator for this call of a seeded kernel, which then moves `calls` on.

    As TF's GuardedPhiloxRandom: the kernel for (op, dtype, seed, seed2) is made once (TF
    caches eager kernels until set_seed clears them) from PhiloxRandom(seed, seed2), or from
    fresh entropy when unseeded; each call reserves its share of the stream."""
    key = (op_type, dtype.name) + tuple(seeds)
    stream = _state.streams.get(key)
    if stream is None:
        if seeds[0] is None:
            seeds = int.from_bytes(os.urandom(8), "little"), int.from_bytes(os.urandom(8), "little")
        stream = _state.streams[key] = Philox.from_seeds(*seeds)
    generator = stream.copy()
    stream.skip(calls)
    return generator


# TF reserves 256 Philox calls per output value (room for a truncated normal's redraws).
CALLS_PER_VALUE = 256


def _draw(op_type, dtype, seeds, dims, sample):
    """sample(generator, count) for a stateful kernel with TF's reservation, shaped dims."""
    count = math.prod(dims)
    generator = reserve(op_type, dtype, seeds, count * CALLS_PER_VALUE)
    return sample(generator, count).reshape(dims)


def sample_dims(op_type, shape):
    """A random op's `shape` argument (list, tensor, TensorShape) as a tuple of ints."""
    dims = tuple(
        int(d)
        for d in np.asarray(
            convert_to_tensor(
                list(shape) if hasattr(shape, "as_list") else shape, dtype_hint="int32"
            )._value
        ).reshape(-1)
    )
    for d in dims:
        if d < 0:
            raise invalid_argument(op_type, f"Dimension {d} must be >= 0")
    return dims


def dims_tensor(dims):
    """The int32 shape tensor a random op records as its input."""
    return convert_to_tensor(np.asarray(dims, dtype=np.int32))


def sample_value(values, dtype):
    """An op's output value in dtype; 0-d as a NumPy scalar."""
    array = np.asarray(values, dtype=dtype.as_numpy_dtype)
    return array if array.ndim else array[()]  # a 0-d value is a NumPy scalar, as everywhere


# Random ops are not differentiable: they only read a shape (TF's random_ops.py).
RANDOM_STANDARD_NORMAL = define("RandomStandardNormal", NOT_DIFFERENTIABLE)
TRUNCATED_NORMAL = define("TruncatedNormal", NOT_DIFFERENTIABLE)
RANDOM_UNIFORM = define("RandomUniform", NOT_DIFFERENTIABLE)
RANDOM_UNIFORM_INT = define("RandomUniformInt", NOT_DIFFERENTIABLE)
# TF's tape keeps RandomShuffle's input and output (it is on neither exclusion list).
RANDOM_SHUFFLE = define("RandomShuffle", NOT_DIFFERENTIABLE, saves_inputs=ALL, saves_outputs=ALL)


def _scaled(sample, mean, stddev, dtype):
    """sample * stddev + mean with engine ops, so a watched mean or stddev gets gradients."""
    mean_tensor = convert_to_tensor(mean, dtype=dtype)
    stddev_tensor = convert_to_tensor(stddev, dtype=dtype)
    return _math.add(sample * stddev_tensor, mean_tensor)


def _normal_sample(opdef, draw, shape, mean, stddev, dtype, seed):
    """normal and truncated_normal: a standard sample from draw(generator, count, np_dtype),
    scaled; TF converts mean and stddev first (and may raise)."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims(opdef.type, shape)
    convert_to_tensor(mean, dtype=dtype)
    convert_to_tensor(stddev, dtype=dtype)
    np_dtype = dtype.as_numpy_dtype
    values = _draw(
        opdef.type,
        dtype,
        get_seed(seed),
        dims,
        lambda generator, count: draw(generator, count, np_dtype),
    )
    sample = execute(opdef, (dims_tensor(dims),), sample_value(values, dtype))
    return _scaled(sample, mean, stddev, dtype)


def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    return _normal_sample(RANDOM_STANDARD_NORMAL, _dist.normal, shape, mean, stddev, dtype, seed)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Standard normal values more than 2 standard deviations out are drawn again."""
    return _normal_sample(
        TRUNCATED_NORMAL, _dist.truncated_normal, shape, mean, stddev, dtype, seed
    )


_UNIFORM_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64)


def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(
            f"Argument `dtype` got invalid value <dtype: '{dtype.name}'>. Accepted "
            "dtypes are (tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, "
            "tf.int64)."
        )
    if maxval is None:
        if dtype.is_integer:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        maxval = 1
    dims = sample_dims("RandomUniform", shape)
    # As TF: with the default [0, 1) bounds a float result is the raw sample (no extra ops).
    minval_is_zero = isinstance(minval, int) and minval == 0
    maxval_is_one = isinstance(maxval, int) and maxval == 1
    if not minval_is_zero or not maxval_is_one or dtype.is_integer:
        minval = convert_to_tensor(minval, dtype=dtype)
        maxval = convert_to_tensor(maxval, dtype=dtype)
    seeds = get_seed(seed)
    if dtype.is_integer:
        return _uniform_int(dims, minval, maxval, dtype, seeds)
    np_dtype = dtype.as_numpy_dtype
    values = _draw(
        "RandomUniform",
        dtype,
        seeds,
        dims,
        lambda generator, count: _dist.uniform(generator, count, np_dtype),
    )
    result = execute(RANDOM_UNIFORM, (dims_tensor(dims),), sample_value(values, dtype))
    if minval_is_zero:
        if not maxval_is_one:
            result = _math.multiply(result, maxval)
        return result
    return _math.add(result * (maxval - minval), minval)


def _uniform_int(dims, minval, maxval, dtype, seeds):
    lo, hi = minval._value, maxval._value
    if np.ndim(lo) or np.ndim(hi):
        raise invalid_argument(
            "RandomUniformInt", f"minval must be 0-D, got shape {list(np.shape(lo))}"
        )
    if lo >= hi:
        raise invalid_argument("RandomUniformInt", f"Need minval < maxval, got {lo} >= {hi}")
    np_dtype = dtype.as_numpy_dtype
    values = _draw(
        "RandomUniformInt",
        dtype,
        seeds,
        dims,
        lambda generator, count: _dist.uniform_int(generator, count, lo, hi, np_dtype),
    )
    return execute(
        RANDOM_UNIFORM_INT,
        (dims_tensor(dims), minval, maxval),
        values if values.ndim else values[()],
    )


def shuffle(value, seed=None, name=None):
    """A random permutation along the first dimension."""
    x = convert_to_tensor(value)
    seeds = get_seed(seed)
    v = x._value
    if v.size <= 1 or v.ndim == 0 or v.shape[0] <= 1:
        return execute(RANDOM_SHUFFLE, (x,), v)  # TF's kernel draws nothing then
    size = v.shape[0]
    # TF reserves one uint32 per swap: (size - 1) / 4 Philox calls, rounded up
    generator = reserve("RandomShuffle", x.dtype, seeds, -(-(size - 1) // 4))
    return execute(RANDOM_SHUFFLE, (x,), v[_dist.shuffle_indices(generator, size)])


MULTINOMIAL = define("Multinomial", NOT_DIFFERENTIABLE)


def multinomial(opdef, logits, num_samples, dtype, generator_for, attrs=""):
    """The Multinomial kernels' checks and sample: generator_for(calls) reserves the calls
    (two uint32s, i.e. half a call, per sample, in groups of four samples per row)."""
    op_type = opdef.type
    if not logits.dtype.is_floating:
        attr = "DT_" + logits.dtype.name.upper()
        raise NotFoundError(
            None,
            op_type,
            f"Could not find device for node: {{{{node {op_type}}}}} = {op_type}[T={attr}, "
            f"output_dtype=DT_{dtype.name.upper()}{attrs}]",
        )
    value = np.asarray(logits._value)
    if value.ndim != 2:
        shape = "[" + ",".join(map(str, value.shape)) + "]"
        raise invalid_argument(op_type, f"logits should be a matrix, got shape {shape}")
    count = int(np.asarray(convert_to_tensor(num_samples)._value))
    if count < 0:
        raise invalid_argument(op_type, f"num_samples should be non-negative, got {count}")
    if value.shape[1] == 0:
        raise invalid_argument(op_type, "num_classes should be positive, got 0")
    batch = value.shape[0]
    samples = np.zeros((batch, count), dtype.as_numpy_dtype)
    if samples.size:
        per_row = -(-count // 4) * 4 * 2  # TF: num_samples rounded up to 4, twice (doubles)
        generator = generator_for(batch * per_row * CALLS_PER_VALUE)
        samples[...] = _dist.categorical(generator, value, count)
    return execute(opdef, (logits, convert_to_tensor(count)), samples)


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """Class indices drawn with probabilities softmax(logits), per row of a [batch, classes]
    matrix (TF's Multinomial kernel)."""
    logits = convert_to_tensor(logits)
    dtype = dtypes.as_dtype(dtype) if dtype else dtypes.int64
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(
            f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are (tf.int32, tf.int64)."
        )
    seeds = get_seed(seed)
    return multinomial(
        MULTINOMIAL,
        logits,
        num_samples,
        dtype,
        lambda calls: reserve("Multinomial/" + dtype.name, logits.dtype, seeds, calls),
        f", seed={seeds[0] or 0}, seed2={seeds[1] or 0}",
    )
