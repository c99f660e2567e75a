"""tf.data's shuffle: TF's buffer algorithm (ShuffleDatasetOp) and its seeds. Exact orders
against TF are in the differential corpus (cases_data.py); these check the algorithm's
properties on many sizes."""

import collections

import numpy as np
import pytest

import engine as tf
from engine.data.random_stream import uint32_stream
from engine.data.shuffling import shuffled


def _order(ds):
    return [int(x) for x in ds.as_numpy_iterator()]


@pytest.mark.parametrize("n, buffer_size", [(1, 1), (5, 2), (10, 3), (10, 10), (7, 100), (50, 7)])
def test_every_element_comes_exactly_once_per_epoch(n, buffer_size):
    ds = tf.data.Dataset.range(n).shuffle(buffer_size, seed=11).repeat(3)
    order = _order(ds)
    for epoch in range(3):
        assert sorted(order[epoch * n : (epoch + 1) * n]) == list(range(n))


def test_buffer_size_one_is_the_identity():
    assert _order(tf.data.Dataset.range(20).shuffle(1, seed=3)) == list(range(20))


def test_an_element_leaves_only_once_it_entered_the_buffer():
    # With a buffer of k, the i-th output is one of the first i + k inputs.
    order = _order(tf.data.Dataset.range(200).shuffle(5, seed=2))
    assert all(value < i + 5 for i, value in enumerate(order))


def test_a_buffer_as_large_as_the_data_can_put_any_element_first():
    firsts = collections.Counter(
        _order(tf.data.Dataset.range(4).shuffle(4, seed=s, reshuffle_each_iteration=False))[0]
        for s in range(200)
    )
    assert set(firsts) == {0, 1, 2, 3}
    assert min(firsts.values()) > 25  # roughly uniform: 50 each expected


def test_reshuffle_each_iteration_gives_each_epoch_its_own_order():
    ds = tf.data.Dataset.range(30).shuffle(30, seed=5)
    epochs = [_order(ds) for _ in range(3)]
    assert len({tuple(e) for e in epochs}) == 3
    assert all(sorted(e) == list(range(30)) for e in epochs)


def test_without_reshuffle_every_epoch_repeats_the_order():
    ds = tf.data.Dataset.range(30).shuffle(30, seed=5, reshuffle_each_iteration=False)
    assert _order(ds) == _order(ds)


def test_a_seeded_pipeline_rebuilt_gives_the_same_epochs():
    def epochs():
        ds = tf.data.Dataset.range(12).shuffle(6, seed=9)
        return [_order(ds) for _ in range(2)]

    assert epochs() == epochs()


def test_the_global_seed_fixes_unseeded_shuffles():
    tf.random.set_seed(4)
    a = _order(tf.data.Dataset.range(16).shuffle(16))
    tf.random.set_seed(4)
    b = _order(tf.data.Dataset.range(16).shuffle(16))
    tf.random.set_seed(None)
    assert a == b


def test_the_buffer_algorithm_draws_one_number_per_element():
    draws = []

    def counting():
        draws.append(1)
        return 0  # always the oldest element: the input order

    assert list(shuffled(range(9), 4, counting)) == list(range(9))
    assert len(draws) == 9


def test_philox_stream_matches_tensorflows_known_answer():
    # Philox-4x32-10's published test vector (Salmon et al.): counter 0, key 0.
    words = list(_first_block(0, 0))
    assert words == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]


def _first_block(seed, seed2):
    stream = uint32_stream(seed, seed2)
    return [next(stream) for _ in range(4)]


def test_shuffled_batches_keep_pairs_together():
    x = np.arange(10)
    ds = tf.data.Dataset.from_tensor_slices((x, x * 10)).shuffle(10, seed=1).batch(3)
    for xb, yb in ds:
        assert (yb.numpy() == xb.numpy() * 10).all()
