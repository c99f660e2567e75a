"""Cholesky and QR: tf.linalg.cholesky (Cholesky), qr (Qr), and TF's Python composition
logdet (Cholesky, MatrixDiagPartV3, Log, Sum, Mul).

Cholesky reads the lower triangle only, as TF's kernel; a matrix that is not positive definite
gives NaN (TF 2.21 raises nothing: its kernel fills the output's lower triangle with NaN).
Qr returns TF's namedtuple Qr(q, r); its gradient (linalg_grad.py's _QrGrad) covers
num_rows >= num_cols, and wide matrices with full_matrices=False; tall ones with
full_matrices=True raise NotImplementedError, as TF's does.
"""

import numpy as np

from ..tensor import convert_to_tensor
from .creation import eye
from .joining import concat
from .linalg_checks import SOLVER_TYPES, check_dtype, check_rank, check_square, filled
from .linalg_diag import band_part, diag_part, matrix_transpose, set_diag
from .linalg_solve import triangular_solve
from .matmul import matmul
from .reductions import reduce_sum
from .registry import define, execute, execute_many
from .unary_math import log

__all__ = ["cholesky", "qr", "logdet"]
TOP_LEVEL: list = []


# --- Cholesky ---------------------------------------------------------------------------------
def _cholesky_grad(rec, grad):
    """l^{-H} ((l^H grad) * (tril(ones) - eye / 2)) l^{-1}, symmetrized."""
    l = rec.outputs[0]  # noqa: E741 - TF's name
    shape = l._value.shape
    identity = eye(shape[-1], batch_shape=list(shape[:-2]), dtype=l.dtype)
    l_inverse = triangular_solve(l, identity)
    middle = matmul(l, grad, adjoint_a=True)
    middle = set_diag(middle, 0.5 * diag_part(middle))
    middle = band_part(middle, -1, 0)
    grad_a = matmul(matmul(l_inverse, middle, adjoint_a=True), l_inverse)
    grad_a += matrix_transpose(grad_a)
    return (grad_a * 0.5,)


CHOLESKY = define("Cholesky", _cholesky_grad, saves_outputs=(0,))


def _cholesky_value(value):
    lower = np.tril(value)  # the kernel reads the lower triangle only
    symmetric = lower + np.swapaxes(np.tril(value, -1), -1, -2).conj()
    try:
        return np.linalg.cholesky(symmetric)
    except np.linalg.LinAlgError:  # one matrix or more is not positive definite
        pass
    out = np.empty_like(symmetric)
    flat_in, flat_out = (
        symmetric.reshape((-1,) + value.shape[-2:]),
        out.reshape((-1,) + value.shape[-2:]),
    )
    nan_lower = np.where(np.tri(value.shape[-1], dtype=bool), np.nan, 0).astype(value.dtype)
    for i, matrix in enumerate(flat_in):
        try:
            flat_out[i] = np.linalg.cholesky(matrix)
        except np.linalg.LinAlgError:
            flat_out[i] = nan_lower
    return out


def cholesky(input, name=None):
    x = convert_to_tensor(input)
    check_dtype("Cholesky", x, SOLVER_TYPES)
    check_square("Cholesky", x)
    value = x._value
    result = _cholesky_value(value) if value.size else value.copy()
    return execute(CHOLESKY, (x,), result.astype(value.dtype, copy=False))


def logdet(matrix, name=None):
    """log(det(matrix)) of a Hermitian positive definite matrix, through its Cholesky factor."""
    chol = cholesky(matrix)
    return 2.0 * reduce_sum(log(diag_part(chol)), axis=[-1])


# --- Qr ---------------------------------------------------------------------------------------
class Qr(tuple):
    """The (q, r) namedtuple TF's generated wrapper returns."""

    __slots__ = ()
    _fields = ("q", "r")

    def __new__(cls, q, r):
        return tuple.__new__(cls, (q, r))

    q = property(lambda self: self[0])
    r = property(lambda self: self[1])

    def __repr__(self):
        return f"Qr(q={self[0]!r}, r={self[1]!r})"


def _triangular_solve_right(x, r):
    """x r^{-H} for an upper triangular r."""
    return matrix_transpose(triangular_solve(r, matrix_transpose(x), lower=False, adjoint=False))


def _qr_grad_square_and_deep(q, r, dq, dr):
    qdq = matmul(q, dq, adjoint_a=True)
    qdq_ = qdq - matrix_transpose(qdq)
    rdr = matmul(r, dr, adjoint_b=True)
    rdr_ = rdr - matrix_transpose(rdr)
    tril = band_part(qdq_ + rdr_, -1, 0)
    grad_a = matmul(q, dr + _triangular_solve_right(tril, r))
    grad_b = _triangular_solve_right(dq - matmul(q, qdq), r)
    return grad_a + grad_b


def _qr_grad(rec, dq, dr):
    q, r = rec.outputs
    dq, dr = filled(dq, q), filled(dr, r)
    rows, cols = r._value.shape[-2:]
    if rows > cols and q._value.shape[-2] == q._value.shape[-1]:
        raise NotImplementedError(
            "QrGrad not implemented when nrows > ncols and full_matrices is true. Received "
            f"r.shape=({', '.join(map(str, r._value.shape))}) with nrows={rows}and ncols={cols}."
        )
    num_rows = q._value.shape[-2]
    if num_rows >= cols:
        return (_qr_grad_square_and_deep(q, r, dq, dr),)
    a = rec.inputs[0]
    y = a[..., :, num_rows:]
    u = r[..., :, :num_rows]
    dv = dr[..., :, num_rows:]
    du = dr[..., :, :num_rows]
    dy = matmul(q, dv)
    dx = _qr_grad_square_and_deep(q, u, dq + matmul(y, dv, adjoint_b=True), du)
    return (concat([dx, dy], axis=-1),)


QR = define("Qr", _qr_grad, saves_inputs=(0,), saves_outputs=(0, 1))


def qr(input, full_matrices=False, name=None):
    x = convert_to_tensor(input)
    check_dtype("Qr", x, SOLVER_TYPES, half_kernel=True)
    check_rank("Qr", x)
    value = x._value
    rows, cols = value.shape[-2:]
    if value.size:
        exact = value.astype(np.float32) if value.dtype == np.float16 else value  # no half LAPACK
        q_value, r_value = (
            np.linalg.qr(exact, mode="complete") if full_matrices else np.linalg.qr(exact)
        )
        # + 0: LAPACK's reflections leave -0.0 where Eigen's (TF's) leave 0.0, which prints
        q_value, r_value = q_value.astype(value.dtype) + 0, r_value.astype(value.dtype) + 0
    else:
        k = rows if full_matrices else min(rows, cols)
        q_value = np.broadcast_to(np.eye(rows, k, dtype=value.dtype), value.shape[:-2] + (rows, k))
        r_value = np.zeros(value.shape[:-2] + (k, cols), value.dtype)
    values = (np.ascontiguousarray(q_value), np.ascontiguousarray(r_value))
    return Qr(*execute_many(QR, (x,), values, bool(full_matrices)))
