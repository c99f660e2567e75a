"""tf.random.gamma: TF's RandomGamma kernel (random_op.cc) and its gradient, value for value.

Sampling: each output value has its own stretch of the stream (Philox call counter + 256 *
index); Marsaglia and Tsang's transformation-rejection in double, normals and uniforms two
per call, each call's values used last first; alpha == 1 is an exponential, alpha < 1 draws
for alpha + 1 and scales by u ** (1 / alpha).

Gradient (TF's _RandomGammaGrad): d sample / d alpha by implicit differentiation of the
gamma CDF, RandomGammaGrad, which is Eigen's gamma_sample_der_alpha: the forward-mode
derivative of Cephes's incomplete gamma series or continued fraction, in the samples' own
precision (float32 with glibc's logf, expf and lgammaf), reproduced step for step here.
"""

import ctypes
import ctypes.util
import math

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError, invalid_argument
from ..tensor import convert_to_tensor
from . import (
    math_ops as _math,
    random_distributions as _dist,
    shape_ops as _shape_ops,
    summing as _summing,
)
from .random_ops import CALLS_PER_VALUE, get_seed, reserve, sample_dims
from .registry import ALL, define, execute
from .stateless_random_ops import ATTR_NAMES, seed_generator

__all__ = ["gamma", "stateless_gamma"]
TOP_LEVEL: list[str] = []


def _sample(generator, alpha, index):
    """One Gamma(alpha, 1) value from output `index`'s stretch of the stream."""
    stream = generator.copy()
    stream.skip(CALLS_PER_VALUE * index)
    normals: list[float] = []
    uniforms: list[float] = []

    def normal():
        if not normals:
            normals.extend(_dist.normal(stream, 2, np.float64).tolist())
        return normals.pop()

    def uniform():
        if not uniforms:
            uniforms.extend(_dist.uniform(stream, 2, np.float64).tolist())
        return uniforms.pop()

    if alpha == 1.0:
        return -math.log1p(-uniform())
    less_than_one = alpha < 1
    d = alpha + (2.0 / 3 if less_than_one else -1.0 / 3)
    c = 1.0 / 3 / math.sqrt(d) if d >= 0 else math.nan  # C's sqrt: NaN below 0
    while True:
        x = normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = uniform()
        # the squeeze first, to dodge the two logs (Marsaglia and Tsang's constant)
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + d * (
            1 - v + math.log(v)
        ):
            result = d * v
            if less_than_one:
                result *= math.pow(uniform(), 1 / alpha if alpha else math.inf)
            return result


def _float_functions():
    """glibc's logf, expf and lgammaf, which Eigen's float incomplete gamma calls."""
    try:
        library = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    except OSError:
        return [lambda v, f=f: np.float32(f(float(v))) for f in (math.log, math.exp, math.lgamma)]
    functions = []
    for name in ("logf", "expf", "lgammaf"):
        function = getattr(library, name)
        function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
        functions.append(lambda v, f=function: np.float32(f(float(v))))
    return functions


_MATH = {
    np.dtype(np.float32): _float_functions(),
    np.dtype(np.float64): [
        lambda v, f=f: np.float64(f(float(v))) for f in (math.log, math.exp, math.lgamma)
    ],
}
# Cephes's asymptotic series for digamma (Eigen's digamma_impl_maybe_poly), highest first
_DIGAMMA_FLOAT = [-4.16666666666666666667e-3, 3.96825396825396825397e-3]
_DIGAMMA_FLOAT += [-8.33333333333333333333e-3, 8.33333333333333333333e-2]
_DIGAMMA_DOUBLE = [8.33333333333333333333e-2, -2.10927960927960927961e-2]
_DIGAMMA_DOUBLE += [7.57575757575757575758e-3, -4.16666666666666666667e-3]
_DIGAMMA_DOUBLE += [3.96825396825396825397e-3, -8.33333333333333333333e-3]
_DIGAMMA_DOUBLE += [8.33333333333333333333e-2]


def _digamma(x, t, log):
    """Eigen's digamma_impl for positive x (Cephes psi) in scalar type t."""
    s, w = x, t(0)
    while s < t(10):
        w += t(1) / s
        s += t(1)
    float32 = t is np.float32
    coefficients, limit = (_DIGAMMA_FLOAT, 1.0e8) if float32 else (_DIGAMMA_DOUBLE, 1.0e17)
    y = t(0)
    if s < t(limit):
        z = t(1) / (s * s)
        poly = t(coefficients[0])
        for coefficient in coefficients[1:]:
            poly = poly * z + t(coefficient)
        y = z * poly
    return log(s) - (t(0.5) / s) - y - w


def _main_term(a, x, t, log, exp, lgamma):
    logax = a * log(x) - x - lgamma(a)
    if logax < -log(np.finfo(t).max) or np.isnan(logax):
        return t(0)
    return exp(logax)


def gamma_sample_der_alpha(a, x, t):
    """Eigen's gamma_sample_der_alpha(a, x): d sample / d alpha, in scalar type t."""
    log, exp, lgamma = _MATH[np.dtype(t)]
    zero, one = t(0), t(1)
    eps = np.finfo(t).eps
    machep = t(eps / 2)
    if t is np.float32:
        big, biginv = t(1) / machep, machep
    else:
        big, biginv = t(1) / t(eps), t(eps)
    iterations = 200 if t is np.float32 else 500
    if x == zero:
        return zero
    if x < zero or a <= zero or np.isnan(a) or np.isnan(x):
        return t(np.nan)
    if x > one and x > a:  # continued fraction of the complement (its value is negated)
        if np.isinf(x) or _main_term(a, x, t, log, exp, lgamma) == zero:
            return -zero
        y = one - a
        z = x + y + one
        c = zero
        pkm2, qkm2, pkm1, qkm1 = one, x, x + one, z * x
        ans = pkm1 / qkm1
        dpkm2, dqkm2, dpkm1, dqkm1 = zero, zero, zero, -x
        dans = (dpkm1 - ans * dqkm1) / qkm1
        for _ in range(iterations):
            c += one
            y += one
            z += t(2)
            yc = y * c
            pk = pkm1 * z - pkm2 * yc
            qk = qkm1 * z - qkm2 * yc
            dpk = dpkm1 * z - pkm1 - dpkm2 * yc + pkm2 * c
            dqk = dqkm1 * z - qkm1 - dqkm2 * yc + qkm2 * c
            if qk != zero:
                ans = pk / qk
                dans_prev = dans
                dans = (dpk - ans * dqk) / qk
                if abs(dans - dans_prev) <= machep:
                    break
            pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
            dpkm2, dpkm1, dqkm2, dqkm1 = dpkm1, dpk, dqkm1, dqk
            if abs(pk) > big:
                pkm2, pkm1, qkm2, qkm1 = pkm2 * biginv, pkm1 * biginv, qkm2 * biginv, qkm1 * biginv
                dpkm2, dpkm1 = dpkm2 * biginv, dpkm1 * biginv
                dqkm2, dqkm1 = dqkm2 * biginv, dqkm1 * biginv
        dlogax = log(x) - _digamma(a, t, log)
        return -(-(dans + ans * dlogax) * x)
    if _main_term(a, x, t, log, exp, lgamma) == zero:  # the power series
        return zero
    r, c, ans, dc, dans = a, one, one, zero, zero
    for _ in range(iterations):
        r += one
        term = x / r
        dterm = -x / (r * r)
        dc = term * dc + dterm * c
        dans += dc
        c *= term
        ans += c
        if abs(dc) <= machep * abs(dans):
            break
    dlogax = log(x) - _digamma(a + one, t, log)
    return -(dans + ans * dlogax) * x / a


def _random_gamma_grad(alpha, sample):
    """RandomGammaGrad's value: gamma_sample_der_alpha over broadcast alpha and sample."""
    t = sample.dtype.type
    a, x = np.broadcast_arrays(alpha, sample)
    out = np.empty(a.shape, t)
    flat = out.reshape(-1)
    for i, (ai, xi) in enumerate(zip(a.reshape(-1).tolist(), x.reshape(-1).tolist())):
        flat[i] = gamma_sample_der_alpha(t(ai), t(xi), t)
    return out


# TF registers no gradient for RandomGammaGrad: a second derivative raises LookupError.
RANDOM_GAMMA_GRAD = define("RandomGammaGrad")


def _alpha_gradient(rec, grad):
    """TF's _RandomGammaGrad for alpha: grad * d sample / d alpha, summed over the sample
    dims (the shape input gets None)."""
    shape, alpha = rec.inputs
    sample = rec.outputs[0]
    if alpha.dtype not in (dtypes.float32, dtypes.float64):
        raise InvalidArgumentError(
            None,
            "RandomGammaGrad",
            f"Value for attr 'T' of {ATTR_NAMES.get(alpha.dtype.name, alpha.dtype.name)} is "
            "not in the list of allowed values: float, double",
        )
    sample_dims_count = len(np.asarray(shape._value).reshape(-1))
    leading = [1] * sample_dims_count + list(np.shape(alpha._value))
    alpha_broadcastable = _shape_ops.reshape(alpha, leading)
    partial = execute(
        RANDOM_GAMMA_GRAD,
        (alpha_broadcastable, sample),
        _random_gamma_grad(alpha_broadcastable._value, np.asarray(sample._value)),
    )
    axes = list(range(sample_dims_count))
    return _math.reduce_sum(_math.multiply(grad, partial), axis=axes)


RANDOM_GAMMA = define("RandomGamma", (None, _alpha_gradient), saves_inputs=ALL, saves_outputs=ALL)


def _fill(out, generator, alphas):
    """The kernel's layout: value (sample s, alpha a) at out[s, a], drawn at a * count + s."""
    count = out.shape[0]
    for a, alpha_value in enumerate(alphas.reshape(-1).astype(np.float64).tolist()):
        for s in range(count):
            out[s, a] = _sample(generator, alpha_value, a * count + s)


def _alpha_and_beta(alpha, beta, dtype):
    """tf.random.gamma's alpha broadcast against beta (TF's BroadcastArgs, BroadcastTo)."""
    alpha = convert_to_tensor(alpha, dtype=dtype)
    beta = convert_to_tensor(1 if beta is None else beta, dtype=dtype)
    try:
        batch = np.broadcast_shapes(np.shape(alpha._value), np.shape(beta._value))
    except ValueError:
        shapes = [f"[{','.join(map(str, np.shape(t._value)))}]" for t in (alpha, beta)]
        raise invalid_argument(
            "BroadcastArgs", f"Incompatible shapes: {shapes[0]} vs. {shapes[1]}"
        ) from None
    return _summing.broadcast_to(alpha, list(batch)), beta


def gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None):
    """Gamma(alpha, beta) samples of shape `shape + broadcast(alpha, beta).shape`."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims("RandomGamma", shape)
    alpha_broadcast, beta = _alpha_and_beta(alpha, beta, dtype)
    seeds = get_seed(seed)
    alphas = np.asarray(alpha_broadcast._value)
    count = math.prod(dims)
    values = np.zeros(dims + alphas.shape, dtype.as_numpy_dtype)
    if count and alphas.size:
        generator = reserve("RandomGamma", dtype, seeds, count * alphas.size * CALLS_PER_VALUE)
        _fill(values.reshape(count, alphas.size), generator, alphas)
    shape_tensor = convert_to_tensor(np.asarray(dims, np.int32))
    sample = execute(RANDOM_GAMMA, (shape_tensor, alpha_broadcast), values)
    tiny = convert_to_tensor(np.finfo(dtype.as_numpy_dtype).tiny, dtype=dtype)
    return _math.maximum(tiny, sample / beta)


def _stateless_alpha_gradient(rec, grad):
    """TF's _StatelessRandomGammaV3Grad: as RandomGamma's, the sample dims being those of
    `shape` before alpha's."""
    shape, alpha = rec.inputs
    sample = rec.outputs[0]
    sample_dims_count = len(np.asarray(shape._value).reshape(-1)) - np.ndim(alpha._value)
    leading = [1] * sample_dims_count + list(np.shape(alpha._value))
    alpha_broadcastable = _shape_ops.reshape(alpha, leading)
    partial = execute(
        RANDOM_GAMMA_GRAD,
        (alpha_broadcastable, sample),
        _random_gamma_grad(alpha_broadcastable._value, np.asarray(sample._value)),
    )
    return _math.reduce_sum(_math.multiply(grad, partial), axis=list(range(sample_dims_count)))


# Recorded with its shape and alpha inputs (TF's key, counter and alg inputs get no gradient).
STATELESS_GAMMA = define(
    "StatelessRandomGammaV3", (None, _stateless_alpha_gradient), saves_inputs=ALL, saves_outputs=ALL
)


def stateless_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None):
    """Gamma(alpha, beta) samples of `shape`, which ends with alpha and beta's broadcast shape."""
    dtype = dtypes.as_dtype(dtype)
    dims = sample_dims("StatelessRandomGammaV3", shape)
    alpha_broadcast, beta = _alpha_and_beta(alpha, beta, dtype)
    generator = seed_generator(seed)
    alphas = np.asarray(alpha_broadcast._value)
    if alphas.ndim > len(dims) or tuple(dims[len(dims) - alphas.ndim :]) != alphas.shape:
        raise invalid_argument(
            "StatelessRandomGammaV3",
            "Shape passed in must end with broadcasted shape.",
        )
    values = np.zeros(dims, dtype.as_numpy_dtype)
    if values.size:
        _fill(values.reshape(-1, alphas.size), generator, alphas)
    shape_tensor = convert_to_tensor(np.asarray(dims, np.int32))
    sample = execute(STATELESS_GAMMA, (shape_tensor, alpha_broadcast), values)
    tiny = convert_to_tensor(np.finfo(dtype.as_numpy_dtype).tiny, dtype=dtype)
    return _math.maximum(tiny, sample / beta)
