"""Complex numbers (Complex, Real, Imag, Conj, Angle, ComplexAbs) and TF's complex gradient
convention.

TF's gradient of a real loss L with respect to a complex z is conj(dL/dz) in Wirtinger's terms
written as 2 * dL/d(conj z): for holomorphic ops, math_grad.py multiplies the upstream gradient
by the *conjugate* of the derivative (Mul's is `grad * conj(y)`). The engine's real gradients
multiply by the derivative itself, so for the holomorphic op types TF conjugates, a complex
record uses `conj(gradient(conj(upstream)))`, which is exactly TF's rule and, being made of
engine ops (Conj included), differentiates again. Ops linear with real coefficients (AddV2,
Sum, Reshape, ...) need nothing. The tape switches a record to the conjugating gradient when
its output is complex (tape.complex_variants), so real ops pay nothing for it.
"""

import numpy as np

from .. import dtypes
from ..recording import complex_variants
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic, casting, comparisons, creation, matmul, reductions, selection, unary_math
from .conjugate import conj
from .elementwise import as_value, to_x, to_y
from .operands import broadcast_error
from .registry import ALL, OpDef, define, execute, lookup

_REAL_OUTPUT = {np.dtype(np.complex64): np.float32, np.dtype(np.complex128): np.float64}


def _complex_input(op_type, x):
    if x._value.dtype.kind != "c":
        raise TypeError(f"{op_type} expects a complex tensor, got {x.dtype.name}")
    return x


# --- Complex, Real, Imag, Conj --------------------------------------------------------------
def _complex_grad(rec, dy):
    return to_x(rec, real(dy)), to_y(rec, imag(dy))


COMPLEX = define("Complex", _complex_grad)


def complex(real, imag, name=None):  # noqa: A001 - TF's public name
    """tf.complex: real and imag must both be float32 (complex64) or float64 (complex128)."""
    re, im = convert_to_tensor(real), convert_to_tensor(imag)
    if re.dtype != im.dtype or re.dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(
            f"The `real` and `imag` components have incorrect types: {re.dtype.name} "
            f"{im.dtype.name}. They must be consistent, and one of [tf.float32, tf.float64]"
        )
    rv, iv = re._value, im._value
    try:
        value = rv + 1j * iv if rv.dtype == np.float64 else (rv + np.complex64(1j) * iv)
    except ValueError:
        raise broadcast_error("Complex", re, im) from None
    value = np.asarray(value, np.complex64 if rv.dtype == np.float32 else np.complex128)
    sx, sy = rv.shape, iv.shape
    return execute(COMPLEX, (re, im), as_value(value), None if sx == sy else (sx, sy))


REAL = define("Real", (lambda rec, dy: complex(dy, creation.zeros_like(dy)),))
IMAG = define("Imag", (lambda rec, dy: complex(creation.zeros_like(dy), dy),))


def real(input, name=None):
    """tf.math.real: the real part (float32 for complex64); a real tensor is returned as is."""
    x = convert_to_tensor(input)
    if x._value.dtype.kind != "c":
        return _real_number_tensor("real", x)
    return execute(REAL, (x,), as_value(np.real(x._value).copy()))


def imag(input, name=None):
    """tf.math.imag: the imaginary part; zeros for a real tensor."""
    x = convert_to_tensor(input)
    if x._value.dtype.kind != "c":
        return creation.zeros_like(_real_number_tensor("imag", x))
    return execute(IMAG, (x,), as_value(np.imag(x._value).copy()))


def _real_number_tensor(function, x):
    if x._value.dtype.kind not in "fiub":
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")
    return x


# --- ComplexAbs, Angle ----------------------------------------------------------------------
def _complex_abs_grad(rec, dy):
    """TF's: div_no_nan(complex(dy, 0) * z, complex(|z|, 0))."""
    z, magnitude = rec.inputs[0], rec.outputs[0]
    return arithmetic.divide_no_nan(
        complex(dy, creation.zeros_like(dy)) * z,
        complex(magnitude, creation.zeros_like(magnitude)),
    )


COMPLEX_ABS = define("ComplexAbs", (_complex_abs_grad,), saves_inputs=ALL, saves_outputs=ALL)


def _angle_grad(rec, dy):
    """TF's: -complex(dy, 0) / complex(imag(z), real(z))."""
    z = rec.inputs[0]
    inverse = unary_math.reciprocal(complex(imag(z), real(z)))
    return -complex(dy, creation.zeros_like(dy)) * inverse


ANGLE = define("Angle", (_angle_grad,), saves_inputs=ALL)


def abs(x, name=None):  # noqa: A001 - TF's public name
    """tf.abs: ComplexAbs (a real result) for complex tensors, Abs for the others."""
    if type(x) is not EagerTensor:
        x = convert_to_tensor(x)
    if x._value.dtype.kind != "c":
        return arithmetic.abs(x)
    return execute(COMPLEX_ABS, (x,), as_value(np.abs(x._value)))


def sign(x, name=None):
    """tf.math.sign: for complex x, TF's x / |x| (DivNoNan of x and its ComplexAbs, 0 at 0)."""
    if type(x) is not EagerTensor:
        x = convert_to_tensor(x)
    if x._value.dtype.kind != "c":
        return arithmetic.sign(x)
    return arithmetic.divide_no_nan(x, casting.cast(abs(x), x.dtype))


def angle(input, name=None):
    """tf.math.angle: the argument of a complex number; pi for negative reals, else 0."""
    x = convert_to_tensor(input)
    if x._value.dtype.kind != "c":
        x = _real_number_tensor("angle", x)
        return selection.where(
            comparisons.less(x, casting.cast(0, x.dtype)),
            np.pi * creation.ones_like(x),
            creation.zeros_like(x),
        )
    return execute(ANGLE, (x,), as_value(np.angle(x._value).astype(_REAL_OUTPUT[x._value.dtype])))


# --- TF's conjugate convention for holomorphic ops -----------------------------------------
# The op types whose TF gradient multiplies by the conjugate derivative (math_grad.py's
# `conj(...)`, and the SqrtGrad/RsqrtGrad/TanhGrad/SigmoidGrad/ReciprocalGrad kernels).
# SquaredDifference and Xlogy are left out because TF's gradients of those do not conjugate.
HOLOMORPHIC = (
    "Mul",
    "RealDiv",
    "DivNoNan",
    "Pow",
    "Exp",
    "Expm1",
    "Log",
    "Log1p",
    "Sqrt",
    "Rsqrt",
    "Square",
    "Reciprocal",
    "Sin",
    "Cos",
    "Tan",
    "Sinh",
    "Cosh",
    "Tanh",
    "Sigmoid",
    "MatMul",
    "Prod",
    # the engine's gradient ops compute their plain formulas (0.5 * dy / y, ...), holomorphic
    # in both inputs, so their second derivatives follow the same rule
    "SqrtGrad",
    "RsqrtGrad",
    "ReciprocalGrad",
    "TanhGrad",
    "SigmoidGrad",
)


def _conjugating_input_gradient(fn):
    def gradient(rec, *upstream):
        grad = fn(rec, *[conj(g) if g is not None else None for g in upstream])
        return None if grad is None else conj(grad)

    return gradient


def _conjugating_gradient(fn):
    def gradient(rec, *upstream):
        grads = fn(rec, *[conj(g) if g is not None else None for g in upstream])
        return tuple(None if g is None else conj(g) for g in grads)

    return gradient


def _conjugating(opdef):
    gradient = opdef.gradient
    if type(gradient) is tuple:
        gradient = tuple(None if fn is None else _conjugating_input_gradient(fn) for fn in gradient)
    else:
        gradient = _conjugating_gradient(gradient)
    return OpDef(opdef.type, gradient, opdef.saves_inputs, opdef.saves_outputs)


# Imported here so that their op types are registered before the loop below looks them up.
_LATER_FAMILIES = (matmul, reductions)


def install_conjugate_gradients():
    """Registers the conjugating variant of each holomorphic op type (idempotent)."""
    for op_type in HOLOMORPHIC:
        opdef = lookup(op_type)
        if opdef not in complex_variants:
            complex_variants[opdef] = _conjugating(opdef)


install_conjugate_gradients()

__all__ = ["abs", "angle", "complex", "conj", "imag", "real", "sign"]
TOP_LEVEL = ["abs", "complex", "sign"]
