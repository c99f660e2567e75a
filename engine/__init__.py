"""TapeScope's autodiff engine: `import engine as tf` runs TensorFlow 2 eager gradient code.

Anything outside the supported surface raises `AttributeError: engine does not implement tf.xyz`.

The bottom layer (docs/architecture.md): the core (tensors, recording, tapes), `engine/ops/` and
`engine/keras/` import only the engine and third-party libraries (NumPy), never `engine.debug`
nor `server` (`make check`: .importlinter). `engine.debug` is reached from here only as the
attribute `engine.debug`, loaded on first use; the debugger observes the engine through
engine/hooks.py.
"""

from . import dtypes, errors
from .dtypes import (
    as_dtype,
    bool,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    uint8,
    DType,
)
from .dtypes import complex64, complex128, string
from .gradient_tape import GradientTape, UnconnectedGradients
from .indexed_slices import IndexedSlices
from .name_scopes import name_scope
from .shape import TensorShape
from .tensor_spec import TensorSpec
from .tensor import EagerTensor, Tensor, convert_to_tensor, is_tensor
from .constant_op import constant
from .variables import Variable
from .ops import operators as _operators  # installs Python operators
from .missing import missing_attribute
from . import math, nn, linalg, random, image  # namespaces tf.math, tf.nn, ...
from .ops import array as _array, image as _image, linalg as _linalg, math_ops as _math, nn as _nn
from .ops import random_ops as _random
from . import autodiff  # tf.autodiff.ForwardAccumulator, GradientTape
from . import data  # tf.data.Dataset
from .custom_gradient import custom_gradient
from .eager_functional import (
    enable_eager_execution,
    executing_eagerly,
    gradients_function,
    implicit_gradients,
    implicit_value_and_gradients,
    value_and_gradients_function,
)

# TF's top-level aliases (tf.add, tf.reshape, tf.matmul, ...), listed by each op module.
for _module in (_math, _array, _nn, _linalg, _random, _image):
    for _name in _module.TOP_LEVEL:
        globals()[_name] = getattr(_module, _name)
del _module, _name
from .ops import array_extra as _array_extra  # sort, unique, scatters, roll, repeat, ...

for _name in _array_extra.TOP_LEVEL:
    globals()[_name] = getattr(_array_extra, _name)
del _name
from .module import Module
from .tf_function import function
from . import autograph, config, debugging  # tf.autograph, tf.config, tf.debugging
from .autograph import get_logger
from .device import device
from .debugging import assert_equal, assert_greater, assert_less, assert_rank
from . import keras  # tf.keras: written with the names above

from . import strings, version  # tf.strings, tf.version
from .ops.string_ops import as_string
from .printing import print

# TensorFlow's version, as tf.__version__ (TapeScope's own is server/version.py's).
__version__ = version.VERSION


def __getattr__(name):
    if name == "debug":  # imported on first use: it pulls in pydantic
        import importlib

        return importlib.import_module("engine.debug")
    raise missing_attribute("tf", name)
