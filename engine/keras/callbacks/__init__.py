"""keras.callbacks: Callback, History, EarlyStopping, ModelCheckpoint (weights only),
LearningRateScheduler, ReduceLROnPlateau, LambdaCallback, TerminateOnNaN, CSVLogger,
ProgbarLogger, CallbackList."""

from ...missing import missing_attribute
from .callback import Callback, History
from .callback_list import CallbackList
from .monitors import EarlyStopping, ModelCheckpoint, ReduceLROnPlateau
from .progbar_logger import ProgbarLogger
from .simple import CSVLogger, LambdaCallback, LearningRateScheduler, TerminateOnNaN

__all__ = [
    "CSVLogger",
    "Callback",
    "CallbackList",
    "EarlyStopping",
    "History",
    "LambdaCallback",
    "LearningRateScheduler",
    "ModelCheckpoint",
    "ProgbarLogger",
    "ReduceLROnPlateau",
    "TerminateOnNaN",
]


def __getattr__(name):
    raise missing_attribute("tf.keras.callbacks", name)
