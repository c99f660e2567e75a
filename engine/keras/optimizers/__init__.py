"""keras.optimizers: SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, Nadam, Ftrl, Lion,
their learning-rate schedules, and `get` (what compile(optimizer='adam') looks names up with)."""

from ...missing import missing_attribute
from . import schedules
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .ftrl import Ftrl
from .lion import Lion
from .nadam import Nadam
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

# Keras's ALL_OBJECTS_DICT: class names, lower-cased (get('Adam') and get('adam') both work).
_BY_NAME = {
    cls.__name__.lower(): cls
    for cls in (SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, Nadam, Ftrl, Lion)
}
# Keras 3 optimizers the engine does not have: naming one names the gap, not a typo.
_KERAS_ONLY = {"adafactor", "lamb", "muon", "lossscaleoptimizer", "scheduleFreeadamw".lower()}


def serialize(optimizer):
    return {
        "module": "keras.optimizers",
        "class_name": type(optimizer).__name__,
        "config": optimizer.get_config(),
        "registered_name": None,
    }


def deserialize(config, custom_objects=None):
    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or _BY_NAME.get(name.lower())
    if cls is None:
        if name.lower() in _KERAS_ONLY:
            raise missing_attribute("tf.keras.optimizers", name)
        raise ValueError(
            f"Could not locate class '{name}'. Make sure custom classes are decorated with "
            f"`@keras.saving.register_keras_serializable()`. Full object config: {config}"
        )
    return cls.from_config(config.get("config", {}))


def get(identifier):
    """keras.optimizers.get: an optimizer from its name ('adam'), a config dict, or an
    instance (returned as it is)."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        if identifier.lower() in _KERAS_ONLY:
            raise missing_attribute("tf.keras.optimizers", identifier)
        cls = _BY_NAME.get(identifier.lower())
        obj = cls() if cls is not None else None
    else:
        obj = identifier
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def __getattr__(name):
    raise missing_attribute("tf.keras.optimizers", name)
