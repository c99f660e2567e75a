"""The loss functions: per-sample values, written with the engine's ops as Keras's TF backend.

Crossentropies on probabilities clip them to [epsilon, 1 - epsilon] (epsilon = 1e-7) before the
log. When the probabilities came from a Keras sigmoid/softmax activation, the activation's
logits are used instead (see tensor_tags), as Keras's TensorFlow backend does.
"""

import warnings

from .. import _tf as tf, tensor_tags
from .loss import squeeze_or_expand_to_same_rank

EPSILON = 1e-7


def mean_squared_error(y_true, y_pred):
    """mean(square(y_true - y_pred), axis=-1)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _cast_to(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """mean over `axis` of -(t*log(p) + (1-t)*log(1-p)); labels smoothed towards 0.5."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    return tf.reduce_mean(_binary_crossentropy(y_true, y_pred, from_logits), axis=axis)


def _binary_crossentropy(target, output, from_logits):
    target = tf.convert_to_tensor(target)
    output = tf.convert_to_tensor(output)
    target_shape, output_shape = tuple(target.shape.as_list()), tuple(output.shape.as_list())
    if len(target_shape) != len(output_shape):
        raise ValueError(
            "Arguments `target` and `output` must have the same rank (ndim). "
            f"Received: target.shape={target_shape}, output.shape={output_shape}"
        )
    if target_shape != output_shape:
        raise ValueError(
            "Arguments `target` and `output` must have the same shape. Received: "
            f"target.shape={target_shape}, output.shape={output_shape}"
        )
    output, from_logits = _logits_if_known(output, from_logits, "Sigmoid", "binary_crossentropy")
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = tf.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    bce = target * tf.math.log(output)
    bce += (1 - target) * tf.math.log(1 - output)
    return -bce


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    """-log(probability of the true class); labels are class indices."""
    # Keras reads .shape here, so plain lists fail as they do in TF.
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[axis] == 1:
        y_true = tf.squeeze(y_true, axis=axis)
    if ignore_class is not None:
        y_pred = tf.convert_to_tensor(y_pred)
        class_axis = axis % len(y_pred.shape)
        result_shape = [d for i, d in enumerate(y_pred.shape.as_list()) if i != class_axis]
        y_true = tf.convert_to_tensor(y_true)
        valid = tf.not_equal(y_true, tf.cast(ignore_class, y_true.dtype))
        y_true = tf.where(valid, y_true, tf.zeros_like(y_true))
        y_pred = tf.where(tf.expand_dims(valid, axis), y_pred, tf.zeros_like(y_pred))
    result = _sparse_categorical_crossentropy(y_true, y_pred, from_logits, axis)
    if ignore_class is not None:
        valid = tf.reshape(valid, result_shape)
        result = tf.where(valid, result, tf.zeros_like(result))
        tensor_tags.tag(result, tensor_tags.MASK, valid)
    return result


def _sparse_categorical_crossentropy(target, output, from_logits, axis):
    output_rank = len(output.shape)
    if axis != -1 and axis != output_rank - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    output, from_logits = _logits_if_known(
        output, from_logits, "Softmax", "sparse_categorical_crossentropy"
    )
    target = tf.cast(tf.convert_to_tensor(target), tf.int64)
    output = tf.convert_to_tensor(output)
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=-1)
    target_shape, output_shape = tuple(target.shape.as_list()), tuple(output.shape.as_list())
    if len(output_shape) < 1:
        raise ValueError(
            f"Argument `output` must be at least rank 1. Received: output.shape={output_shape}"
        )
    if len(target_shape) != len(output_shape[:-1]):
        raise ValueError(
            "Argument `output` must have rank (ndim) `target.ndim - 1`. Received: "
            f"target.shape={target_shape}, output.shape={output_shape}"
        )
    if target_shape != output_shape[:-1]:
        raise ValueError(
            "Arguments `target` and `output` must have the same shape up until the "
            f"last dimension: target.shape={target_shape}, "
            f"output.shape={output_shape}"
        )
    if not from_logits:
        output = tf.math.log(tf.clip_by_value(output, EPSILON, 1 - EPSILON))
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


def _logits_if_known(output, from_logits, op_type, fn_name):
    """The logits behind `output` if a Keras activation made it (then from_logits is True)."""
    logits = tensor_tags.tag_of(output, tensor_tags.LOGITS)
    if logits is None:
        return output, from_logits
    if from_logits:
        warnings.warn(
            f'"`{fn_name}` received `from_logits=True`, but the `output` argument was '
            f"produced by a {op_type} activation and thus does not represent logits. "
            "Was this intended?",
            UserWarning,
            stacklevel=3,
        )
    return logits, True


def _cast_to(value, dtype):
    if tf.is_tensor(value) or hasattr(value, "_as_tensor"):
        value = tf.convert_to_tensor(value)
        return value if value.dtype == dtype else tf.cast(value, dtype)
    return tf.convert_to_tensor(value, dtype=dtype)
