"""Math ops: forward, gradient and what each keeps for backward, side by side.

Gradients are written with engine ops so that an outer tape records them (higher order).
"""
import numpy as np

from .operands import (broadcast_attrs, broadcast_error, float_operand, same_dtype,
                       unbroadcast)
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute  # noqa: F401

# tf.math.<name> for each name here; TOP_LEVEL also become tf.<name>, as in TF.
__all__ = ["add", "subtract", "multiply", "divide", "negative", "sin", "cos", "exp", "log", "tanh",
           "reduce_sum"]
TOP_LEVEL = ["add", "subtract", "multiply", "divide", "negative", "sin", "cos", "exp", "tanh",
             "reduce_sum"]


def _binary(opdef, fn):
    """A broadcasting binary op whose NumPy forward is `fn`."""
    op_type = opdef.type

    def op(x, y, name=None):
        x, y = same_dtype(op_type, x, y)
        try:
            value = fn(x._value, y._value)
        except ValueError:
            raise broadcast_error(op_type, x, y) from None
        return execute(opdef, (x, y), value, broadcast_attrs(x, y))

    return op


def _to_x(rec, grad):
    """`grad` summed back to the first operand's shape (undoing broadcasting)."""
    return grad if rec.attrs is None else unbroadcast(grad, rec.attrs[0])


def _to_y(rec, grad):
    return grad if rec.attrs is None else unbroadcast(grad, rec.attrs[1])


def _unary(opdef, fn):
    op_type = opdef.type

    def op(x, name=None):
        x = float_operand(op_type, x)
        return execute(opdef, (x,), fn(x._value))

    return op


# --- arithmetic ---------------------------------------------------------------------------
ADD = define("AddV2", (lambda rec, dy: _to_x(rec, dy), lambda rec, dy: _to_y(rec, dy)))
add = _binary(ADD, np.add)

SUB = define("Sub", (lambda rec, dy: _to_x(rec, dy), lambda rec, dy: _to_y(rec, -dy)))
subtract = _binary(SUB, np.subtract)

MUL = define("Mul", (lambda rec, dy: _to_x(rec, dy * rec.inputs[1]),
                    lambda rec, dy: _to_y(rec, dy * rec.inputs[0])), saves_inputs=ALL)
multiply = _binary(MUL, np.multiply)


REAL_DIV = define("RealDiv", (
    lambda rec, dy: _to_x(rec, dy / rec.inputs[1]),
    lambda rec, dy: _to_y(rec, -dy * rec.inputs[0] / (rec.inputs[1] * rec.inputs[1]))),
    saves_inputs=ALL)
_real_div = _binary(REAL_DIV, np.true_divide)


def divide(x, y, name=None):
    return _real_div(x, y)


NEG = define("Neg", (lambda rec, dy: -dy,))


def negative(x, name=None):
    x = same_dtype("Neg", x)[0]
    return execute(NEG, (x,), np.negative(x._value))


# --- elementwise transcendental -----------------------------------------------------------
SIN = define("Sin", (lambda rec, dy: dy * cos(rec.inputs[0]),), saves_inputs=ALL)
sin = _unary(SIN, np.sin)

COS = define("Cos", (lambda rec, dy: -dy * sin(rec.inputs[0]),), saves_inputs=ALL)
cos = _unary(COS, np.cos)

EXP = define("Exp", (lambda rec, dy: dy * rec.outputs[0],), saves_outputs=ALL)
exp = _unary(EXP, np.exp)

LOG = define("Log", (lambda rec, dy: dy / rec.inputs[0],), saves_inputs=ALL)
log = _unary(LOG, np.log)

TANH = define("Tanh", (lambda rec, dy: dy * (1 - rec.outputs[0] * rec.outputs[0]),),
              saves_outputs=ALL)
tanh = _unary(TANH, np.tanh)


# --- reductions ---------------------------------------------------------------------------
def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = np.asarray(axis._value if hasattr(axis, "_value") else axis).reshape(-1)
    return tuple(sorted({int(a) % ndim if ndim else 0 for a in axes}))


def _sum_grad(rec, dy):
    from .array import broadcast_to, reshape
    shape, axes, keepdims = rec.attrs
    if not keepdims:
        kept = list(shape)
        for a in axes:
            kept[a] = 1
        dy = reshape(dy, kept)
    return broadcast_to(dy, shape)


SUM = define("Sum", (_sum_grad,))


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    x = same_dtype("Sum", input_tensor)[0]
    axes = _axes(axis, x._value.ndim)
    value = np.sum(x._value, axis=axes, keepdims=keepdims)
    if value.dtype != x._value.dtype:  # NumPy widens small ints; TF keeps the dtype
        value = value.astype(x._value.dtype)
    return execute(SUM, (x,), value, (x._value.shape, axes, keepdims))


def add_gradients(a, b):
    """Sums two gradients of one tensor (the backward pass's accumulation)."""
    from ..indexed_slices import IndexedSlices, densify
    if isinstance(a, IndexedSlices) or isinstance(b, IndexedSlices):
        a, b = densify(a), densify(b)
    return add(a, b)

