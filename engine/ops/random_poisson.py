"""tf.random.poisson and tf.random.stateless_poisson: TF's PoissonFunctor (random_poisson_op.cc),
value for value.

Each output value has its own stretch of the stream: Philox call counter + 256 * index, read
as uniform doubles two per call, last first. Rates under 10 use Knuth's product of uniforms,
larger ones Hormann's transformed rejection. TF computes in double whatever the dtypes, with
glibc's exp, log and lgamma (Python's math module calls the same); the loops are scalar, as
TF's are.
"""

import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import convert_to_tensor
from . import random_distributions as _dist
from .random_ops import CALLS_PER_VALUE, get_seed, reserve, sample_dims
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute
from .stateless_random_ops import seed_generator

__all__ = ["poisson", "stateless_poisson"]
TOP_LEVEL: list[str] = []

# TF: RandomPoissonV2 has no gradient registered (tape.gradient through it raises LookupError),
# StatelessRandomPoisson is not differentiable; the tape keeps both ops' inputs and outputs
# (they are on neither of TF's exclusion lists).
RANDOM_POISSON = define("RandomPoissonV2", saves_inputs=ALL, saves_outputs=ALL)
STATELESS_POISSON = define(
    "StatelessRandomPoisson", NOT_DIFFERENTIABLE, saves_inputs=ALL, saves_outputs=ALL
)


# TF's kernel computes in double whatever the rates' dtype; Python's math functions are libm's.
_EXP, _LOG, _LGAMMA = math.exp, math.log, math.lgamma


def _sample(generator, rate, index):
    """One Poisson value for `rate` (a float) from output `index`'s stretch of the stream."""
    stream = generator.copy()
    stream.skip(CALLS_PER_VALUE * index)
    uniforms: list[float] = []

    def uniform():
        if not uniforms:  # a call's values, used last first (TF's uniform_remaining)
            uniforms.extend(_dist.uniform(stream, 2, np.float64).tolist())
        return uniforms.pop()

    if rate < 10:  # Knuth: count uniforms until their product falls to exp(-rate)
        exp_neg_rate, product, count = _EXP(-rate), 1.0, 0.0
        while True:
            product = product * uniform()
            if product <= exp_neg_rate:
                return count
            count += 1
    log_rate = _LOG(rate)  # Hormann's transformed rejection, his constants
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = uniform() - 0.5
        v = uniform()
        u_shifted = 0.5 - abs(u)
        k = float(math.floor((2 * a / u_shifted + b) * u + rate + 0.43))
        if u_shifted >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if k < 0 or (u_shifted < 0.013 and v > u_shifted):
            continue
        s = _LOG(v * inv_alpha / (a / (u_shifted * u_shifted) + b))
        t = -rate + k * log_rate - _LGAMMA(k + 1)
        if s <= t:
            return k


def _samples(generator, rates, samples_per_rate):
    """PoissonFunctor's output: value (rate r, sample s) at s * num_rates + r."""
    flat = rates.reshape(-1).astype(np.float64).tolist()
    out = np.empty((samples_per_rate, len(flat)))
    for r, rate in enumerate(flat):
        for s in range(samples_per_rate):
            out[s, r] = _sample(generator, rate, r * samples_per_rate + s)
    return out


def poisson(shape, lam, dtype=dtypes.float32, seed=None, name=None):
    """Samples of shape `shape + lam.shape`, one Poisson(lam[i]) stream per rate."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims("RandomPoissonV2", shape)
    lam = convert_to_tensor(lam)
    seeds = get_seed(seed)
    rates = np.asarray(lam._value)
    count = math.prod(dims)
    values = np.zeros(dims + rates.shape, dtype.as_numpy_dtype)
    if count and rates.size:
        generator = reserve(
            "RandomPoissonV2/" + dtype.name, lam.dtype, seeds, count * rates.size * CALLS_PER_VALUE
        )
        values[...] = _samples(generator, rates, count).reshape(values.shape)
    return execute(RANDOM_POISSON, (convert_to_tensor(np.asarray(dims, np.int32)), lam), values)


def stateless_poisson(shape, seed, lam, dtype=dtypes.int32, name=None):
    """tf.random.stateless_poisson: `shape` must end with lam's shape (one rate per trailing
    position)."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims("StatelessRandomPoisson", shape)
    lam = convert_to_tensor(lam)
    generator = seed_generator(seed)
    rates = np.asarray(lam._value)
    if rates.ndim > len(dims) or (rates.ndim and dims[len(dims) - rates.ndim :] != rates.shape):
        raise invalid_argument(
            "StatelessRandomPoisson", "Shape passed in must end with broadcasted shape."
        )
    values = np.zeros(dims, dtype.as_numpy_dtype)
    if values.size:
        per_rate = values.size // max(rates.size, 1)
        values[...] = _samples(generator, rates, per_rate).reshape(dims)
    shape_tensor = convert_to_tensor(np.asarray(dims, np.int32))
    return execute(STATELESS_POISSON, (shape_tensor, lam), values)
