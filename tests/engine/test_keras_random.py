"""Keras 3's seeding (engine/keras/random.py) against what TF 2.21's Keras printed: the
SeedGenerator's state, the global generator after set_random_seed, and Dropout's masks (the
engine has no Dropout layer yet: keras.random.dropout with the layer's SeedGenerator is what
the layer calls)."""

import random

import numpy as np
import pytest

import engine as tf
from engine.keras import random as keras_random, seed_generator


@pytest.fixture(autouse=True)
def _no_global_seed_afterwards():
    yield
    tf.random.set_seed(None)


def test_dropout_masks_match_keras_dropout_layers():
    # TF 2.21: set_random_seed(0); d = Dropout(0.5); d(ones([2, 4]), training=True), twice
    tf.keras.utils.set_random_seed(0)
    generator = keras_random.SeedGenerator()  # Dropout(0.5) makes one, unseeded
    ones = tf.ones([2, 4])
    first = keras_random.dropout(ones, 0.5, seed=generator).numpy().tolist()
    second = keras_random.dropout(ones, 0.5, seed=generator).numpy().tolist()
    assert first == [[2.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 2.0]]
    assert second == [[2.0, 0.0, 0.0, 2.0], [2.0, 0.0, 0.0, 0.0]]
    # Dropout(0.3, seed=3)
    seeded = keras_random.dropout(tf.ones([3, 3]), 0.3, seed=keras_random.SeedGenerator(3))
    kept = np.float32(1 / 0.7)
    assert seeded.numpy().tolist() == [[0.0, kept, kept], [kept, 0.0, 0.0], [0.0, 0.0, kept]]


def test_unseeded_draws_use_the_global_generator_that_set_random_seed_resets():
    # TF 2.21: set_random_seed(0); keras.random.normal((3,)) twice
    expected = [
        [1.072537899017334, -0.41735270619392395, 0.3679775297641754],
        [1.7349931001663208, 0.34302762150764465, 0.3126062750816345],
    ]
    for _ in range(2):
        tf.keras.utils.set_random_seed(0)
        draws = [keras_random.normal((3,)).numpy().tolist() for _ in range(2)]
        np.testing.assert_allclose(draws, expected, rtol=1e-7)


def test_a_seed_generator_counts_its_draws():
    # TF 2.21: g = SeedGenerator(42); normal((2,), seed=g); uniform((2,), seed=g); g.state
    generator = keras_random.SeedGenerator(42)
    normal = keras_random.normal((2,), seed=generator).numpy()
    uniform = keras_random.uniform((2,), seed=generator).numpy()
    np.testing.assert_allclose(normal, [0.015817075967788696, -1.5900869369506836], rtol=1e-7)
    np.testing.assert_allclose(uniform, [0.5280030965805054, 0.24338412284851074], rtol=1e-7)
    assert generator.state.numpy().tolist() == [42, 2]


def test_an_int_seed_gives_the_same_numbers_every_call():
    # TF 2.21: keras.random.truncated_normal((3,), seed=7)
    expected = [-0.6741727590560913, -0.35869255661964417, -1.8795816898345947]
    for _ in range(2):
        np.testing.assert_allclose(
            keras_random.truncated_normal((3,), seed=7).numpy(), expected, rtol=1e-7
        )


def test_set_random_seed_seeds_python_numpy_and_tf():
    tf.keras.utils.set_random_seed(0)
    assert random.random() == 0.8444218515250481  # random.seed(0)'s first number
    assert np.random.rand() == 0.5488135039273248  # np.random.seed(0)'s
    np.testing.assert_allclose(tf.random.normal([2]).numpy(), [1.5110626, 0.42292204], rtol=1e-7)


def test_bad_seeds_are_refused_as_keras_refuses_them():
    with pytest.raises(ValueError, match="Argument `seed` must be an integer"):
        seed_generator.SeedGenerator("a")
    with pytest.raises(ValueError, match="either an integer or an instance of `SeedGenerator`"):
        keras_random.normal((2,), seed=1.5)
    with pytest.raises(ValueError, match="Expected `seed` argument to be an integer"):
        tf.keras.utils.set_random_seed(1.0)
