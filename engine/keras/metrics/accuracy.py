"""Accuracy metrics as Keras 3 computes them: per-sample matches (1.0 or 0.0), averaged by
MeanMetricWrapper. Class indices come from argmax (first maximum); top-k membership follows
tf.math.in_top_k (ties at the k-th value count as in, non-finite predictions as out)."""

import numpy as np

from .. import _tf as tf
from ..losses.loss import _as_tensor, squeeze_or_expand_to_same_rank
from .reduction import KerasMeanMetric


def accuracy(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _as_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.cast(tf.equal(y_true, y_pred), "float32")


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.convert_to_tensor(y_true)
    threshold = _as_tensor(threshold, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = tf.cast(tf.greater(y_pred, threshold), y_true.dtype)
    return tf.cast(tf.equal(y_true, y_pred), "float32")


def _argmax(x):
    return tf.argmax(x, axis=-1, output_type=tf.int32)


def categorical_accuracy(y_true, y_pred):
    y_true = _argmax(tf.convert_to_tensor(y_true))
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _as_tensor(y_true, y_pred.dtype)
    original_shape = y_true.shape.as_list()
    reshape_matches = len(y_true.shape) == len(y_pred.shape)
    if reshape_matches:
        y_true = tf.squeeze(y_true, -1)
    y_pred = tf.cast(_argmax(y_pred), y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), "float32")
    if reshape_matches:
        matches = tf.reshape(matches, original_shape)
    return matches


def sparse_categorical_accuracy(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _as_tensor(y_true, y_pred.dtype)
    original_shape = y_true.shape.as_list()
    reshape_matches = len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1
    if reshape_matches:
        y_true = tf.squeeze(y_true, -1)
    y_pred = tf.cast(_argmax(y_pred), y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), "float32")
    if reshape_matches:
        matches = tf.reshape(matches, original_shape)
    if len(matches.shape) > 1 and matches.shape[-1] == 1:
        matches = tf.squeeze(matches, -1)
    return matches


def _in_top_k(targets, predictions, k):
    """tf.math.in_top_k: predictions[i, targets[i]] has fewer than k strictly larger values."""
    targets = np.asarray(tf.convert_to_tensor(targets)._value).astype(np.int64)
    predictions = np.asarray(tf.convert_to_tensor(predictions)._value)
    num_classes = predictions.shape[-1]
    valid = (targets >= 0) & (targets < num_classes)
    rows = np.arange(len(targets))
    target_values = predictions[rows, np.where(valid, targets, 0)]
    larger = np.sum(predictions > target_values[:, None], axis=-1)
    return tf.constant(valid & np.isfinite(target_values) & (larger < k))


def _flatten_for_top_k(y_true, y_pred):
    original_shape = y_true.shape.as_list()
    if len(y_pred.shape) > 2:
        y_pred = tf.reshape(y_pred, [-1, y_pred.shape[-1]])
    reshape_matches = len(y_true.shape) > 1
    if reshape_matches:
        y_true = tf.reshape(y_true, [-1])
    return y_true, y_pred, original_shape if reshape_matches else None


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _argmax(_as_tensor(y_true, y_pred.dtype))
    y_true, y_pred, shape = _flatten_for_top_k(y_true, y_pred)
    matches = tf.cast(_in_top_k(tf.cast(y_true, tf.int32), y_pred, k), "float32")
    return matches if shape is None else tf.reshape(matches, shape)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _as_tensor(y_true, y_pred.dtype if from_sorted_ids else tf.int32)
    y_true, y_pred, shape = _flatten_for_top_k(y_true, y_pred)
    if from_sorted_ids:
        matches = tf.reduce_any(tf.equal(tf.expand_dims(y_true, axis=1), y_pred[:, :k]), axis=1)
    else:
        matches = _in_top_k(y_true, y_pred, k)
    matches = tf.cast(matches, "float32")
    return matches if shape is None else tf.reshape(matches, shape)


class Accuracy(KerasMeanMetric):
    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=accuracy, name=name, dtype=dtype)


class BinaryAccuracy(KerasMeanMetric):
    config_keys = ("threshold",)

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self.threshold = threshold


class CategoricalAccuracy(KerasMeanMetric):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(KerasMeanMetric):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(fn=sparse_categorical_accuracy, name=name, dtype=dtype)


class TopKCategoricalAccuracy(KerasMeanMetric):
    config_keys = ("k",)

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(fn=top_k_categorical_accuracy, name=name, dtype=dtype, k=k)
        self.k = k


class SparseTopKCategoricalAccuracy(KerasMeanMetric):
    config_keys = ("k",)

    def __init__(
        self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None, from_sorted_ids=False
    ):
        super().__init__(
            fn=sparse_top_k_categorical_accuracy,
            name=name,
            dtype=dtype,
            k=k,
            from_sorted_ids=from_sorted_ids,
        )
        self.k = k
        self.from_sorted_ids = from_sorted_ids

    def get_config(self):
        config = super().get_config()
        if self.from_sorted_ids:
            config["from_sorted_ids"] = True
        return config
