"""How math ops are built: the unary/binary op factories, with their operand conversion and
fast paths, and the gradients' undoing of broadcasting (to_x, to_y).

Every op checks its operands' dtype against TF's op definition (attr `T`, in
engine/ops/dtype_rules.py) and raises TF's InvalidArgumentError, worded as TF words it, when
the dtype is not allowed.
"""

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError, invalid_argument
from ..tensor import FLOAT_DTYPES, EagerTensor, _ids, convert_to_tensor
from .dtype_rules import (  # noqa: F401  (the op families import these from here)
    ALLOWED_T,
    allowed_numpy_dtypes,
    as_value,
    check_dtype,
    dtype_error,
    quietly,
)
from .operands import _tf_type_name, broadcast_error
from .registry import execute, observers, record, recording_tapes
from .summing import unbroadcast

_new_tensor = object.__new__

# TF computes inf and nan silently (0 * inf, overflow); NumPy would warn from inside the ops.
# Where such values are common (log, division) the ops also switch NumPy's checks off.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"engine\.ops\.")


def _is_tensor(value):
    return isinstance(value, EagerTensor) or hasattr(value, "_as_tensor")


def matching_operands(op_type, computable, x, y, hint_from_x=False):
    """The two operands of an op whose inputs share TF's attr T, converted as TF converts them.

    A Python or NumPy value takes the dtype of the first operand that is already a tensor (a
    TypeError if it cannot: `int_tensor - 1.5`); with `hint_from_x` (tf.add and `+`), x is
    converted on its own and x's dtype is only a hint for y. Then, in TF's order, x's dtype
    must be allowed for the op, and y's dtype must equal x's (both InvalidArgumentError).
    """
    if hint_from_x or _is_tensor(x) or not _is_tensor(y):
        x = convert_to_tensor(x)
        if hint_from_x and not _is_tensor(y):
            y = convert_to_tensor(y, dtype_hint=x.dtype)
        else:
            y = convert_to_tensor(y, dtype=None if _is_tensor(y) else x.dtype)
    else:
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype=y.dtype)
    if x._value.dtype not in computable:
        raise dtype_error(op_type, x)
    if y._value.dtype != x._value.dtype:
        raise invalid_argument(
            op_type,
            (
                f"cannot compute {op_type} as input #1(zero-based) was expected to be a "
                f"{_tf_type_name(x.dtype)} tensor but is a {_tf_type_name(y.dtype)} tensor"
            ),
        )
    return x, y


# What a Python number becomes when an op meets it, by (dtype, number): the NumPy scalar the
# operand tensor holds, and the same value as a 0-d array to compute with (NumPy multiplies an
# array by a 0-d array about a third faster than by a NumPy scalar, with the same result).
# Making a scalar costs more than the op itself; both are immutable (the array is made
# read-only), so sharing them is safe. 0 is left out so that -0.0 never turns into 0.0, and
# the size is bounded for programs with many constants.
_SCALARS: dict[tuple[Any, Any], tuple[Any, np.ndarray]] = {}
# id(cached scalar) -> its 0-d array, for when a cached scalar comes back as a tensor's value
# (Mul's gradient multiplies by the saved `y` of `x * 2.0`). Ids are safe keys here: _SCALARS
# keeps every cached scalar alive, so no other object can have its id.
_SCALAR_ARRAYS: dict[int, np.ndarray] = {}


def _scalar_operand(dtype, number):
    key = (dtype, number)
    pair = _SCALARS.get(key)
    if pair is None:
        scalar = dtype.type(number)
        array = np.array(scalar)
        array.flags.writeable = False
        pair = scalar, array
        if number and len(_SCALARS) < 1024:
            _SCALARS[key] = pair
            _SCALAR_ARRAYS[id(scalar)] = array
    return pair


# An op function made by `binary` or `unary` (its arguments as tf's: tensors, numbers, name=).
Op = Callable[..., Any]


def binary(opdef, fn, hint_from_x=False) -> Op:
    """A broadcasting binary op with TF's dtype rules; `fn` computes it on NumPy values."""
    op_type = opdef.type
    computable = allowed_numpy_dtypes(op_type)

    def broadcasting(x, y, xv, yv):
        try:
            value = fn(xv, yv)
        except InvalidArgumentError:  # the op's own error (integer division by zero, ...)
            raise
        except ValueError:  # NumPy could not broadcast the operands
            raise broadcast_error(op_type, x, y) from None
        sx, sy = xv.shape, yv.shape
        if sx == sy:
            shapes = None
        elif not sy and sx == value.shape:  # tensor op scalar: shared markers, no tuple
            shapes = SCALAR_Y
        elif not sx and sy == value.shape:
            shapes = SCALAR_X
        else:
            shapes = (sx, sy)
        return execute(opdef, (x, y), value, shapes)

    def op(x, y, name=None):
        # The common cases stay cheap: two float tensors of one dtype (of one shape, or y a
        # scalar), or a float tensor and a Python number (which takes the tensor's dtype).
        if type(x) is not EagerTensor:
            return converted(x, y)
        xv = x._value
        dtype = xv.dtype
        if type(dtype) not in FLOAT_DTYPES:
            return converted(x, y)
        ty = type(y)
        if ty is not EagerTensor and ty is not float and ty is not int:
            # a variable (a layer's bias) is read here as convert_to_tensor reads it
            as_tensor = getattr(y, "_as_tensor", None)
            if as_tensor is None:
                return converted(x, y)
            y = as_tensor()
            ty = type(y)
        if ty is EagerTensor:
            yv = y._value
            y_dtype = yv.dtype
            if y_dtype is not dtype and y_dtype != dtype:  # `is`: the usual case, cheaper
                return converted(x, y)
            sy = yv.shape
            if xv.shape == sy:
                shapes = None
            elif not sy:  # a scalar y always broadcasts, to x's shape
                shapes = SCALAR_Y
                yv = _SCALAR_ARRAYS.get(id(yv), yv)
            else:
                return broadcasting(x, y, xv, yv)
            value = fn(xv, yv)
        elif ty is float or ty is int:
            pair = _SCALARS.get((dtype, y))
            scalar, operand = _scalar_operand(dtype, y) if pair is None else pair
            y = _new_tensor(EagerTensor)  # EagerTensor(scalar) without __init__
            y._value = scalar
            y._id = next(_ids)
            value = fn(xv, operand)
            shapes = SCALAR_Y if xv.ndim else None
        else:
            return converted(x, y)
        # registry.execute, inlined: this runs for every elementwise op
        output = _new_tensor(EagerTensor)
        output._value = value
        output._id = next(_ids)
        if recording_tapes or observers:
            record(opdef, (x, y), output, shapes)
        return output

    def converted(x, y):
        x, y = matching_operands(op_type, computable, x, y, hint_from_x)
        return broadcasting(x, y, x._value, y._value)

    op.__name__ = op.__qualname__ = op_type
    return op


def unary(opdef, fn) -> Op:
    """An elementwise op of one tensor; operands convert as TF converts them (3 is int32)."""
    op_type = opdef.type
    computable = allowed_numpy_dtypes(op_type)

    def op(x, name=None):
        if type(x) is not EagerTensor:
            x = convert_to_tensor(x)
        xv = x._value
        if type(xv.dtype) not in FLOAT_DTYPES:
            check_dtype(op_type, x, computable)
        # registry.execute, inlined: this runs for every elementwise op
        output = _new_tensor(EagerTensor)
        output._value = fn(xv)
        output._id = next(_ids)
        if recording_tapes or observers:
            record(opdef, (x,), output, None)
        return output

    op.__name__ = op.__qualname__ = op_type
    return op


# What a broadcasting binary op records as attrs for its gradient: None when both operands
# have the output's shape, one of these markers when one operand is a scalar and the other
# has the output's shape (most `tensor * 2.0`), else the tuple (x shape, y shape).
SCALAR_X: tuple[Any, ...] = ("x is a scalar",)
SCALAR_Y: tuple[Any, ...] = ("y is a scalar",)


def to_x(rec, grad):
    """`grad` summed back to the first operand's shape (undoing broadcasting)."""
    shapes = rec.attrs
    if shapes is None or shapes is SCALAR_Y:
        return grad
    return unbroadcast(grad, () if shapes is SCALAR_X else shapes[0])


def to_y(rec, grad):
    """`grad` summed back to the second operand's shape."""
    shapes = rec.attrs
    if shapes is None or shapes is SCALAR_X:
        return grad
    return unbroadcast(grad, () if shapes is SCALAR_Y else shapes[1])


def scalar_like(tensor, number):
    """A Python number as a rank-0 tensor of `tensor`'s dtype (TF's `constant(1, dtype=...)`)."""
    return EagerTensor(tensor._value.dtype.type(number))
