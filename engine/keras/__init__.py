"""tf.keras: the Keras 3 subset the engine runs (Dense, Flatten, Sequential, subclassed Layer
and Model, activations, initializers, SGD/Adam/RMSprop, three losses), written with the engine's
TF ops the way Keras's TensorFlow backend is written with TF's. Anything else raises
`AttributeError: engine does not implement tf.keras.xyz`.
"""

from ..missing import missing_attribute
from . import activations, backend, callbacks, initializers, layers, losses, optimizers, utils
from .functional import Functional
from .layers import Layer
from .losses import Loss
from .model import Model
from .optimizers import Optimizer
from .sequential import Input, KerasTensor, Sequential
from .variables import Variable

Model._functional_class = Functional


def __getattr__(name):
    raise missing_attribute("tf.keras", name)
