"""The random numbers tf.data draws, as TF's kernels draw them: Philox-4x32-10
(engine/ops/philox.py) read one 32-bit sample at a time (TF's SingleSampleAdapter).

Everything random in tf.data goes through `uint32_stream` (shuffle, Dataset.random) or
`stateless_uint32_stream` (the stateless sampling behind sample_from_datasets)."""

from ..ops.philox import Philox
from ..ops.random_distributions import scramble_seed

_BLOCKS = 64  # Philox calls computed at once (vectorised); 4 samples each


def uint32_stream(seed, seed2):
    """TF's PhiloxRandom(seed, seed2) read sample by sample."""
    return _samples(Philox.from_seeds(seed, seed2))


def stateless_uint32_stream(seed0, seed1):
    """A stateless op's stream for its seed pair, as TF's GenerateKey makes it."""
    return _samples(scramble_seed(seed0, seed1))


def uniform_double(stream):
    """A double in [0, 1) from two samples (TF's SimplePhilox::RandDouble): 20 mantissa bits
    from the first, 32 from the second."""
    high, low = next(stream) & 0xFFFFF, next(stream)
    return ((high << 32) | low) / 2.0**52


def _samples(generator):
    while True:
        yield from generator.uint32s(_BLOCKS).tolist()
