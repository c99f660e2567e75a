"""Regression and probabilistic metrics: running means of the losses' per-sample functions
(the same functions keras.losses uses), and RootMeanSquaredError (the root of the running
mean of squared errors)."""

from .. import _tf as tf
from ..losses import probabilistic, regression
from ..losses.functions import (
    binary_crossentropy,
    mean_squared_error,
    sparse_categorical_crossentropy,
)
from ..losses.hinge import categorical_hinge, hinge, squared_hinge
from ..losses.loss import _as_tensor, squeeze_or_expand_to_same_rank
from .reduction import KerasMeanMetric, Mean


class _LossMean(KerasMeanMetric):
    """The running mean of a loss function; config: name and dtype (plus `config_keys`)."""

    fn: object = None
    default_name = ""

    def __init__(self, name=None, dtype=None, **kwargs):
        super().__init__(type(self).fn, name or self.default_name, dtype=dtype, **kwargs)
        for key, value in kwargs.items():
            setattr(self, key, value)


def _loss_mean(class_name, fn, default_name):
    cls = type(class_name, (_LossMean,), {"fn": staticmethod(fn), "default_name": default_name})
    cls.__module__ = __name__
    return cls


MeanSquaredError = _loss_mean("MeanSquaredError", mean_squared_error, "mean_squared_error")
MeanAbsoluteError = _loss_mean(
    "MeanAbsoluteError", regression.mean_absolute_error, "mean_absolute_error"
)
MeanAbsolutePercentageError = _loss_mean(
    "MeanAbsolutePercentageError",
    regression.mean_absolute_percentage_error,
    "mean_absolute_percentage_error",
)
MeanSquaredLogarithmicError = _loss_mean(
    "MeanSquaredLogarithmicError",
    regression.mean_squared_logarithmic_error,
    "mean_squared_logarithmic_error",
)
LogCoshError = _loss_mean("LogCoshError", regression.log_cosh, "logcosh")
KLDivergence = _loss_mean("KLDivergence", probabilistic.kl_divergence, "kl_divergence")
Poisson = _loss_mean("Poisson", probabilistic.poisson, "poisson")
Hinge = _loss_mean("Hinge", hinge, "hinge")
SquaredHinge = _loss_mean("SquaredHinge", squared_hinge, "squared_hinge")
CategoricalHinge = _loss_mean("CategoricalHinge", categorical_hinge, "categorical_hinge")


def cosine_similarity(y_true, y_pred, axis=-1):
    """sum(l2_normalize(y_true) * l2_normalize(y_pred), axis): the loss without its minus."""
    y_true, y_pred = regression._prepare(y_true, y_pred)
    y_pred = regression._l2_normalize(y_pred, axis)
    y_true = regression._l2_normalize(y_true, axis)
    return tf.reduce_sum(y_true * y_pred, axis=axis)


class CosineSimilarity(_LossMean):
    fn = staticmethod(cosine_similarity)

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(name, dtype, axis=axis)


class BinaryCrossentropy(_LossMean):
    fn = staticmethod(binary_crossentropy)
    config_keys = ("from_logits", "label_smoothing")

    def __init__(
        self, name="binary_crossentropy", dtype=None, from_logits=False, label_smoothing=0
    ):
        super().__init__(name, dtype, from_logits=from_logits, label_smoothing=label_smoothing)


class CategoricalCrossentropy(_LossMean):
    fn = staticmethod(probabilistic.categorical_crossentropy)
    config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        name="categorical_crossentropy",
        dtype=None,
        from_logits=False,
        label_smoothing=0,
        axis=-1,
    ):
        super().__init__(
            name, dtype, from_logits=from_logits, label_smoothing=label_smoothing, axis=axis
        )


class SparseCategoricalCrossentropy(_LossMean):
    fn = staticmethod(sparse_categorical_crossentropy)
    config_keys = ("from_logits", "ignore_class", "axis")

    def __init__(
        self,
        name="sparse_categorical_crossentropy",
        dtype=None,
        from_logits=False,
        ignore_class=None,
        axis=-1,
    ):
        super().__init__(name, dtype, from_logits=from_logits, ignore_class=ignore_class, axis=axis)


class RootMeanSquaredError(Mean):
    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):  # type: ignore[override]
        y_true = _as_tensor(y_true, tf.as_dtype(self.dtype))
        y_pred = _as_tensor(y_pred, tf.as_dtype(self.dtype))
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return super().update_state(tf.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self):
        return tf.sqrt(super().result())
