"""tf.roll (op Roll): elements shifted cyclically along axes; its gradient rolls back."""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import int_tensor, shape_text
from .operands import _tf_type_name
from .registry import define, execute

__all__ = ["roll"]
TOP_LEVEL = list(__all__)


def _roll_grad(rec, dy):
    shift, axis = rec.attrs
    return roll(dy, EagerTensor(-shift), EagerTensor(axis))


ROLL = define("Roll", (_roll_grad, None, None))


def _int_argument(attr, value):
    t = int_tensor(value)
    if t._value.dtype not in (np.int32, np.int64):
        raise invalid_argument(
            "Roll",
            f"Value for attr '{attr}' of {_tf_type_name(t.dtype)} is not in the list of "
            "allowed values: int32, int64",
        )
    return t


def roll(input, shift, axis, name=None):
    x = convert_to_tensor(input)
    shift_t = _int_argument("Tshift", shift)
    axis_t = _int_argument("Taxis", axis)
    ndim = x._value.ndim
    if ndim < 1:
        raise invalid_argument("Roll", "input must be 1-D or higher")
    for what, t in (("shift", shift_t), ("axis", axis_t)):
        if t._value.ndim > 1:
            raise invalid_argument(
                "Roll",
                f"{what} must be a scalar or a 1-D vector. Found: {shape_text(t._value.shape)}",
            )
    if shift_t._value.shape != axis_t._value.shape:
        raise invalid_argument("Roll", "shift and axis must have the same size")
    shifts = [0] * ndim
    for s, a in zip(np.reshape(shift_t._value, -1), np.reshape(axis_t._value, -1)):
        a = int(a) + ndim if a < 0 else int(a)
        if not 0 <= a < ndim:
            raise invalid_argument("Roll", f"axis {a} is out of range")
        shifts[a] += int(s)  # an axis named twice rolls by the sum of its shifts
    value = np.roll(x._value, shifts, axis=tuple(range(ndim)))
    return execute(ROLL, (x, shift_t, axis_t), value, (shift_t._value, axis_t._value))
