"""tf.random.experimental: the stateless helpers and the Generator API under their
experimental names."""

from .missing import missing_attribute
from .ops.stateless_random_ops import (
    fold_in as stateless_fold_in,
    split as stateless_split,
    stateless_shuffle,
)
from .random_generator import (
    Algorithm,
    Generator,
    create_rng_state,
    get_global_generator,
    set_global_generator,
)

__all__ = [
    "Algorithm",
    "Generator",
    "create_rng_state",
    "get_global_generator",
    "set_global_generator",
    "stateless_fold_in",
    "stateless_shuffle",
    "stateless_split",
]


def __getattr__(name):
    raise missing_attribute("tf.random.experimental", name)
