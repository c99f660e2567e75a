"""tf.random: the engine's random ops (see engine/ops/random_ops.py)."""

from . import random_experimental as experimental  # noqa: F401  (tf.random.experimental)
from .missing import missing_attribute
from .ops.random_binomial import *  # noqa: F403
from .ops.random_gamma import *  # noqa: F403
from .ops.random_ops import *  # noqa: F403  (the public names are listed in its __all__)
from .ops.random_poisson import *  # noqa: F403
from .ops.stateless_random_ops import *  # noqa: F403
from .random_generator import *  # noqa: F403


def __getattr__(name):
    raise missing_attribute("tf.random", name)
