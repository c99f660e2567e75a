"""Confusion-matrix metrics as Keras 3 computes them: TruePositives..FalseNegatives, Precision,
Recall (thresholds, top_k, class_id) and AUC (ROC / PR, Keras's interpolation).

The counts are metric state, never differentiated, so they are accumulated in NumPy in float32
(the variables' dtype) with Keras's two algorithms: thresholds spread evenly over [0, 1] (AUC's
default) bucket each prediction and take reversed cumulative sums; other thresholds compare
every prediction with every threshold (prediction > threshold counts as positive)."""

import numpy as np

from .. import _tf as tf
from .metric import Metric

EPSILON = 1e-7
NEG_INF = -1e10
TP, FP, TN, FN = "tp", "fp", "tn", "fn"


def _to_list(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


def parse_thresholds(thresholds, default):
    if thresholds is not None:
        invalid = [t for t in _to_list(thresholds) if t is None or t < 0 or t > 1]
        if invalid:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: {invalid}")
    return _to_list(default if thresholds is None else thresholds)


def evenly_distributed(thresholds):
    count = len(thresholds)
    if count < 3:
        return False
    even = np.arange(count, dtype=np.float32) / (count - 1)
    return bool(np.allclose(thresholds, even, atol=EPSILON))


def _array(x, dtype=np.float32):
    value = getattr(tf.convert_to_tensor(x), "_value", x)
    return np.asarray(value).astype(dtype)


def _same_rank(a, b, expand_rank_1=True):
    """squeeze_or_expand_to_same_rank on NumPy arrays."""
    if a.ndim == b.ndim + 1 and a.shape[-1] == 1:
        if b.ndim == 1 and expand_rank_1:
            b = b[..., None]
        else:
            a = a[..., 0]
    if b.ndim == a.ndim + 1 and b.shape[-1] == 1:
        if a.ndim == 1 and expand_rank_1:
            a = a[..., None]
        else:
            b = b[..., 0]
    return a, b


def _filter_top_k(x, k):
    """Keeps each row's k largest (ties: lower index first, as tf.math.top_k), others -1e10."""
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    mask = np.zeros_like(x)
    np.put_along_axis(mask, order, 1.0, axis=-1)
    return x * mask + np.float32(NEG_INF) * (1 - mask)


def update_confusion_matrix(
    variables,
    y_true,
    y_pred,
    thresholds,
    evenly=False,
    top_k=None,
    class_id=None,
    sample_weight=None,
    multi_label=False,
):
    """Adds this batch's counts to `variables` ({'tp': variable, ...}), as Keras's
    metrics_utils.update_confusion_matrix_variables."""
    y_true, y_pred = _array(y_true), _array(y_pred)
    y_pred, y_true = _same_rank(y_pred, y_true)
    if y_pred.shape != y_true.shape:
        raise ValueError(f"Shapes {tuple(y_pred.shape)} and {tuple(y_true.shape)} are incompatible")
    weights = None
    if sample_weight is not None:
        weights = _array(sample_weight)[..., None]
        _, weights = _same_rank(y_true, weights, expand_rank_1=False)
    if top_k is not None:
        y_pred = _filter_top_k(y_pred, top_k)
    if class_id is not None:
        if y_pred.ndim == 1:
            raise ValueError(
                "When class_id is provided, y_pred must be a 2D array with shape "
                f"(num_samples, num_classes), found shape: {tuple(y_pred.shape)}"
            )
        y_true, y_pred = y_true[..., class_id, None], y_pred[..., class_id, None]
    if weights is not None:
        weights = np.broadcast_to(weights, y_pred.shape).astype(np.float32)
    thresholds = np.asarray(thresholds, dtype=np.float32)
    if evenly:
        with_epsilon = bool(thresholds[0] < 0.0 or thresholds[-1] > 1.0)
        counts = _bucketed_counts(
            y_true, y_pred, weights, len(thresholds), with_epsilon, multi_label
        )
    else:
        counts = _tiled_counts(y_true, y_pred, weights, thresholds, multi_label)
    for key, variable in variables.items():
        variable.assign(variable._value + counts[key])


def _bucketed_counts(y_true, y_pred, weights, num_thresholds, with_epsilon, multi_label):
    weights = np.float32(1.0) if weights is None else weights
    y_pred = np.clip(y_pred, 0.0, 1.0)
    y_true = (y_true != 0).astype(np.float32)
    weights = np.broadcast_to(weights, y_pred.shape)
    if not multi_label:
        y_true, y_pred, weights = y_true.reshape(-1), y_pred.reshape(-1), weights.reshape(-1)
    true_labels = y_true * weights
    false_labels = (np.float32(1.0) - y_true) * weights
    buckets = np.ceil(y_pred * np.float32(num_thresholds - 1)) - 1
    if with_epsilon:
        buckets = np.maximum(buckets, 0)
    buckets = buckets.astype(np.int64)

    def reversed_cumsum(labels, ids):
        sums = np.zeros(num_thresholds, np.float32)
        keep = ids >= 0  # segment_sum drops negative ids
        np.add.at(sums, ids[keep], labels[keep])
        return np.cumsum(sums[::-1], dtype=np.float32)[::-1]

    if multi_label:
        tp = np.stack(
            [reversed_cumsum(true_labels[:, j], buckets[:, j]) for j in range(y_true.shape[1])], 1
        )
        fp = np.stack(
            [reversed_cumsum(false_labels[:, j], buckets[:, j]) for j in range(y_true.shape[1])], 1
        )
        total_true, total_false = true_labels.sum(axis=0), false_labels.sum(axis=0)
    else:
        tp, fp = reversed_cumsum(true_labels, buckets), reversed_cumsum(false_labels, buckets)
        total_true, total_false = true_labels.sum(), false_labels.sum()
    return {TP: tp, FP: fp, TN: total_false - fp, FN: total_true - tp}


def _tiled_counts(y_true, y_pred, weights, thresholds, multi_label):
    if multi_label:
        predictions = y_pred[None]  # (1, batch, labels) against (thresholds, 1, 1)
        labels = (y_true != 0)[None]
        thresholds = thresholds[:, None, None]
        weights = None if weights is None else weights[None]
        axes = 1
    else:
        predictions = y_pred.reshape(1, -1)
        labels = (y_true != 0).reshape(1, -1)
        thresholds = thresholds[:, None]
        weights = None if weights is None else weights.reshape(1, -1)
        axes = 1
    pred_pos = predictions > thresholds
    pred_neg = ~pred_pos
    label_neg = ~labels

    def count(label, pred):
        both = label & pred
        values = both.astype(np.float32) if weights is None else np.where(both, weights, 0)
        return np.sum(values.astype(np.float32), axis=axes, dtype=np.float32)

    return {
        TP: count(labels, pred_pos),
        FP: count(label_neg, pred_pos),
        TN: count(label_neg, pred_neg),
        FN: count(labels, pred_neg),
    }


def _divide_no_nan(a, b):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(b == 0, np.float32(0), a / np.where(b == 0, 1, b)).astype(np.float32)


class _ConfusionMatrixConditionCount(Metric):
    _condition = TP

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = parse_thresholds(thresholds, 0.5)
        self._evenly = evenly_distributed(self.thresholds)
        self.accumulator = self.add_variable(shape=(len(self.thresholds),), name="accumulator")

    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix(
            {self._condition: self.accumulator},
            y_true,
            y_pred,
            self.thresholds,
            self._evenly,
            sample_weight=sample_weight,
        )

    def result(self):
        if len(self.thresholds) == 1:
            return self.accumulator[0]
        return self.accumulator  # Keras's convert_to_tensor hands back the variable itself

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


class TruePositives(_ConfusionMatrixConditionCount):
    _condition = TP


class FalsePositives(_ConfusionMatrixConditionCount):
    _condition = FP


class TrueNegatives(_ConfusionMatrixConditionCount):
    _condition = TN


class FalseNegatives(_ConfusionMatrixConditionCount):
    _condition = FN


class _PrecisionOrRecall(Metric):
    """tp / (tp + other) per threshold, `other` being false positives or false negatives."""

    _other = FP
    _other_name = "false_positives"

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        default = 0.5 if top_k is None else NEG_INF
        self.thresholds = parse_thresholds(thresholds, default)
        self._evenly = evenly_distributed(self.thresholds)
        self.true_positives = self.add_variable(
            shape=(len(self.thresholds),), name="true_positives"
        )
        setattr(
            self,
            self._other_name,
            self.add_variable(shape=(len(self.thresholds),), name=self._other_name),
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix(
            {TP: self.true_positives, self._other: getattr(self, self._other_name)},
            y_true,
            y_pred,
            self.thresholds,
            self._evenly,
            top_k=self.top_k,
            class_id=self.class_id,
            sample_weight=sample_weight,
        )

    def result(self):
        tp = self.true_positives
        result = tf.math.divide_no_nan(tp, tf.add(tp, getattr(self, self._other_name)))
        return result[0] if len(self.thresholds) == 1 else result

    def get_config(self):
        return {
            **super().get_config(),
            "thresholds": self.init_thresholds,
            "top_k": self.top_k,
            "class_id": self.class_id,
        }


class Precision(_PrecisionOrRecall):
    _other, _other_name = FP, "false_positives"


class Recall(_PrecisionOrRecall):
    _other, _other_name = FN, "false_negatives"
