"""Arithmetic ops (AddV2, Sub, Mul, RealDiv, FloorDiv, FloorMod, Pow, Neg, Abs, Sign, Maximum,
Minimum, SquaredDifference, AddN, DivNoNan, Xlogy): forward, gradient as TF's math_grad.py, and
what each keeps for backward, side by side.

Gradients are written with engine ops, so an outer tape records them (higher order).
"""

from functools import reduce

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import casting, comparisons, creation, selection, unary_math
from .elementwise import (
    Op,
    allowed_numpy_dtypes,
    as_value,
    binary,
    check_dtype,
    quietly,
    to_x,
    to_y,
    unary,
)
from .operands import _tf_type_name
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute

# --- AddV2, Sub, Mul ------------------------------------------------------------------------
ADD = define("AddV2", (lambda rec, dy: to_x(rec, dy), lambda rec, dy: to_y(rec, dy)))
add = binary(ADD, np.add, hint_from_x=True)  # TF's add converts y with x's dtype as a hint

SUB = define("Sub", (lambda rec, dy: to_x(rec, dy), lambda rec, dy: to_y(rec, -dy)))
subtract = binary(SUB, np.subtract)

# multiply(...) rather than `*`: the operator's dispatch costs ~50 ns, on every Mul gradient
MUL = define(
    "Mul",
    (
        lambda rec, dy: to_x(rec, multiply(dy, rec.inputs[1])),
        lambda rec, dy: to_y(rec, multiply(rec.inputs[0], dy)),
    ),
    saves_inputs=ALL,
)
multiply: Op = binary(MUL, np.multiply)


# --- division -------------------------------------------------------------------------------
def _real_div_x(rec, dy):
    return to_x(rec, real_div(dy, rec.inputs[1]))


def _real_div_y(rec, dy):
    x, y = rec.inputs
    return to_y(rec, dy * real_div(real_div(-x, y), y))


REAL_DIV = define("RealDiv", (_real_div_x, _real_div_y), saves_inputs=ALL)
real_div = binary(REAL_DIV, quietly(np.true_divide))

# Integer operands of `/` are cast to these before dividing (TF's _TRUEDIV_TABLE); None: as is.
_TRUEDIV_TABLE = {
    dtypes.uint8: dtypes.float32,
    dtypes.int8: dtypes.float32,
    dtypes.int16: dtypes.float32,
    dtypes.int32: dtypes.float64,
    dtypes.int64: dtypes.float64,
    dtypes.float16: None,
    dtypes.float32: None,
    dtypes.float64: None,
    dtypes.complex64: None,
    dtypes.complex128: None,
}
_TRUEDIV_NAMES = (
    "tf.uint8, tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, "
    "tf.int64, tf.bfloat16, tf.float16, tf.float32, tf.float64, tf.complex64, "
    "tf.complex128"
)


def _true_division_operands(x, y, where):
    """Converts as TF's truediv: y follows x's dtype, ints are cast to floats."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype_hint=x.dtype)
    if x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    if x.dtype not in _TRUEDIV_TABLE:
        raise TypeError(
            f"Invalid dtype {x.dtype!r} in {where}. Expected one of {{{_TRUEDIV_NAMES}}}."
        )
    target = _TRUEDIV_TABLE[x.dtype]
    if target is not None:
        x, y = casting.cast(x, target), casting.cast(y, target)
    return x, y


def truediv(x, y, name=None):
    """x / y with Python 3 semantics: integers are divided as floats (TF's truediv)."""
    return real_div(*_true_division_operands(x, y, "__truediv__"))


def divide(x, y, name=None):
    """tf.math.divide and the `/` operator."""
    if type(x) is EagerTensor and x._value.dtype.kind == "f":
        ty = type(y)
        if ty is float or ty is int or (ty is EagerTensor and y._value.dtype == x._value.dtype):
            return real_div(x, y)  # the common case, without truediv's conversions
    if not (isinstance(x, EagerTensor) or hasattr(x, "_as_tensor")):
        y_is_tensor = isinstance(y, EagerTensor) or hasattr(y, "_as_tensor")
        x = convert_to_tensor(x, dtype=y.dtype if y_is_tensor else None)
    return truediv(x, y)


def _check_integer_divisor(op_type, x, y):
    if x.dtype.kind in "iu" and not np.all(y):
        raise invalid_argument(op_type, "Integer division by zero")


def _floor_divide(x, y):
    _check_integer_divisor("FloorDiv", x, y)
    if x.dtype.kind == "f":
        return np.floor(x / y)  # TF floors the quotient (1.0 // 0.1 is 10, not Python's 9)
    return np.floor_divide(x, y)


def _floor_mod(x, y):
    _check_integer_divisor("FloorMod", x, y)
    if x.dtype.kind == "f":  # TF's: fmod, moved to the divisor's sign; zeros keep x's sign
        truncated = np.fmod(x, y)
        return as_value(np.where((truncated != 0) & ((x < 0) != (y < 0)), truncated + y, truncated))
    return np.mod(x, y)


FLOOR_DIV = define("FloorDiv", NOT_DIFFERENTIABLE)
floordiv = binary(FLOOR_DIV, quietly(_floor_divide))


def _floor_mod_y(rec, dy):
    x, y = rec.inputs
    return to_y(rec, dy * -floordiv(x, y))


FLOOR_MOD = define("FloorMod", (lambda rec, dy: to_x(rec, dy), _floor_mod_y), saves_inputs=ALL)
floormod = binary(FLOOR_MOD, quietly(_floor_mod))
mod = floormod


# --- Pow ------------------------------------------------------------------------------------
def _power(x, y):
    if x.dtype.kind in "iu" and np.any(y < 0):
        raise invalid_argument("Pow", "Integers to negative integer powers are not allowed")
    return np.power(x, y)


def _pow_x(rec, dy):
    x, y = rec.inputs
    return to_x(rec, dy * y * pow(x, y - 1))


def _pow_y(rec, dy):
    # log(x) where x > 0, else 0: there is no sensible real value for x < 0 (TF's choice)
    x = rec.inputs[0]
    # complex x: TF's mask is x != 0
    mask = comparisons.not_equal(x, 0) if x._value.dtype.kind == "c" else comparisons.greater(x, 0)
    safe_x = selection.where(mask, x, creation.ones_like(x))
    log_x = selection.where(mask, unary_math.log(safe_x), creation.zeros_like(x))
    return to_y(rec, dy * rec.outputs[0] * log_x)


POW = define("Pow", (_pow_x, _pow_y), saves_inputs=ALL, saves_outputs=ALL)
pow = binary(POW, quietly(_power))  # noqa: A001 - TF's public name


# --- sign and magnitude ---------------------------------------------------------------------
NEG = define("Neg", (lambda rec, dy: -dy,))
negative = unary(NEG, np.negative)

ABS = define("Abs", (lambda rec, dy: dy * sign(rec.inputs[0]),), saves_inputs=ALL)
abs = unary(ABS, np.abs)  # noqa: A001 - TF's public name

SIGN = define("Sign", (lambda rec, dy: creation.zeros_like(rec.inputs[0]),), saves_inputs=ALL)
sign: Op = unary(SIGN, np.sign)


# --- Maximum, Minimum, SquaredDifference ----------------------------------------------------
def _selected_grad(select, to_x_side):
    """Maximum/Minimum: the gradient goes where `select(x, y)` holds, so ties go to x (TF)."""

    def grad(rec, dy):
        x, y = rec.inputs
        zeros = creation.zeros_like(dy)
        x_mask = select(x, y)
        if to_x_side:
            return to_x(rec, selection.where(x_mask, dy, zeros))
        return to_y(rec, selection.where(x_mask, zeros, dy))

    return grad


MAXIMUM = define(
    "Maximum",
    (
        _selected_grad(lambda x, y: comparisons.greater_equal(x, y), True),
        _selected_grad(lambda x, y: comparisons.greater_equal(x, y), False),
    ),
    saves_inputs=ALL,
)
maximum = binary(MAXIMUM, np.maximum)

MINIMUM = define(
    "Minimum",
    (
        _selected_grad(lambda x, y: comparisons.less_equal(x, y), True),
        _selected_grad(lambda x, y: comparisons.less_equal(x, y), False),
    ),
    saves_inputs=ALL,
)
minimum = binary(MINIMUM, np.minimum)


def _squared_difference_grad(rec, dy):
    x, y = rec.inputs
    return multiply(2.0, dy) * (x - y)


SQUARED_DIFFERENCE = define(
    "SquaredDifference",
    (
        lambda rec, dy: to_x(rec, _squared_difference_grad(rec, dy)),
        lambda rec, dy: to_y(rec, -_squared_difference_grad(rec, dy)),
    ),
    saves_inputs=ALL,
)


def _squared_difference(x, y):
    difference = np.subtract(x, y)
    return difference * difference


squared_difference = binary(SQUARED_DIFFERENCE, _squared_difference)


# --- AddN -----------------------------------------------------------------------------------
ADD_N = define("AddN", lambda rec, dy: (dy,) * len(rec.input_ids))
_ADD_N_COMPUTABLE = allowed_numpy_dtypes("AddN")
_ADD_N_USAGE = (
    "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape."
)


def add_n(inputs, name=None):
    """Sums a list of tensors of one dtype and shape (no broadcasting, as TF)."""
    try:
        inputs = list(inputs)
    except TypeError:
        raise ValueError(_ADD_N_USAGE) from None
    if not inputs:
        raise ValueError(_ADD_N_USAGE)
    tensors = [convert_to_tensor(t) for t in inputs]
    if len(tensors) == 1:
        return tensors[0]
    first = tensors[0]
    for index, t in enumerate(tensors[1:], 1):
        if t.dtype != first.dtype:
            raise invalid_argument(
                "AddN",
                (
                    f"cannot compute AddN as input #{index}(zero-based) was expected to be a "
                    f"{_tf_type_name(first.dtype)} tensor but is a {_tf_type_name(t.dtype)} tensor"
                ),
            )
    check_dtype("AddN", first, _ADD_N_COMPUTABLE)
    for index, t in enumerate(tensors[1:], 1):
        if t._value.shape != first._value.shape:
            raise invalid_argument(
                "AddN",
                (
                    "Inputs to operation AddN of type AddN must have the same size and shape.  "
                    f"Input 0: {_shape_text(first)} != input {index}: {_shape_text(t)}"
                ),
            )
    value = reduce(np.add, [t._value for t in tensors])
    return execute(ADD_N, tuple(tensors), value)


def _shape_text(tensor):
    return "[" + ",".join(map(str, tensor._value.shape)) + "]"


# --- DivNoNan, Xlogy, Xdivy -----------------------------------------------------------------
def _div_no_nan_value(x, y):
    with np.errstate(all="ignore"):
        return as_value(np.where(y == 0, x.dtype.type(0), x / y))


DIV_NO_NAN = define(
    "DivNoNan",
    (
        lambda rec, dy: to_x(rec, _div_no_nan_op(dy, rec.inputs[1])),
        lambda rec, dy: to_y(
            rec, dy * _div_no_nan_op(_div_no_nan_op(-rec.inputs[0], rec.inputs[1]), rec.inputs[1])
        ),
    ),
    saves_inputs=ALL,
)
_div_no_nan_op: Op = binary(DIV_NO_NAN, _div_no_nan_value)


def divide_no_nan(x, y, name=None):
    """x / y, or 0 where y is 0 (even for x nan or inf); integers are divided as floats."""
    y_is_tensor = isinstance(y, EagerTensor) or hasattr(y, "_as_tensor")
    if y_is_tensor and not (isinstance(x, EagerTensor) or hasattr(x, "_as_tensor")):
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype=y.dtype)
    return _div_no_nan_op(*_true_division_operands(x, y, "tf.math.divide_no_nan"))


def _x_is_not_zero(x):
    return casting.cast(comparisons.not_equal(x, casting.cast(0.0, x.dtype)), x.dtype)


def _xlogy_value(x, y):
    with np.errstate(all="ignore"):
        return as_value(np.where(x == 0, x.dtype.type(0), x * np.log(y)))


XLOGY = define(
    "Xlogy",
    (
        lambda rec, dy: to_x(rec, xlogy(_x_is_not_zero(rec.inputs[0]), rec.inputs[1]) * dy),
        lambda rec, dy: to_y(rec, xdivy(rec.inputs[0], rec.inputs[1]) * dy),
    ),
    saves_inputs=ALL,
)
xlogy: Op = binary(XLOGY, _xlogy_value)


def _xdivy_value(x, y):
    with np.errstate(all="ignore"):
        return as_value(np.where(x == 0, x.dtype.type(0), x / y))


XDIVY = define(
    "Xdivy",
    (
        lambda rec, dy: to_x(rec, xdivy(_x_is_not_zero(rec.inputs[0]), rec.inputs[1]) * dy),
        lambda rec, dy: to_y(rec, xdivy(-rec.inputs[0], rec.inputs[1] ** 2) * dy),
    ),
    saves_inputs=ALL,
)
xdivy: Op = binary(XDIVY, _xdivy_value)

__all__ = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "truediv",
    "floordiv",
    "floormod",
    "mod",
    "pow",
    "negative",
    "abs",
    "sign",
    "maximum",
    "minimum",
    "squared_difference",
    "add_n",
    "divide_no_nan",
    "xlogy",
    "xdivy",
]
TOP_LEVEL = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "truediv",
    "pow",
    "negative",
    "abs",
    "sign",
    "maximum",
    "minimum",
    "add_n",
]
