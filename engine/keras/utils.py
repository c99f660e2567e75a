"""keras.utils: set_random_seed and clear_session."""

import random as python_random

import numpy as np

from ..missing import missing_attribute
from ..ops import random_ops
from . import seed_generator
from .naming import clear_session

__all__ = ["set_random_seed", "clear_session"]


def set_random_seed(seed):
    """As Keras 3: seeds Python's `random` (so unseeded initializers and SeedGenerators made
    from now on are fixed), NumPy's global generator and tf.random's global seed, and drops
    Keras's global SeedGenerator (the next unseeded keras.random draw makes a new one)."""
    if not isinstance(seed, int):
        raise ValueError(
            "Expected `seed` argument to be an integer. "
            f"Received: seed={seed} (of type {type(seed)})"
        )
    seed_generator.reset_global_seed_generator()
    python_random.seed(seed)
    np.random.seed(seed)
    random_ops.set_seed(seed)


def __getattr__(name):
    raise missing_attribute("tf.keras.utils", name)
