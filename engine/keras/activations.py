"""keras.activations, each written with the engine's TF ops as Keras's TF backend writes it."""

from ..missing import missing_attribute
from . import _tf as tf, tensor_tags


def linear(x):
    return x


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    x = tf.convert_to_tensor(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return tf.nn.leaky_relu(x, alpha=negative_slope)
        negative_part = tf.nn.relu(-x + threshold) if threshold != 0 else tf.nn.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        x = tf.where(x > tf.cast(threshold, x.dtype), x, tf.constant(0, x.dtype))  # as Keras: no op
    elif max_value == 6:
        x = tf.nn.relu6(x)
        clip_max = False
    else:
        x = tf.nn.relu(x)
    if clip_max:
        x = tf.clip_by_value(x, tf.cast(0.0, x.dtype), tf.cast(max_value, x.dtype))
    if negative_slope != 0.0:
        x -= negative_slope * negative_part
    return x


def leaky_relu(x, negative_slope=0.2):
    return tf.nn.leaky_relu(x, alpha=negative_slope)


def relu6(x):
    return tf.nn.relu6(x)


def elu(x, alpha=1.0):
    result = tf.nn.elu(x)
    if alpha == 1:
        return result
    return tf.where(x > 0, result, alpha * result)


def selu(x):
    return tf.nn.selu(x)


def gelu(x, approximate=False):
    return tf.nn.gelu(tf.convert_to_tensor(x), approximate=approximate)


def sigmoid(x):
    output = tf.nn.sigmoid(x)
    return tensor_tags.tag(output, tensor_tags.LOGITS, x)


def softmax(x, axis=-1):
    if axis is None:  # all axes at once: TF's softmax would take None as -1
        x_t = tf.convert_to_tensor(x)
        # tf.shape is the op at run time (engine/__init__.py installs it over the module)
        shape = tf.shape(x_t)
        output = tf.reshape(tf.nn.softmax(tf.reshape(x_t, [-1]), axis=-1), shape)
    else:
        output = tf.nn.softmax(x, axis=axis)
    return tensor_tags.tag(output, tensor_tags.LOGITS, x)


def log_softmax(x, axis=-1):
    return tf.nn.log_softmax(x, axis=axis)


def tanh(x):
    return tf.nn.tanh(x)


def softplus(x):
    return tf.math.softplus(x)


def softsign(x):
    return tf.math.softsign(x)  # the same function as tf.nn.softsign in TF


def silu(x):
    x = tf.convert_to_tensor(x)
    return x * tf.nn.sigmoid(x)


def exponential(x):
    return tf.exp(x)


def hard_sigmoid(x):
    x = tf.convert_to_tensor(x)
    return tf.nn.relu6(x + tf.constant(3.0, x.dtype)) / tf.constant(6.0, x.dtype)


def hard_silu(x):
    x = tf.convert_to_tensor(x)
    return x * hard_sigmoid(x)


def mish(x):
    x = tf.convert_to_tensor(x)
    return x * tf.nn.tanh(tf.math.softplus(x))


_BY_NAME = {
    fn.__name__: fn
    for fn in (
        linear,
        relu,
        leaky_relu,
        relu6,
        elu,
        selu,
        gelu,
        sigmoid,
        softmax,
        log_softmax,
        tanh,
        softplus,
        softsign,
        silu,
        exponential,
        hard_sigmoid,
        hard_silu,
        mish,
    )
}
_BY_NAME["swish"] = silu
_BY_NAME["hard_swish"] = hard_silu

# Keras 3 activations the engine does not have: naming one names the gap, not a typo.
_KERAS_ONLY = {
    "celu",
    "glu",
    "hard_shrink",
    "hard_tanh",
    "log_sigmoid",
    "soft_shrink",
    "sparse_plus",
    "sparse_sigmoid",
    "sparsemax",
    "squareplus",
    "tanh_shrink",
    "threshold",
}

__all__ = sorted(_BY_NAME) + ["get", "serialize", "deserialize"]


def get(identifier):
    """keras.activations.get: None -> linear; a name -> the function; a callable -> itself."""
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        if identifier in _KERAS_ONLY:
            raise missing_attribute("tf.keras.activations", identifier)
        obj = _BY_NAME.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation):
    return activation.__name__


def deserialize(config, custom_objects=None):
    return get(config)


def __getattr__(name):
    raise missing_attribute("tf.keras.activations", name)
