"""tf.nn: the engine's nn ops (see engine/ops/nn.py)."""

from . import nn_experimental as experimental  # noqa: F401  (tf.nn.experimental)
from .missing import missing_attribute
from .ops.nn import *  # noqa: F403  (the public names are listed in its __all__)


def __getattr__(name):
    raise missing_attribute("tf.nn", name)
