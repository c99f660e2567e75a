"""keras.metrics: Mean, Sum, the accuracy metrics, the loss-based metrics, confusion-matrix
metrics (Precision, Recall, AUC, TruePositives...), and `get` with Keras's name table (class
names, their snake_case forms, and 'mse'/'mae'/... aliases). compile(metrics=['accuracy'])
resolves 'accuracy'/'acc' by shapes: see compile_names.resolve."""

import inspect
import re

from ...missing import missing_attribute
from ..losses import (  # the loss functions tf.keras.metrics also exports, by their names there
    KLD,
    MAE,
    MAPE,
    MSE,
    MSLE,
    binary_crossentropy,
    binary_focal_crossentropy,
    categorical_crossentropy,
    categorical_focal_crossentropy,
    categorical_hinge,
    hinge,
    huber,
    kld,
    kullback_leibler_divergence,
    logcosh,
    mae,
    mape,
    mse,
    msle,
    poisson,
    sparse_categorical_crossentropy,
    squared_hinge,
)
from .accuracy import (
    Accuracy,
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
    SparseTopKCategoricalAccuracy,
    TopKCategoricalAccuracy,
    binary_accuracy,
    categorical_accuracy,
    sparse_categorical_accuracy,
    sparse_top_k_categorical_accuracy,
    top_k_categorical_accuracy,
)
from .auc import AUC
from .confusion import (
    FalseNegatives,
    FalsePositives,
    Precision,
    Recall,
    TrueNegatives,
    TruePositives,
)
from .metric import Metric
from .reduction import Mean, MeanMetricWrapper, Sum
from .regression import (
    BinaryCrossentropy,
    CategoricalCrossentropy,
    CategoricalHinge,
    CosineSimilarity,
    Hinge,
    KLDivergence,
    LogCoshError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    Poisson,
    RootMeanSquaredError,
    SparseCategoricalCrossentropy,
    SquaredHinge,
)

_CLASSES = (
    Metric,
    Mean,
    Sum,
    MeanMetricWrapper,
    MeanSquaredError,
    RootMeanSquaredError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError,
    CosineSimilarity,
    LogCoshError,
    AUC,
    FalseNegatives,
    FalsePositives,
    Precision,
    Recall,
    TrueNegatives,
    TruePositives,
    Hinge,
    SquaredHinge,
    CategoricalHinge,
    KLDivergence,
    Poisson,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    SparseCategoricalCrossentropy,
    Accuracy,
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
    TopKCategoricalAccuracy,
    SparseTopKCategoricalAccuracy,
)
# Keras 3 metrics the engine does not have: naming one names the gap, not a typo.
_KERAS_ONLY = (
    "R2Score",
    "PrecisionAtRecall",
    "RecallAtPrecision",
    "SensitivityAtSpecificity",
    "SpecificityAtSensitivity",
    "ConcordanceCorrelation",
    "PearsonCorrelation",
    "F1Score",
    "FBetaScore",
    "IoU",
    "BinaryIoU",
    "MeanIoU",
    "OneHotIoU",
    "OneHotMeanIoU",
)


def _snake_case(name):
    """Keras's naming.to_snake_case ('AUC' -> 'auc', 'KLDivergence' -> 'kl_divergence')."""
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


# Keras's ALL_OBJECTS_DICT: class names, their snake_case forms, and the short aliases.
BY_NAME: dict[str, type] = {cls.__name__: cls for cls in _CLASSES}
BY_NAME.update({_snake_case(cls.__name__): cls for cls in _CLASSES})
BY_NAME.update(
    {
        "bce": BinaryCrossentropy,
        "BCE": BinaryCrossentropy,
        "mse": MeanSquaredError,
        "MSE": MeanSquaredError,
        "mae": MeanAbsoluteError,
        "MAE": MeanAbsoluteError,
        "mape": MeanAbsolutePercentageError,
        "MAPE": MeanAbsolutePercentageError,
        "msle": MeanSquaredLogarithmicError,
        "MSLE": MeanSquaredLogarithmicError,
    }
)
_MISSING_NAMES = set(_KERAS_ONLY) | {_snake_case(name) for name in _KERAS_ONLY}


def get(identifier):
    """keras.metrics.get: a metric from its name (classes are instantiated), or the callable
    itself."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in _MISSING_NAMES:
            raise missing_attribute("tf.keras.metrics", identifier)
        obj = BY_NAME.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


def __getattr__(name):
    raise missing_attribute("tf.keras.metrics", name)
