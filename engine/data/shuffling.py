"""shuffle and Dataset.random: TF's buffer algorithm (ShuffleDatasetOp) and random stream,
with TF's seeds and random numbers.

The buffer holds up to `buffer_size` elements. Each step tops it up from the input, draws a
32-bit random number r, and yields the element at (start + r % count) of the live part of
the ring; the element at `start` moves into the hole and `start` advances. A buffer of 1 is
the identity; a buffer as large as the dataset is a uniform shuffle.

Seeds as TF's tf.data (python/data/util/random_seed.py and the kernel): the op seed and the
global seed from tf.random.set_seed give (seed, seed2) as for any random op; none at all is
a fresh random pair. With reshuffle_each_iteration (the default) the dataset holds a seed
generator, Philox(seed, seed2), and each new iterator (each epoch) draws its own (seed,
seed2) from it; without, every iterator uses (seed, seed2) and repeats the same order.
"""

import secrets

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..ops.random_ops import get_seed
from ..tensor import Tensor
from ..tensor_spec import TensorSpec
from .dataset import (
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    DatasetV2,
    install,
    scalar_int64,
    seeds_drawn_at_creation,
)
from .random_stream import uint32_stream

_UNBOUNDED = 2**62  # buffer_size=UNKNOWN_CARDINALITY: the whole input fits


def shuffled(elements, buffer_size, random_uint32):
    """`elements` in TF's shuffle order, drawing from `random_uint32()`."""
    buffer = {}  # ring positions modulo buffer_size -> element (a dict: sizes can be huge)
    start = end = 0
    exhausted = False
    for_each = iter(elements)
    while True:
        while not exhausted and end - start < buffer_size:
            try:
                buffer[end % buffer_size] = next(for_each)
            except StopIteration:
                exhausted = True
                break
            end += 1
        if start == end:
            return
        index = (start + random_uint32() % (end - start)) % buffer_size
        chosen = buffer[index]
        buffer[index] = buffer[start % buffer_size]
        del buffer[start % buffer_size]
        start += 1
        yield chosen


def _dataset_seeds(seed):
    """tf.data's (seed, seed2): the random-op pair, 0 for a missing one, and a fresh random
    pair when both are 0 (TF's kernel convention for "no seed")."""
    seed, seed2 = get_seed(seed)
    seed = 0 if seed is None else seed
    seed2 = 0 if seed2 is None else seed2
    if seed == 0 and seed2 == 0:
        return secrets.randbits(64), secrets.randbits(64)
    return seed, seed2


class _SeedGenerator:
    """The (seed, seed2) each new iterator runs with: always the dataset's (TF's
    FixedSeedGenerator), or two draws from Philox(seed, seed2) per iterator when every epoch
    gets its own numbers (RandomSeedGenerator)."""

    def __init__(self, seed, per_epoch):
        self._seeds = _dataset_seeds(seed)
        self._stream = uint32_stream(*self._seeds) if per_epoch else None

    def next_seeds(self):
        drawn = seeds_drawn_at_creation(self)
        if drawn is not None:
            return drawn
        if self._stream is None:
            return self._seeds
        return next(self._stream), next(self._stream)


class _ShuffleDataset(DatasetV2):
    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        self._buffer_size = buffer_size
        self._seed_generator = _SeedGenerator(seed, reshuffle_each_iteration)

    def _iterator_seeds(self):
        return self._seed_generator.next_seeds()

    def _elements(self, probe=False):
        if probe:  # the specs do not depend on the order: keep the seeds for real epochs
            return self._input._elements(probe)
        return shuffled(
            self._input._elements(),
            self._buffer_size,
            uint32_stream(*self._iterator_seeds()).__next__,
        )


@install("shuffle")
def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
    """The elements in random order, drawn from a buffer of `buffer_size` (see above)."""
    size = scalar_int64(buffer_size, "buffer_size")
    if size <= 0 and size != UNKNOWN_CARDINALITY:
        raise invalid_argument(
            "ShuffleDatasetV3", "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"
        )
    reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
    return _ShuffleDataset(self, _UNBOUNDED if size < 0 else size, seed, reshuffle)


class _RandomDataset(DatasetV2):
    def __init__(self, seed, rerandomize_each_iteration):
        super().__init__()
        self._seed_generator = _SeedGenerator(seed, rerandomize_each_iteration)

    def _elements(self, probe=False):
        seeds = (0, 1) if probe else self._seed_generator.next_seeds()
        return (Tensor(np.int64(value)) for value in uint32_stream(*seeds))

    def _cardinality(self):
        return INFINITE_CARDINALITY

    def _compute_spec(self):
        return TensorSpec([], dtypes.int64)


@install("random", static=True)
def random(seed=None, rerandomize_each_iteration=None, name=None):
    """Endless int64 random numbers in [0, 2**32): TF's Philox stream for the seeds."""
    return _RandomDataset(seed, bool(rerandomize_each_iteration))
