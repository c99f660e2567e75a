"""keras.metrics Sum, Mean and MeanMetricWrapper (the mean of a per-sample function), with
Keras 3's weighting: values reduced to one per sample, multiplied by their weights; Mean
counts samples, or sums the weights when there are weights."""

from .. import _tf as tf, tensor_tags
from ..losses.loss import _as_tensor, squeeze_or_expand_to_same_rank
from .metric import Metric


def _apply_mask(sample_weight, mask, dtype):
    """Keras's losses.loss.apply_mask with reduction='sum'."""
    if mask is None:
        return sample_weight
    float_mask = tf.cast(mask, dtype)
    if sample_weight is None:
        return float_mask
    sample_weight = tf.cast(sample_weight, dtype)
    float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
    return sample_weight * float_mask


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    mask = tensor_tags.tag_of(values, tensor_tags.MASK)
    values = tf.cast(values, dtype)
    if sample_weight is not None:
        sample_weight = _as_tensor(sample_weight, tf.as_dtype(dtype))
        sample_weight = _apply_mask(sample_weight, mask, dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_ndim, values_ndim = len(sample_weight.shape), len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=list(range(weight_ndim, values_ndim)))
        sample_weight = tf.broadcast_to(sample_weight, values.shape.as_list())
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_ndim)))
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), dtype=self.dtype, name="total")

    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(
            _as_tensor(values, None), sample_weight, tf.reduce_sum, self.dtype
        )
        self.total.assign_add(tf.reduce_sum(values))

    def reset_state(self):
        self.total.assign(0)

    def result(self):
        return tf.cast(tf.convert_to_tensor(self.total), self.dtype)


class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), dtype=self.dtype, name="total")
        self.count = self.add_variable(shape=(), dtype=self.dtype, name="count")

    def update_state(self, values, sample_weight=None):
        values, sample_weight = reduce_to_samplewise_values(
            _as_tensor(values, None), sample_weight, tf.reduce_mean, self.dtype
        )
        self.total.assign_add(tf.reduce_sum(values))
        if sample_weight is not None:
            num_samples = tf.reduce_sum(sample_weight)
        elif len(values.shape) >= 1:
            num_samples = values.shape[0]
        else:
            num_samples = 1
        self.count.assign_add(tf.cast(num_samples, self.dtype))

    def reset_state(self):
        self.total.assign(0)
        self.count.assign(0)

    def result(self):
        return tf.math.divide_no_nan(self.total, tf.cast(self.count, self.dtype))


class MeanMetricWrapper(Mean):
    """The running (weighted) mean of fn(y_true, y_pred, **kwargs) over samples."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    # Keras's own signature change: Mean takes values, wrappers take (y_true, y_pred).
    def update_state(self, y_true, y_pred, sample_weight=None):  # type: ignore[override]
        mask = tensor_tags.tag_of(y_pred, tensor_tags.MASK)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = _apply_mask(sample_weight, mask, self.dtype)
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        config = {"name": self.name, "dtype": self.dtype, "fn": self._fn.__name__}
        config.update(self._fn_kwargs)
        return config


class KerasMeanMetric(MeanMetricWrapper):
    """Keras's own wrapper metrics (the accuracies, the loss means): their config is name and
    dtype, then the attributes named in `config_keys`, not the wrapped function."""

    config_keys: tuple[str, ...] = ()

    def get_config(self):
        config = {"name": self.name, "dtype": self.dtype}
        config.update({key: getattr(self, key) for key in self.config_keys})
        return config
