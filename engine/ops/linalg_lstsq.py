"""tf.linalg.lstsq, as TF's matrix_solve_ls: for fast=True a Python composition over the
normal equations (MatMul, Cholesky, MatMul, two MatrixTriangularSolve; A^T A for tall
matrices, A A^T for wide ones, plus l2_regularizer * I when it is nonzero), except for large
I/O-bound batches, where TF (and so the engine) runs the MatrixSolveLs kernel; fast=False is
always MatrixSolveLs (the minimum-norm solution), whose gradient raises as TF's does.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .arithmetic import negative
from .creation import eye
from .linalg_checks import (
    SOLVER_TYPES,
    check_dtype,
    check_rank,
    check_same_batch,
    check_same_dtype,
)
from .linalg_decompositions import cholesky
from .linalg_diag import matrix_transpose
from .linalg_solve import cholesky_solve
from .matmul import matmul
from .registry import define, execute

__all__ = ["lstsq"]
TOP_LEVEL: list = []


def _flag(value):
    return "true" if value else "false"


def _regularized_gramian_cholesky(matrix, l2_regularizer, first_kind):
    gramian = matmul(matrix, matrix, adjoint_a=first_kind, adjoint_b=not first_kind)
    if isinstance(l2_regularizer, EagerTensor) or l2_regularizer != 0:
        shape = matrix._value.shape
        small = shape[-1] if first_kind else shape[-2]
        identity = eye(small, batch_shape=list(shape[:-2]), dtype=matrix.dtype)
        gramian += l2_regularizer * identity
    return cholesky(gramian)


_L2_CACHE_SIZE_GUESSTIMATE = 256000


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """Least squares, as TF's matrix_solve_ls: the normal equations through a Cholesky factor
    (composite ops) when fast, else the MatrixSolveLs kernel."""
    a = convert_to_tensor(matrix)
    b = convert_to_tensor(rhs, dtype_hint=a.dtype)
    shape = a._value.shape
    batch_size = int(np.prod(shape[:-2], dtype=np.int64))
    is_io_bound = batch_size > min(shape[-2:]) if len(shape) >= 2 else False
    too_large = a._value.size * a._value.itemsize > _L2_CACHE_SIZE_GUESSTIMATE and is_io_bound
    if fast is False or too_large:
        return _matrix_solve_ls(a, b, l2_regularizer, fast)
    if len(shape) >= 2 and shape[-2] >= shape[-1]:
        chol = _regularized_gramian_cholesky(a, l2_regularizer, first_kind=True)
        return cholesky_solve(chol, matmul(a, b, adjoint_a=True))
    chol = _regularized_gramian_cholesky(a, l2_regularizer, first_kind=False)
    return matmul(a, cholesky_solve(chol, b), adjoint_a=True)


def _solve_ls_grad(rec, grad):
    """linalg_grad.py's _MatrixSolveLsGrad (fast=True only)."""
    a, b, l2 = rec.inputs
    x = rec.outputs[0]
    fast = rec.attrs
    if fast is False:
        raise ValueError("Gradient not defined for fast=False")
    l2 = l2 if l2._value.dtype == a._value.dtype else EagerTensor(l2._value.astype(a._value.dtype))
    m, n = a._value.shape[-2:]
    if m >= n:
        chol = _regularized_gramian_cholesky(a, l2, first_kind=True)
        z = cholesky_solve(chol, grad)
        xzt = matmul(x, z, adjoint_b=True)
        zx_sym = xzt + matrix_transpose(xzt)
        grad_a = negative(matmul(a, zx_sym)) + matmul(b, z, adjoint_b=True)
        return (grad_a, matmul(a, z), None)
    chol = _regularized_gramian_cholesky(a, l2, first_kind=False)
    grad_b = cholesky_solve(chol, matmul(a, grad))
    tmp = cholesky_solve(chol, b)
    a1 = negative(matmul(grad_b, matmul(tmp, a, adjoint_a=True)))
    a2 = matmul(tmp, grad - matmul(a, grad_b, adjoint_a=True), adjoint_b=True)
    return (a1 + a2, grad_b, None)


MATRIX_SOLVE_LS = define(
    "MatrixSolveLs", _solve_ls_grad, saves_inputs=(0, 1, 2), saves_outputs=(0,)
)


def _matrix_solve_ls(a, b, l2_regularizer, fast):
    check_dtype("MatrixSolveLs", a, SOLVER_TYPES, f", fast={_flag(fast)}")
    check_same_dtype("MatrixSolveLs", a, b)
    check_rank("MatrixSolveLs", a)
    check_same_batch("MatrixSolveLs", a, b)
    if b._value.shape[-2] != a._value.shape[-2]:
        raise invalid_argument("MatrixSolveLs", "Input matrix and rhs are incompatible.")
    l2 = EagerTensor(np.float64(convert_to_tensor(l2_regularizer)._value))
    av, bv, lam = a._value, b._value, float(l2._value)
    if fast:  # the regularized normal equations, as the kernel solves them
        m, n = av.shape[-2:]
        at = np.swapaxes(av, -1, -2).conj()
        if m >= n:
            value = np.linalg.solve(at @ av + lam * np.eye(n), at @ bv)
        else:
            value = at @ np.linalg.solve(av @ at + lam * np.eye(m), bv)
    else:  # the minimum-norm solution (TF's complete orthogonal decomposition)
        value = np.linalg.pinv(av) @ bv
    value = value.astype(av.dtype, copy=False)
    return execute(MATRIX_SOLVE_LS, (a, b, l2), value, bool(fast))
