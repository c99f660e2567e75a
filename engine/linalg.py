"""tf.linalg: the engine's linalg ops (see engine/ops/linalg.py)."""
from .missing import missing_attribute
from .ops.linalg import *  # noqa: F401,F403  (the public names are listed in its __all__)


def __getattr__(name):
    raise missing_attribute("tf.linalg", name)
