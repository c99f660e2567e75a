"""keras.optimizers: SGD (momentum, nesterov), Adam (amsgrad), RMSprop (momentum, centered)."""

from ...missing import missing_attribute
from .adam import Adam
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

_BY_NAME = {"sgd": SGD, "adam": Adam, "rmsprop": RMSprop}
# Keras 3 optimizers the engine does not have: naming one names the gap, not a typo.
_KERAS_ONLY = {
    "adadelta",
    "adafactor",
    "adagrad",
    "adamw",
    "adamax",
    "ftrl",
    "lamb",
    "lion",
    "muon",
    "nadam",
}


def get(identifier):
    """keras.optimizers.get: an optimizer from its name ('adam') or an instance."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier.lower())
        if cls is not None:
            return cls()
        if identifier.lower() in _KERAS_ONLY:
            raise missing_attribute("tf.keras.optimizers", identifier)
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def __getattr__(name):
    raise missing_attribute("tf.keras.optimizers", name)
