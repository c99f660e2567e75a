"""tf.keras: the Keras 3 subset the engine runs (layers, Sequential, functional and subclassed
models, compile/fit/evaluate/predict with callbacks, summary, weights files, activations,
initializers, optimizers, losses), written with the engine's TF ops the way Keras's TensorFlow
backend is written with TF's. Anything else raises
`AttributeError: engine does not implement tf.keras.xyz`.

Part of the engine's layer (docs/architecture.md): it may import the engine's core and ops (the
TF names it is written with come from engine/keras/_tf.py), never the `engine` package itself
(whose __init__ imports this one: tests/engine/test_import_graph.py), `engine.debug` nor `server`.
"""

from ..missing import missing_attribute
from . import (
    activations,
    backend,
    callbacks,
    functional,
    initializers,
    layers,
    losses,
    metrics,
    optimizers,
    random,
    utils,
)
from .layers import InputSpec, Layer
from .losses import Loss
from .model import Model
from .optimizers import Optimizer
from .sequential import Input, KerasTensor, Sequential
from .variables import Variable


def __getattr__(name):
    raise missing_attribute("tf.keras", name)
