"""tf.image: the engine's image ops (see engine/ops/image.py)."""

from .missing import missing_attribute
from .ops.image import *  # noqa: F403  (the public names are listed in its __all__)


def __getattr__(name):
    raise missing_attribute("tf.image", name)
