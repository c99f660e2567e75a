"""keras.backend: the few settings the engine's Keras subset has."""

from ..missing import missing_attribute
from .naming import clear_session


def epsilon():
    return 1e-7


def floatx():
    return "float32"


def backend():
    return "tensorflow"


__all__ = ["clear_session", "epsilon", "floatx", "backend"]


def __getattr__(name):
    raise missing_attribute("tf.keras.backend", name)
