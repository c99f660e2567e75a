"""Choosing between values elementwise: where (SelectV2, or Where for coordinates).

SelectV2's gradient routes the upstream gradient to the branch that was chosen and zeros to the
other. The unchosen branch's own gradient still multiplies those zeros, so a NaN or Inf there
(log(x) at x == 0) leaks through, exactly as in TF: the famous tf.where NaN trap.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import shape_text
from .operands import _tf_type_name, same_dtype
from .registry import NOT_DIFFERENTIABLE, define, execute
from .summing import unbroadcast

__all__ = ["where"]

WHERE = define("Where", NOT_DIFFERENTIABLE)


def _zeros_for(dy):
    return EagerTensor(dy._value.dtype.type(0))


def _select_x_grad(rec, dy):
    dy = convert_to_tensor(dy)
    return unbroadcast(where(rec.inputs[0], dy, _zeros_for(dy)), rec.attrs[0])


def _select_y_grad(rec, dy):
    dy = convert_to_tensor(dy)
    return unbroadcast(where(rec.inputs[0], _zeros_for(dy), dy), rec.attrs[1])


SELECT = define("SelectV2", (None, _select_x_grad, _select_y_grad), saves_inputs=(0,))


def where(condition, x=None, y=None, name=None):
    if x is None and y is None:
        c = convert_to_tensor(condition, dtype_hint="bool")
        return execute(WHERE, (c,), np.argwhere(c._value).astype(np.int64))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    c = _condition(condition)
    x, y = same_dtype("SelectV2", x, y, first_input=1)  # input 0 is the condition
    cs, xs, ys = c._value.shape, x._value.shape, y._value.shape
    try:
        value = np.where(c._value, x._value, y._value)
    except ValueError:
        raise invalid_argument(
            "SelectV2",
            f"condition {shape_text(cs)}, then {shape_text(xs)}, "
            f"and else {shape_text(ys)} must be broadcastable",
        ) from None
    return execute(SELECT, (c, x, y), value if value.ndim else value[()], (xs, ys))


def _condition(condition):
    if isinstance(condition, EagerTensor) or hasattr(condition, "_as_tensor"):
        c = convert_to_tensor(condition)
        if c._value.dtype != np.bool_:
            raise invalid_argument(
                "SelectV2",
                f"cannot compute SelectV2 as input #0(zero-based) "
                f"was expected to be a bool tensor but is a "
                f"{_tf_type_name(c.dtype)} tensor",
            )
        return c
    return convert_to_tensor(condition, dtype="bool")
