"""tf.random.stateless_*: the same numbers for the same seed, every call (TF's
stateless_random_ops.py over the V2 kernels).

A stateless op's Philox generator comes from its shape-[2] seed as TF's GenerateKey makes it:
the two seeds, as a 128-bit counter, hashed once under a fixed key; the hash gives the key
and the counter's high half. `alg` "philox" and "auto_select" (Philox on a CPU) agree.
The distributions are the stateful ops' (engine/ops/random_distributions.py), read from the
start of that generator. `tf.random.Generator` (engine/random_generator.py) uses the same
kernels with the key and counter it keeps in its state.
"""

import math

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError, invalid_argument
from ..tensor import convert_to_tensor
from . import array as _array, math_ops as _math, random_distributions as _dist
from .random_ops import dims_tensor, multinomial, sample_dims, sample_value
from .registry import NOT_DIFFERENTIABLE, define, execute

__all__ = [
    "stateless_normal",
    "stateless_uniform",
    "stateless_truncated_normal",
    "stateless_categorical",
    "split",
    "fold_in",
]
TOP_LEVEL: list[str] = []

# The kernels only read a shape and a seed: nothing to differentiate (TF registers none).
STATELESS_NORMAL = define("StatelessRandomNormalV2", NOT_DIFFERENTIABLE)
STATELESS_TRUNCATED_NORMAL = define("StatelessTruncatedNormalV2", NOT_DIFFERENTIABLE)
STATELESS_UNIFORM = define("StatelessRandomUniformV2", NOT_DIFFERENTIABLE)
STATELESS_UNIFORM_INT = define("StatelessRandomUniformIntV2", NOT_DIFFERENTIABLE)
STATELESS_UNIFORM_FULL_INT = define("StatelessRandomUniformFullIntV2", NOT_DIFFERENTIABLE)
STATELESS_MULTINOMIAL = define("StatelessMultinomial", NOT_DIFFERENTIABLE)
STATELESS_SHUFFLE = define("StatelessShuffle", NOT_DIFFERENTIABLE)

ATTR_NAMES = {"float32": "float", "float64": "double", "float16": "half"}  # TF's C++ names
_ALGORITHMS = {"philox": 1, "threefry": 2, "auto_select": 3}


def algorithm_id(alg):
    """TF's convert_alg_to_int: 1 Philox, 2 ThreeFry, 3 auto-select."""
    if alg is None:
        return 3
    if isinstance(alg, int):
        return alg
    value = getattr(alg, "value", alg)  # a tf.random.Algorithm member
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.lower() in _ALGORITHMS:
        return _ALGORITHMS[value.lower()]
    raise ValueError(
        f"Argument `alg` got unsupported value {alg}. Supported values are philox for the "
        "Philox algorithm, threefry for the ThreeFry algorithm, and auto_select for "
        "auto-selection."
    )


def seed_generator(seed):
    """The Philox generator TF's StatelessRandomGetKeyCounter makes from a shape-[2] seed."""
    seed = convert_to_tensor(seed, dtype_hint=dtypes.int32)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            None,
            "StatelessRandomGetKeyCounter",
            f"Value for attr 'Tseed' of {ATTR_NAMES.get(seed.dtype.name, seed.dtype.name)} "
            "is not in the list of allowed "
            "values: int32, int64",
        )
    values = np.asarray(seed._value)
    if values.shape != (2,):
        shape = "[" + ",".join(str(d) for d in values.shape) + "]"
        raise invalid_argument(
            "StatelessRandomGetKeyCounter", f"seed must have shape [2], not {shape}"
        )
    seed0, seed1 = (int(v) % (1 << 64) for v in values.tolist())  # sign-extended, as TF
    return _dist.scramble_seed(seed0, seed1)


def _key_counter(op_type, seed, alg):
    generator = seed_generator(seed)
    if algorithm_id(alg) == 2:  # TF's CPU kernels have no ThreeFry
        raise invalid_argument(
            op_type,
            "counter must be a vector with length at least 2; got shape: [1]. (Note that "
            "batched counters are not supported yet.)",
        )
    return generator


def sample(opdef, dims, generator, draw, dtype, extra_inputs=()):
    """An op's output: draw(generator, count) shaped dims, as a tensor of dtype."""
    values = draw(generator, math.prod(dims)).reshape(dims)
    return execute(opdef, (dims_tensor(dims), *extra_inputs), sample_value(values, dtype))


def normal_draw(opdef, draw, shape, mean, stddev, dtype, generator_for):
    """What the (truncated) normal ops share, from a seed or a Generator's state: (the standard
    sample, mean, stddev) as tensors of dtype; generator_for(dims) gives the Philox generator."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims(opdef.type, shape)
    mean = convert_to_tensor(mean, dtype=dtype)
    stddev = convert_to_tensor(stddev, dtype=dtype)
    np_dtype = dtype.as_numpy_dtype
    rnd = sample(opdef, dims, generator_for(dims), lambda g, n: draw(g, n, np_dtype), dtype)
    return rnd, mean, stddev


def stateless_normal(
    shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select"
):
    rnd, mean, stddev = normal_draw(
        STATELESS_NORMAL,
        _dist.normal,
        shape,
        mean,
        stddev,
        dtype,
        lambda dims: _key_counter(STATELESS_NORMAL.type, seed, alg),
    )
    return _math.add(rnd * stddev, mean)


def stateless_truncated_normal(
    shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select"
):
    rnd, mean, stddev = normal_draw(
        STATELESS_TRUNCATED_NORMAL,
        _dist.truncated_normal,
        shape,
        mean,
        stddev,
        dtype,
        lambda dims: _key_counter(STATELESS_TRUNCATED_NORMAL.type, seed, alg),
    )
    return _math.add(rnd * stddev, mean)


_UNIFORM_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64)


def check_uniform_arguments(dtype, minval, maxval, accepted):
    """stateless_uniform's argument rules; returns maxval (1 for floats when None)."""
    if dtype not in accepted:
        raise ValueError(
            f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
            "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64, "
            "tf.uint32, tf.uint64)."
        )
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(
                f"For integer `dtype` argument {dtype}, argument `minval` and `maxval` "
                f"must be both None or not None. Got `minval`={minval} and "
                f"`maxval`={maxval}."
            )
        return maxval
    return 1 if maxval is None else maxval


def uniform_from(generator, dims, dtype, minval, maxval):
    """A uniform sample from a ready generator: floats scaled into [minval, maxval) with
    engine ops (Sub, Mul, AddV2), integers by TF's modulo rule or over the full range."""
    np_dtype = dtype.as_numpy_dtype
    if dtype.is_integer and minval is None:
        return sample(
            STATELESS_UNIFORM_FULL_INT,
            dims,
            generator,
            lambda g, n: _dist.uniform_full_int(g, n, np_dtype),
            dtype,
        )
    minval = convert_to_tensor(minval, dtype=dtype)
    maxval = convert_to_tensor(maxval, dtype=dtype)
    if dtype.is_integer:
        lo, hi = np.asarray(minval._value), np.asarray(maxval._value)
        if lo.ndim or hi.ndim:
            raise invalid_argument(
                "StatelessRandomUniformIntV2",
                f"minval must be 0-D, got shape [{','.join(map(str, lo.shape))}]",
            )
        if lo >= hi:
            raise invalid_argument(
                "StatelessRandomUniformIntV2", f"Need minval < maxval, got {lo} >= {hi}"
            )
        return sample(
            STATELESS_UNIFORM_INT,
            dims,
            generator,
            lambda g, n: _dist.uniform_int(g, n, int(lo), int(hi), np_dtype),
            dtype,
            (minval, maxval),
        )
    rnd = sample(
        STATELESS_UNIFORM, dims, generator, lambda g, n: _dist.uniform(g, n, np_dtype), dtype
    )
    return _math.add(rnd * (maxval - minval), minval)


def stateless_uniform(
    shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None, alg="auto_select"
):
    dtype = dtypes.as_dtype(dtype)
    maxval = check_uniform_arguments(dtype, minval, maxval, _UNIFORM_DTYPES)
    if dtype.is_integer and maxval is None:
        minval = None
    op_type = "StatelessRandomUniformV2"
    dims = sample_dims(op_type, shape)
    return uniform_from(_key_counter(op_type, seed, alg), dims, dtype, minval, maxval)


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None):
    """tf.random.categorical's draw from a stateless seed (TF's StatelessMultinomial)."""
    logits = convert_to_tensor(logits)
    dtype = dtypes.as_dtype(dtype) if dtype else dtypes.int64
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(
            f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are (tf.int32, tf.int64)."
        )
    generator = seed_generator(seed)
    return multinomial(STATELESS_MULTINOMIAL, logits, num_samples, dtype, lambda calls: generator)


def split(seed, num=2, alg="auto_select"):
    """tf.random.split: `num` new seeds (shape [num, 2]) drawn from one."""
    seed = convert_to_tensor(seed)
    return stateless_uniform([num, 2], seed, minval=None, maxval=None, dtype=seed.dtype, alg=alg)


def fold_in(seed, data, alg="auto_select"):
    """tf.random.fold_in: a new seed [a number drawn from `seed`, data]."""
    data = convert_to_tensor(data)
    drawn = stateless_uniform([], seed, minval=None, maxval=None, dtype=data.dtype, alg=alg)
    return _array.stack([drawn, data])


def stateless_shuffle(value, seed, alg="auto_select", name=None):
    """tf.random.experimental.stateless_shuffle: RandomShuffle's swaps from a stateless seed."""
    value = convert_to_tensor(value)
    generator = _key_counter("StatelessShuffle", seed, alg)
    v = value._value
    if v.ndim == 0 or v.size <= 1 or v.shape[0] <= 1:
        return execute(STATELESS_SHUFFLE, (value,), v)
    return execute(STATELESS_SHUFFLE, (value,), v[_dist.shuffle_indices(generator, v.shape[0])])
