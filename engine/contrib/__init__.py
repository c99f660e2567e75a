"""tf.contrib: only `eager` (seed 001's `import tensorflow.contrib.eager as tfe`)."""

from ..missing import missing_attribute
from . import eager


def __getattr__(name):
    raise missing_attribute("tf.contrib", name)
