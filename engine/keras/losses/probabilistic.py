"""Probabilistic losses, per sample, as Keras 3 computes them: categorical crossentropy (from
probabilities, renormalised and clipped, or from logits), focal crossentropies, Kullback-Leibler
divergence and Poisson (binary and sparse crossentropies are in functions.py)."""

import warnings

from .. import _tf as tf, tensor_tags
from .functions import EPSILON, _binary_crossentropy, _cast_to, _logits_if_known


def kl_divergence(y_true, y_pred):
    """sum(t * log(t / p), axis=-1), both clipped to [epsilon, 1]."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _cast_to(y_true, y_pred.dtype)
    y_true = tf.clip_by_value(y_true, EPSILON, 1)
    y_pred = tf.clip_by_value(y_pred, EPSILON, 1)
    return tf.reduce_sum(y_true * tf.math.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    """mean(p - t * log(p + epsilon), axis=-1)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _cast_to(y_true, y_pred.dtype)
    epsilon = tf.constant(EPSILON, dtype=y_pred.dtype)
    return tf.reduce_mean(y_pred - y_true * tf.math.log(y_pred + epsilon), axis=-1)


def _check_axis_and_classes(fn_name, y_pred, axis):
    if isinstance(axis, bool):
        raise ValueError(
            f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}"
        )
    if y_pred.shape[-1] == 1:
        warnings.warn(
            f"In loss {fn_name}, expected y_pred.shape to be (batch_size, num_classes) with "
            f"num_classes > 1. Received: y_pred.shape={_shape_text(y_pred)}. Consider using "
            "'binary_crossentropy' if you only have 2 classes.",
            SyntaxWarning,
            stacklevel=3,
        )


def _shape_text(tensor):
    return (
        "("
        + ", ".join(str(d) for d in tensor.shape.as_list())
        + ("," if len(tensor.shape) == 1 else "")
        + ")"
    )


def _smooth_categorical(y_true, y_pred, label_smoothing):
    num_classes = tf.cast(y_true.shape[-1], y_pred.dtype)  # Keras reads the static shape
    return y_true * (1.0 - label_smoothing) + (label_smoothing / num_classes)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """-sum(t * log(p)) over `axis`; one-hot labels, smoothed towards 1/num_classes."""
    y_pred = tf.convert_to_tensor(y_pred)
    _check_axis_and_classes("categorical_crossentropy", y_pred, axis)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = _smooth_categorical(y_true, y_pred, label_smoothing)
    return _categorical_crossentropy(y_true, y_pred, from_logits, axis)


def _categorical_crossentropy(target, output, from_logits, axis):
    target = tf.convert_to_tensor(target)
    output = tf.convert_to_tensor(output)
    target_shape, output_shape = tuple(target.shape.as_list()), tuple(output.shape.as_list())
    if len(target_shape) < 1:
        raise ValueError(
            "Arguments `target` and `output` must be at least rank 1. Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    if len(target_shape) != len(output_shape):
        raise ValueError(
            "Arguments `target` and `output` must have the same rank (ndim). Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    if any(a is not None and b is not None and a != b for a, b in zip(target_shape, output_shape)):
        raise ValueError(
            "Arguments `target` and `output` must have the same shape. Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    output, from_logits = _logits_if_known(
        output, from_logits, "Softmax", "categorical_crossentropy"
    )
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    output = tf.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def binary_focal_crossentropy(
    y_true,
    y_pred,
    apply_class_balancing=False,
    alpha=0.25,
    gamma=2.0,
    from_logits=False,
    label_smoothing=0.0,
    axis=-1,
):
    """mean((1 - p_t)**gamma * bce) over `axis`, optionally weighted by alpha per class."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        logits = y_pred
        y_pred = tensor_tags.tag(tf.nn.sigmoid(logits), tensor_tags.LOGITS, logits)
    bce = _binary_crossentropy(y_true, y_pred, from_logits=False)
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    focal_bce = tf.pow(1.0 - p_t, gamma) * bce
    if apply_class_balancing:
        weight = y_true * alpha + (1 - y_true) * (1 - alpha)
        focal_bce = weight * focal_bce
    return tf.reduce_mean(focal_bce, axis=axis)


def categorical_focal_crossentropy(
    y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1
):
    """sum(alpha * (1 - p)**gamma * -t * log(p)) over `axis`."""
    y_pred = tf.convert_to_tensor(y_pred)
    _check_axis_and_classes("categorical_focal_crossentropy", y_pred, axis)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = _smooth_categorical(y_true, y_pred, label_smoothing)
    if from_logits:
        y_pred = tf.nn.softmax(y_pred, axis=axis)
    output = y_pred / tf.reduce_sum(y_pred, axis=axis, keepdims=True)
    output = tf.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    cce = -y_true * tf.math.log(output)
    modulating_factor = tf.pow(1.0 - output, gamma)
    weighting_factor = tf.multiply(modulating_factor, alpha)
    return tf.reduce_sum(tf.multiply(weighting_factor, cce), axis=axis)
