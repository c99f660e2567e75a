"""keras.utils: set_random_seed and clear_session."""

import engine as tf  # circular on purpose: tf.random is looked up when a seed is set

from ..missing import missing_attribute
from . import initializers
from .naming import clear_session

__all__ = ["set_random_seed", "clear_session"]


def set_random_seed(seed):
    """Seeds unseeded initializers and, as Keras does, tf.random's global seed."""
    if not isinstance(seed, int):
        raise ValueError(
            "Expected `seed` argument to be an integer. "
            f"Received: seed={seed} (of type {type(seed)})"
        )
    initializers.set_random_seed(seed)
    tf.random.set_seed(seed)


def __getattr__(name):
    raise missing_attribute("tf.keras.utils", name)
