"""tf.nn.experimental: dropout with a stateless seed, or with any uniform sampler."""

from .missing import missing_attribute
from .ops import nn as _nn, stateless_random_ops as _stateless

__all__ = ["stateless_dropout", "general_dropout"]


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """tf.nn.dropout's ops with its noise from tf.random.stateless_uniform(seed): the same
    elements dropped at every call with one seed (Keras 3's Dropout draws this way)."""
    return _nn.general_dropout(
        x,
        rate,
        lambda shape, dtype: _stateless.stateless_uniform(shape, seed, dtype=dtype, alg=rng_alg),
        noise_shape,
    )


def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """Dropout whose noise is uniform_sampler(shape=..., dtype=...), e.g. a Generator's."""
    return _nn.general_dropout(
        x, rate, lambda shape, dtype: uniform_sampler(shape=shape, dtype=dtype), noise_shape
    )


def __getattr__(name):
    raise missing_attribute("tf.nn.experimental", name)
