"""The TensorFlow names Keras's code is written with (`from .. import _tf as tf`; `tf.matmul`),
taken from the engine's core and op modules that define them.

Not the `engine` package itself: its __init__ imports engine.keras to offer tf.keras, so a Keras
module importing it back would close an import cycle (tests/engine/test_import_graph.py fails on
one). A name Keras needs that is missing here is added from the module the facade takes it from.
"""

from .. import image, linalg, math, nn  # tf.image, tf.linalg, tf.math, tf.nn
from ..constant_op import constant
from ..dtypes import as_dtype, bool, float16, float32, int32, int64
from ..gradient_tape import GradientTape
from ..name_scopes import name_scope
from ..ops.array import (
    broadcast_to,
    clip_by_value,
    concat,
    expand_dims,
    fill,
    gather,
    ones,
    ones_like,
    pad,
    range,
    reshape,
    reverse,
    shape,
    split,
    squeeze,
    stack,
    tile,
    transpose,
    unstack,
    where,
    zeros,
    zeros_like,
)
from ..ops.array_extra import repeat
from ..ops.linalg import einsum, tensordot
from ..ops.math_ops import (
    abs,
    add,
    argmax,
    cast,
    cos,
    cumsum,
    divide,
    equal,
    exp,
    floor,
    greater,
    greater_equal,
    logical_and,
    logical_not,
    logical_or,
    matmul,
    maximum,
    minimum,
    multiply,
    not_equal,
    pow,
    reduce_all,
    reduce_any,
    reduce_logsumexp,
    reduce_max,
    reduce_mean,
    reduce_sum,
    sqrt,
    square,
    subtract,
    tanh,
)
from ..shape import TensorShape
from ..tensor import Tensor, convert_to_tensor, is_tensor
