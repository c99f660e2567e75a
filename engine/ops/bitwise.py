"""Invert (bitwise NOT of integers): what `~` does to an integer tensor, as TF's invert_."""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .operands import _tf_type_name
from .registry import NOT_DIFFERENTIABLE, define, execute

INVERT = define("Invert", NOT_DIFFERENTIABLE)
_INTEGERS = "int8, int16, int32, int64, uint8, uint16, uint32, uint64"


def invert(x, name=None):
    x = x if type(x) is EagerTensor else convert_to_tensor(x)
    if x._value.dtype.kind not in "iu":
        raise invalid_argument(
            "Invert",
            f"Value for attr 'T' of {_tf_type_name(x.dtype)} is "
            f"not in the list of allowed values: {_INTEGERS}",
        )
    return execute(INVERT, (x,), np.invert(x._value))


__all__ = []
TOP_LEVEL: list[str] = []
