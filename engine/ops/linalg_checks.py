"""What TF's linear-algebra kernels check before they compute (LinearAlgebraOp's input
analysis), worded as TF words it, and the small pieces the linalg gradients share."""

import numpy as np

from ..errors import NotFoundError, invalid_argument
from ..tensor import EagerTensor
from .operands import _tf_type_name

# TF's allowed dtype lists, as its op definitions print them
SOLVER_TYPES = "double, float, half, complex64, complex128"
DETERMINANT_TYPES = "half, float, double, complex64, complex128"
TRIANGULAR_TYPES = "bfloat16, double, float, half, complex64, complex128"

_COMPUTED = (np.float32, np.float64, np.complex64, np.complex128)


def check_dtype(op_type, x, allowed, attrs="", half_kernel=False):
    """InvalidArgumentError for a dtype outside `allowed`; NotFoundError for half (and bfloat16)
    where TF's CPU build has no kernel."""
    dtype = x._value.dtype
    if dtype.type in _COMPUTED or (half_kernel and dtype == np.float16):
        return x
    if dtype == np.float16 or x.dtype.name == "bfloat16":
        raise NotFoundError(
            None,
            op_type,
            f"Could not find device for node: {{{{node {op_type}}}}} = "
            f"{op_type}[T=DT_{_tf_type_name(x.dtype).upper()}{attrs}] [Op:{op_type}]",
        )
    raise invalid_argument(
        op_type,
        f"Value for attr 'T' of {_tf_type_name(x.dtype)} is not in the list of allowed "
        f"values: {allowed}",
    )


def check_rank(op_type, x, index=0):
    ndim = x._value.ndim
    if ndim < 2:
        raise invalid_argument(op_type, f"Input tensor {index} must have rank >= 2, got {ndim}")


def check_square(op_type, x, message="Input matrix must be square."):
    check_rank(op_type, x)
    if x._value.shape[-1] != x._value.shape[-2]:
        raise invalid_argument(op_type, message)


def check_same_batch(op_type, matrix, rhs):
    """MatrixSolve's rule: same rank, same outer dimensions (no broadcasting)."""
    if rhs._value.ndim != matrix._value.ndim:
        raise invalid_argument(op_type, "All input tensors must have the same rank.")
    if rhs._value.shape[:-2] != matrix._value.shape[:-2]:
        raise invalid_argument(op_type, "All input tensors must have the same outer dimensions.")


def check_same_dtype(op_type, matrix, rhs):
    if rhs._value.dtype != matrix._value.dtype:
        raise invalid_argument(
            op_type,
            f"cannot compute {op_type} as input #1(zero-based) was expected to be a "
            f"{_tf_type_name(matrix.dtype)} tensor but is a {_tf_type_name(rhs.dtype)} tensor",
        )


def computed(value, fn):
    """fn on `value`, in float32 for half (NumPy's LAPACK has no half routines), cast back."""
    if value.dtype == np.float16:
        return fn(value.astype(np.float32)).astype(np.float16)
    return fn(value)


def filled(grad, like):
    """An output's upstream gradient, zeros if it got none (TF fills missing ones so)."""
    if grad is not None:
        return grad
    return EagerTensor(np.zeros(like._value.shape, like._value.dtype))
