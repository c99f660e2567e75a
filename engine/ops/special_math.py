"""Special functions (Lgamma, Digamma, Polygamma, Erfinv, BesselI0e, BesselI1e): forward in
float64 NumPy (no SciPy), gradient as TF's math_grad.py, built from engine ops.

The forward values follow Eigen's special-function kernels (Cephes' algorithms) and their edge
cases: poles give inf (lgamma) or nan (digamma), polygamma at a pole is inf for an even order
of zeta and nan for an odd one, erfinv(+-1) is +-inf. Each is computed in float64 and rounded
to the input's dtype.
"""

import math

import numpy as np

from ..errors import NotFoundError
from ..tensor import EagerTensor, convert_to_tensor
from . import creation, elementwise
from .arithmetic import sign
from .comparisons import equal
from .elementwise import ALLOWED_T, as_value, binary, to_y, unary
from .registry import ALL, define
from .selection import where
from .unary_math import exp, reciprocal, square

_REAL = "bfloat16, half, float, double"
for _op in ("Lgamma", "Digamma", "Erfinv", "BesselI0e", "BesselI1e"):
    ALLOWED_T[_op] = _REAL
ALLOWED_T["Polygamma"] = "float, double"


def _elementwise(scalar_fn):
    """A float64 scalar function applied to each element, the result in the input's dtype."""
    vectorized = np.frompyfunc(scalar_fn, 1, 1)

    def compute(v):
        out = vectorized(np.asarray(v, dtype=np.float64))
        return as_value(np.asarray(out, dtype=np.float64).astype(v.dtype))

    return compute


# --- lgamma, digamma, polygamma -------------------------------------------------------------
def _lgamma(x):
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):  # the poles 0, -1, -2, ... and overflow: inf, as TF
        return math.inf


# Cephes psi's asymptotic series coefficients (highest power first)
_PSI_A = (
    8.33333333333333333333e-2,
    -2.10927960927960927961e-2,
    7.57575757575757575758e-3,
    -4.16666666666666666667e-3,
    3.96825396825396825397e-3,
    -8.33333333333333333333e-3,
    8.33333333333333333333e-2,
)


def _digamma(x):
    """Cephes' psi: reflection below 0, recurrence up to 10, then the asymptotic series."""
    if math.isnan(x) or x == -math.inf:
        return math.nan
    if x == math.inf:
        return math.inf
    reflected = 0.0
    if x <= 0:
        p = math.floor(x)
        if p == x:
            return math.nan  # a pole
        reflected = math.pi / math.tan(math.pi * (x - p))
        x = 1 - x
    w = 0.0
    while x < 10:
        w += 1 / x
        x += 1
    y = 0.0
    if x < 1e17:
        z = 1 / (x * x)
        series = 0.0
        for a in _PSI_A:
            series = series * z + a
        y = z * series
    return math.log(x) - 0.5 / x - y - w - reflected


# Cephes zeta's Euler-Maclaurin coefficients
_ZETA_A = (
    12.0,
    -720.0,
    30240.0,
    -1209600.0,
    47900160.0,
    -1.8924375803183791606e9,
    7.47242496e10,
    -2.950130727918164224e12,
    1.1646782814350067249e14,
    -4.5979787224074726105e15,
    1.8152105401943546773e17,
    -7.1661652561756670113e18,
)
_MACHEP = 1.11022302462515654042e-16


def _zeta(s, q):
    """Hurwitz zeta(s, q) as Cephes (and Eigen) sum it."""
    if s == 1:
        return math.inf
    if s < 1 or math.isnan(s) or math.isnan(q):
        return math.nan
    if q <= 0:
        if q == -math.inf or q == math.floor(q):
            return math.inf if s == math.floor(s) and int(s) % 2 == 0 else math.nan
        if s != math.floor(s):
            return math.nan
    if q == math.inf:
        return 0.0
    total = q**-s
    a = q
    i = 0
    b = 0.0
    while i < 9 or a <= 9:
        i += 1
        a += 1
        b = a**-s
        total += b
        if total and abs(b / total) < _MACHEP:  # total is 0 only where q**-s underflows
            return total
    w = a
    total += b * w / (s - 1) - 0.5 * b
    factor = 1.0
    k = 0.0
    for coefficient in _ZETA_A:
        factor *= s + k
        b /= w
        t = factor * b / coefficient
        total += t
        if not total or abs(t / total) < _MACHEP:
            break
        k += 1
        factor *= s + k
        b /= w
        k += 1
    return total


def _polygamma(n, x):
    if math.isnan(n) or n < 0 or n != math.floor(n):
        return math.nan
    if n == 0:
        return _digamma(x)
    order = n + 1
    return (-1.0 if int(order) % 2 else 1.0) * math.exp(math.lgamma(order)) * _zeta(order, x)


def _digamma_grad(rec, dy):
    x = rec.inputs[0]
    return dy * polygamma(elementwise.scalar_like(x, 1), x)


DIGAMMA = define("Digamma", (_digamma_grad,), saves_inputs=ALL)
digamma = unary(DIGAMMA, _elementwise(_digamma))

LGAMMA = define("Lgamma", (lambda rec, dy: dy * digamma(rec.inputs[0]),), saves_inputs=ALL)
lgamma = unary(LGAMMA, _elementwise(_lgamma))

_polygamma_pairs = np.frompyfunc(_polygamma, 2, 1)


def _polygamma_values(n, x):
    if x.dtype == np.float16:  # the elementwise fast path lets every float dtype through
        raise elementwise.dtype_error("Polygamma", EagerTensor(x))
    out = _polygamma_pairs(np.asarray(n, np.float64), np.asarray(x, np.float64))
    return as_value(np.asarray(out, dtype=np.float64).astype(x.dtype))


def _polygamma_grad(rec, dy):
    n, x = rec.inputs
    return to_y(rec, polygamma(n + 1, x) * dy)


# TF registers no gradient for the order n (its gradient returns None for it)
POLYGAMMA = define("Polygamma", (None, _polygamma_grad), saves_inputs=ALL)
_polygamma_op = binary(POLYGAMMA, _polygamma_values)


def polygamma(a, x, name=None):
    """The a-th derivative of digamma at x (a a whole number, as a float tensor)."""
    return _polygamma_op(a, x)


# --- erfinv ---------------------------------------------------------------------------------
_erf = np.frompyfunc(math.erf, 1, 1)
_erfc = np.frompyfunc(math.erfc, 1, 1)
_TWO_OVER_ROOT_PI = 2 / math.sqrt(math.pi)


def _erfinv_guess(x):
    """Giles' single-precision approximation, refined by Newton's method below."""
    w = -np.log((1 - x) * (1 + x))
    central = w - 2.5
    p = np.full_like(x, 2.81022636e-08)
    for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503):
        p = c + p * central
    for c in (-0.00417768164, 0.246640727, 1.50140941):
        p = c + p * central
    tail = np.sqrt(w) - 3
    q = np.full_like(x, -0.000200214257)
    for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613):
        q = c + q * tail
    for c in (0.00943887047, 1.00167406, 2.83297682):
        q = c + q * tail
    return np.where(w < 5, p, q) * x


def _erfinv_values(v):
    if v.dtype == np.float16:  # TF's op takes half, but has no kernel for it
        raise NotFoundError(
            None,
            "Erfinv",
            "Could not find device for node: {{node Erfinv}} = Erfinv[T=DT_HALF] [Op:Erfinv]",
        )
    x = np.asarray(v, dtype=np.float64)
    inside = np.abs(x) < 1
    safe = np.where(inside, x, 0.0)
    y = _erfinv_guess(safe)
    # Newton on erf near 0, on erfc (of |x|, whose complement 1 - |x| is exact) near +-1
    magnitude = np.abs(safe)
    complement = 1 - magnitude
    for _ in range(3):
        t = np.abs(y)
        near_one = magnitude > 0.5
        residual = np.where(
            near_one,
            complement - np.asarray(_erfc(t), np.float64),
            np.asarray(_erf(t), np.float64) - magnitude,
        )
        slope = _TWO_OVER_ROOT_PI * np.exp(-t * t)
        t = t - residual / slope
        y = np.copysign(t, safe)
    y = np.where(inside, y, np.where(np.abs(x) == 1, np.copysign(np.inf, x), np.nan))
    return as_value(np.asarray(y).astype(v.dtype))


_ROOT_PI_OVER_TWO = math.sqrt(math.pi) / 2
ERFINV = define(
    "Erfinv",
    (
        lambda rec, dy: (
            dy * elementwise.scalar_like(dy, _ROOT_PI_OVER_TWO) * exp(square(rec.outputs[0]))
        ),
    ),
    saves_outputs=ALL,
)
erfinv = unary(ERFINV, _erfinv_values)


# --- exponentially scaled modified Bessel functions ----------------------------------------
_K = np.arange(160, dtype=np.float64)
_LOG_FACTORIAL = np.array([math.lgamma(k + 1) for k in range(161)])
_ASYMPTOTIC_FROM = 30.0


def _bessel_ie(order):
    """exp(-|x|) I_order(x), order 0 or 1: the power series below |x| = 30 (all its terms
    positive, so no cancellation), the large-argument expansion above."""
    mu = 4.0 * order * order

    def compute(v):
        x = np.asarray(v, dtype=np.float64)
        a = np.abs(x)
        small = np.minimum(a, _ASYMPTOTIC_FROM)[..., None]
        with np.errstate(divide="ignore"):
            log_half = np.log(small / 2)
        log_terms = _LOG_FACTORIAL[:160] + _LOG_FACTORIAL[order:][:160]  # log k! (k + order)!
        exponents = (2 * _K + order) * log_half - log_terms
        series = np.sum(np.exp(exponents - small), axis=-1)
        if order:
            series = np.where(small[..., 0] == 0, 0.0, series)
        else:
            series = np.where(small[..., 0] == 0, 1.0, series)
        big = np.maximum(a, _ASYMPTOTIC_FROM)
        total = np.ones_like(big)
        term = np.ones_like(big)
        for k in range(1, 40):
            term = -term * (mu - (2 * k - 1) ** 2) / (k * 8 * big)
            total = total + term
        asymptotic = total / np.sqrt(2 * np.pi * big)
        out = np.where(a < _ASYMPTOTIC_FROM, series, asymptotic)
        out = np.where(np.isinf(a), 0.0, out)
        if order:
            out = np.where(x < 0, -out, out)  # i1e(-0.0) is 0.0 in TF
        return as_value(np.asarray(out).astype(v.dtype))

    return compute


def _bessel_i0e_grad(rec, dy):
    x, y = rec.inputs[0], rec.outputs[0]
    return dy * (bessel_i1e(x) - sign(x) * y)


BESSEL_I0E = define("BesselI0e", (_bessel_i0e_grad,), saves_inputs=ALL, saves_outputs=ALL)
bessel_i0e = unary(BESSEL_I0E, _bessel_ie(0))


def _bessel_i1e_grad(rec, dy):
    """TF's: 0.5 at x = 0, where the general form divides by zero."""
    x, y = rec.inputs[0], rec.outputs[0]
    general = bessel_i0e(x) - y * (sign(x) + reciprocal(x))
    return dy * where(equal(x, 0.0), elementwise.scalar_like(x, 0.5), general)


BESSEL_I1E = define("BesselI1e", (_bessel_i1e_grad,), saves_inputs=ALL, saves_outputs=ALL)
bessel_i1e = unary(BESSEL_I1E, _bessel_ie(1))


# --- polynomials ----------------------------------------------------------------------------
def polyval(coeffs, x, name=None):
    """coeffs[0] * x**(n-1) + ... + coeffs[n-1] by Horner's rule, as TF builds it (Mul, AddV2);
    each coefficient is converted on its own, so mixed int and float coefficients raise."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {_tf_class(coeffs)}.")
    x = convert_to_tensor(x)
    if not coeffs:
        return creation.zeros_like(x)
    tensors = [convert_to_tensor(c) for c in coeffs]
    p = tensors[0]
    for c in tensors[1:]:
        p = c + p * x
    return p


def _tf_class(value):
    if isinstance(value, EagerTensor):
        return "<class 'tensorflow.python.framework.ops.EagerTensor'>"
    return str(type(value))


__all__ = ["lgamma", "digamma", "polygamma", "erfinv", "bessel_i0e", "bessel_i1e", "polyval"]
TOP_LEVEL: list[str] = []
