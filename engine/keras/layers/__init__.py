"""keras.layers: Dense and Flatten (and Layer, their base, for custom layers)."""

from ...missing import missing_attribute
from .dense import Dense
from .flatten import Flatten
from .layer import InputSpec, Layer


def __getattr__(name):
    raise missing_attribute("tf.keras.layers", name)
