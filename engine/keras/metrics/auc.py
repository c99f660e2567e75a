"""keras.metrics.AUC: the area under the ROC or PR curve from counts at num_thresholds
thresholds (Keras's default: evenly spread, with -epsilon and 1 + epsilon at the ends), by
Riemann sums (interpolation, minoring, majoring), and for PR with interpolation Davis &
Goadrich's interpolation, as Keras 3 computes it."""

import numpy as np

from .. import _tf as tf, activations
from .confusion import (
    EPSILON,
    FN,
    FP,
    TN,
    TP,
    _divide_no_nan,
    evenly_distributed,
    update_confusion_matrix,
)
from .metric import Metric

CURVES = {
    "roc": "ROC",
    "ROC": "ROC",
    "pr": "PR",
    "PR": "PR",
    "prgain": "PRGAIN",
    "PRGAIN": "PRGAIN",
}
SUMMATIONS = {
    "interpolation": "interpolation",
    "Interpolation": "interpolation",
    "majoring": "majoring",
    "Majoring": "majoring",
    "minoring": "minoring",
    "Minoring": "minoring",
}


class AUC(Metric):
    def __init__(
        self,
        num_thresholds=200,
        curve="ROC",
        summation_method="interpolation",
        name=None,
        dtype=None,
        thresholds=None,
        multi_label=False,
        num_labels=None,
        label_weights=None,
        from_logits=False,
    ):
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            thresholds = sorted(thresholds)
            self._evenly = evenly_distributed(np.array([0.0] + thresholds + [1.0]))
        else:
            if num_thresholds <= 1:
                raise ValueError(
                    "Argument `num_thresholds` must be an integer > 1. "
                    f"Received: num_thresholds={num_thresholds}"
                )
            self.num_thresholds = num_thresholds
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._evenly = True
        self._thresholds = np.array([0.0 - EPSILON] + thresholds + [1.0 + EPSILON])
        if curve not in CURVES:
            raise ValueError(
                f'Invalid AUC curve value: "{curve}". Expected values are ["PR", "ROC", "PRGAIN"]'
            )
        if summation_method not in SUMMATIONS:
            raise ValueError(
                f'Invalid AUC summation method value: "{summation_method}". Expected values are '
                '["interpolation", "majoring", "minoring"]'
            )
        self.curve = CURVES[curve]
        self.summation_method = SUMMATIONS[summation_method]
        super().__init__(name=name, dtype=dtype)
        self.multi_label = multi_label
        self.num_labels = num_labels
        self.label_weights = (
            None if label_weights is None else np.asarray(label_weights, dtype=np.float32)
        )
        self._from_logits = from_logits
        self._built = False
        if multi_label:
            if num_labels:
                self._build([None, num_labels])
        else:
            if num_labels:
                raise ValueError("`num_labels` is needed only when `multi_label` is True.")
            self._build(None)

    @property
    def thresholds(self):
        return list(self._thresholds)

    def _build(self, shape):
        if self.multi_label:
            if len(shape) != 2:
                raise ValueError(
                    "`y_pred` must have rank 2 when `multi_label=True`. Found rank "
                    f"{len(shape)}. Full shape received for `y_pred`: {shape}"
                )
            self._num_labels = shape[1]
            variable_shape = [self.num_thresholds, self._num_labels]
        else:
            variable_shape = [self.num_thresholds]
        self.true_positives = self.add_variable(shape=variable_shape, name="true_positives")
        self.false_positives = self.add_variable(shape=variable_shape, name="false_positives")
        self.true_negatives = self.add_variable(shape=variable_shape, name="true_negatives")
        self.false_negatives = self.add_variable(shape=variable_shape, name="false_negatives")
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self._built:
            self._build(tuple(tf.convert_to_tensor(y_pred).shape.as_list()))
        if self._from_logits:
            y_pred = activations.sigmoid(y_pred)
        update_confusion_matrix(
            {
                TP: self.true_positives,
                TN: self.true_negatives,
                FP: self.false_positives,
                FN: self.false_negatives,
            },
            y_true,
            y_pred,
            self._thresholds,
            self._evenly,
            sample_weight=_label_weighted(
                sample_weight, y_pred, self.label_weights, self.multi_label
            ),
            multi_label=self.multi_label,
        )

    def _by_label(self, terms):
        if not self.multi_label:
            return np.sum(terms, dtype=np.float32)
        by_label = np.sum(terms, axis=0, dtype=np.float32)
        if self.label_weights is None:
            return np.mean(by_label, dtype=np.float32)
        return _divide_no_nan(np.sum(by_label * self.label_weights), np.sum(self.label_weights))

    def _interpolate_pr_auc(self, tp, fp, fn):
        n = self.num_thresholds
        dtp = tp[: n - 1] - tp[1:]
        p = tp + fp
        dp = p[: n - 1] - p[1:]
        prec_slope = _divide_no_nan(dtp, np.maximum(dp, 0))
        intercept = tp[1:] - prec_slope * p[1:]
        with np.errstate(divide="ignore", invalid="ignore"):
            safe_p_ratio = np.where(
                (p[: n - 1] > 0) & (p[1:] > 0),
                _divide_no_nan(p[: n - 1], np.maximum(p[1:], 0)),
                np.ones_like(p[1:]),
            )
            increment = _divide_no_nan(
                prec_slope * (dtp + intercept * np.log(safe_p_ratio)),
                np.maximum(tp[1:] + fn[1:], 0),
            )
        return self._by_label(increment)

    def result(self):
        tp, fp = self.true_positives._value, self.false_positives._value
        tn, fn = self.true_negatives._value, self.false_negatives._value
        n = self.num_thresholds
        if self.curve == "PR" and self.summation_method == "interpolation":
            return tf.constant(self._interpolate_pr_auc(tp, fp, fn))
        recall = _divide_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            x, y = _divide_no_nan(fp, fp + tn), recall
        elif self.curve == "PR":
            x, y = recall, _divide_no_nan(tp, tp + fp)
        else:
            scale = _divide_no_nan(tp + fn, tn + fp)
            recall_gain = np.float32(1) - scale * _divide_no_nan(fn, tp)
            precision_gain = np.float32(1) - scale * _divide_no_nan(fp, tp)
            recall_gain = np.maximum(np.where(tp == 0, np.float32(0), recall_gain), 0)
            precision_gain = np.where(tp == 0, np.float32(1), precision_gain)
            x, y = recall_gain, precision_gain
        if self.summation_method == "interpolation":
            heights = (y[: n - 1] + y[1:]) / np.float32(2)
        elif self.summation_method == "minoring":
            heights = np.minimum(y[: n - 1], y[1:])
        else:
            heights = np.maximum(y[: n - 1], y[1:])
        return tf.constant(self._by_label((x[: n - 1] - x[1:]) * heights))

    def reset_state(self):
        if self._built:
            super().reset_state()

    def get_config(self):
        label_weights = self.label_weights
        config = {
            **super().get_config(),
            "num_thresholds": self.num_thresholds,
            "curve": self.curve,
            "summation_method": self.summation_method,
            "multi_label": self.multi_label,
            "num_labels": self.num_labels,
            "label_weights": None if label_weights is None else label_weights.tolist(),
            "from_logits": self._from_logits,
        }
        if self._init_from_thresholds:
            config["thresholds"] = self.thresholds[1:-1]
        return config


def _label_weighted(sample_weight, y_pred, label_weights, multi_label):
    """Keras multiplies sample weights by label weights (single-label AUC only)."""
    if label_weights is None or multi_label:
        return sample_weight
    shape = np.asarray(tf.convert_to_tensor(y_pred)._value).shape
    weights = np.broadcast_to(label_weights[None], shape)
    if sample_weight is None:
        return weights
    return np.broadcast_to(np.asarray(sample_weight, np.float32)[..., None], shape) * weights
