"""keras.losses: MeanSquaredError, SparseCategoricalCrossentropy, BinaryCrossentropy and their
function forms, with Keras 3's defaults, reductions and epsilon clipping."""

from ...missing import missing_attribute
from .functions import (
    binary_crossentropy,
    mean_squared_error as _mean_squared_error,
    sparse_categorical_crossentropy,
)
from .loss import Loss, LossFunctionWrapper

# TF 2.21's tf.keras.losses spells the mean squared error function `mse`/`MSE` only (the
# function is still named mean_squared_error, and `losses.get` knows that name); there is no
# tf.keras.losses.mean_squared_error.
mse = MSE = _mean_squared_error


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(_mean_squared_error, name=name, reduction=reduction, dtype=dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="binary_crossentropy",
        dtype=None,
    ):
        super().__init__(
            binary_crossentropy,
            name=name,
            reduction=reduction,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(
        self,
        from_logits=False,
        ignore_class=None,
        reduction="sum_over_batch_size",
        axis=-1,
        name="sparse_categorical_crossentropy",
        dtype=None,
    ):
        super().__init__(
            sparse_categorical_crossentropy,
            name=name,
            reduction=reduction,
            dtype=dtype,
            from_logits=from_logits,
            ignore_class=ignore_class,
            axis=axis,
        )
        self.from_logits = from_logits
        self.ignore_class = ignore_class


_BY_NAME = {
    "mse": _mean_squared_error,
    "MSE": _mean_squared_error,
    "mean_squared_error": _mean_squared_error,
    "binary_crossentropy": binary_crossentropy,
    "sparse_categorical_crossentropy": sparse_categorical_crossentropy,
    "MeanSquaredError": MeanSquaredError,
    "BinaryCrossentropy": BinaryCrossentropy,
    "SparseCategoricalCrossentropy": SparseCategoricalCrossentropy,
}


def get(identifier):
    """keras.losses.get: a loss from its name (function or class name) or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        obj = _BY_NAME.get(identifier)
        if obj is None:
            raise missing_attribute("tf.keras.losses", identifier)
        return obj() if isinstance(obj, type) else obj
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


def __getattr__(name):
    if name == "mean_squared_error":  # TF 2.21 lacks it too: say so, not "not implemented"
        raise AttributeError(
            "module 'tf.keras.losses' has no attribute 'mean_squared_error' (Keras 3 removed "
            "it: use tf.keras.losses.mse or tf.keras.losses.MeanSquaredError())"
        )
    raise missing_attribute("tf.keras.losses", name)
