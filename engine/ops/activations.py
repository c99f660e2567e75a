"""tf.nn activations: forward, gradient and what each keeps for backward, side by side.

As in TF's nn_grad.py, most gradients are ops of their own (ReluGrad, EluGrad, ...) whose own
gradients give the second order. gelu is a composite of primitive ops, as TF builds it, so the
tape shows the same op types (Mul, Neg, Erfc, ... or Pow, Tanh, ...). softplus, sigmoid and tanh
are tf.math's ops.
"""

import numpy as np

from ..tensor import EagerTensor, convert_to_tensor
from . import array as _array, math_ops as _math
from .elementwise import as_value  # rank-0 results as NumPy scalars, as every op returns them
from .operands import FLOATS, NUMBERS, require, same_dtype
from .registry import ALL, define, execute, registered_types

NN_FLOAT_NAMES = "half, bfloat16, float, double"

# TF's SELU constants (selu_op.h).
SELU_SCALE = 1.0507009873554804934193349852946
SELU_ALPHA = 1.6732632423543772848170429916717


def float_features(op_type, features):
    """An nn op's float operand, converted with no dtype preference, as TF's op converts it
    ([1, 2] is int32, a NumPy float64 array stays float64); other dtypes raise as TF."""
    t = features if type(features) is EagerTensor else convert_to_tensor(features)
    return require(op_type, t, FLOATS, NN_FLOAT_NAMES)


# TF's allowed values for attr T of Relu (Relu6 lacks qint8), in TF's order.
_RELU_NAMES = (
    "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
)


def _real_features(op_type, features):
    """Relu and Relu6 also take integer tensors, as TF's kernels do."""
    t = features if type(features) is EagerTensor else convert_to_tensor(features)
    return require(op_type, t, NUMBERS, _RELU_NAMES + (", qint8" if op_type == "Relu" else ""))


def _zeros_like(rec_tensor):
    return _array.zeros_like(rec_tensor)


# TF's nn code calls array_ops.where (v1), which records `Select` (tf.where records SelectV2).
# The array module is imported first (above): if it registered Select, that definition is used.
if "Select" in registered_types():
    _SELECT = registered_types()["Select"]
else:
    _SELECT = define(
        "Select",
        (
            None,
            lambda rec, dy: select(rec.inputs[0], dy, _array.zeros_like(rec.inputs[1])),
            lambda rec, dy: select(rec.inputs[0], _array.zeros_like(rec.inputs[1]), dy),
        ),
        saves_inputs=(0, 1),
    )


def select(condition, x, y):
    """where(condition, x, y) for a condition of x's shape, as TF's array_ops.where (v1)."""
    x, y = same_dtype("Select", x, y)
    c = convert_to_tensor(condition)
    return execute(_SELECT, (c, x, y), as_value(np.where(c._value, x._value, y._value)))


# --- Relu ---------------------------------------------------------------------------------
# Relu's gradient reads its output (TF keeps the output, not the input): at exactly 0 it is 0.
RELU = define("Relu", (lambda rec, dy: relu_grad(dy, rec.outputs[0]),), saves_outputs=ALL)
RELU_GRAD = define(
    "ReluGrad",
    (lambda rec, g: relu_grad(g, rec.inputs[1]), lambda rec, g: _zeros_like(rec.inputs[1])),
    saves_inputs=(1,),
)


def relu(features, name=None):
    x = _real_features("Relu", features)
    v = x._value
    # Eigen's cwiseMax(0): relu(-0.) is -0. and relu(nan) is nan, as TF prints them.
    return execute(RELU, (x,), as_value(np.where(v < 0, v.dtype.type(0), v)))


def relu_grad(gradients, features):
    dy, y = same_dtype("ReluGrad", gradients, features)
    return execute(RELU_GRAD, (dy, y), dy._value * (y._value > 0))


RELU6 = define("Relu6", (lambda rec, dy: relu6_grad(dy, rec.outputs[0]),), saves_outputs=ALL)
RELU6_GRAD = define(
    "Relu6Grad",
    (lambda rec, g: relu6_grad(g, rec.inputs[1]), lambda rec, g: _zeros_like(rec.inputs[1])),
    saves_inputs=(1,),
)


def relu6(features, name=None):
    x = _real_features("Relu6", features)
    v = x._value
    kind = v.dtype.type
    return execute(RELU6, (x,), as_value(np.where(v < 0, kind(0), np.where(v > 6, kind(6), v))))


def relu6_grad(gradients, features):
    dy, y = same_dtype("Relu6Grad", gradients, features)
    return execute(RELU6_GRAD, (dy, y), dy._value * ((y._value > 0) & (y._value < 6)))


# --- LeakyRelu: the gradient reads the input; alpha is an attribute -------------------------
LEAKY_RELU = define(
    "LeakyRelu", (lambda rec, dy: leaky_relu_grad(dy, rec.inputs[0], rec.attrs),), saves_inputs=ALL
)
LEAKY_RELU_GRAD = define(
    "LeakyReluGrad",
    (
        lambda rec, g: leaky_relu_grad(g, rec.inputs[1], rec.attrs),
        lambda rec, g: _zeros_like(rec.inputs[1]),
    ),
    saves_inputs=(1,),
)


def leaky_relu(features, alpha=0.2, name=None):
    x = features if type(features) is EagerTensor else convert_to_tensor(features)
    if x.dtype.is_integer:  # TF casts integer features to float32
        x = _math.cast(x, "float32")
    x = require("LeakyRelu", x, FLOATS, NN_FLOAT_NAMES)
    if isinstance(alpha, np.ndarray):
        alpha = alpha.item()
    if isinstance(alpha, EagerTensor) or not isinstance(alpha, (int, float, np.generic)):
        raise TypeError(f"Expected float for argument 'alpha' not {alpha!r}.")
    alpha = float(alpha)
    v = x._value
    return execute(LEAKY_RELU, (x,), as_value(np.where(v > 0, v, v * v.dtype.type(alpha))), alpha)


def leaky_relu_grad(gradients, features, alpha):
    dy, x = same_dtype("LeakyReluGrad", gradients, features)
    g = dy._value
    value = np.where(x._value > 0, g, g * g.dtype.type(alpha))
    return execute(LEAKY_RELU_GRAD, (dy, x), as_value(value), alpha)


# --- Elu and Selu: gradients read the output -----------------------------------------------
ELU = define("Elu", (lambda rec, dy: elu_grad(dy, rec.outputs[0]),), saves_outputs=ALL)
ELU_GRAD = define(
    "EluGrad",
    (
        lambda rec, g: elu_grad(g, rec.inputs[1]),
        lambda rec, g: _where_negative(rec.inputs[1], g * rec.inputs[0]),
    ),
    saves_inputs=ALL,
)


def _where_negative(y, value):
    """TF's where(y < 0, value, zeros_like(y)) in EluGrad's and SeluGrad's gradients."""
    return select(_math.less(y, 0), value, _array.zeros_like(y))


def elu(features, name=None):
    x = float_features("Elu", features)
    v = x._value
    return execute(ELU, (x,), as_value(np.where(v < 0, np.expm1(v), v)))


def elu_grad(gradients, outputs):
    dy, y = same_dtype("EluGrad", gradients, outputs)
    g, a = dy._value, y._value
    return execute(ELU_GRAD, (dy, y), as_value(np.where(a < 0, (a + 1) * g, g)))


SELU = define("Selu", (lambda rec, dy: selu_grad(dy, rec.outputs[0]),), saves_outputs=ALL)
SELU_GRAD = define(
    "SeluGrad",
    (
        lambda rec, g: selu_grad(g, rec.inputs[1]),
        lambda rec, g: _where_negative(rec.inputs[1], g * rec.inputs[0]),
    ),
    saves_inputs=ALL,
)


def selu(features, name=None):
    x = float_features("Selu", features)
    v = x._value
    kind = v.dtype.type
    value = np.where(v < 0, kind(SELU_SCALE * SELU_ALPHA) * np.expm1(v), kind(SELU_SCALE) * v)
    return execute(SELU, (x,), as_value(value))


def selu_grad(gradients, outputs):
    dy, y = same_dtype("SeluGrad", gradients, outputs)
    g, a = dy._value, y._value
    kind = a.dtype.type
    value = np.where(a < 0, g * (a + kind(SELU_SCALE * SELU_ALPHA)), g * kind(SELU_SCALE))
    return execute(SELU_GRAD, (dy, y), as_value(value))


# --- ops tf.nn shares with tf.math (tf.nn.softplus is tf.math.softplus, as in TF) -----------
softplus = _math.softplus
sigmoid = _math.sigmoid
tanh = _math.tanh
erfc = _math.erfc  # gelu's


# --- gelu: a composite, built as TF builds it -----------------------------------------------
def gelu(features, approximate=False, name=None):
    x = convert_to_tensor(features)
    if not x.dtype.is_floating:
        raise ValueError(
            "`features.dtype` must be a floating point tensor."
            f"Received:features.dtype=<dtype: '{x.dtype.name}'>"
        )
    # TF writes these two constants as math_ops.cast(python_float, dtype): a float32 constant
    # cast to x's dtype, so in float64 they carry float32's rounding (seen in TF's values).
    if approximate:
        coeff = _math.cast(convert_to_tensor(0.044715), x.dtype)
        return 0.5 * x * (1.0 + _math.tanh(0.7978845608028654 * (x + coeff * _math.pow(x, 3))))
    return 0.5 * x * erfc(-x * _math.cast(convert_to_tensor(0.7071067811865476), x.dtype))
