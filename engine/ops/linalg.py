"""linalg: einsum, tensordot and norm, written as TF writes them.

tensordot and norm are composites in TF too, and record the same ops TF records: tensordot a
Transpose/Reshape only where the layout needs one around one MatMul; norm Mul, Sum, Sqrt and
Squeeze (or Abs with Sum/Max, or Pow). tf.linalg.matmul is the math module's matmul itself
(engine/linalg.py looks it up there).
"""

import numpy as np

from ..tensor import convert_to_tensor
from . import math_ops
from .creation import eye
from .einsum_op import einsum
from .linalg_spectral import svd
from .matmul import matmul
from .shape_ops import expand_dims, reshape, squeeze, transpose

__all__ = ["einsum", "tensordot", "norm", "eye"]
TOP_LEVEL = ["einsum", "tensordot", "norm", "eye"]


# --- tensordot ----------------------------------------------------------------------------
def tensordot(a, b, axes, name=None):
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    axes_a, axes_b = _tensordot_axes(a, axes)
    a_matrix, a_free = _as_matrix(a, axes_a, flipped=False)
    b_matrix, b_free = _as_matrix(b, axes_b, flipped=True)
    product = matmul(a_matrix, b_matrix)
    if list(product._value.shape) == a_free + b_free:
        return product
    return reshape(product, a_free + b_free)


def _tensordot_axes(a, axes):
    if hasattr(axes, "_value") or hasattr(axes, "_as_tensor"):
        axes = convert_to_tensor(axes)._value.tolist()
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError(f"`axes` must be at least 0. Received: {axes}.")
        rank = a._value.ndim
        if axes > rank:
            raise ValueError(
                f"`axes` must not be larger than the number of dimensions of tensor "
                f"{a._value}.  Received {axes}, vs tensor dimensions {rank}."
            )
        return list(range(rank - axes, rank)), list(range(axes))
    if len(axes) != 2:
        raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}.")
    a_axes, b_axes = (
        convert_to_tensor(v)._value.tolist() if hasattr(v, "_value") else v for v in axes
    )
    if isinstance(a_axes, int) and isinstance(b_axes, int):
        a_axes, b_axes = [a_axes], [b_axes]
    if len(a_axes) != len(b_axes):
        raise ValueError(
            f"Different number of contraction axes `a` and `b`, {len(a_axes)} != {len(b_axes)}."
        )
    return list(a_axes), list(b_axes)


def _as_matrix(t, axes, flipped):
    """t transposed (if needed) and reshaped (if needed) to [free, contracted] (or flipped)."""
    shape = list(t._value.shape)
    axes = [i if i >= 0 else i + len(shape) for i in axes]
    free = [i for i in range(len(shape)) if i not in axes]
    free_dims = [shape[i] for i in free]
    prod_free = int(np.prod(free_dims, dtype=np.int64))
    prod_axes = int(np.prod([shape[i] for i in axes], dtype=np.int64))
    perm = axes + free if flipped else free + axes
    new_shape = [prod_axes, prod_free] if flipped else [prod_free, prod_axes]
    if perm != list(range(len(shape))):
        t = transpose(t, perm)
    if list(t._value.shape) != new_shape:
        t = reshape(t, new_shape)
    return t, free_dims


# --- norm ---------------------------------------------------------------------------------
_VECTOR_NORMS = ["euclidean", 1, 2, np.inf]
_MATRIX_NORMS = ["euclidean", "fro", 1, 2, np.inf]


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    is_matrix_norm = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix_norm:
        axis = tuple(axis)
        if not isinstance(axis[0], int) or not isinstance(axis[1], int) or axis[0] == axis[1]:
            raise ValueError(
                f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}"
            )
        if ord not in _MATRIX_NORMS:
            raise ValueError(f"'ord' must be a supported matrix norm in {_MATRIX_NORMS}, got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError(
                f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}"
            )
        if (not np.isreal(ord) or ord <= 0) and ord not in _VECTOR_NORMS:
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
        if axis is not None:
            axis = (axis,)
    x = convert_to_tensor(tensor)
    if is_matrix_norm and ord in (2, 2.0):
        return _spectral_norm(x, axis, keepdims)
    if ord in ("fro", "euclidean", 2, 2.0):
        result = math_ops.sqrt(math_ops.reduce_sum(x * x, axis, keepdims=True))
    else:
        result = math_ops.abs(x)
        if ord == 1:
            result = math_ops.reduce_sum(result, None if axis is None else axis[0], keepdims=True)
            if is_matrix_norm:
                result = math_ops.reduce_max(result, axis[-1], keepdims=True)
        elif ord == np.inf:
            if is_matrix_norm:
                result = math_ops.reduce_sum(result, axis[1], keepdims=True)
            result = math_ops.reduce_max(result, None if axis is None else axis[0], keepdims=True)
        else:
            result = math_ops.pow(
                math_ops.reduce_sum(math_ops.pow(result, ord), axis, keepdims=True), 1.0 / ord
            )
    if not keepdims:
        result = squeeze(result, axis)
    return result


# --- the spectral norm: the largest singular value, with TF's ops ---------------------------
def _spectral_norm(x, axis, keepdims):
    """As TF's norm(ord=2) over two axes: move them last, Svd, Abs, Max, ExpandDims, back."""
    rank = x._value.ndim
    axes = [a + rank if a < 0 else a for a in axis]
    perm_before = [i for i in range(rank) if i not in axes] + axes
    perm_after = [perm_before.index(i) for i in range(rank)]
    values = svd(transpose(x, perm_before), compute_uv=False)
    largest = math_ops.reduce_max(math_ops.abs(values), axis=-1, keepdims=True)
    result = transpose(expand_dims(largest, -1), perm_after)
    return result if keepdims else squeeze(result, axis)


def matvec(
    a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None
):
    """tf.linalg.matvec: a matrix (batch) times a vector (batch), as TF composes it: b gains a
    last axis of 1 (ExpandDims), MatMul, and the axis goes again (Squeeze)."""
    product = matmul(a, expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return squeeze(product, axis=-1)


__all__ += ["matvec"]
