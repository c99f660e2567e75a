"""tf.matmul: MatMul for two matrices, BatchMatMulV2 when either operand has batch dimensions
(which broadcast), with transpose/adjoint flags and TF's gradients."""

import numpy as np

from ..errors import invalid_argument
from ..tensor import FLOAT_DTYPES, EagerTensor, convert_to_tensor
from .conjugate import conj
from .elementwise import allowed_numpy_dtypes, check_dtype
from .operands import _tf_type_name
from .registry import ALL, define, execute
from .summing import unbroadcast

_MATMUL_DTYPES = allowed_numpy_dtypes("MatMul")
_BATCH_DTYPES = allowed_numpy_dtypes("BatchMatMulV2")


def _flag(value):
    return "true" if value else "false"


def _shape_text(shape):
    return "[" + ",".join(map(str, shape)) + "]"


def _check_ranks(op_type, a, b, suffix):
    for index, t in enumerate((a, b)):
        if t._value.ndim < 2:
            raise invalid_argument(op_type, f"In[{index}] ndims must be >= 2{suffix(t)}")


# --- MatMul: two matrices -------------------------------------------------------------------
def _matmul_grad_a(rec, g):
    b = rec.inputs[1]
    transpose_a, transpose_b = rec.attrs
    if not transpose_a:
        return _matmul(g, b, False, not transpose_b)
    return _matmul(b, g, transpose_b, True)


def _matmul_grad_b(rec, g):
    a = rec.inputs[0]
    transpose_a, transpose_b = rec.attrs
    if not transpose_b:
        return _matmul(a, g, not transpose_a, False)
    return _matmul(g, a, True, transpose_a)


MATMUL = define("MatMul", (_matmul_grad_a, _matmul_grad_b), saves_inputs=ALL)


def _matmul(a, b, transpose_a, transpose_b):
    av, bv = a._value, b._value
    if type(av.dtype) not in FLOAT_DTYPES:
        check_dtype(
            "MatMul",
            a,
            _MATMUL_DTYPES,
            (
                f", grad_a=false, grad_b=false, transpose_a={_flag(transpose_a)}, "
                f"transpose_b={_flag(transpose_b)}"
            ),
        )
    if av.ndim != 2 or bv.ndim != 2:
        _check_ranks("MatMul", a, b, lambda t: "")
    if transpose_a:
        av = av.T
    if transpose_b:
        bv = bv.T
    try:  # NumPy's check of the inner sizes, rather than reading both shapes first
        value = av @ bv
    except ValueError:
        raise invalid_argument(
            "MatMul",
            f"Matrix size-incompatible: In[0]: "
            f"{_shape_text(a._value.shape)}, In[1]: {_shape_text(b._value.shape)}",
        ) from None
    return execute(MATMUL, (a, b), value, (transpose_a, transpose_b))


# --- BatchMatMulV2: stacks of matrices, batch dimensions broadcast ------------------------
def _batch_grad_x(rec, g):
    y = rec.inputs[1]
    adj_x, adj_y = rec.attrs[:2]
    if not adj_x:
        grad = matmul(g, y, adjoint_b=not adj_y)
    else:
        grad = matmul(y, g, adjoint_a=adj_y, adjoint_b=True)
    return unbroadcast(grad, rec.attrs[2])  # sums over batch dimensions x was broadcast in


def _batch_grad_y(rec, g):
    x = rec.inputs[0]
    adj_x, adj_y = rec.attrs[:2]
    if not adj_y:
        grad = matmul(x, g, adjoint_a=not adj_x)
    else:
        grad = matmul(g, x, adjoint_a=True, adjoint_b=adj_x)
    return unbroadcast(grad, rec.attrs[3])


BATCH_MATMUL = define("BatchMatMulV2", (_batch_grad_x, _batch_grad_y), saves_inputs=ALL)


def _batch_matmul(x, y, adj_x, adj_y):
    xv, yv = x._value, y._value
    if xv.dtype.kind != "f":
        check_dtype(
            "BatchMatMulV2",
            x,
            _BATCH_DTYPES,
            (f", adj_x={_flag(adj_x)}, adj_y={_flag(adj_y)}, grad_x=false, grad_y=false"),
        )
    _check_ranks("BatchMatMulV2", x, y, lambda t: f": {t._value.ndim}")
    try:
        np.broadcast_shapes(xv.shape[:-2], yv.shape[:-2])
    except ValueError:
        raise invalid_argument(
            "BatchMatMulV2",
            (
                "In[0] and In[1] must have compatible batch dimensions: "
                f"{_shape_text(xv.shape)} vs. {_shape_text(yv.shape)}"
            ),
        ) from None
    if adj_x:
        xv = np.swapaxes(xv, -1, -2)
        xv = xv.conj() if xv.dtype.kind == "c" else xv  # adjoint: the kernel conjugates
    if adj_y:
        yv = np.swapaxes(yv, -1, -2)
        yv = yv.conj() if yv.dtype.kind == "c" else yv
    if xv.shape[-1] != yv.shape[-2]:
        raise invalid_argument(
            "BatchMatMulV2",
            (
                f"Matrix size-incompatible: In[0]: {_shape_text(x._value.shape)}, In[1]: "
                f"{_shape_text(y._value.shape)} {int(adj_x)} {int(adj_y)}"
            ),
        )
    return execute(
        BATCH_MATMUL, (x, y), np.matmul(xv, yv), (adj_x, adj_y, x._value.shape, y._value.shape)
    )


def matmul(
    a,
    b,
    transpose_a=False,
    transpose_b=False,
    adjoint_a=False,
    adjoint_b=False,
    a_is_sparse=False,
    b_is_sparse=False,
    output_type=None,
    grad_a=False,
    grad_b=False,
    name=None,
):
    """tf.matmul (also the `@` operator). For real dtypes adjoint is transpose."""
    if transpose_a and adjoint_a:
        raise ValueError(
            "Only one of `transpose_a` and `adjoint_a` can be True. Received "
            f"`transpose_a`={transpose_a}, `adjoint_a`={adjoint_a}."
        )
    if transpose_b and adjoint_b:
        raise ValueError(
            "Only one of `transpose_b` and `adjoint_b` can be True. Received "
            f"`transpose_b`={transpose_b}, `adjoint_b`={adjoint_b}."
        )
    if type(a) is not EagerTensor:
        a = convert_to_tensor(a)
    if type(b) is not EagerTensor:  # a variable is read without a.dtype, which it ignores
        b = (
            convert_to_tensor(b)
            if hasattr(b, "_as_tensor")
            else convert_to_tensor(b, dtype_hint=a.dtype)
        )
    av, bv = a._value, b._value
    batched = av.ndim > 2 or bv.ndim > 2
    op_type = "BatchMatMulV2" if batched else "MatMul"
    a_dtype, b_dtype = av.dtype, bv.dtype
    if a_dtype is not b_dtype and a_dtype != b_dtype:  # `is`: the usual case, cheaper
        raise invalid_argument(
            op_type,
            (
                f"cannot compute {op_type} as input #1(zero-based) was expected to be a "
                f"{_tf_type_name(a.dtype)} tensor but is a {_tf_type_name(b.dtype)} tensor"
            ),
        )
    if batched:
        return _batch_matmul(a, b, bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b))
    if (adjoint_a or adjoint_b) and a_dtype.kind == "c":  # TF's: conj, then MatMul transposes
        a, b = (conj(a) if adjoint_a else a), (conj(b) if adjoint_b else b)
    return _matmul(a, b, bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b))


__all__ = []
TOP_LEVEL = ["matmul"]
