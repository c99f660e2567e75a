"""keras.layers: Dense, Flatten, InputLayer (and Layer, their base, for custom layers)."""

from ...missing import missing_attribute
from .dense import Dense
from .flatten import Flatten
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .layer import Layer


def __getattr__(name):
    raise missing_attribute("tf.keras.layers", name)
