"""keras.losses.Loss: convert, compute per-sample losses, weight them, reduce them (Keras 3).

Reductions, as Keras 3 names them: "sum_over_batch_size" (the default) and "mean" divide the
sum by the number of loss values, "sum" sums, "mean_with_sample_weight" divides by the sum of
the sample weights, None/"none" returns the per-sample values.
"""

import math

from .. import _tf as tf, naming, tensor_tags

REDUCTIONS = ("sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight")


def standardize_reduction(reduction):
    if reduction not in REDUCTIONS:
        allowed = "{" + ", ".join(repr(r) for r in REDUCTIONS) + "}"
        raise ValueError(
            f"Invalid value for argument `reduction`. Expected one of {allowed}. "
            f"Received: reduction={reduction}"
        )
    return reduction


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Makes ranks equal when they differ by one trailing axis of size 1 (as Keras does)."""
    x1_rank, x2_rank = len(x1.shape), len(x2.shape)
    if x1_rank == x2_rank:
        return x1, x2
    if x1_rank == x2_rank + 1 and x1.shape[-1] == 1:
        if x2_rank == 1 and expand_rank_1:
            x2 = tf.expand_dims(x2, axis=-1)
        else:
            x1 = tf.squeeze(x1, axis=-1)
    if x2_rank == x1_rank + 1 and x2.shape[-1] == 1:
        if x1_rank == 1 and expand_rank_1:
            x1 = tf.expand_dims(x1, axis=-1)
        else:
            x2 = tf.squeeze(x2, axis=-1)
    return x1, x2


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    shape = tuple(values.shape.as_list())
    if reduction is None or reduction == "none" or shape == () or shape == (0,):
        return values
    loss = tf.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = tf.cast(tf.reduce_sum(sample_weight), loss.dtype)
        else:
            divisor = tf.constant(float(math.prod(shape)), dtype=loss.dtype)
        loss = tf.math.divide_no_nan(loss, divisor)
    return loss


def _mask_as_weights(mask, dtype, reduction):
    """A mask's entries as weights; for averaging reductions they rescale to the valid count."""
    if reduction in ("mean", "sum_over_batch_size"):
        total = tf.constant(float(math.prod(mask.shape.as_list())), dtype=dtype)
        valid = tf.reduce_sum(tf.cast(mask, dtype))
        weight = tf.math.divide_no_nan(total, valid)
        return tf.where(tf.cast(mask, tf.bool), weight, tf.zeros_like(weight))
    return tf.cast(mask, dtype)


def reduce_weighted_values(
    values, sample_weight=None, mask=None, reduction="sum_over_batch_size", dtype=None
):
    reduction = standardize_reduction(reduction)
    values = _as_tensor(values, dtype)
    if sample_weight is not None:
        sample_weight = _as_tensor(sample_weight, values.dtype)
    if mask is not None:
        float_mask = _mask_as_weights(mask, values.dtype, reduction)
        if sample_weight is not None:
            float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
            sample_weight = sample_weight * float_mask
        else:
            sample_weight = float_mask
    if sample_weight is not None:
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


def _as_tensor(x, dtype):
    """Keras's convert_to_tensor(x, dtype): tensors of another dtype are cast."""
    if dtype is None:
        return tf.convert_to_tensor(x)
    if tf.is_tensor(x) or hasattr(x, "_as_tensor"):
        x = tf.convert_to_tensor(x)
        return x if x.dtype == dtype else tf.cast(x, dtype)
    return tf.convert_to_tensor(x, dtype=dtype)


def _structure(value):
    if isinstance(value, (list, tuple)):
        return [_structure(item) for item in value]
    return None


def check_same_structure(y_true, y_pred):
    """Keras maps over nested lists as structures, so in TF 2.21 a Python list of labels with
    a tensor of predictions fails (and so do differently nested lists)."""
    if isinstance(y_true, (list, tuple)) and type(y_pred) is not type(y_true):
        shown = (
            _as_tensor(y_pred, None)
            if not isinstance(y_pred, (list, tuple))
            else [_as_tensor(item, None) for item in y_pred]
        )
        raise ValueError(f"Expected an instance of {type(y_true).__name__}, got {shown!r}.")
    nested = isinstance(y_true, (list, tuple)) or isinstance(y_pred, (list, tuple))
    if nested and _structure(y_true) != _structure(y_pred):
        raise ValueError("Structures don't have the same nested structure.")


class Loss:
    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or naming.auto_name(type(self).__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype = tf.as_dtype(dtype or "float32")

    @property
    def dtype(self):
        return self._dtype.name

    def __call__(self, y_true, y_pred, sample_weight=None):
        with naming.keras_scope(self.name, self):
            check_same_structure(y_true, y_pred)
            y_pred = _as_tensor(y_pred, self._dtype)
            y_true = _as_tensor(y_true, self._dtype)
            losses = self.call(y_true, y_pred)
            mask = tensor_tags.tag_of(losses, tensor_tags.MASK)
            return reduce_weighted_values(
                losses,
                sample_weight=sample_weight,
                mask=mask,
                reduction=self.reduction,
                dtype=self._dtype,
            )

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}


class LossFunctionWrapper(Loss):
    """A Loss computing per-sample values with a function of (y_true, y_pred, **kwargs)."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def __repr__(self):
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"
