"""What Keras's layers share: argument checks with Keras's messages (keras/src/utils/
argument_validation.py, backend/config.py), the base config,
and keras.ops.shape with the TF op Keras's TensorFlow backend runs for it (`add` is in
backend_ops.py)."""

from ...missing import missing_attribute
from .. import _tf as tf, initializers as initializers_module


def standardize_tuple(value, n, name, allow_zero=False):
    """An int or n ints -> a tuple of n ints, with Keras's errors."""
    error_msg = f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}"
    if isinstance(value, int):
        value_tuple = (value,) * n
    else:
        try:
            value_tuple = tuple(value)
        except TypeError:
            raise ValueError(error_msg) from None
        if len(value_tuple) != n:
            raise ValueError(error_msg)
        for single_value in value_tuple:
            try:
                int(single_value)
            except (ValueError, TypeError):
                error_msg += f"including element {single_value} of type {type(single_value)}"
                raise ValueError(error_msg) from None
    if allow_zero:
        unqualified, requirement = {v for v in value_tuple if v < 0}, ">= 0"
    else:
        unqualified, requirement = {v for v in value_tuple if v <= 0}, "> 0"
    if unqualified:
        error_msg += f", including values {unqualified} that do not satisfy `value {requirement}`"
        raise ValueError(error_msg)
    return value_tuple


def standardize_padding(value, allow_causal=False):
    if isinstance(value, (list, tuple)):
        return value
    padding = value.lower()
    allowed = {"valid", "same", "causal"} if allow_causal else {"valid", "same"}
    if padding not in allowed:
        raise ValueError(
            f"The `padding` argument must be a list/tuple or one of {allowed}. Received: {padding}"
        )
    return padding


def standardize_data_format(data_format):
    if data_format is None:
        return "channels_last"
    data_format = str(data_format).lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(
            "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
            f"Received: data_format={data_format}"
        )
    return data_format


def dtype_policy(layer):
    return {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": layer.dtype},
        "registered_name": None,
    }


def base_config(layer):
    """Keras's Layer.get_config: name, trainable and the dtype policy."""
    return {"name": layer.name, "trainable": layer.trainable, "dtype": dtype_policy(layer)}


def serialize_initializer(initializer):
    """keras.initializers.serialize for the engine's initializer objects."""
    if initializer is None:
        return None
    if not isinstance(initializer, initializers_module.Initializer):
        return getattr(initializer, "__name__", None)
    return {
        "module": "keras.initializers",
        "class_name": type(initializer).__name__,
        "config": initializer.get_config(),
        "registered_name": None,
    }


def keras_shape(x):
    """keras.ops.shape: TF's Shape op runs; the static sizes are what Keras uses."""
    tf.shape(x)
    return tuple(x._value.shape)


def reject_unsupported(class_name, kwargs, options):
    """Keras options the engine lacks (regularizers, constraints) name the gap when set."""
    for option in options:
        if kwargs.pop(option, None) is not None:
            raise missing_attribute(f"tf.keras.layers.{class_name}", option)
