"""The random numbers a shuffle draws, as TF's kernels draw them: Philox-4x32-10 counters
(random::PhiloxRandom) read one 32-bit sample at a time (random::SingleSampleAdapter).

Everything random in tf.data goes through `uint32_stream`, so TF's generator lives in this
one place."""

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_MULTIPLIERS = (0xD2511F53, 0xCD9E8D57)
_KEY_BUMPS = (0x9E3779B9, 0xBB67AE85)


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
    key = (seed & _MASK32, seed >> 32)
    counter = seed2 << 64
    while True:
        words = tuple((counter >> (32 * i)) & _MASK32 for i in range(4))
        yield from _philox_block(words, key)
        counter = (counter + 1) & ((1 << 128) - 1)
