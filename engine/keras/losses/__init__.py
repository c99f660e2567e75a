"""keras.losses: the Loss classes and their function forms under the names TF 2.21's
tf.keras.losses exports (it has `mse`/`MSE`, `mae`, `kld`, `logcosh`... but no
`mean_squared_error`), Keras's reductions and epsilon clipping, and `get` (what
compile(loss='mse') looks names up with)."""

from ...missing import missing_attribute
from ..identifiers import get_by_identifier as _get_by_identifier
from .classes import (
    BinaryCrossentropy,
    BinaryFocalCrossentropy,
    CategoricalCrossentropy,
    CategoricalFocalCrossentropy,
    CategoricalHinge,
    CosineSimilarity,
    Hinge,
    Huber,
    KLDivergence,
    LogCosh,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    Poisson,
    SparseCategoricalCrossentropy,
    SquaredHinge,
)
from .functions import binary_crossentropy, mean_squared_error, sparse_categorical_crossentropy
from .hinge import categorical_hinge, hinge, squared_hinge
from .loss import Loss, LossFunctionWrapper
from .probabilistic import (
    binary_focal_crossentropy,
    categorical_crossentropy,
    categorical_focal_crossentropy,
    kl_divergence,
    poisson,
)
from .regression import (
    cosine_similarity,
    huber,
    log_cosh,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_logarithmic_error,
)

# The function forms under the names tf.keras.losses has for them.
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh

# Keras's ALL_OBJECTS_DICT: classes and functions by their own names, plus the short aliases.
_BY_NAME = {
    obj.__name__: obj
    for obj in (
        Loss,
        LossFunctionWrapper,
        KLDivergence,
        Poisson,
        BinaryCrossentropy,
        BinaryFocalCrossentropy,
        CategoricalCrossentropy,
        CategoricalFocalCrossentropy,
        SparseCategoricalCrossentropy,
        MeanSquaredError,
        MeanAbsoluteError,
        MeanAbsolutePercentageError,
        MeanSquaredLogarithmicError,
        CosineSimilarity,
        LogCosh,
        Huber,
        Hinge,
        SquaredHinge,
        CategoricalHinge,
        kl_divergence,
        poisson,
        binary_crossentropy,
        binary_focal_crossentropy,
        categorical_crossentropy,
        categorical_focal_crossentropy,
        sparse_categorical_crossentropy,
        mean_squared_error,
        mean_absolute_error,
        mean_absolute_percentage_error,
        mean_squared_logarithmic_error,
        cosine_similarity,
        log_cosh,
        huber,
        hinge,
        squared_hinge,
        categorical_hinge,
    )
}
_BY_NAME.update(
    {
        "bce": binary_crossentropy,
        "BCE": binary_crossentropy,
        "kld": kl_divergence,
        "KLD": kl_divergence,
        "mae": mean_absolute_error,
        "MAE": mean_absolute_error,
        "mse": mean_squared_error,
        "MSE": mean_squared_error,
        "mape": mean_absolute_percentage_error,
        "MAPE": mean_absolute_percentage_error,
        "msle": mean_squared_logarithmic_error,
        "MSLE": mean_squared_logarithmic_error,
    }
)
# Keras 3 losses the engine does not have: naming one names the gap, not a typo.
_KERAS_ONLY = {
    "CTC",
    "ctc",
    "Circle",
    "circle",
    "Dice",
    "dice",
    "Tversky",
    "tversky",
    "CategoricalGeneralizedCrossEntropy",
    "categorical_generalized_cross_entropy",
}

# Names tf.keras.losses does not export (the objects stay reachable through `get`).
del mean_squared_error, mean_absolute_error, mean_absolute_percentage_error
del mean_squared_logarithmic_error, kl_divergence, log_cosh, LossFunctionWrapper


def get(identifier):
    """keras.losses.get: a loss from its name (a function's or a class's: classes are
    instantiated), or the callable itself."""
    return _get_by_identifier(identifier, _BY_NAME, _KERAS_ONLY, "tf.keras.losses", "loss")


def __getattr__(name):
    if name == "mean_squared_error":  # TF 2.21 lacks it too: say so, not "not implemented"
        raise AttributeError(
            "module 'tf.keras.losses' has no attribute 'mean_squared_error' (Keras 3 removed "
            "it: use tf.keras.losses.mse or tf.keras.losses.MeanSquaredError())"
        )
    raise missing_attribute("tf.keras.losses", name)
