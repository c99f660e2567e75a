"""Spectral decompositions: tf.linalg.svd (Svd), eigh and eigvalsh (SelfAdjointEigV2), and
TF's Python composition pinv (Svd, Max, Mul, ExpandDims, Greater, SelectV2, RealDiv, MatMul).

svd returns (s, u, v) with v not transposed, or s alone for compute_uv=False; eigh (e, v) with
ascending eigenvalues, eigvalsh e alone. Both read what TF's kernels read (eigh the lower
triangle only).

Gradients are linalg_grad.py's _SvdGrad and _SelfAdjointEigV2Grad, with their documented limits:
- singular vectors and eigenvectors are defined up to sign (and, for repeated values, up to a
  rotation): only functions invariant under that have well-defined gradients. The engine's
  vectors come from LAPACK and may differ in sign from TF's (Eigen's); values, reconstructions
  and invariant functions agree.
- repeated singular values or eigenvalues: TF's 1/(s_i^2 - s_j^2) terms go through
  _SafeReciprocal (x / (x^2 + 1e-20)), so they become 0 rather than inf; the gradient then is
  finite but not the derivative of the vectors (which does not exist).
- zero singular values of a non-square matrix: 1/s is _SafeReciprocal too (0 for s = 0).
- svd with full_matrices=True and |m - n| > 1 raises NotImplementedError, as TF's.
"""

import numpy as np

from ..tensor import EagerTensor, convert_to_tensor
from .arithmetic import real_div
from .comparisons import greater
from .creation import zeros_like
from .linalg_checks import SOLVER_TYPES, check_dtype, check_rank, check_square, filled
from .linalg_diag import band_part, diag, diag_part, matrix_transpose, set_diag
from .matmul import matmul
from .reductions import reduce_max
from .registry import define, execute_many
from .selection import where
from .shape_ops import expand_dims
from .unary_math import reciprocal, square

__all__ = ["svd", "eigh", "eigvalsh", "pinv"]
TOP_LEVEL: list = []


def _flag(value):
    return "true" if value else "false"


def _safe_reciprocal(x, epsilon=1e-20):
    return x * reciprocal(x * x + epsilon)


# --- SelfAdjointEigV2 -----------------------------------------------------------------------
def _eigh_grad(rec, grad_e, grad_v):
    e = rec.outputs[0]
    grad_e = filled(grad_e, e)
    if rec.attrs:  # compute_v
        v = rec.outputs[1]
        grad_v = filled(grad_v, v)
        f = set_diag(_safe_reciprocal(expand_dims(e, -2) - expand_dims(e, -1)), zeros_like(e))
        grad_a = matmul(
            v,
            matmul(diag(grad_e) + f * matmul(v, grad_v, adjoint_a=True), v, adjoint_b=True),
        )
    else:
        _, v = eigh(rec.inputs[0])
        grad_a = matmul(v, matmul(diag(grad_e), v, adjoint_b=True))
    # the forward op reads the lower triangle only: symmetrize, keep the lower triangle
    grad_a = band_part(grad_a + matrix_transpose(grad_a), -1, 0)
    return (set_diag(grad_a, 0.5 * diag_part(grad_a)),)


SELF_ADJOINT_EIG = define("SelfAdjointEigV2", _eigh_grad, saves_inputs=(0,), saves_outputs=(0, 1))


def _self_adjoint_eig(tensor, compute_v):
    x = convert_to_tensor(tensor)
    check_dtype("SelfAdjointEigV2", x, SOLVER_TYPES, f", compute_v={_flag(compute_v)}")
    check_square("SelfAdjointEigV2", x)
    value = x._value
    if compute_v:
        if value.size:
            e, v = np.linalg.eigh(value)
        else:
            e, v = np.zeros(value.shape[:-1], value.dtype), value.copy()
    else:
        e = np.linalg.eigvalsh(value) if value.size else np.zeros(value.shape[:-1], value.dtype)
        v = np.zeros((0,), value.dtype)
    values = (e.astype(value.dtype, copy=False), np.ascontiguousarray(v, value.dtype))
    return execute_many(SELF_ADJOINT_EIG, (x,), values, bool(compute_v))


def eigh(tensor, name=None):
    e, v = _self_adjoint_eig(tensor, compute_v=True)
    return e, v


def eigvalsh(tensor, name=None):
    return _self_adjoint_eig(tensor, compute_v=False)[0]


# --- Svd ----------------------------------------------------------------------------------
def _svd_grad(rec, grad_s, grad_u, grad_v):
    a = rec.inputs[0]
    compute_uv, full_matrices = rec.attrs
    s = rec.outputs[0]
    grad_s_mat = diag(filled(grad_s, s))
    if not compute_uv:
        _, u, v = svd(a, compute_uv=True)
        return (matmul(u, matmul(grad_s_mat, v, adjoint_b=True)),)
    u, v = rec.outputs[1], rec.outputs[2]
    grad_u, grad_v = filled(grad_u, u), filled(grad_v, v)
    m, n = a._value.shape[-2:]
    use_adjoint = m > n
    if use_adjoint:  # the gradient of A^H = V S U^H, transposed at the end
        m, n, u, v, grad_u, grad_v = n, m, v, u, grad_v, grad_u
    if full_matrices and abs(m - n) > 1:
        raise NotImplementedError(
            "svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. "
            f"Received: m={m} and n={n} from op input={a} with "
            f"shape={tuple(a._value.shape)}."
        )
    s_mat = diag(s)
    s2 = square(s)
    f = set_diag(_safe_reciprocal(expand_dims(s2, -2) - expand_dims(s2, -1)), zeros_like(s))
    s_inv_mat = diag(_safe_reciprocal(s))
    v1 = v[..., :, :m]
    grad_v1 = grad_v[..., :, :m]
    u_gu = matmul(u, grad_u, adjoint_a=True)
    v_gv = matmul(v1, grad_v1, adjoint_a=True)
    f_u = f * u_gu
    f_v = f * v_gv
    term1_nouv = (
        grad_s_mat
        + matmul(f_u + matrix_transpose(f_u), s_mat)
        + matmul(s_mat, f_v + matrix_transpose(f_v))
    )
    grad_a = matmul(u, matmul(term1_nouv, v1, adjoint_b=True))
    if m != n:
        gv1t = matrix_transpose(grad_v1)
        gv1t_v1 = matmul(gv1t, v1)
        term2_nous = gv1t - matmul(gv1t_v1, v1, adjoint_b=True)
        if full_matrices:
            v2 = v[..., :, m:n]
            grad_v2 = grad_v[..., :, m:n]
            v1t_gv2 = matmul(v1, grad_v2, adjoint_a=True)
            term2_nous -= matmul(v1t_gv2, v2, adjoint_b=True)
        u_s_inv = matmul(u, s_inv_mat)
        grad_a = grad_a + matmul(u_s_inv, term2_nous)
    return (matrix_transpose(grad_a) if use_adjoint else grad_a,)


SVD = define("Svd", _svd_grad, saves_inputs=(0,), saves_outputs=(0, 1, 2))


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    x = convert_to_tensor(tensor)
    attrs = f", compute_uv={_flag(compute_uv)}, full_matrices={_flag(full_matrices)}"
    check_dtype("Svd", x, SOLVER_TYPES, attrs)
    check_rank("Svd", x)
    value = x._value
    rows, cols = value.shape[-2:]
    p = min(rows, cols)
    dtype = value.dtype
    if not compute_uv:
        s = (
            np.linalg.svd(value, compute_uv=False)
            if value.size
            else np.zeros(value.shape[:-2] + (p,), dtype)
        )
        empty = np.zeros((0,), dtype)
        only_values = (s.astype(dtype, copy=False), empty, empty.copy())
        return execute_many(SVD, (x,), only_values, (False, bool(full_matrices)))[0]
    batch = value.shape[:-2]
    if value.size:
        u, s, vh = np.linalg.svd(value, full_matrices=bool(full_matrices))
        v = np.swapaxes(vh, -1, -2)
    else:
        ku, kv = (rows, cols) if full_matrices else (p, p)
        s = np.zeros(batch + (p,), dtype)
        u = np.broadcast_to(np.eye(rows, ku, dtype=dtype), batch + (rows, ku))
        v = np.broadcast_to(np.eye(cols, kv, dtype=dtype), batch + (cols, kv))
    values = tuple(np.ascontiguousarray(t, dtype) for t in (s, u, v))
    return execute_many(SVD, (x,), values, (True, bool(full_matrices)))


# --- pinv: TF's Python composition ----------------------------------------------------------
def pinv(a, rcond=None, validate_args=False, name=None):
    x = convert_to_tensor(a)
    if not x.dtype.is_floating:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {x.dtype.name}).")
    dtype = x._value.dtype
    if rcond is None:
        rcond = 10.0 * max(x._value.shape[-2:]) * np.finfo(dtype).eps
    rcond = convert_to_tensor(rcond, dtype=x.dtype)
    singular_values, left, right = svd(x, full_matrices=False, compute_uv=True)
    cutoff = rcond * reduce_max(singular_values, axis=-1)
    singular_values = where(
        greater(singular_values, expand_dims(cutoff, -1)),
        singular_values,
        EagerTensor(np.array(np.inf, dtype)),
    )
    return matmul(real_div(right, expand_dims(singular_values, -2)), left, adjoint_b=True)
