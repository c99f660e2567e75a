"""How compile(metrics=[...]) turns a name into a metric, as Keras 3's
trainers/compile_utils.get_metric does (for the models helper's compile).

'accuracy' and 'acc' (any case) pick the accuracy that fits the data, not the loss (Keras 2
looked at the loss; Keras 3 looks at the shapes of y_true and y_pred): BinaryAccuracy when
y_pred's last dimension is 1, SparseCategoricalAccuracy when y_true has lower rank than y_pred
or a last dimension of 1 against y_pred's several, CategoricalAccuracy otherwise. The metric
is named by the string given; other names go through metrics.get; a plain function is wrapped
in MeanMetricWrapper and named after the function."""

from typing import Any

from . import BinaryAccuracy, CategoricalAccuracy, Metric, SparseCategoricalAccuracy, get
from .reduction import MeanMetricWrapper


def is_binary_or_sparse_categorical(y_true, y_pred):
    y_true_rank, y_pred_rank = len(y_true.shape), len(y_pred.shape)
    y_true_last, y_pred_last = y_true.shape[-1], y_pred.shape[-1]
    is_binary = y_pred_last == 1
    is_sparse = y_true_rank < y_pred_rank or (y_true_last == 1 and y_pred_last > 1)
    return is_binary, is_sparse


def resolve(identifier, y_true, y_pred):
    """compile_utils.get_metric: the metric object compile builds for `identifier`."""
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if str(identifier).lower() not in ("accuracy", "acc"):
        metric = get(identifier)
    else:
        is_binary, is_sparse = is_binary_or_sparse_categorical(y_true, y_pred)
        if is_binary:
            metric = BinaryAccuracy(name=str(identifier))
        elif is_sparse:
            metric = SparseCategoricalAccuracy(name=str(identifier))
        else:
            metric = CategoricalAccuracy(name=str(identifier))
    name: Any
    if isinstance(identifier, str):
        name = identifier
    else:
        name = getattr(metric, "name", None) or getattr(metric, "__name__", None)
    if not isinstance(metric, Metric):
        metric = MeanMetricWrapper(metric)
    metric.name = name
    return metric
