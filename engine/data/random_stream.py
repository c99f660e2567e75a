"""The random numbers tf.data draws, as TF's kernels draw them: Philox-4x32-10 counters
(random::PhiloxRandom) read one 32-bit sample at a time (random::SingleSampleAdapter).

Everything random in tf.data goes through `uint32_stream` (shuffle, Dataset.random) or
`stateless_uint32_stream` (the stateless sampling behind sample_from_datasets), so TF's
generator lives in this one place."""

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_MULTIPLIERS = (0xD2511F53, 0xCD9E8D57)
_KEY_BUMPS = (0x9E3779B9, 0xBB67AE85)
_GENERATE_KEY_KEY = (0x3EC8F720, 0x02461E29)  # stateless_random_ops.cc's kernel constants


def _philox_block(counter, key):
    """Philox-4x32 with 10 rounds: four 32-bit samples from a 128-bit counter and a 64-bit
    key."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for round_index in range(10):
        if round_index:
            k0 = (k0 + _KEY_BUMPS[0]) & _MASK32
            k1 = (k1 + _KEY_BUMPS[1]) & _MASK32
        product0 = _MULTIPLIERS[0] * c0
        product1 = _MULTIPLIERS[1] * c2
        c0, c1, c2, c3 = (
            (product1 >> 32) ^ c1 ^ k0,
            product1 & _MASK32,
            (product0 >> 32) ^ c3 ^ k1,
            product0 & _MASK32,
        )
    return c0, c1, c2, c3


def uint32_stream(seed, seed2):
    """TF's PhiloxRandom(seed, seed2) read sample by sample: the key is `seed`'s two halves,
    the counter starts at `seed2` in its upper 64 bits and counts up by one per block."""
    seed &= _MASK64
    seed2 &= _MASK64
    return _stream((seed & _MASK32, seed >> 32), seed2 << 64)


def stateless_uint32_stream(seed0, seed1):
    """A stateless op's stream for its seed pair, as TF's GenerateKey makes it: the pair,
    hashed under a fixed key, gives the key and the counter's upper half."""
    seed0 &= _MASK64
    seed1 &= _MASK64
    words = (seed0 & _MASK32, seed0 >> 32, seed1 & _MASK32, seed1 >> 32)
    mix = _philox_block(words, _GENERATE_KEY_KEY)
    return _stream((mix[0], mix[1]), (mix[2] | mix[3] << 32) << 64)


def uniform_double(stream):
    """A double in [0, 1) from two samples (TF's SimplePhilox::RandDouble): 20 mantissa bits
    from the first, 32 from the second."""
    high, low = next(stream) & 0xFFFFF, next(stream)
    return ((high << 32) | low) / 2.0**52


def _stream(key, counter):
    while True:
        words = tuple((counter >> (32 * i)) & _MASK32 for i in range(4))
        yield from _philox_block(words, key)
        counter = (counter + 1) & ((1 << 128) - 1)
