"""Philox-4x32-10, the counter-based generator behind every TF random op (TF's
tensorflow/core/lib/random/philox_random.h; Salmon et al., "Parallel random numbers: as easy
as 1, 2, 3", SC 2011).

A generator is a 128-bit counter and a 64-bit key. Each call hashes the counter with the key
(10 rounds of two 32x32->64 multiplies, the key bumped by the golden-ratio constants between
rounds) into four uint32s, then adds one to the counter. `Philox.blocks(n)` gives n calls at
once, vectorised: row i hashes counter + i.
"""

import numpy as np

_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)  # kPhiloxM4x32A, kPhiloxM4x32B
_W0, _W1 = 0x9E3779B9, 0xBB67AE85  # kPhiloxW32A, kPhiloxW32B: the key's bump per round
_MASK32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)
_ROUNDS = 10
_MOD128 = 1 << 128


def philox_rounds(counters, key):
    """The 10-round hash of counters (shape (n, 4), uint32 values) under key (k0, k1).

    Returns an (n, 4) uint32 array: TF's PhiloxRandom::operator() for each row."""
    c = [counters[:, i].astype(np.uint64) for i in range(4)]
    k0, k1 = int(key[0]) & 0xFFFFFFFF, int(key[1]) & 0xFFFFFFFF
    for round_index in range(_ROUNDS):
        # uint64 products of two uint32s are exact: their high halves are Philox's mulhi
        product0 = _M0 * c[0]
        product1 = _M1 * c[2]
        c = [
            (product1 >> _SHIFT32) ^ c[1] ^ np.uint64(k0),
            product1 & _MASK32,
            (product0 >> _SHIFT32) ^ c[3] ^ np.uint64(k1),
            product0 & _MASK32,
        ]
        if round_index < _ROUNDS - 1:
            k0, k1 = (k0 + _W0) & 0xFFFFFFFF, (k1 + _W1) & 0xFFFFFFFF
    return np.stack(c, axis=1).astype(np.uint32)


def _words(value, count):
    """A non-negative int as `count` little-endian uint32 words."""
    return [(value >> (32 * i)) & 0xFFFFFFFF for i in range(count)]


def counter_words(start, offsets):
    """The (n, 4) uint32 words of the 128-bit counters start + offsets (offsets < 2**64)."""
    lo = np.uint64(start & ((1 << 64) - 1))
    hi = np.uint64(start >> 64)
    with np.errstate(over="ignore"):
        low = lo + offsets.astype(np.uint64)  # wraps modulo 2**64
        high = hi + (low < lo).astype(np.uint64)  # the carry into the high half
    return np.stack([low & _MASK32, low >> _SHIFT32, high & _MASK32, high >> _SHIFT32], axis=1)


class Philox:
    """TF's PhiloxRandom: a 128-bit counter (an int here) and a 64-bit key (k0, k1)."""

    __slots__ = ("counter", "key")

    def __init__(self, counter=0, key=(0, 0)):
        self.counter = counter % _MOD128
        self.key = (int(key[0]) & 0xFFFFFFFF, int(key[1]) & 0xFFFFFFFF)

    @classmethod
    def from_seeds(cls, seed, seed2):
        """PhiloxRandom(seed_lo, seed_hi): the key is `seed`, the counter's high half `seed2`."""
        seed, seed2 = int(seed) % (1 << 64), int(seed2) % (1 << 64)
        return cls(seed2 << 64, _words(seed, 2))

    @classmethod
    def from_words(cls, counter_words, key_words):
        """From four uint32 counter words and two key words, lowest first."""
        counter = sum((int(w) & 0xFFFFFFFF) << (32 * i) for i, w in enumerate(counter_words))
        return cls(counter, key_words)

    def counter_words(self):
        return _words(self.counter, 4)

    def copy(self):
        return Philox(self.counter, self.key)

    def skip(self, count):
        """Advances the counter by `count` calls (TF's Skip)."""
        self.counter = (self.counter + int(count)) % _MOD128

    def blocks(self, count):
        """The next `count` calls' outputs, an (count, 4) uint32 array; the counter moves on."""
        out = self.blocks_at(np.arange(count, dtype=np.uint64))
        self.skip(count)
        return out

    def blocks_at(self, offsets):
        """The outputs of the calls at counter + offsets (uint64s); the counter stays."""
        return philox_rounds(counter_words(self.counter, offsets), self.key)

    def uint32s(self, count):
        """The next `count` calls as one flat uint32 stream (TF's SingleSampleAdapter order)."""
        return self.blocks(count).reshape(-1)
