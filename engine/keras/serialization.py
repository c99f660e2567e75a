"""How Keras 3 writes objects into configs: {'module', 'class_name', 'config',
'registered_name'} (keras.saving.serialize_keras_object), for initializers and layers."""

from . import initializers


def serialize_initializer(initializer):
    if initializer is None:
        return None
    return {
        "module": "keras.initializers",
        "class_name": type(initializer).__name__,
        "config": initializer.get_config(),
        "registered_name": None,
    }


def deserialize_initializer(config):
    if not isinstance(config, dict):
        return initializers.get(config)
    cls = getattr(initializers, config["class_name"])
    return cls(**config.get("config", {}))
