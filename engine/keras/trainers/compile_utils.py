"""What compile() keeps: the loss per output (CompileLoss, with loss weights and a tracker per
output, 'o1_loss'), the metrics per output (CompileMetrics, resolved by name through
keras.metrics.get), and Mean, the running average Keras tracks the loss with.

The trackers are bookkeeping, not part of the model's math: they average in float32 NumPy
(as Keras's Mean does with float32 variables) and record no ops, so a debugger capture of
`fit` shows the model, the loss, the gradient and the optimizer's assigns.
"""

from typing import Any

import numpy as np

from ...missing import missing_attribute
from .. import _tf as tf, losses as losses_module, symbolic
from ..losses.loss import Loss, LossFunctionWrapper

# Keras 3's loss names (functions and classes): an unknown one is Keras's ValueError; a known
# one the engine lacks names the gap.
KERAS_LOSSES = {
    "binary_crossentropy",
    "binary_focal_crossentropy",
    "categorical_crossentropy",
    "categorical_focal_crossentropy",
    "categorical_hinge",
    "cosine_similarity",
    "ctc",
    "dice",
    "hinge",
    "huber",
    "kl_divergence",
    "kld",
    "kullback_leibler_divergence",
    "log_cosh",
    "logcosh",
    "mae",
    "mape",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_squared_error",
    "mean_squared_logarithmic_error",
    "mse",
    "msle",
    "poisson",
    "sparse_categorical_crossentropy",
    "squared_hinge",
    "tversky",
    "circle",
    "BinaryCrossentropy",
    "BinaryFocalCrossentropy",
    "CategoricalCrossentropy",
    "CategoricalFocalCrossentropy",
    "CategoricalHinge",
    "CosineSimilarity",
    "Dice",
    "Hinge",
    "Huber",
    "KLDivergence",
    "LogCosh",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanSquaredError",
    "MeanSquaredLogarithmicError",
    "Poisson",
    "SparseCategoricalCrossentropy",
    "SquaredHinge",
    "Tversky",
    "Circle",
    "CTC",
}


class Mean:
    """A running weighted mean: `update_state(values, sample_weight)`, `result()`."""

    def __init__(self, name="mean", dtype=None):
        self.name = name
        self._total = np.float32(0.0)
        self._count = np.float32(0.0)

    def update_state(self, values, sample_weight=None):
        values = np.asarray(values.numpy() if hasattr(values, "numpy") else values, np.float32)
        if sample_weight is None:
            weights = np.ones_like(values)
        else:
            weights = np.broadcast_to(np.asarray(sample_weight, np.float32), values.shape)
        self._total = np.float32(self._total + np.sum(values * weights, dtype=np.float32))
        self._count = np.float32(self._count + np.sum(weights, dtype=np.float32))

    def result(self):
        value = np.float32(0.0) if self._count == 0 else np.float32(self._total / self._count)
        return tf.constant(value)

    def reset_state(self):
        self._total = np.float32(0.0)
        self._count = np.float32(0.0)

    @property
    def variables(self):
        return []

    def __repr__(self):
        return f"<Mean name={self.name}>"


def resolve_loss(identifier):
    """A Loss object: functions are wrapped (reduced over the batch), as Keras's get_loss."""
    if isinstance(identifier, str) and identifier not in KERAS_LOSSES:
        raise ValueError(f"Could not interpret loss identifier: {identifier}")
    loss = losses_module.get(identifier)
    if not isinstance(loss, Loss):
        name = identifier if isinstance(identifier, str) else getattr(loss, "__name__", None)
        loss = LossFunctionWrapper(loss, name=name)
    return loss


def _by_output(value, output_names, what):
    """`value` (one for all, a list, or a dict by output name) as one entry per output."""
    if isinstance(value, dict):
        unknown = [k for k in value if k not in output_names]
        if unknown:
            raise ValueError(
                f"In the dict argument `{what}`, key '{unknown[0]}' does not correspond to "
                f"any model output. Received:\n{what}={value}"
            )
        return [value.get(name) for name in output_names]
    if isinstance(value, (list, tuple)):
        if len(value) != len(output_names):
            raise ValueError(
                f"For a model with multiple outputs, when providing the `{what}` argument as a "
                f"list, it should have as many entries as the model has outputs. Received:\n"
                f"{what}={value}\nof length {len(value)} whereas the model has "
                f"{len(output_names)} outputs."
            )
        return list(value)
    return [value] * len(output_names)


def _targets_like(y_true, y_pred, output_names):
    """The targets, one per output in the outputs' order (a dict of targets by output name)."""
    flat_pred = symbolic.flatten(y_pred)
    if isinstance(y_true, dict):
        names = sorted(y_pred, key=str) if isinstance(y_pred, dict) else list(output_names)
        if all(name in y_true for name in names):
            return [y_true[name] for name in names]
    if isinstance(y_pred, dict) and isinstance(y_true, (list, tuple)):
        return list(y_true)
    return symbolic.flatten(y_true) if len(flat_pred) > 1 else [y_true]


class CompileLoss:
    def __init__(self, loss, loss_weights=None):
        self._user_loss = loss
        self._user_weights = loss_weights
        self.built = False
        self.metrics = []
        self._losses = []
        self._weights = []

    def build(self, y_pred, output_names):
        flat = symbolic.flatten(y_pred)
        names = (
            list(output_names)
            if len(output_names) == len(flat)
            else [f"output_{i}" for i in range(len(flat))]
        )
        if isinstance(y_pred, dict):
            names = sorted(y_pred, key=str)
        if len(flat) == 1 and not isinstance(self._user_loss, (list, tuple, dict)):
            losses = [self._user_loss]
        else:
            losses = _by_output(self._user_loss, names, "loss")
        weights = (
            (
                [self._user_weights]
                if len(flat) == 1 and not isinstance(self._user_weights, (list, tuple, dict))
                else _by_output(self._user_weights, names, "loss_weights")
            )
            if self._user_weights is not None
            else [None] * len(flat)
        )
        self._losses = [None if loss is None else resolve_loss(loss) for loss in losses]
        self._weights = weights
        if len(flat) > 1:
            self.metrics = [Mean(name=f"{name}_loss") for name in names]
        self.built = True

    def __call__(self, y_true, y_pred, sample_weight=None, output_names=()):
        if not self.built:
            self.build(y_pred, output_names)
        flat_pred = symbolic.flatten(y_pred)
        flat_true = _targets_like(y_true, y_pred, output_names)
        if len(flat_true) != len(flat_pred):
            raise ValueError(
                "y_true and y_pred have different structures.\n"
                f"y_true: {symbolic.map_structure(lambda _: '*', y_true)}\n"
                f"y_pred: {symbolic.map_structure(lambda _: '*', y_pred)}\n"
            )
        nested_weights = isinstance(sample_weight, (list, tuple, dict))
        values = []
        for index, (loss, weight, y_t, y_p) in enumerate(
            zip(self._losses, self._weights, flat_true, flat_pred)
        ):
            if loss is None:
                continue
            sw = symbolic.flatten(sample_weight)[index] if nested_weights else sample_weight
            value = loss(y_t, y_p, sw) if sw is not None else loss(y_t, y_p)
            if value.dtype != tf.float32:
                value = tf.cast(value, tf.float32)
            if self.metrics:
                self.metrics[index].update_state(value, sample_weight=y_p.shape[0])
            if weight is not None:
                value = tf.multiply(value, weight)
            values.append(value)
        if not values:
            return None
        if len(flat_pred) == 1:
            return values[0]
        return sum(values)  # Keras's Python sum: 0 + first + second ...


class CompileMetrics:
    """The metrics (and weighted metrics) given to compile, per output, made by
    keras.metrics's compile_names.resolve (Keras's get_metric: 'accuracy' by the shapes); a
    model's `metrics` lists this as one entry, 'compile_metrics', whose result is a dict named
    as Keras names it: 'accuracy', 'kind_accuracy' per output, 'weighted_accuracy' when a
    weighted metric repeats a name."""

    name = "compile_metrics"

    def __init__(self, metrics, weighted_metrics=None):
        self._user_metrics = metrics
        self._user_weighted = weighted_metrics
        self.built = False
        self.metrics = []
        self._unweighted = []  # per output: (output name or None, [metric])
        self._weighted = []

    def build(self, y_true, y_pred, output_names):
        flat_pred = symbolic.flatten(y_pred)
        flat_true = _targets_like(y_true, y_pred, output_names)
        names = (
            list(output_names)
            if len(output_names) == len(flat_pred)
            else [f"output_{i}" for i in range(len(flat_pred))]
        )
        single = len(flat_pred) == 1
        for user, target in (
            (self._user_metrics, self._unweighted),
            (self._user_weighted, self._weighted),
        ):
            for index, specs in enumerate(_per_output(user, names, len(flat_pred))):
                made = [_metric(spec, flat_true[index], flat_pred[index]) for spec in specs]
                target.append((None if single else names[index], made))
                self.metrics.extend(made)
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None, output_names=()):
        if not self.built:
            self.build(y_true, y_pred, output_names)
        flat_true = _targets_like(y_true, y_pred, output_names)
        flat_pred = symbolic.flatten(y_pred)
        nested_weights = isinstance(sample_weight, (list, tuple, dict))
        for index, (y_t, y_p) in enumerate(zip(flat_true, flat_pred)):
            for metric in self._unweighted[index][1]:
                metric.update_state(y_t, y_p)
            weight = symbolic.flatten(sample_weight)[index] if nested_weights else sample_weight
            for metric in self._weighted[index][1] if self._weighted else ():
                metric.update_state(y_t, y_p, sample_weight=weight)

    def result(self):
        results: dict[str, Any] = {}
        counts: dict[str, int] = {}
        for output, metrics in self._unweighted:
            for metric in metrics:
                name = f"{output}_{metric.name}" if output else metric.name
                if name in counts:
                    counts[name] += 1
                    name = f"{name}_{counts[name] - 1}"
                else:
                    counts[name] = 1
                results[name] = metric.result()
        for output, metrics in self._weighted:
            for metric in metrics:
                name = f"{output}_{metric.name}" if output else metric.name
                if name in counts:
                    name = f"weighted_{metric.name}"
                    name = f"{output}_{name}" if output else name
                    if name in counts:
                        counts[name] += 1
                        name = f"{name}_{counts[name] - 1}"
                    else:
                        counts[name] = 1
                else:
                    counts[name] = 1
                results[name] = metric.result()
        return results

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()


def _per_output(specs, names, count):
    """One list of metric identifiers per output."""
    if specs is None:
        return [[] for _ in range(count)]
    if isinstance(specs, dict):
        return [_as_list(specs.get(name)) for name in names]
    if (
        count > 1
        and isinstance(specs, (list, tuple))
        and any(isinstance(s, (list, tuple)) or s is None for s in specs)
    ):
        return [_as_list(s) for s in specs]
    return [_as_list(specs) for _ in range(count)]


def _as_list(specs):
    if specs is None:
        return []
    return list(specs) if isinstance(specs, (list, tuple)) else [specs]


def _metric(spec, y_true, y_pred):
    try:  # keras.metrics: another module of the engine's Keras, written in parallel
        from ..metrics import compile_names
    except ImportError:
        raise missing_attribute("tf.keras", "metrics") from None
    return compile_names.resolve(spec, y_true, y_pred)


__all__ = ["CompileLoss", "CompileMetrics", "Mean"]
