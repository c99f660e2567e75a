"""What the sequence and attention layers need from Keras's serialization: `get_config` dicts
shaped as Keras 3's (a base of name, trainable and dtype policy; initializers serialized as
{'module', 'class_name', 'config', 'registered_name'}), a model config's entry for each of its
layers, cloning a layer from its config (as Bidirectional clones its forward and backward
layers), and the initializer name Embedding defaults to that engine/keras/initializers.py does
not know.
"""

from ...missing import missing_attribute
from .. import initializers
from .input_layer import InputLayer


def base_config(layer):
    """Keras's Layer.get_config: name, trainable and the dtype policy."""
    return {
        "name": layer.name,
        "trainable": layer.trainable,
        "dtype": {
            "module": "keras",
            "class_name": "DTypePolicy",
            "config": {"name": layer.dtype},
            "registered_name": None,
        },
    }


def serialize_initializer(initializer):
    if initializer is None:
        return None
    config = initializer.get_config() if hasattr(initializer, "get_config") else {}
    return {
        "module": "keras.initializers",
        "class_name": type(initializer).__name__,
        "config": config,
        "registered_name": None,
    }


def serialize_layer(layer):
    return {
        "module": "keras.layers",
        "class_name": type(layer).__name__,
        "config": layer.get_config(),
        "registered_name": None,
    }


def serialize_model_layer(layer):
    """serialize_layer plus the build_config a model's config gives each built layer (its
    InputLayers have none)."""
    entry = serialize_layer(layer)
    if not isinstance(layer, InputLayer) and layer._build_shapes is not None:
        entry["build_config"] = {"input_shape": layer._build_shapes}
    return entry


def clone_layer(layer, **overrides):
    """A new layer of the same class from `layer.get_config()` updated with `overrides`."""
    if not hasattr(layer, "get_config"):
        raise missing_attribute(f"tf.keras.layers.{type(layer).__name__}", "get_config")
    config = {**layer.get_config(), **overrides}
    return type(layer).from_config(config)


def from_config_kwargs(config):
    """A get_config dict as constructor arguments: the dtype policy back to its name."""
    config = dict(config)
    dtype = config.get("dtype")
    if isinstance(dtype, dict):
        config["dtype"] = dtype["config"]["name"]
    return config


_FALLBACKS = {
    "uniform": initializers.RandomUniform,
}


def get_initializer(identifier):
    """initializers.get, plus the names the RNN layers and Embedding default to, and
    serialized initializers (from get_config)."""
    if isinstance(identifier, dict):
        name, config = identifier["class_name"], identifier.get("config") or {}
        cls = _FALLBACKS.get(name) or getattr(initializers, name, None)
        if cls is None:
            raise missing_attribute("tf.keras.initializers", name)
        return cls(**config)
    if isinstance(identifier, str) and identifier in _FALLBACKS:
        try:
            return initializers.get(identifier)
        except (AttributeError, ValueError):  # not (yet) in engine/keras/initializers.py
            return _FALLBACKS[identifier]()
    return initializers.get(identifier)
