"""tf.contrib.eager (TF 1.x), the part seed 001 uses: `import engine.contrib.eager as tfe`."""

from ..custom_gradient import custom_gradient
from ..eager_functional import (
    enable_eager_execution,
    executing_eagerly,
    gradients_function,
    implicit_gradients,
    implicit_value_and_gradients,
    value_and_gradients_function,
)
from ..gradient_tape import GradientTape
from ..missing import missing_attribute
from ..variables import Variable

__all__ = [
    "Variable",
    "GradientTape",
    "custom_gradient",
    "gradients_function",
    "value_and_gradients_function",
    "implicit_gradients",
    "implicit_value_and_gradients",
    "enable_eager_execution",
    "executing_eagerly",
]


def __getattr__(name):
    raise missing_attribute("tf.contrib.eager", name)
