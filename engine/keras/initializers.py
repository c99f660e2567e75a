"""keras.initializers: Constant, Zeros, Ones, RandomNormal, RandomUniform, TruncatedNormal,
Orthogonal, VarianceScaling and its presets (GlorotUniform/Normal, HeNormal/Uniform,
LecunNormal/Uniform).

Random initializers draw as Keras 3 does (engine/keras/seed_generator.py): an int seed, or without
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
from .seed_generator import SeedGenerator, initial_values, make_default_seed


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
            seed = make_default_seed()  # Keras 3: fixed now, from Python's random
        elif not isinstance(seed, (int, SeedGenerator)):
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
        values = initial_values("normal", _shape(shape), self.mean, self.stddev, dtype, self.seed)
        return EagerTensor(values)


class RandomUniform(_RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        values = initial_values(
            "uniform", _shape(shape), self.minval, self.maxval, dtype, self.seed
        )
        return EagerTensor(values)


class Orthogonal(_RandomInitializer):
    """The Q of a normal draw's QR, signs fixed by R's diagonal, drawn and factored in the
    weights' dtype as Keras's TF backend does (its seed fixed when made, like the others)."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        shape = _shape(shape)
        if len(shape) < 2:
            raise ValueError(
                "The tensor to initialize must be at least two-dimensional. "
                f"Received: shape={shape} of rank {len(shape)}."
            )
        num_rows, num_cols = math.prod(shape[:-1]), shape[-1]
        flat_shape = (max(num_cols, num_rows), min(num_cols, num_rows))
        a = initial_values("normal", flat_shape, 0.0, 1.0, dtype, self.seed)
        q, r = np.linalg.qr(a)
        q = q * np.sign(np.diag(r))
        if num_rows < num_cols:
            q = q.T
        return EagerTensor((self.gain * q.reshape(shape)).astype(_np_dtype(dtype)))

    def get_config(self):
        return {"seed": self._init_seed, "gain": self.gain}


def compute_fans(shape, input_axes=None, output_axes=None):
    """Keras's fan_in/fan_out: a kernel's input and output sizes times its receptive field
    (or the products over the given axes)."""
    if input_axes is not None and output_axes is not None:
        fan_in = math.prod(shape[axis] for axis in input_axes)
        return int(fan_in), int(math.prod(shape[axis] for axis in output_axes))
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive_field = math.prod(shape[:-2])
    return shape[-2] * receptive_field, shape[-1] * receptive_field


class TruncatedNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        values = initial_values(
            "truncated_normal", _shape(shape), self.mean, self.stddev, dtype, self.seed
        )
        return EagerTensor(values)


class VarianceScaling(_RandomInitializer):
    """Keras's scale / fan (fan_in, fan_out or their mean), drawn from a truncated normal (its
    stddev corrected for the truncation), a normal, or a uniform of the same variance."""

    def __init__(
        self,
        scale=1.0,
        mode="fan_in",
        distribution="truncated_normal",
        seed=None,
        input_axes=None,
        output_axes=None,
    ):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of {allowed_modes}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed_distributions = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in allowed_distributions:
            raise ValueError(
                f"Invalid `distribution` argument: {distribution}."
                f"Please use one of {allowed_distributions}"
            )
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        shape = _shape(shape)
        scale = self.scale  # Keras's own float steps, so the bounds round as in Keras
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            stddev = math.sqrt(scale) / 0.87962566103423978
            values = initial_values("truncated_normal", shape, 0.0, stddev, dtype, self.seed)
        elif self.distribution == "untruncated_normal":
            values = initial_values("normal", shape, 0.0, math.sqrt(scale), dtype, self.seed)
        else:
            limit = math.sqrt(3.0 * scale)
            values = initial_values("uniform", shape, -limit, limit, dtype, self.seed)
        return EagerTensor(values)

    def get_config(self):
        return {
            **super().get_config(),
            "scale": self.scale,
            "mode": self.mode,
            "distribution": self.distribution,
            "input_axes": self.input_axes,
            "output_axes": self.output_axes,
        }


def _variance_scaling(class_name, scale, mode, distribution):
    """Keras's named VarianceScaling presets (GlorotUniform, HeNormal, ...)."""

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, scale, mode, distribution, seed, input_axes, output_axes)

    def get_config(self):
        return {
            "seed": self._init_seed,
            "input_axes": self.input_axes,
            "output_axes": self.output_axes,
        }

    return type(class_name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config})


GlorotUniform = _variance_scaling("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _variance_scaling("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
HeNormal = _variance_scaling("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _variance_scaling("HeUniform", 2.0, "fan_in", "uniform")
LecunNormal = _variance_scaling("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _variance_scaling("LecunUniform", 1.0, "fan_in", "uniform")


_BY_NAME = {}
for _cls, _snake in (
    (Constant, "constant"),
    (Zeros, "zeros"),
    (Ones, "ones"),
    (GlorotUniform, "glorot_uniform"),
    (RandomNormal, "random_normal"),
    (RandomUniform, "random_uniform"),
    (TruncatedNormal, "truncated_normal"),
    (VarianceScaling, "variance_scaling"),
    (GlorotNormal, "glorot_normal"),
    (HeNormal, "he_normal"),
    (HeUniform, "he_uniform"),
    (LecunNormal, "lecun_normal"),
    (LecunUniform, "lecun_uniform"),
    (Orthogonal, "orthogonal"),
):
    _BY_NAME[_cls.__name__] = _BY_NAME[_snake] = _cls
del _cls, _snake

# Keras initializers the engine does not have: asking for them by name names the gap.
_KERAS_ONLY = {
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
