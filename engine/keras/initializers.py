"""keras.initializers: Constant, Zeros, Ones, GlorotUniform, RandomNormal (+ RandomUniform).

Random initializers are reproducible: with a seed, every call returns the same values (as
Keras 3 documents for seeded initializers); without one, values come from a generator that
`keras.utils.set_random_seed` resets, so a program gives the same weights on every run.
The values are the engine's own (NumPy's generator), not TensorFlow's.
"""

import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..missing import missing_attribute
from ..tensor import EagerTensor, convert_to_tensor

_DEFAULT_SEED = 1337
_unseeded = np.random.default_rng(_DEFAULT_SEED)


def set_random_seed(seed):
    """keras.utils.set_random_seed: unseeded initializers restart from `seed`."""
    global _unseeded
    _unseeded = np.random.default_rng(seed)


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
        if seed is not None and not isinstance(seed, int):
            raise ValueError(
                f"`seed` argument should be an instance of `int`. Received: "
                f"seed={seed} (of type {type(seed)})"
            )
        self.seed = seed

    def _generator(self):
        return _unseeded if self.seed is None else np.random.default_rng(self.seed)

    def __call__(self, shape, dtype=None):
        np_dtype = _np_dtype(dtype)
        values = self._sample(self._generator(), _shape(shape))
        return EagerTensor(np.asarray(values, dtype=np_dtype))

    def _sample(self, generator, shape):
        raise NotImplementedError  # each distribution draws its own

    def get_config(self):
        return {"seed": self.seed}


class RandomNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean = mean
        self.stddev = stddev

    def _sample(self, generator, shape):
        return generator.normal(self.mean, self.stddev, size=shape)


class RandomUniform(_RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval = minval
        self.maxval = maxval

    def _sample(self, generator, shape):
        return generator.uniform(self.minval, self.maxval, size=shape)


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
    """Uniform in [-limit, limit], limit = sqrt(6 / (fan_in + fan_out))."""

    def _sample(self, generator, shape):
        fan_in, fan_out = compute_fans(shape)
        limit = math.sqrt(6.0 / max(1.0, fan_in + fan_out))
        return generator.uniform(-limit, limit, size=shape)


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
