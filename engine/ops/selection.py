"""Choosing between values elementwise: where (SelectV2, or Where for coordinates) and
clip_by_value (TF's composite of Minimum and Maximum).

SelectV2's gradient routes the upstream gradient to the branch that was chosen and zeros to the
other. The unchosen branch's own gradient still multiplies those zeros, so a NaN or Inf there
(log(x) at x == 0) leaks through, exactly as in TF: the famous tf.where NaN trap.
"""

import numpy as np

from ..errors import invalid_argument
from ..shape import TensorShape
from ..tensor import EagerTensor, IndexedSlices, convert_to_tensor
from .array_args import shape_text
from .operands import same_dtype, unbroadcast
from .registry import NOT_DIFFERENTIABLE, define, execute

__all__ = ["where", "clip_by_value"]

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
            from .operands import _tf_type_name

            raise invalid_argument(
                "SelectV2",
                f"cannot compute SelectV2 as input #0(zero-based) "
                f"was expected to be a bool tensor but is a "
                f"{_tf_type_name(c.dtype)} tensor",
            )
        return c
    return convert_to_tensor(condition, dtype="bool")


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(max(t, lo), hi) as TF computes it: Minimum with hi, then Maximum with lo.

    At a boundary (t == hi or t == lo) the gradient goes to t, by Minimum's and Maximum's
    tie rules; the clip values get the gradient of the elements clipped to them.
    """
    from . import math as math_ops

    values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t)
    clipped = math_ops.minimum(values, clip_value_max)
    _check_unbroadcast(values, clipped)
    clipped = math_ops.maximum(clipped, clip_value_min)
    _check_unbroadcast(values, clipped)
    if isinstance(t, IndexedSlices):
        return IndexedSlices(clipped, t.indices, t.dense_shape)
    return clipped


def _check_unbroadcast(values, result):
    if values._value.shape != result._value.shape:
        raise ValueError(
            f"Shapes {TensorShape(values._value.shape)} and "
            f"{TensorShape(result._value.shape)} are incompatible"
        )
