"""The Loss classes of keras.losses: each wraps its per-sample function with Keras 3's default
name and reduction, in Keras's argument order, with the get_config Keras gives it."""

from . import probabilistic, regression
from .functions import binary_crossentropy, mean_squared_error, sparse_categorical_crossentropy
from .hinge import categorical_hinge, hinge, squared_hinge
from .loss import Loss, LossFunctionWrapper

SUM_OVER_BATCH = "sum_over_batch_size"


class _KerasLoss(LossFunctionWrapper):
    """A Loss class over a per-sample function. Config: name, reduction, then the options Keras
    lists for this loss (`config_keys`), which are also kept as attributes."""

    config_keys: tuple[str, ...] = ()

    def _wrap(self, fn, name, reduction, dtype, **options):
        super().__init__(fn, name=name, reduction=reduction, dtype=dtype, **options)
        for key in self.config_keys:
            setattr(self, key, options[key])

    def get_config(self):
        config = Loss.get_config(self)
        config.update({key: getattr(self, key) for key in self.config_keys})
        return config


class _Simple(_KerasLoss):
    """A loss with no options of its own: config is name and reduction."""

    fn: object = None
    default_name = ""

    def __init__(self, reduction=SUM_OVER_BATCH, name=None, dtype=None):
        self._wrap(type(self).fn, name or self.default_name, reduction, dtype)


def _simple(class_name, fn, default_name):
    return type(class_name, (_Simple,), {"fn": staticmethod(fn), "default_name": default_name})


MeanSquaredError = _simple("MeanSquaredError", mean_squared_error, "mean_squared_error")
MeanAbsoluteError = _simple(
    "MeanAbsoluteError", regression.mean_absolute_error, "mean_absolute_error"
)
MeanAbsolutePercentageError = _simple(
    "MeanAbsolutePercentageError",
    regression.mean_absolute_percentage_error,
    "mean_absolute_percentage_error",
)
MeanSquaredLogarithmicError = _simple(
    "MeanSquaredLogarithmicError",
    regression.mean_squared_logarithmic_error,
    "mean_squared_logarithmic_error",
)
LogCosh = _simple("LogCosh", regression.log_cosh, "log_cosh")
Hinge = _simple("Hinge", hinge, "hinge")
SquaredHinge = _simple("SquaredHinge", squared_hinge, "squared_hinge")
CategoricalHinge = _simple("CategoricalHinge", categorical_hinge, "categorical_hinge")
KLDivergence = _simple("KLDivergence", probabilistic.kl_divergence, "kl_divergence")
Poisson = _simple("Poisson", probabilistic.poisson, "poisson")
for _cls in (
    MeanSquaredError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError,
    LogCosh,
    Hinge,
    SquaredHinge,
    CategoricalHinge,
    KLDivergence,
    Poisson,
):
    _cls.__module__ = __name__


class Huber(_KerasLoss):
    def __init__(self, delta=1.0, reduction=SUM_OVER_BATCH, name="huber_loss", dtype=None):
        self._wrap(regression.huber, name, reduction, dtype, delta=delta)


class CosineSimilarity(_KerasLoss):
    def __init__(self, axis=-1, reduction=SUM_OVER_BATCH, name="cosine_similarity", dtype=None):
        self._wrap(regression.cosine_similarity, name, reduction, dtype, axis=axis)


class BinaryCrossentropy(_KerasLoss):
    config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction=SUM_OVER_BATCH,
        name="binary_crossentropy",
        dtype=None,
    ):
        self._wrap(
            binary_crossentropy,
            name,
            reduction,
            dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )


class BinaryFocalCrossentropy(_KerasLoss):
    config_keys = (
        "from_logits",
        "label_smoothing",
        "axis",
        "apply_class_balancing",
        "alpha",
        "gamma",
    )

    def __init__(
        self,
        apply_class_balancing=False,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction=SUM_OVER_BATCH,
        name="binary_focal_crossentropy",
        dtype=None,
    ):
        self._wrap(
            probabilistic.binary_focal_crossentropy,
            name,
            reduction,
            dtype,
            apply_class_balancing=apply_class_balancing,
            alpha=alpha,
            gamma=gamma,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )


class CategoricalCrossentropy(_KerasLoss):
    config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction=SUM_OVER_BATCH,
        name="categorical_crossentropy",
        dtype=None,
    ):
        self._wrap(
            probabilistic.categorical_crossentropy,
            name,
            reduction,
            dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )


class CategoricalFocalCrossentropy(_KerasLoss):
    config_keys = ("from_logits", "label_smoothing", "axis", "alpha", "gamma")

    def __init__(
        self,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction=SUM_OVER_BATCH,
        name="categorical_focal_crossentropy",
        dtype=None,
    ):
        self._wrap(
            probabilistic.categorical_focal_crossentropy,
            name,
            reduction,
            dtype,
            alpha=alpha,
            gamma=gamma,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )


class SparseCategoricalCrossentropy(_KerasLoss):
    config_keys = ("from_logits", "ignore_class")

    def __init__(
        self,
        from_logits=False,
        ignore_class=None,
        reduction=SUM_OVER_BATCH,
        axis=-1,
        name="sparse_categorical_crossentropy",
        dtype=None,
    ):
        self._wrap(
            sparse_categorical_crossentropy,
            name,
            reduction,
            dtype,
            from_logits=from_logits,
            ignore_class=ignore_class,
            axis=axis,
        )
