"""Reductions (Sum, Mean, Max, Min, Prod, Any, All, ArgMax, ArgMin) and the composites TF
builds from them (reduce_logsumexp, reduce_variance, reduce_std, l2_normalize), with the same
op sequence TF records.

Sum/Mean/Prod/Max/Min record the input tensor only; the reduction axes, input shape and
keepdims travel in the record's attrs (the axes tensor TF records is a constant).
"""

import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import (
    arithmetic,
    casting,
    comparisons,
    cumulative,
    selection,
    shape_ops,
    summing,
    unary_math,
)
from .elementwise import allowed_numpy_dtypes, as_value, check_dtype, scalar_like
from .operands import _tf_type_name
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute
from .summing import _HALF, _kept_shape, _reduction, _sum, _sum_grad, reduce_sum


# --- Sum, Mean ------------------------------------------------------------------------------
def _mean(v, axes, keepdims):
    total = _sum(v, axes, keepdims)
    count = math.prod([v.shape[a] for a in axes])  # math.prod: np.prod of a list takes ~3 us
    if v.dtype.kind in "fc":
        if count and v.dtype != _HALF:  # a float32/64 division by a count can only underflow
            return total / v.dtype.type(count)
        # the mean of nothing is nan, silently; a half count can overflow (the context costs
        # about as much as the rest of the op, so only here)
        with np.errstate(all="ignore"):
            return total / v.dtype.type(count)
    if count == 0:
        return np.zeros_like(total)
    wide = np.asarray(total, dtype=np.int64)  # integer means truncate toward zero, as in C
    quotient = wide // count
    quotient = np.where((wide % count != 0) & (wide < 0), quotient + 1, quotient)
    return quotient.astype(v.dtype)


def _mean_grad(rec, dy):
    shape, axes, _ = rec.attrs
    sum_grad = _sum_grad(rec, dy)
    output_size = math.prod([d for i, d in enumerate(shape) if i not in axes])
    factor = math.prod(shape) // max(output_size, 1)
    return arithmetic.real_div(sum_grad, scalar_like(sum_grad, factor))


MEAN = define("Mean", (_mean_grad,))
reduce_mean = _reduction(MEAN, _mean)


# --- Max, Min -------------------------------------------------------------------------------
def _min_or_max_grad(rec, dy):
    """The gradient is split equally among the elements that attain the extreme (TF)."""
    shape, axes, keepdims = rec.attrs
    x, y = rec.inputs[0], rec.outputs[0]
    kept = _kept_shape(shape, axes)
    if not keepdims:
        y = shape_ops.reshape(y, kept)
        dy = shape_ops.reshape(dy, kept)
    indicators = casting.cast(comparisons.equal(y, x), dy.dtype)
    num_selected = shape_ops.reshape(reduce_sum(indicators, axes), kept)
    return arithmetic.divide(indicators, num_selected) * dy


def _extreme(pick, identity):
    def compute(v, axes, keepdims):
        if v.dtype.kind == "f":
            start = v.dtype.type(identity)
        else:
            info = np.iinfo(v.dtype)
            start = info.min if identity < 0 else info.max
        return pick(v, axis=axes, keepdims=keepdims, initial=start)  # empty: -inf / +inf

    return compute


MAX = define("Max", (_min_or_max_grad,), saves_inputs=ALL, saves_outputs=ALL)
reduce_max = _reduction(MAX, _extreme(np.max, -np.inf))

MIN = define("Min", (_min_or_max_grad,), saves_inputs=ALL, saves_outputs=ALL)
reduce_min = _reduction(MIN, _extreme(np.min, np.inf))


# --- Prod -----------------------------------------------------------------------------------
def _prod_grad(rec, dy):
    """TF's: the product of all other entries as an exclusive cumprod from each side, which
    stays right when inputs contain zeros."""
    shape, axes, keepdims = rec.attrs
    x = rec.inputs[0]
    if not keepdims:
        dy = shape_ops.reshape(dy, _kept_shape(shape, axes))
    dy = summing.broadcast_to(dy, shape)
    other = [i for i in range(len(shape)) if i not in axes]
    perm = list(axes) + other
    reduced_num = int(np.prod([shape[i] for i in axes]))
    other_num = int(np.prod([shape[i] for i in other]))
    permuted = shape_ops.transpose(x, perm)
    permuted_shape = permuted._value.shape
    reshaped = shape_ops.reshape(permuted, (reduced_num, other_num))
    left = cumulative.cumprod(reshaped, axis=0, exclusive=True)
    right = cumulative.cumprod(reshaped, axis=0, exclusive=True, reverse=True)
    y = shape_ops.reshape(left * right, permuted_shape)
    out = dy * shape_ops.transpose(y, list(np.argsort(perm)))
    return shape_ops.reshape(out, shape)


PROD = define("Prod", (_prod_grad,), saves_inputs=ALL)
reduce_prod = _reduction(
    PROD, lambda v, axes, kd: np.prod(v, axis=axes, keepdims=kd, dtype=v.dtype)
)


# --- Any, All -------------------------------------------------------------------------------
def _bool_input(op_type):
    def check(x):
        if x._value.dtype.kind != "b":
            raise invalid_argument(
                op_type,
                (
                    f"cannot compute {op_type} as input #0(zero-based) was expected to be a bool "
                    f"tensor but is a {_tf_type_name(x.dtype)} tensor"
                ),
            )

    return check


ANY = define("Any")  # bool inputs are never recorded; TF registers no gradient either
reduce_any = _reduction(
    ANY, lambda v, axes, kd: np.any(v, axis=axes, keepdims=kd), _bool_input("Any")
)

ALL_OP = define("All")
reduce_all = _reduction(
    ALL_OP, lambda v, axes, kd: np.all(v, axis=axes, keepdims=kd), _bool_input("All")
)


# --- ArgMax, ArgMin -------------------------------------------------------------------------
def _arg_extreme(opdef, pick, nan_stand_in):
    op_type = opdef.type
    computable = allowed_numpy_dtypes(op_type)

    def op(input, axis=None, output_type=dtypes.int64, name=None):
        if axis is None:
            axis = 0
        if hasattr(axis, "dtype"):
            if not dtypes.as_dtype(axis.dtype).is_integer:
                raise TypeError(f"axis tensor dtypes {axis.dtype} is not supported")
            axis = int(np.asarray(convert_to_tensor(axis)._value))
        elif not isinstance(axis, int):
            raise TypeError("axis must be int or Tensor with integer datatype")
        output_type = dtypes.as_dtype(output_type)
        if output_type not in (dtypes.int16, dtypes.int32, dtypes.int64):
            raise invalid_argument(
                op_type,
                (
                    f"Value for attr 'output_type' of {_tf_type_name(output_type)} is not in the "
                    "list of allowed values: int16, uint16, int32, int64"
                ),
            )
        x = input if type(input) is EagerTensor else convert_to_tensor(input)
        check_dtype(op_type, x, computable)
        v = x._value
        rank = v.ndim
        if not -rank <= axis < rank:
            raise invalid_argument(
                op_type, f"Expected dimension in the range [{-rank}, {rank}), but got {axis}"
            )
        if v.dtype.kind == "f":
            # TF's kernel never picks a NaN over a number: compare with NaN as -inf (+inf)
            v = np.where(np.isnan(v), v.dtype.type(nan_stand_in), v)
        value = as_value(np.asarray(pick(v, axis=axis)).astype(output_type._np))
        return execute(opdef, (x,), value, axis)

    return op


ARG_MAX = define("ArgMax", NOT_DIFFERENTIABLE)
argmax = _arg_extreme(ARG_MAX, np.argmax, -np.inf)

ARG_MIN = define("ArgMin", NOT_DIFFERENTIABLE)
argmin = _arg_extreme(ARG_MIN, np.argmin, np.inf)


# --- composites, built from the ops TF builds them from ------------------------------------
def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """log(sum(exp(x))) shifted by the (finite) maximum, which gets no gradient (TF's)."""
    raw_max = reduce_max(input_tensor, axis=axis, keepdims=True)
    my_max = shape_ops.stop_gradient(
        selection.where(comparisons.is_finite(raw_max), raw_max, scalar_like(raw_max, 0))
    )
    result = unary_math.log(
        reduce_sum(
            unary_math.exp(arithmetic.subtract(input_tensor, my_max)), axis=axis, keepdims=keepdims
        )
    )
    if not keepdims:
        my_max = shape_ops.reshape(my_max, shape_ops.shape(result))
    return arithmetic.add(result, my_max)


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    x = convert_to_tensor(input_tensor)
    means = reduce_mean(x, axis=axis, keepdims=True)
    if means.dtype.is_integer:
        raise TypeError(
            "Input must be either real or complex. Received integer type "
            f"<dtype: '{means.dtype.name}'>."
        )
    squared_deviations = unary_math.square(x - means)
    return reduce_mean(squared_deviations, axis=axis, keepdims=keepdims)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    x = convert_to_tensor(input_tensor)
    return unary_math.sqrt(reduce_variance(x, axis=axis, keepdims=keepdims))


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """x / sqrt(max(sum(x**2), epsilon)) along `axis` (TF's, also tf.nn.l2_normalize)."""
    if dim is not None:
        if axis is not None:
            raise ValueError("Cannot specify both 'axis' and 'dim'")
        axis = dim
    x = convert_to_tensor(x)
    square_sum = reduce_sum(unary_math.square(x), axis, keepdims=True)
    x_inv_norm = unary_math.rsqrt(arithmetic.maximum(square_sum, epsilon))
    return arithmetic.multiply(x, x_inv_norm)


__all__ = [
    "reduce_sum",
    "reduce_mean",
    "reduce_max",
    "reduce_min",
    "reduce_prod",
    "reduce_logsumexp",
    "reduce_std",
    "reduce_variance",
    "reduce_any",
    "reduce_all",
    "argmax",
    "argmin",
    "l2_normalize",
]
TOP_LEVEL = [
    "reduce_sum",
    "reduce_mean",
    "reduce_max",
    "reduce_min",
    "reduce_prod",
    "reduce_logsumexp",
    "reduce_any",
    "reduce_all",
    "argmax",
    "argmin",
]
