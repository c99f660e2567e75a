"""tf.autodiff: forward mode (ForwardAccumulator) and the GradientTape alias, as in TF."""

from .forward_accumulator import ForwardAccumulator
from .gradient_tape import GradientTape
from .missing import missing_attribute

__all__ = ["ForwardAccumulator", "GradientTape"]


def __getattr__(name):
    raise missing_attribute("tf.autodiff", name)
