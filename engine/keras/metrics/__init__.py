"""keras.metrics: Mean, Sum, the accuracy metrics, the loss-based metrics, confusion-matrix
metrics (Precision, Recall, AUC, TruePositives...), and `get` with Keras's name table (class
names, their snake_case forms, and 'mse'/'mae'/... aliases). compile(metrics=['accuracy'])
resolves 'accuracy'/'acc' by shapes: see compile_names.resolve."""

from ...missing import missing_attribute
from ..identifiers import get_by_identifier as _get_by_identifier
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
from ..naming import to_snake_case as _snake_case
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
    return _get_by_identifier(identifier, BY_NAME, _MISSING_NAMES, "tf.keras.metrics", "metric")


def __getattr__(name):
    raise missing_attribute("tf.keras.metrics", name)
