"""Inverses, determinants and linear solves: tf.linalg.inv (MatrixInverse), det
(MatrixDeterminant), slogdet (LogMatrixDeterminant), solve (MatrixSolve), triangular_solve
(MatrixTriangularSolve), and TF's Python composition cholesky_solve (two
MatrixTriangularSolve).

Gradients are linalg_grad.py's, written with engine ops so they differentiate again. TF's
kernels guard against exact zero pivots only: inv and solve raise "Input is not invertible."
for those, det of a singular matrix is 0, triangular_solve with a zero on the diagonal
divides by it (inf). MatrixSolve needs equal batch dimensions; MatrixTriangularSolve
broadcasts them (its gradient sums over the broadcast ones).
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import convert_to_tensor
from .arithmetic import negative
from .linalg_checks import (
    DETERMINANT_TYPES,
    SOLVER_TYPES,
    TRIANGULAR_TYPES,
    check_dtype,
    check_rank,
    check_same_batch,
    check_same_dtype,
    check_square,
    computed,
    filled,
)
from .linalg_diag import band_part
from .matmul import matmul
from .registry import define, execute, execute_many
from .shape_ops import reshape
from .summing import unbroadcast

__all__ = ["inv", "det", "slogdet", "solve", "triangular_solve", "cholesky_solve"]
TOP_LEVEL: list = []


def _flag(value):
    return "true" if value else "false"


def _matrix_t(value):
    return np.swapaxes(value, -1, -2)


def _not_invertible(op_type, message):
    return invalid_argument(op_type, message)


# --- MatrixInverse ----------------------------------------------------------------------------
def _inverse_grad(rec, grad):
    ainv = rec.outputs[0]
    adjoint = rec.attrs
    return negative(
        matmul(
            ainv,
            matmul(grad, ainv, adjoint_a=adjoint, adjoint_b=not adjoint),
            adjoint_a=not adjoint,
        )
    )


MATRIX_INVERSE = define("MatrixInverse", (_inverse_grad,), saves_outputs=(0,))


def inv(input, adjoint=False, name=None):
    x = convert_to_tensor(input)
    check_dtype("MatrixInverse", x, SOLVER_TYPES, half_kernel=True)
    check_square("MatrixInverse", x)
    value = x._value
    if np.isnan(value).any():  # Eigen's min |pivot| > 0 test fails on NaN
        raise _not_invertible("MatrixInverse", "Input is not invertible.")
    try:
        result = computed(value, np.linalg.inv)
    except np.linalg.LinAlgError:  # LAPACK's getrf found an exact zero pivot, as TF checks
        raise _not_invertible("MatrixInverse", "Input is not invertible.") from None
    if adjoint:
        result = np.ascontiguousarray(_matrix_t(result).conj())
    return execute(MATRIX_INVERSE, (x,), result, bool(adjoint))


# --- MatrixDeterminant, LogMatrixDeterminant --------------------------------------------------
def _determinant_grad(rec, grad):
    a, c = rec.inputs[0], rec.outputs[0]
    a_adj_inv = inv(a, adjoint=True)
    multipliers = reshape(grad * c, list(c._value.shape) + [1, 1])
    return multipliers * a_adj_inv


MATRIX_DETERMINANT = define(
    "MatrixDeterminant", (_determinant_grad,), saves_inputs=(0,), saves_outputs=(0,)
)


def det(input, name=None):
    x = convert_to_tensor(input)
    check_dtype("MatrixDeterminant", x, DETERMINANT_TYPES)
    check_square("MatrixDeterminant", x)
    value = np.asarray(np.linalg.det(x._value), x._value.dtype)
    return execute(MATRIX_DETERMINANT, (x,), value)


def _log_determinant_grad(rec, grad_sign, grad_log):
    a, log_abs = rec.inputs[0], rec.outputs[1]
    a_adj_inv = inv(a, adjoint=True)
    grad_log = filled(grad_log, log_abs)
    multipliers = reshape(grad_log, list(log_abs._value.shape) + [1, 1])
    return (multipliers * a_adj_inv,)


LOG_MATRIX_DETERMINANT = define(
    "LogMatrixDeterminant", _log_determinant_grad, saves_inputs=(0,), saves_outputs=(1,)
)


def slogdet(input, name=None):
    x = convert_to_tensor(input)
    check_dtype("LogMatrixDeterminant", x, DETERMINANT_TYPES)
    check_square("LogMatrixDeterminant", x)
    dtype = x._value.dtype
    with np.errstate(divide="ignore"):
        sign, log_abs = np.linalg.slogdet(x._value)
    values = (np.asarray(sign, dtype), np.asarray(log_abs, dtype))
    return LogMatrixDeterminant(*execute_many(LOG_MATRIX_DETERMINANT, (x,), values))


class LogMatrixDeterminant(tuple):
    """The (sign, log_abs_determinant) namedtuple TF's generated wrapper returns."""

    __slots__ = ()
    _fields = ("sign", "log_abs_determinant")

    def __new__(cls, sign, log_abs_determinant):
        return tuple.__new__(cls, (sign, log_abs_determinant))

    sign = property(lambda self: self[0])
    log_abs_determinant = property(lambda self: self[1])

    def __repr__(self):
        return f"LogMatrixDeterminant(sign={self[0]!r}, log_abs_determinant={self[1]!r})"


# --- MatrixSolve ------------------------------------------------------------------------------
def _solve_grad(rec, grad):
    a, c = rec.inputs[0], rec.outputs[0]
    adjoint = rec.attrs
    grad_b = solve(a, grad, adjoint=not adjoint)
    if adjoint:
        grad_a = negative(matmul(c, grad_b, adjoint_b=True))
    else:
        grad_a = negative(matmul(grad_b, c, adjoint_b=True))
    return (grad_a, grad_b)


MATRIX_SOLVE = define("MatrixSolve", _solve_grad, saves_inputs=(0,), saves_outputs=(0,))


def solve(matrix, rhs, adjoint=False, name=None):
    a = convert_to_tensor(matrix)
    b = convert_to_tensor(rhs, dtype_hint=a.dtype)
    check_dtype("MatrixSolve", a, SOLVER_TYPES, f", adjoint={_flag(adjoint)}")
    check_same_dtype("MatrixSolve", a, b)
    check_rank("MatrixSolve", a)
    check_same_batch("MatrixSolve", a, b)
    check_square("MatrixSolve", a, "First input (lhs) must be a square matrix.")
    if b._value.shape[-2] != a._value.shape[-1]:
        raise invalid_argument("MatrixSolve", "Input matrix and rhs are incompatible.")
    lhs = _matrix_t(a._value).conj() if adjoint else a._value
    if np.isnan(lhs).any():
        raise _not_invertible("MatrixSolve", "Input matrix is not invertible.")
    try:
        value = np.linalg.solve(lhs, b._value) if lhs.size else np.zeros_like(b._value)
    except np.linalg.LinAlgError:
        raise _not_invertible("MatrixSolve", "Input matrix is not invertible.") from None
    return execute(MATRIX_SOLVE, (a, b), value.astype(a._value.dtype, copy=False), bool(adjoint))


# --- MatrixTriangularSolve ------------------------------------------------------------------
def _triangular_solve_grad(rec, grad):
    a, c = rec.inputs[0], rec.outputs[0]
    lower, adjoint, a_shape, b_shape = rec.attrs
    grad_b = triangular_solve(a, grad, lower=lower, adjoint=not adjoint)
    if adjoint:
        grad_a = negative(matmul(c, grad_b, adjoint_b=True))
    else:
        grad_a = negative(matmul(grad_b, c, adjoint_b=True))
    grad_a = band_part(grad_a, -1, 0) if lower else band_part(grad_a, 0, -1)
    if a_shape[:-2] == b_shape[:-2]:
        return (grad_a, grad_b)
    return (unbroadcast(grad_a, a_shape), unbroadcast(grad_b, b_shape))


MATRIX_TRIANGULAR_SOLVE = define(
    "MatrixTriangularSolve", _triangular_solve_grad, saves_inputs=(0,), saves_outputs=(0,)
)


def _substitute(a, b, lower):
    """Forward (lower) or back substitution, row by row over the whole batch: a zero on the
    diagonal divides by zero as TF's kernel does (inf/nan), where LAPACK's solve would stop."""
    n = a.shape[-1]
    x = np.zeros(np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + b.shape[-2:], a.dtype)
    order = range(n) if lower else range(n - 1, -1, -1)
    with np.errstate(all="ignore"):
        for i in order:
            known = slice(0, i) if lower else slice(i + 1, n)
            partial = np.einsum("...k,...kj->...j", a[..., i, known], x[..., known, :])
            x[..., i, :] = (b[..., i, :] - partial) / a[..., i, i : i + 1]
    return x


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    a = convert_to_tensor(matrix)
    b = convert_to_tensor(rhs, dtype_hint=a.dtype)
    attrs_text = f", adjoint={_flag(adjoint)}, lower={_flag(lower)}"
    check_dtype("MatrixTriangularSolve", a, TRIANGULAR_TYPES, attrs_text)
    check_same_dtype("MatrixTriangularSolve", a, b)
    av, bv = a._value, b._value
    for index, t in enumerate((av, bv)):
        if t.ndim < 2:
            raise invalid_argument(
                "MatrixTriangularSolve", f"In[{index}] ndims must be >= 2: {t.ndim}"
            )
    if av.shape[-1] != av.shape[-2]:
        raise invalid_argument(
            "MatrixTriangularSolve",
            f"In[0] matrices in the last dimensions must be square ({av.shape[-1]} =/= "
            f"{av.shape[-2]})",
        )
    try:
        np.broadcast_shapes(av.shape[:-2], bv.shape[:-2])
    except ValueError:
        raise invalid_argument(
            "MatrixTriangularSolve",
            "In[0] and In[1] must have compatible batch dimensions: "
            f"{_shape(av.shape)} vs. {_shape(bv.shape)}",
        ) from None
    if av.shape[-1] != bv.shape[-2]:
        raise invalid_argument(
            "MatrixTriangularSolve",
            f"In[0] mismatch In[1] shape: {av.shape[-1]} vs. {bv.shape[-2]}: "
            f"{_shape(av.shape)} {_shape(bv.shape)} {int(lower)} {int(adjoint)}",
        )
    triangle = np.tril(av) if lower else np.triu(av)
    forward = bool(lower)
    if adjoint:  # the adjoint of a lower triangle is an upper one
        triangle, forward = _matrix_t(triangle).conj(), not forward
    value = _substitute(triangle, bv, forward)
    attrs = (bool(lower), bool(adjoint), av.shape, bv.shape)
    return execute(MATRIX_TRIANGULAR_SOLVE, (a, b), value, attrs)


def _shape(shape):
    return "[" + ",".join(map(str, shape)) + "]"


# --- TF's Python compositions ---------------------------------------------------------------
def cholesky_solve(chol, rhs, name=None):
    """X with A X = rhs given A's Cholesky factor: two MatrixTriangularSolve, as TF."""
    y = triangular_solve(chol, rhs, adjoint=False, lower=True)
    return triangular_solve(chol, y, adjoint=True, lower=True)
