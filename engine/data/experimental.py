"""tf.data.experimental: the names TF 2 programs still use from it."""

from ..missing import missing_attribute
from .dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, cardinality

__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "cardinality"]


def __getattr__(name):
    raise missing_attribute("tf.data.experimental", name)
