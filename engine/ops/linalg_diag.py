"""Diagonals and bands of (batches of) matrices: tf.linalg.diag (MatrixDiagV3), diag_part
(MatrixDiagPartV3), set_diag (MatrixSetDiagV3), band_part (MatrixBandPart), and TF's Python
compositions over them and Transpose: trace, matrix_transpose, adjoint.

`k` is one diagonal or a range (lower, upper) of them (d = column - row); a range packs the
diagonals from `upper` down to `lower`, each padded to the longest one on the side `align` says
("RIGHT_LEFT": superdiagonals, the main one included, padded on the left, subdiagonals on the
right). Gradients are array_grad.py's: each op's gradient is another of them.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import int_arg, shape_text
from .operands import _tf_type_name
from .registry import define, execute
from .shape_ops import transpose
from .summing import reduce_sum

__all__ = [
    "diag",
    "diag_part",
    "set_diag",
    "band_part",
    "trace",
    "matrix_transpose",
    "adjoint",
]
TOP_LEVEL: list = []

_ALIGNS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


def _diag_range(op_type, k):
    k_t, values = int_arg(k)
    if len(values) not in (1, 2):
        raise invalid_argument(op_type, "diag_index must have only one or two elements, received ")
    lower, upper = values[0], values[-1]
    if lower > upper:
        raise invalid_argument(
            op_type,
            f"lower_diag_index must not be larger than upper_diag_index: {lower} > {upper}",
        )
    return k_t, lower, upper


def _check_align(align):
    if align not in _ALIGNS:
        raise ValueError(f"align must be one of {list(_ALIGNS)}; got {align!r}")
    return align


def _length(rows, cols, d):
    """The number of elements of diagonal d in a rows x cols matrix."""
    return max(0, min(rows + min(0, d), cols - max(0, d)))


def _offset(d, length, max_length, align):
    """Where diagonal d's first element sits in its packed row of max_length."""
    super_align, sub_align = align.split("_")
    right = super_align == "RIGHT" if d >= 0 else sub_align == "RIGHT"
    return max_length - length if right else 0


def _coordinates(rows, cols, d, length, offset):
    """(rows, columns) of diagonal d's elements and their positions in the packed row."""
    t = np.arange(length)
    return t + max(0, -d), t + max(0, d), t + offset


def _pack(matrix, lower, upper, max_length, padding, align):
    """The diagonals lower..upper of `matrix` ([..., R, C]) packed as MatrixDiagPartV3 packs."""
    rows, cols = matrix.shape[-2:]
    batch = matrix.shape[:-2]
    out = np.full(batch + (upper - lower + 1, max_length), padding, dtype=matrix.dtype)
    for index, d in enumerate(range(upper, lower - 1, -1)):
        length = _length(rows, cols, d)
        r, c, p = _coordinates(rows, cols, d, length, _offset(d, length, max_length, align))
        out[..., index, p] = matrix[..., r, c]
    return out if lower != upper else out[..., 0, :]


def _unpack_into(out, packed, lower, upper, align):
    """Writes packed diagonals lower..upper into `out` ([..., R, C]) in place."""
    rows, cols = out.shape[-2:]
    if lower == upper:
        packed = packed[..., None, :]
    max_length = packed.shape[-1]
    for index, d in enumerate(range(upper, lower - 1, -1)):
        length = min(_length(rows, cols, d), max_length)
        r, c, p = _coordinates(rows, cols, d, length, _offset(d, length, max_length, align))
        out[..., r, c] = packed[..., index, p]
    return out


def _longest_diagonal(op_type, value, lower, upper):
    """The length of the longest diagonal in [lower, upper] of a batch of matrices, checked
    as TF checks them."""
    if value.ndim < 2:
        raise invalid_argument(
            op_type, f"input must be at least 2-dim, received shape: {shape_text(value.shape)}"
        )
    rows, cols = value.shape[-2:]
    _check_bounds(op_type, lower, upper, rows, cols)
    return max(0, min(rows + min(upper, 0), cols - max(lower, 0)))


def _check_bounds(op_type, lower, upper, rows, cols):
    if not (-rows < lower <= cols or (rows == 0 and lower == 0)) or not (
        -rows <= upper < cols or (cols == 0 and upper == 0)
    ):
        which, index = ("lower", lower) if not -rows < lower <= cols else ("upper", upper)
        raise invalid_argument(op_type, f"{which}_diag_index is out of bounds: {index}")


# --- MatrixDiagV3: diagonals -> a matrix ----------------------------------------------------
def _matrix_diag_grad(rec, grad):
    lower, upper, align = rec.attrs
    return (diag_part(grad, k=(lower, upper), align=align), None, None, None, None)


MATRIX_DIAG = define("MatrixDiagV3", _matrix_diag_grad)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    x = convert_to_tensor(diagonal)
    align = _check_align(align)
    k_t, lower, upper = _diag_range("MatrixDiagV3", k)
    value = x._value
    if value.ndim < 1:
        raise invalid_argument(
            "MatrixDiagV3", f"diagonal must be at least 1-dim, received shape: {shape_text(())}"
        )
    if lower != upper:
        if value.ndim < 2:
            raise invalid_argument(
                "MatrixDiagV3",
                f"diagonal must be at least 2-dim for range of diagonals, received shape: "
                f"{shape_text(value.shape)}",
            )
        if value.shape[-2] != upper - lower + 1:
            raise invalid_argument(
                "MatrixDiagV3",
                "The number of diagonals provided in the input does not match the "
                "lower_diag_index and upper_diag_index range.",
            )
    if value.dtype == np.bool_:  # as TF's wrapper: a bool diagonal pads with a bool
        padding_value = bool(padding_value)
    rows_t, (rows,) = int_arg(num_rows)
    cols_t, (cols,) = int_arg(num_cols)
    pad_t = convert_to_tensor(padding_value, dtype=x.dtype)
    max_length = value.shape[-1]
    min_rows, min_cols = max_length - min(upper, 0), max_length + max(lower, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows != min_rows and cols != min_cols:
        raise invalid_argument(
            "MatrixDiagV3",
            "The number of rows or columns is not consistent with the specified d_lower, "
            "d_upper, and diagonal.",
        )
    batch = value.shape[:-2] if lower != upper else value.shape[:-1]
    out = np.full(batch + (rows, cols), pad_t._value, dtype=value.dtype)
    out = _unpack_into(out, value, lower, upper, align)
    return execute(MATRIX_DIAG, (x, k_t, rows_t, cols_t, pad_t), out, (lower, upper, align))


# --- MatrixDiagPartV3: a matrix -> its diagonals ----------------------------------------------
def _matrix_diag_part_grad(rec, grad):
    lower, upper, align, rows, cols = rec.attrs
    return (diag(grad, k=(lower, upper), num_rows=rows, num_cols=cols, align=align), None, None)


MATRIX_DIAG_PART = define("MatrixDiagPartV3", _matrix_diag_part_grad)


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):
    x = convert_to_tensor(input)
    align = _check_align(align)
    k_t, lower, upper = _diag_range("MatrixDiagPartV3", k)
    value = x._value
    if value.dtype == np.bool_:
        padding_value = bool(padding_value)
    max_length = _longest_diagonal("MatrixDiagPartV3", value, lower, upper)
    rows, cols = value.shape[-2:]
    pad_t = convert_to_tensor(padding_value, dtype=x.dtype)
    out = _pack(value, lower, upper, max_length, pad_t._value, align)
    return execute(MATRIX_DIAG_PART, (x, k_t, pad_t), out, (lower, upper, align, rows, cols))


# --- MatrixSetDiagV3: a matrix with some diagonals replaced -----------------------------------
def _matrix_set_diag_grad(rec, grad):
    lower, upper, align, diag_shape = rec.attrs
    zeros = EagerTensor(np.zeros(diag_shape, grad._value.dtype))
    return (
        set_diag(grad, zeros, k=(lower, upper), align=align),
        diag_part(grad, k=(lower, upper), align=align),
        None,
    )


MATRIX_SET_DIAG = define("MatrixSetDiagV3", _matrix_set_diag_grad)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    x = convert_to_tensor(input)
    d_t = convert_to_tensor(diagonal, dtype_hint=x.dtype)
    if d_t._value.dtype != x._value.dtype:
        raise invalid_argument(
            "MatrixSetDiagV3",
            f"cannot compute MatrixSetDiagV3 as input #1(zero-based) was expected to be a "
            f"{_tf_type_name(x.dtype)} tensor but is a {_tf_type_name(d_t.dtype)} tensor",
        )
    align = _check_align(align)
    k_t, lower, upper = _diag_range("MatrixSetDiagV3", k)
    value = x._value
    max_length = _longest_diagonal("MatrixSetDiagV3", value, lower, upper)
    expected = value.shape[:-2] + ((upper - lower + 1,) if lower != upper else ()) + (max_length,)
    if d_t._value.shape != expected:
        raise invalid_argument(
            "MatrixSetDiagV3",
            "Either first dimensions of diagonal don't match input.shape[:-2], or "
            "diagonal.shape[:-1] is not equal to the longests diagonal in range "
            f"[lower_diag_index:upper_diag_index].\nInput shape: {shape_text(value.shape)}"
            f"\nDiagonal shape: {shape_text(d_t._value.shape)}\nExpected diagonal shape: "
            f"{shape_text(expected)}",
        )
    out = _unpack_into(value.copy(), d_t._value, lower, upper, align)
    return execute(MATRIX_SET_DIAG, (x, d_t, k_t), out, (lower, upper, align, expected))


# --- MatrixBandPart: zero outside a band ----------------------------------------------------
MATRIX_BAND_PART = define(
    "MatrixBandPart",
    (lambda rec, grad: band_part(grad, *rec.attrs), None, None),
)


def band_part(input, num_lower, num_upper, name=None):
    x = convert_to_tensor(input)
    lower_t, (lower,) = int_arg(num_lower)
    upper_t, (upper,) = int_arg(num_upper)
    value = x._value
    if value.ndim < 2:
        raise invalid_argument(
            "MatrixBandPart",
            f"input must be at least 2-dim, received shape: {shape_text(value.shape)}",
        )
    rows, cols = value.shape[-2:]
    if lower > rows:
        raise invalid_argument(
            "MatrixBandPart",
            f"num_lower must be negative or less or equal to number of rows ({rows}) got: {lower}",
        )
    if upper > cols:
        raise invalid_argument(
            "MatrixBandPart",
            f"num_upper must be negative or less or equal to number of columns ({cols}) "
            f"got: {upper}",
        )
    offset = np.arange(cols)[None, :] - np.arange(rows)[:, None]  # column - row
    keep = ((lower < 0) | (-offset <= lower)) & ((upper < 0) | (offset <= upper))
    out = np.where(keep, value, np.zeros((), value.dtype))
    return execute(MATRIX_BAND_PART, (x, lower_t, upper_t), out, (lower, upper))


# --- TF's Python compositions ---------------------------------------------------------------
def trace(x, name=None):
    """Sum over the last axis of the main diagonal: MatrixDiagPartV3 then Sum, as TF."""
    return reduce_sum(diag_part(convert_to_tensor(x)), [-1])


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swaps the last two axes with one Transpose (TF's Python wrapper)."""
    x = convert_to_tensor(a)
    ndim = x._value.ndim
    if ndim < 2:
        raise ValueError(
            "Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = "
            f"{x._value} with shape: {tuple(x._value.shape)}"
        )
    return transpose(x, list(range(ndim - 2)) + [ndim - 1, ndim - 2], conjugate=conjugate)


def adjoint(matrix, name=None):
    """The conjugate transpose: for real dtypes, matrix_transpose."""
    return matrix_transpose(matrix, conjugate=True)
