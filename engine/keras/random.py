"""keras.random: normal, uniform, truncated_normal, randint, categorical, dropout, gamma,
binomial and beta, as Keras 3's TensorFlow backend draws them (keras/src/backend/tensorflow/
random.py): TF's stateless ops with a seed from an int, a SeedGenerator, or (None) Keras's
global SeedGenerator (see engine/keras/seed_generator.py).
"""

from .. import dtypes
from ..missing import missing_attribute
from ..nn_experimental import stateless_dropout
from ..ops import (
    array as _array,
    math_ops as _math,
    random_binomial as _binomial,
    random_gamma as _gamma,
    stateless_random_ops as _stateless,
    summing as _summing,
)
from ..tensor import convert_to_tensor
from . import backend
from .seed_generator import SeedGenerator, stateless_seed

__all__ = [
    "SeedGenerator",
    "normal",
    "uniform",
    "truncated_normal",
    "randint",
    "categorical",
    "dropout",
    "gamma",
    "binomial",
    "beta",
]


def _dtype(dtype):
    return dtypes.as_dtype(dtype or backend.floatx())


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    seed = stateless_seed(seed)
    return _stateless.stateless_normal(shape, seed, mean=mean, stddev=stddev, dtype=_dtype(dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    seed = stateless_seed(seed)
    return _stateless.stateless_truncated_normal(
        shape, seed, mean=mean, stddev=stddev, dtype=_dtype(dtype)
    )


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    if dtype and not dtypes.as_dtype(dtype).is_floating:
        raise ValueError(
            f"`keras.random.uniform` requires a floating point `dtype`. Received: dtype={dtype} "
        )
    dtype = _dtype(dtype)
    seed = stateless_seed(seed)
    minval = _math.cast(convert_to_tensor(minval), dtype)
    maxval = _math.cast(convert_to_tensor(maxval), dtype)
    return _stateless.stateless_uniform(shape, seed, minval=minval, maxval=maxval, dtype=dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    """Keras's TF-backend dropout: tf.nn.experimental.stateless_dropout under a Keras seed."""
    inputs = convert_to_tensor(inputs)
    if rate == 1.0:
        return _array.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    seed = stateless_seed(seed)
    shape = inputs.shape.as_list()
    if noise_shape is not None:
        shape = [shape[i] if d is None else d for i, d in enumerate(noise_shape)]
    return stateless_dropout(inputs, rate=rate, noise_shape=shape, seed=seed)


def randint(shape, minval, maxval, dtype="int32", seed=None):
    dtype = dtypes.as_dtype(dtype)
    drawn = dtype if dtype in (dtypes.int32, dtypes.int64) else dtypes.int64
    seed = stateless_seed(seed)
    output = _stateless.stateless_uniform(shape, seed, minval=minval, maxval=maxval, dtype=drawn)
    return output if drawn == dtype else _math.cast(output, dtype)


def categorical(logits, num_samples, dtype="int32", seed=None):
    if len(convert_to_tensor(logits).shape) != 2:
        raise ValueError(
            "`logits` should be a 2-D tensor with shape [batch_size, num_classes]. "
            f"Received: logits={logits}"
        )
    seed = stateless_seed(seed)
    output = _stateless.stateless_categorical(logits, num_samples, seed)
    dtype = dtypes.as_dtype(dtype)
    return output if dtype == dtypes.int64 else _math.cast(output, dtype)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = _dtype(dtype)
    seed = stateless_seed(seed)
    return _math.cast(_gamma.stateless_gamma(shape, seed, alpha, dtype=dtype), dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    dtype = _dtype(dtype)
    seed = stateless_seed(seed)
    return _math.cast(
        _binomial.stateless_binomial(shape, seed, counts, probabilities, output_dtype=dtype),
        dtype,
    )


def beta(shape, alpha, beta, dtype=None, seed=None):
    """Keras's beta: X / (X + Y) for gammas X ~ (alpha), Y ~ (beta) seeded 12 apart."""
    dtype = _dtype(dtype)
    seed_1 = stateless_seed(seed)
    seed_2 = _math.add(seed_1, convert_to_tensor(12, dtype=seed_1.dtype))
    alpha = _summing.broadcast_to(convert_to_tensor(alpha, dtype=dtype), list(shape))
    beta = _summing.broadcast_to(convert_to_tensor(beta, dtype=dtype), list(shape))
    gamma_a = _math.cast(_gamma.stateless_gamma(shape, seed_1, alpha, dtype=dtype), dtype)
    gamma_b = _math.cast(_gamma.stateless_gamma(shape, seed_2, beta, dtype=dtype), dtype)
    return gamma_a / (gamma_a + gamma_b)


def __getattr__(name):
    raise missing_attribute("tf.keras.random", name)
