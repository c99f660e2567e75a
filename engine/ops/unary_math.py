"""Elementwise functions of one tensor (Exp, Log, Sqrt, Sin, Tanh, Sigmoid, Softplus, Erf,
Round, ...): forward, gradient as TF's math_grad.py / nn_grad.py, and what each keeps.

Like TF, Tanh, Sigmoid, Sqrt, Rsqrt and Reciprocal differentiate through their own gradient
ops (TanhGrad, ...), which have gradients themselves; SoftsignGrad has none, so a second
derivative of softsign raises LookupError, as in TF.
"""

import math

import numpy as np

from ..tensor import convert_to_tensor
from .elementwise import Op, as_value, binary, quietly, scalar_like, to_x, to_y, unary
from .registry import ALL, NOT_DIFFERENTIABLE, define

# The ops a gradient above their definition calls are annotated `: Op`, so that the type
# checker knows them where the lambdas use them.

# --- exponentials and logarithms ------------------------------------------------------------
EXP = define("Exp", (lambda rec, dy: dy * rec.outputs[0],), saves_outputs=ALL)
exp = unary(EXP, quietly(np.exp))

EXPM1 = define("Expm1", (lambda rec, dy: dy * exp(rec.inputs[0]),), saves_inputs=ALL)
expm1 = unary(EXPM1, quietly(np.expm1))

LOG = define("Log", (lambda rec, dy: dy * reciprocal(rec.inputs[0]),), saves_inputs=ALL)
log = unary(LOG, quietly(np.log))

LOG1P = define("Log1p", (lambda rec, dy: dy * reciprocal(1 + rec.inputs[0]),), saves_inputs=ALL)
log1p = unary(LOG1P, quietly(np.log1p))


# --- powers ---------------------------------------------------------------------------------
def _zero_for_zero_dy(kernel):
    """TF's SqrtGrad/RsqrtGrad/ReciprocalGrad kernels give 0 where dy is 0, even where y is 0,
    inf or nan: tf.where(x > 0, tf.sqrt(x), 0.) has gradient 0 (not NaN) at x <= 0."""

    def run(y, dy):
        with np.errstate(all="ignore"):
            out = kernel(y, dy)
        return as_value(np.where(dy == 0, np.zeros((), out.dtype), out))

    return run


def _sqrt_grad_grad_a(rec, grad):
    ga = grad / rec.inputs[0]
    return -ga * rec.outputs[0]


SQRT_GRAD = define(
    "SqrtGrad",
    (_sqrt_grad_grad_a, lambda rec, grad: 0.5 * (grad / rec.inputs[0])),
    saves_inputs=(0,),
    saves_outputs=ALL,
)
sqrt_grad = binary(SQRT_GRAD, _zero_for_zero_dy(lambda y, dy: y.dtype.type(0.5) * dy / y))

SQRT = define("Sqrt", (lambda rec, dy: sqrt_grad(rec.outputs[0], dy),), saves_outputs=ALL)
sqrt = unary(SQRT, quietly(np.sqrt))

RSQRT_GRAD = define(
    "RsqrtGrad",
    (
        lambda rec, grad: -1.5 * grad * rec.inputs[1] * square(rec.inputs[0]),
        lambda rec, grad: rsqrt_grad(rec.inputs[0], grad),
    ),
    saves_inputs=ALL,
)
rsqrt_grad: Op = binary(
    RSQRT_GRAD, _zero_for_zero_dy(lambda y, dy: y.dtype.type(-0.5) * (dy * y) * (y * y))
)

RSQRT = define("Rsqrt", (lambda rec, dy: rsqrt_grad(rec.outputs[0], dy),), saves_outputs=ALL)
rsqrt = unary(RSQRT, quietly(lambda v: 1 / np.sqrt(v)))

SQUARE = define(
    "Square", (lambda rec, dy: dy * (rec.inputs[0] * scalar_like(dy, 2.0)),), saves_inputs=ALL
)
square: Op = unary(SQUARE, np.square)

RECIPROCAL_GRAD = define(
    "ReciprocalGrad",
    (
        lambda rec, grad: grad * -2.0 * rec.inputs[1] * rec.inputs[0],
        lambda rec, grad: reciprocal_grad(rec.inputs[0], grad),
    ),
    saves_inputs=ALL,
)
reciprocal_grad: Op = binary(RECIPROCAL_GRAD, _zero_for_zero_dy(lambda y, dy: -dy * y * y))

RECIPROCAL = define(
    "Reciprocal", (lambda rec, dy: reciprocal_grad(rec.outputs[0], dy),), saves_outputs=ALL
)
reciprocal: Op = unary(RECIPROCAL, quietly(np.reciprocal))

# --- trigonometric --------------------------------------------------------------------------
SIN = define("Sin", (lambda rec, dy: dy * cos(rec.inputs[0]),), saves_inputs=ALL)
sin = unary(SIN, np.sin)

COS = define("Cos", (lambda rec, dy: -dy * sin(rec.inputs[0]),), saves_inputs=ALL)
cos: Op = unary(COS, np.cos)


def _tan_grad(rec, dy):
    secx = reciprocal(cos(rec.inputs[0]))
    return square(secx) * dy


TAN = define("Tan", (_tan_grad,), saves_inputs=ALL)
tan = unary(TAN, quietly(np.tan))


def _inverse_sqrt_one_minus_square(x):
    """1 / sqrt(1 - x^2), built from ops as TF's Asin/Acos gradients build it."""
    return reciprocal(sqrt(scalar_like(x, 1) - square(x)))


ASIN = define(
    "Asin", (lambda rec, dy: dy * _inverse_sqrt_one_minus_square(rec.inputs[0]),), saves_inputs=ALL
)
asin = unary(ASIN, quietly(np.arcsin))

ACOS = define(
    "Acos", (lambda rec, dy: -dy * _inverse_sqrt_one_minus_square(rec.inputs[0]),), saves_inputs=ALL
)
acos = unary(ACOS, quietly(np.arccos))

ATAN = define(
    "Atan",
    (lambda rec, dy: dy * reciprocal(scalar_like(rec.inputs[0], 1) + square(rec.inputs[0])),),
    saves_inputs=ALL,
)
atan = unary(ATAN, np.arctan)


def _atan2_grad(rec, dy):
    y, x = rec.inputs
    return dy / (square(y) + square(x))


ATAN2 = define(
    "Atan2",
    (
        lambda rec, dy: to_x(rec, rec.inputs[1] * _atan2_grad(rec, dy)),
        lambda rec, dy: to_y(rec, -rec.inputs[0] * _atan2_grad(rec, dy)),
    ),
    saves_inputs=ALL,
)
_atan2 = binary(ATAN2, np.arctan2)


def atan2(y, x, name=None):
    """The angle of the point (x, y); note TF's argument order, y first."""
    return _atan2(y, x)


# --- hyperbolic -----------------------------------------------------------------------------
SINH = define("Sinh", (lambda rec, dy: dy * cosh(rec.inputs[0]),), saves_inputs=ALL)
sinh = unary(SINH, quietly(np.sinh))

COSH = define("Cosh", (lambda rec, dy: dy * sinh(rec.inputs[0]),), saves_inputs=ALL)
cosh: Op = unary(COSH, quietly(np.cosh))

TANH_GRAD = define(
    "TanhGrad",
    (
        lambda rec, grad: grad * -2.0 * rec.inputs[1] * rec.inputs[0],
        lambda rec, grad: tanh_grad(rec.inputs[0], grad),
    ),
    saves_inputs=ALL,
)
tanh_grad: Op = binary(TANH_GRAD, lambda y, dy: dy * (1 - y * y))

TANH = define("Tanh", (lambda rec, dy: tanh_grad(rec.outputs[0], dy),), saves_outputs=ALL)
tanh = unary(TANH, np.tanh)


# --- activations ----------------------------------------------------------------------------
def _sigmoid_grad_grad_a(rec, grad):
    a, b = rec.inputs
    gb = grad * b
    return gb - 2.0 * gb * a


SIGMOID_GRAD = define(
    "SigmoidGrad",
    (_sigmoid_grad_grad_a, lambda rec, grad: sigmoid_grad(rec.inputs[0], grad)),
    saves_inputs=ALL,
)
# Eigen's order, dy * (y * (1 - y)): (dy * y) * (1 - y) rounds differently in float32
sigmoid_grad: Op = binary(SIGMOID_GRAD, lambda y, dy: dy * (y * (1 - y)))

# Eigen's float logistic (scalar_logistic_op<float>, TF's Sigmoid kernel) as TF's x86 build
# runs it: whole packets of 8 (AVX) take a range-reduced degree-5 exp(x/2), squared, then
# e / (1 + e); the remaining elements take the scalar path, libm's expf then e / (1 + e).
# The two differ from the correctly rounded sigmoid by a few ulps, which shows in gradients
# near saturation (SigmoidGrad's 1 - y), so they are reproduced step by step in float32.
_F32 = np.float32
_PACKET = 8
_EXP_HI = _F32(16.6355324)  # where the interpolant is exactly one
_EXP_LO = _F32(-104.0)  # below it the packet path gives 0
_LOG2E, _HALF, _ONE = _F32(1.44269504088896341), _F32(0.5), _F32(1.0)
_LN2_HI, _LN2_LO = _F32(-0.693359375), _F32(2.12194440e-4)
_P2, _P3 = _F32(0.49999141693115234375), _F32(0.16666877269744873046875)
_P4, _P5 = _F32(4.1898667812347412109375e-2), _F32(8.33471305668354034423828125e-3)


def _logistic_packets(v):
    """Eigen's packetOp, op for op (multiply-adds unfused, as TF's AVX build runs them), in
    five buffers reused in place: a fresh array per step costs more than the step."""
    x = np.minimum(v, _EXP_HI)
    # Below -104 Eigen returns 0; clamped there, the steps below give exactly 0 as well
    np.maximum(x, _EXP_LO, out=x)
    x *= _HALF
    m = x * _LOG2E
    m += _HALF
    np.floor(m, out=m)
    r = m * _LN2_HI
    r += x
    low = np.multiply(m, _LN2_LO, out=x)  # x is done with
    r += low
    r2 = np.multiply(r, r, out=low)
    p = r2 * _P5
    p += _P3
    p *= r
    even = r2 * _P4
    even += _P2
    p += even
    p *= r2
    r += _ONE
    p += r
    p *= np.exp2(m, out=m)  # an exact power of two: Eigen's pldexp
    p *= p
    out = np.add(p, _ONE, out=r)
    return np.divide(p, out, out=out)


def _logistic_scalars(v):
    e = np.exp(np.minimum(v, _EXP_HI), dtype=np.float64).astype(_F32)  # expf, correctly rounded
    return e / (_ONE + e)


def _flush_denormals(out, dtype):
    """TF's CPU kernels run with denormals flushed to zero (float and double; half keeps
    them): a logistic below the smallest normal number is 0."""
    tiny = np.finfo(dtype).tiny
    if out.size and np.fmin.reduce(out, axis=None) < tiny:  # a min (NaN-blind) allocates nothing
        out[out < tiny] = 0
    return out


def _sigmoid(v):
    kind = v.dtype
    if kind.kind == "c":  # complex: as written (|v| is no complex number)
        return 1 / (1 + np.exp(-v))
    if kind == _F32:
        n = v.size
        packed = n - n % _PACKET
        if not packed:
            return as_value(_flush_denormals(np.asarray(_logistic_scalars(v)), kind))
        flat = v.reshape(-1)
        if packed == n:
            out = _logistic_packets(flat)
        else:
            out = np.empty(n, _F32)
            out[:packed] = _logistic_packets(flat[:packed])
            out[packed:] = _logistic_scalars(flat[packed:])
        return as_value(_flush_denormals(out, kind).reshape(v.shape))
    # double and half: Eigen's generic e / (1 + e), 1 where exp overflows
    e = np.exp(v)
    out = np.asarray(np.where(np.isinf(e) & (e > 0), kind.type(1), e / (1 + e)))
    return as_value(out if kind.itemsize == 2 else _flush_denormals(out, kind))


SIGMOID = define("Sigmoid", (lambda rec, dy: sigmoid_grad(rec.outputs[0], dy),), saves_outputs=ALL)
sigmoid = unary(SIGMOID, quietly(_sigmoid))


def _softplus(v):
    """TF's kernel: x itself above a threshold, exp(x) below one, log1p(exp(x)) between."""
    threshold = np.log(np.finfo(v.dtype).eps) + 2
    e = np.exp(v)
    return as_value(np.where(v > -threshold, v, np.where(v < threshold, e, np.log1p(e))))


SOFTPLUS = define("Softplus", (lambda rec, dy: dy * sigmoid(rec.inputs[0]),), saves_inputs=ALL)
softplus = unary(SOFTPLUS, quietly(_softplus))

SOFTSIGN_GRAD = define("SoftsignGrad")  # TF registers no gradient for it
_softsign_grad = binary(SOFTSIGN_GRAD, lambda dy, x: dy / np.square(1 + np.abs(x)))

SOFTSIGN = define(
    "Softsign", (lambda rec, dy: _softsign_grad(dy, rec.inputs[0]),), saves_inputs=ALL
)
softsign = unary(SOFTSIGN, lambda v: v / (1 + np.abs(v)))

_erf_elementwise = np.frompyfunc(math.erf, 1, 1)  # NumPy has no erf; libm's is exact


def _erf(v):
    return as_value(np.asarray(_erf_elementwise(v), dtype=v.dtype))  # 0-d: frompyfunc gives a float


_TWO_OVER_ROOT_PI = 2 / np.sqrt(np.pi)
ERF = define(
    "Erf",
    (lambda rec, dy: dy * scalar_like(dy, _TWO_OVER_ROOT_PI) * exp(-square(rec.inputs[0])),),
    saves_inputs=ALL,
)
erf = unary(ERF, _erf)

_erfc_elementwise = np.frompyfunc(math.erfc, 1, 1)
ERFC = define(
    "Erfc",
    (lambda rec, dy: dy * scalar_like(dy, -_TWO_OVER_ROOT_PI) * exp(-square(rec.inputs[0])),),
    saves_inputs=ALL,
)
erfc = unary(ERFC, lambda v: as_value(np.asarray(_erfc_elementwise(v), dtype=v.dtype)))

# --- rounding: TF registers gradients that return None -------------------------------------
ROUND = define("Round", NOT_DIFFERENTIABLE)
_round = unary(ROUND, np.round)  # half to even, as TF


def round(x, name=None):  # noqa: A001 - TF's public name
    """Rounds half to even; integer tensors are returned as they are (TF's tf.round)."""
    x = convert_to_tensor(x)
    return x if x.dtype.is_integer else _round(x)


FLOOR = define("Floor", NOT_DIFFERENTIABLE)
floor = unary(FLOOR, np.floor)

CEIL = define("Ceil", NOT_DIFFERENTIABLE)
ceil = unary(CEIL, np.ceil)

__all__ = [
    "exp",
    "expm1",
    "log",
    "log1p",
    "sqrt",
    "rsqrt",
    "square",
    "reciprocal",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "sigmoid",
    "softplus",
    "softsign",
    "erf",
    "erfc",
    "round",
    "floor",
    "ceil",
]
TOP_LEVEL = [
    "exp",
    "sqrt",
    "square",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "sigmoid",
    "round",
    "floor",
]
