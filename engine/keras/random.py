"""keras.random and its SeedGenerator, as Keras 3's TensorFlow backend draws (keras/src/random/
seed_generator.py, keras/src/backend/tensorflow/random.py).

Keras draws nothing from TF's stateful ops: every sample is a tf.random.stateless_* call whose
seed comes from
- an int: [seed, 0] (the same numbers at every call);
- a SeedGenerator: its state [seed, counter], then the counter moves on by one;
- None: the global SeedGenerator, whose state moves on by (state + 1) * 5387 % 933199.
An unseeded SeedGenerator (or initializer) takes its seed from Python's `random` when it is
made, so `keras.utils.set_random_seed(n)` (which seeds `random`) fixes them all. The int64
seed is folded into int32 by floormod(seed, 2**31 - 2) before the stateless op sees it.
"""

import random as python_random

import numpy as np

from .. import dtypes
from ..ops import array as _array, math as _math, stateless_random_ops as _stateless
from ..tensor import convert_to_tensor
from . import backend
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


def _stateless_seed(seed):
    """Keras's _cast_seed: floormod(seed, int32 max - 1), as int32."""
    folded = np.mod(draw_seed(seed), _INT32_MAX - 1).astype(np.int32)
    return convert_to_tensor(folded)


def _dtype(dtype):
    return dtypes.as_dtype(dtype or backend.floatx())


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    seed = _stateless_seed(seed)
    return _stateless.stateless_normal(shape, seed, mean=mean, stddev=stddev, dtype=_dtype(dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    seed = _stateless_seed(seed)
    return _stateless.stateless_truncated_normal(
        shape, seed, mean=mean, stddev=stddev, dtype=_dtype(dtype)
    )


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    seed = _stateless_seed(seed)
    minval = _math.cast(convert_to_tensor(minval), dtype)
    maxval = _math.cast(convert_to_tensor(maxval), dtype)
    return _stateless.stateless_uniform(shape, seed, minval=minval, maxval=maxval, dtype=dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    """Keras's TF-backend dropout: tf.nn.experimental.stateless_dropout's ops (Mul by
    1 / (1 - rate), a stateless uniform, GreaterEqual, SelectV2)."""
    inputs = convert_to_tensor(inputs)
    if rate == 1.0:
        return _array.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    seed = _stateless_seed(seed)
    shape = inputs.shape.as_list()
    if noise_shape is not None:
        shape = [shape[i] if d is None else d for i, d in enumerate(noise_shape)]
    scale = convert_to_tensor(1 / (1 - rate), dtype=inputs.dtype)
    kept = _math.multiply(inputs, scale)
    noise = _stateless.stateless_uniform(shape, seed, dtype=inputs.dtype)
    keep_mask = _math.greater_equal(noise, convert_to_tensor(rate, dtype=inputs.dtype))
    return _array.where(keep_mask, kept, convert_to_tensor(0, dtype=inputs.dtype))
