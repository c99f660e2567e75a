"""tf.random.Generator: a random stream whose state is an int64 variable (TF's
stateful_random_ops.py).

A Philox state is [counter low 64 bits, counter high 64 bits, key]. Each draw of n values
reads the state and moves the counter on by 256 * n (TF's RngReadAndSkip), then runs the
stateless kernel with the key and counter it read, so the numbers are TF's.
"""

import enum
import os

import numpy as np

from . import dtypes
from .errors import UnimplementedError
from .ops import (
    random_binomial as _binomial,
    random_distributions as _dist,
    stateless_random_ops as _stateless,
)
from .ops.philox import Philox
from .ops.random_ops import CALLS_PER_VALUE, sample_dims
from .tensor import convert_to_tensor
from .variables import Variable

__all__ = [
    "Algorithm",
    "Generator",
    "create_rng_state",
    "get_global_generator",
    "set_global_generator",
]

_STATE_SIZE = 3  # Philox: a 128-bit counter and a 64-bit key, as int64s
_MASK64 = (1 << 64) - 1
_DEFAULT_ALGORITHM = 1  # a Generator picks Philox itself (stateless ops say auto_select)


class Algorithm(enum.Enum):
    """tf.random.Algorithm."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _signed64(value):
    value &= _MASK64
    return value - (1 << 64) if value >= 1 << 63 else value


def create_rng_state(seed, alg):
    """tf.random.create_rng_state: an int seed cut into 64-bit words, lowest first; a list
    of words padded with zeros on the left."""
    _stateless.algorithm_id(alg)
    if isinstance(seed, int):
        words = []
        for _ in range(_STATE_SIZE):
            words.append(_signed64(seed))
            seed >>= 64
    else:
        words = [_signed64(int(w)) for w in np.asarray(convert_to_tensor(seed)._value).ravel()]
        words = [0] * (_STATE_SIZE - len(words)) + words[:_STATE_SIZE]
    return convert_to_tensor(np.array(words, np.int64))


class Generator:
    """A Philox stream kept in `state` (a tf.Variable named StateVar)."""

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            state, alg = copy_from.state.numpy(), copy_from.algorithm
        alg = _stateless.algorithm_id(_DEFAULT_ALGORITHM if alg is None else alg)
        values = np.asarray(convert_to_tensor(state, dtype=dtypes.int64)._value).reshape(-1)
        self._alg = alg
        self._state_var = Variable(values, dtype=dtypes.int64, trainable=False, name="StateVar")

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = _stateless.algorithm_id(_DEFAULT_ALGORITHM if alg is None else alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        words = np.frombuffer(os.urandom(8 * _STATE_SIZE), np.int64).copy()
        return cls(state=words, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        counter = [int(c) for c in np.asarray(convert_to_tensor(counter)._value).ravel()]
        return cls(state=counter + [int(np.asarray(convert_to_tensor(key)._value))], alg=alg)

    @property
    def state(self):
        return self._state_var

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        return convert_to_tensor(self._state_var.numpy()[-1])

    def reset(self, state):
        self._state_var.assign(convert_to_tensor(state, dtype=dtypes.int64))

    def reset_from_seed(self, seed):
        self.reset(create_rng_state(seed, self._alg))

    def skip(self, delta):
        """Moves the counter on as drawing `delta` values would; returns the old state."""
        if self._alg == 2:
            raise UnimplementedError(
                None,
                "RngReadAndSkip",
                "Non-XLA devices don't support the ThreeFry algorithm. [Op:RngReadAndSkip]",
            )
        old = self._state_var.numpy().copy()
        counter = (int(old[0]) & _MASK64) | ((int(old[1]) & _MASK64) << 64)
        counter = (counter + int(delta) * CALLS_PER_VALUE) % (1 << 128)
        new = [_signed64(counter), _signed64(counter >> 64), int(old[2])]
        self._state_var.assign(np.array(new, np.int64))
        return convert_to_tensor(old)

    def _generator(self, dims):
        return self._read_and_skip(int(np.prod(dims, dtype=np.int64)))

    def _read_and_skip(self, delta):
        """The Philox generator the state holds; the state moves on as `delta` values do."""
        old = self.skip(delta)._numpy()
        counter = (int(old[0]) & _MASK64) | ((int(old[1]) & _MASK64) << 64)
        key = int(old[2]) & _MASK64
        return Philox(counter, (key & 0xFFFFFFFF, key >> 32))

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        rnd, mean, stddev = _stateless.normal_draw(
            _stateless.STATELESS_NORMAL, _dist.normal, shape, mean, stddev, dtype, self._generator
        )
        return rnd * stddev + mean

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        rnd, mean, stddev = _stateless.normal_draw(
            _stateless.STATELESS_TRUNCATED_NORMAL,
            _dist.truncated_normal,
            shape,
            mean,
            stddev,
            dtype,
            self._generator,
        )
        return rnd * stddev + mean

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(
                    f"For integer dtype {dtype}, minval and maxval must be both `None` or "
                    f"both non-`None`; got minval={minval} and maxval={maxval}"
                )
        elif maxval is None:
            maxval = 1
        dims = sample_dims("StatelessRandomUniformV2", shape)
        if not (dtype.is_integer and minval is None):
            convert_to_tensor(minval, dtype=dtype)  # TF converts the bounds before drawing
            convert_to_tensor(maxval, dtype=dtype)
        return _stateless.uniform_from(self._generator(dims), dims, dtype, minval, maxval)

    def uniform_full_int(self, shape, dtype=None, name=None):
        dtype = dtypes.as_dtype(dtype or "uint64")
        dims = sample_dims("StatelessRandomUniformFullIntV2", shape)
        return _stateless.uniform_from(self._generator(dims), dims, dtype, None, None)

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        """Binomial(counts, probs) samples (TF's StatefulRandomBinomial kernel)."""
        return _binomial.stateful_binomial(self._read_and_skip, shape, counts, probs, dtype)

    def make_seeds(self, count=1):
        """Seeds for stateless ops: shape [2, count], int64 keys over zeros."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64)
        return convert_to_tensor(np.stack([keys._numpy(), np.zeros(count, np.int64)]))

    def split(self, count=1):
        """`count` new generators, each keyed by a fresh int64 from this one."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64)._numpy().tolist()
        return [Generator(state=[0, 0, key], alg=self._alg) for key in keys]


_global_generator = None


def get_global_generator():
    """tf.random.get_global_generator: made from fresh entropy on first use."""
    global _global_generator
    if _global_generator is None:
        _global_generator = Generator.from_non_deterministic_state()
    return _global_generator


def set_global_generator(generator):
    global _global_generator
    _global_generator = generator


def _fresh_global_generator_after_fork():
    # The sandbox forks each program from a template process: a child must not replay the
    # template's non-deterministic global generator.
    global _global_generator
    _global_generator = None


os.register_at_fork(after_in_child=_fresh_global_generator_after_fork)
