"""Comparisons, logical ops and IsNan/IsInf/IsFinite: all give bool tensors, none is
differentiable (TF registers the comparisons and logical ops as NotDifferentiable, and no
gradient at all for IsNan/IsInf/IsFinite)."""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .elementwise import allowed_numpy_dtypes, binary, matching_operands, unary
from .operands import _tf_type_name, broadcast_error
from .registry import NOT_DIFFERENTIABLE, define, execute

EQUAL = define("Equal", NOT_DIFFERENTIABLE)
equal = binary(EQUAL, np.equal)

NOT_EQUAL = define("NotEqual", NOT_DIFFERENTIABLE)
not_equal = binary(NOT_EQUAL, np.not_equal)

LESS = define("Less", NOT_DIFFERENTIABLE)
less = binary(LESS, np.less)

LESS_EQUAL = define("LessEqual", NOT_DIFFERENTIABLE)
less_equal = binary(LESS_EQUAL, np.less_equal)

GREATER = define("Greater", NOT_DIFFERENTIABLE)
greater = binary(GREATER, np.greater)

GREATER_EQUAL = define("GreaterEqual", NOT_DIFFERENTIABLE)
greater_equal = binary(GREATER_EQUAL, np.greater_equal)


def _equality_operator(opdef, fn):
    """`==`/`!=` on tensors (TF's tensor_equals): None compares unequal, and shapes that do
    not broadcast give a scalar answer instead of an error (incompatible_shape_error=False)."""
    computable = allowed_numpy_dtypes(opdef.type)

    def compare(self, other):
        if other is None:
            return opdef is NOT_EQUAL
        x, y = matching_operands(opdef.type, computable, self, other)
        try:
            value = fn(x._value, y._value)
        except ValueError:
            value = np.bool_(opdef is NOT_EQUAL)
        return execute(opdef, (x, y), value)

    return compare


tensor_equals = _equality_operator(EQUAL, np.equal)
tensor_not_equals = _equality_operator(NOT_EQUAL, np.not_equal)


def _bool_operands(op_type, *values):
    """Logical ops take bool tensors only; TF names the first operand that is not one."""
    tensors = []
    for index, v in enumerate(values):
        if isinstance(v, EagerTensor) or hasattr(v, "_as_tensor"):
            t = convert_to_tensor(v)
        else:
            t = convert_to_tensor(v, dtype=dtypes.bool)
        if t._value.dtype.kind != "b":
            raise invalid_argument(
                op_type,
                (
                    f"cannot compute {op_type} as input #{index}(zero-based) was expected to be a "
                    f"bool tensor but is a {_tf_type_name(t.dtype)} tensor"
                ),
            )
        tensors.append(t)
    return tensors


def _logical(opdef, fn):
    op_type = opdef.type

    def op(x, y, name=None):
        x, y = _bool_operands(op_type, x, y)
        try:
            value = fn(x._value, y._value)
        except ValueError:
            raise broadcast_error(op_type, x, y) from None
        return execute(opdef, (x, y), value)

    return op


LOGICAL_AND = define("LogicalAnd", NOT_DIFFERENTIABLE)
logical_and = _logical(LOGICAL_AND, np.logical_and)

LOGICAL_OR = define("LogicalOr", NOT_DIFFERENTIABLE)
logical_or = _logical(LOGICAL_OR, np.logical_or)

LOGICAL_NOT = define("LogicalNot", NOT_DIFFERENTIABLE)


def logical_not(x, name=None):
    (x,) = _bool_operands("LogicalNot", x)
    return execute(LOGICAL_NOT, (x,), np.logical_not(x._value))


def logical_xor(x, y, name="LogicalXor"):
    """Composite in TF too: (x or y) and not (x and y)."""
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


IS_NAN = define("IsNan")  # TF registers no gradient for these three
is_nan = unary(IS_NAN, np.isnan)

IS_INF = define("IsInf")
is_inf = unary(IS_INF, np.isinf)

IS_FINITE = define("IsFinite")
is_finite = unary(IS_FINITE, np.isfinite)

__all__ = [
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_not",
    "logical_xor",
    "is_nan",
    "is_inf",
    "is_finite",
]
TOP_LEVEL = [
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_not",
]
