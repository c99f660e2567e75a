"""TapeScope's autodiff engine: `import engine as tf` runs TensorFlow 2 eager gradient code.

Anything outside the supported surface raises `AttributeError: engine does not implement tf.xyz`.
"""
from . import dtypes, errors
from .dtypes import (as_dtype, bool, double, float16, float32, float64, half, int8, int16, int32,
                     int64, uint8, DType)
from .gradient_tape import GradientTape, UnconnectedGradients
from .indexed_slices import IndexedSlices
from .name_scopes import name_scope
from .shape import TensorShape
from .tensor import EagerTensor, Tensor, convert_to_tensor, is_tensor
from .constant_op import constant
from .variables import Variable
from .ops import operators as _operators  # noqa: F401  (installs Python operators)
from .ops.array import ones_like, reshape, stack, zeros_like, broadcast_to
from .ops.math import add, cos, divide, exp, log, multiply, negative, reduce_sum, sin, subtract, tanh
from .missing import missing_attribute

__version__ = "0.1.0"


def __getattr__(name):
    if name == "debug":  # imported on first use: it pulls in pydantic
        import importlib
        return importlib.import_module("engine.debug")
    raise missing_attribute("tf", name)
