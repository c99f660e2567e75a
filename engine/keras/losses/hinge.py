"""Hinge losses, per sample, as Keras 3 computes them; labels that are all 0 or 1 are first
mapped to -1 and 1."""

from .. import _tf as tf


def _binary_labels_to_hinge(y_true):
    is_binary = tf.reduce_all(tf.logical_or(tf.equal(y_true, 0), tf.equal(y_true, 1)))
    if is_binary._numpy():  # Keras's ops.cond, eagerly
        return 2.0 * y_true - 1.0
    return y_true


def hinge(y_true, y_pred):
    """mean(max(1 - y_true * y_pred, 0), axis=-1)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _binary_labels_to_hinge(tf.cast(y_true, y_pred.dtype))
    return tf.reduce_mean(tf.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


def squared_hinge(y_true, y_pred):
    """mean(max(1 - y_true * y_pred, 0)**2, axis=-1)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _binary_labels_to_hinge(tf.cast(y_true, y_pred.dtype))
    return tf.reduce_mean(tf.square(tf.maximum(1.0 - y_true * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    """max(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    pos = tf.reduce_sum(y_true * y_pred, axis=-1)
    neg = tf.reduce_max((1.0 - y_true) * y_pred, axis=-1)
    zero = tf.cast(0.0, y_pred.dtype)
    return tf.maximum(neg - pos + 1.0, zero)
