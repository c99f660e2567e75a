"""keras.initializers: Constant, Zeros, Ones, GlorotUniform, RandomNormal (+ RandomUniform).

Random initializers draw as Keras 3 does (engine/keras/random.py): an int seed, or without
one a seed taken from Python's `random` when the initializer is made, feeds TF's stateless
ops, so every call of one initializer returns the same values and
`keras.utils.set_random_seed(n)` before building gives TF's weights, number for number.
A SeedGenerator as seed gives new values at each call.
"""

import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..missing import missing_attribute
from ..tensor import EagerTensor, convert_to_tensor
from . import random


def _np_dtype(dtype):
    return dtypes.as_dtype(dtype or "float32").as_numpy_dtype


def _shape(shape):
    return tuple(int(d) for d in shape)


class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}

    def __repr__(self):
        return f"<{type(self).__name__} initializer>"


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        np_dtype = _np_dtype(dtype)
        value = np.asarray(convert_to_tensor(self.value)._value, dtype=np_dtype)
        shape = _shape(shape)
        try:
            # Keras computes cast(value) * ones(shape): broadcasting both ways, as Mul does.
            result = value * np.ones(shape, dtype=np_dtype)
        except ValueError:
            dims = lambda s: "[" + ",".join(map(str, s)) + "]"  # noqa: E731
            raise invalid_argument(
                "Mul", f"Incompatible shapes: {dims(value.shape)} vs. {dims(shape)}"
            ) from None
        return EagerTensor(result.astype(np_dtype, copy=False))

    def get_config(self):
        return {"value": self.value}


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return EagerTensor(np.zeros(_shape(shape), dtype=_np_dtype(dtype)))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return EagerTensor(np.ones(_shape(shape), dtype=_np_dtype(dtype)))


class _RandomInitializer(Initializer):
    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = random.make_default_seed()  # Keras 3: fixed now, from Python's random
        elif not isinstance(seed, (int, random.SeedGenerator)):
            raise ValueError(
                "`seed` argument should be an instance of `keras.random.SeedGenerator()` "
                f"or an integer. Received: seed={seed}"
            )
        self.seed = seed

    def get_config(self):
        return {"seed": self._init_seed}


class RandomNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return random.normal(
            _shape(shape), mean=self.mean, stddev=self.stddev, seed=self.seed, dtype=dtype
        )


class RandomUniform(_RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return random.uniform(
            _shape(shape), minval=self.minval, maxval=self.maxval, dtype=dtype, seed=self.seed
        )


def compute_fans(shape):
    """Keras's fan_in/fan_out: a kernel's input and output sizes times its receptive field."""
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive_field = math.prod(shape[:-2])
    return shape[-2] * receptive_field, shape[-1] * receptive_field


class GlorotUniform(_RandomInitializer):
    """Keras's VarianceScaling(1.0, "fan_avg", "uniform"): uniform in [-limit, limit],
    limit = sqrt(3 * scale), scale = 1 / max(1, (fan_in + fan_out) / 2)."""

    def __call__(self, shape, dtype=None):
        shape = _shape(shape)
        fan_in, fan_out = compute_fans(shape)
        scale = 1.0 / max(1.0, (fan_in + fan_out) / 2.0)  # Keras's own float steps
        limit = math.sqrt(3.0 * scale)
        return random.uniform(shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed)


_BY_NAME = {}
for _cls, _snake in (
    (Constant, "constant"),
    (Zeros, "zeros"),
    (Ones, "ones"),
    (GlorotUniform, "glorot_uniform"),
    (RandomNormal, "random_normal"),
    (RandomUniform, "random_uniform"),
):
    _BY_NAME[_cls.__name__] = _BY_NAME[_snake] = _cls
del _cls, _snake

# Keras initializers the engine does not have: asking for them by name names the gap.
_KERAS_ONLY = {
    "GlorotNormal",
    "glorot_normal",
    "HeNormal",
    "he_normal",
    "HeUniform",
    "he_uniform",
    "LecunNormal",
    "lecun_normal",
    "LecunUniform",
    "lecun_uniform",
    "TruncatedNormal",
    "truncated_normal",
    "VarianceScaling",
    "variance_scaling",
    "Orthogonal",
    "orthogonal",
    "Identity",
    "identity",
    "STFT",
    "stft",
}


def get(identifier):
    """keras.initializers.get: an initializer from a name, an instance or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in _BY_NAME:
            return _BY_NAME[identifier]()
        if identifier in _KERAS_ONLY:
            raise missing_attribute("tf.keras.initializers", identifier)
    elif isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    elif callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")
