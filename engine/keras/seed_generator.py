"""Keras 3's SeedGenerator and the seeds keras.random's draws take (keras/src/random/
seed_generator.py).

Keras draws nothing from TF's stateful ops: every sample is a tf.random.stateless_* call whose
seed comes from
- an int: [seed, 0] (the same numbers at every call);
- a SeedGenerator: its state [seed, counter], then the counter moves on by one;
- None: the global SeedGenerator, whose state moves on by (state + 1) * 5387 % 933199.
An unseeded SeedGenerator (or initializer) takes its seed from Python's `random` when it is
made, so `keras.utils.set_random_seed(n)` (which seeds `random`) fixes them all. The int64
seed is folded into int32 by floormod(seed, 2**31 - 2) before the stateless op sees it.
"""

import math
import random as python_random

import numpy as np

from .. import dtypes
from ..ops import random_distributions as _dist
from ..tensor import convert_to_tensor
from .variables import KerasVariable

_INT32_MAX = 2**31 - 1


def make_default_seed():
    return python_random.randint(1, int(1e9))


class SeedGenerator:
    """keras.random.SeedGenerator: a [seed, counter] int64 state variable."""

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or "seed_generator"
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        self.state = KerasVariable(
            np.array([seed, 0], np.int64),
            name="seed_generator_state",
            trainable=False,
            dtype=dtypes.int64,
        )

    def next(self, ordered=True):
        value = self.state.numpy().copy()
        if ordered:
            self.state.assign(value + np.array([0, 1], np.int64))
        else:
            self.state.assign((value + 1) * 5387 % 933199)
        return value

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}


_global: dict[str, SeedGenerator | None] = {"seed_generator": None}


def global_seed_generator():
    if _global["seed_generator"] is None:
        _global["seed_generator"] = SeedGenerator()
    return _global["seed_generator"]


def reset_global_seed_generator():
    """keras.utils.set_random_seed drops the global generator; the next draw makes it anew."""
    _global["seed_generator"] = None


def draw_seed(seed):
    """The int64 [2] seed Keras passes on (as a NumPy array)."""
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return np.array([seed, 0], np.int64)
    if seed is None:
        return global_seed_generator().next(ordered=False)
    raise ValueError(
        "Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
        f"Received: seed={seed} (of type {type(seed)})"
    )


def stateless_seed(seed):
    """The shape-[2] int32 seed tensor Keras's TF backend passes to tf.random.stateless_*:
    draw_seed's int64 pair folded by floormod(seed, int32 max - 1) (its _cast_seed)."""
    return convert_to_tensor(np.mod(draw_seed(seed), _INT32_MAX - 1).astype(np.int32))


def initial_values(distribution, shape, a, b, dtype, seed):
    """What keras.random.<distribution>(shape, a, b, dtype=dtype, seed=seed) returns, as a
    NumPy array computed without running ops: the values of Keras's initializers. (TF makes
    a Keras variable's initial value under init_scope, so those ops never reach a tape; the
    engine does not run them at all.) a, b: mean and stddev, or minval and maxval."""
    np_dtype = dtypes.as_dtype(dtype or "float32").as_numpy_dtype
    seed0, seed1 = (int(s) % (1 << 64) for s in np.mod(draw_seed(seed), _INT32_MAX - 1))
    generator = _dist.scramble_seed(seed0, seed1)
    count = math.prod(shape)
    if distribution == "uniform":  # Keras casts the bounds from float32: tf.cast(minval, dtype)
        low, high = np_dtype(np.float32(a)), np_dtype(np.float32(b))
        values = _dist.uniform(generator, count, np_dtype) * (high - low) + low
    else:
        sample = _dist.truncated_normal if distribution == "truncated_normal" else _dist.normal
        values = sample(generator, count, np_dtype) * np_dtype(b) + np_dtype(a)
    return values.astype(np_dtype, copy=False).reshape(shape)
