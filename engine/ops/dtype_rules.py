"""TF's dtype rules per op type (attr `T` of its op definition), and the errors TF raises,
worded as TF words them, when an operand's dtype is not allowed or has no CPU kernel.

Below every op module: the op factories (engine/ops/elementwise.py), the reductions and the
other op families check their operands here.
"""

import numpy as np

from .. import dtypes
from ..errors import NotFoundError, invalid_argument
from .operands import _tf_type_name

# TF's allowed values for attr T of each op type, in the order TF's error message lists them
# (copied from TF's op definitions).
_FLOAT_OPS = "bfloat16, half, float, double, complex64, complex128"
_REAL_FLOAT_OPS = "bfloat16, half, float, double"
_REDUCTION = (
    "float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
    "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64"
)
_COMPARISON = (
    "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
)
_MINMAX = _COMPARISON + ", qint8, quint8, qint32, qint16, quint16"
ALLOWED_T = {
    "AddV2": "bfloat16, half, float, double, uint8, uint16, uint32, uint64, int8, int16, int32, "
    "int64, complex64, complex128",
    "Sub": "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, "
    "complex128, uint32, uint64",
    "Mul": "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, "
    "int64, complex64, complex128",
    "RealDiv": "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, "
    "int64, complex64, complex128",
    "FloorDiv": "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, "
    "int64, complex64, complex128",
    "FloorMod": "int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, half, float, "
    "double",
    "Pow": "bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128",
    "Neg": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
    "Abs": "bfloat16, half, float, double, int8, int16, int32, int64",
    "Sign": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
    "Square": "bfloat16, half, float, double, int8, int16, int32, int64, uint8, uint16, uint32, "
    "uint64, complex64, complex128",
    "Reciprocal": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
    "Round": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
    "Maximum": "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, "
    "uint64",
    "SquaredDifference": "bfloat16, half, float, double, int32, int64, complex64, complex128",
    "AddN": _REDUCTION + ", variant",
    "DivNoNan": "half, float, bfloat16, double, complex64, complex128",
    "Xlogy": "half, bfloat16, float, double, complex64, complex128",
    "Softplus": "half, bfloat16, float, double",
    "Less": _COMPARISON,
    "Sum": _REDUCTION,
    "Max": _MINMAX,
    "ArgMax": _MINMAX + ", bool",
    "MatMul": "bfloat16, half, float, double, int32, int64, uint8, uint16, uint32, uint64, "
    "complex64, complex128",
    "BatchMatMulV2": "bfloat16, half, float, double, int16, int32, int64, uint8, uint16, uint32, "
    "uint64, complex64, complex128",
}
for _op in (
    "Exp",
    "Expm1",
    "Log",
    "Log1p",
    "Sqrt",
    "Rsqrt",
    "Sin",
    "Cos",
    "Tan",
    "Asin",
    "Acos",
    "Atan",
    "Sinh",
    "Cosh",
    "Tanh",
    "Sigmoid",
    "TanhGrad",
    "SigmoidGrad",
    "SqrtGrad",
    "RsqrtGrad",
    "ReciprocalGrad",
):
    ALLOWED_T[_op] = _FLOAT_OPS
for _op in ("Erf", "Erfc", "Floor", "Ceil", "IsNan", "IsInf", "IsFinite", "Atan2"):
    ALLOWED_T[_op] = _REAL_FLOAT_OPS
for _op, _same in (
    ("Minimum", "Maximum"),
    ("LessEqual", "Less"),
    ("Greater", "Less"),
    ("GreaterEqual", "Less"),
    ("Mean", "Sum"),
    ("Prod", "Sum"),
    ("Cumsum", "Sum"),
    ("Cumprod", "Sum"),
    ("Min", "Max"),
    ("ArgMin", "ArgMax"),
    ("Softsign", "Softplus"),
    ("SoftsignGrad", "Softplus"),
    ("Xdivy", "Xlogy"),
):
    ALLOWED_T[_op] = ALLOWED_T[_same]
ALLOWED_T["Equal"] = ALLOWED_T["NotEqual"] = "all"

# Ops whose dtype passes TF's op definition but that have no CPU kernel for it: TF raises
# NotFoundError. {op type: dtypes without a kernel}.
_NO_KERNEL = {
    "Reciprocal": (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64),
    "MatMul": (dtypes.uint8,),
    "BatchMatMulV2": (dtypes.uint8,),
    "Round": (dtypes.complex64, dtypes.complex128),
    "FloorDiv": (dtypes.complex64, dtypes.complex128),
}

_TF_NAMES = {
    "half": dtypes.float16,
    "float": dtypes.float32,
    "double": dtypes.float64,
    "int8": dtypes.int8,
    "int16": dtypes.int16,
    "int32": dtypes.int32,
    "int64": dtypes.int64,
    "uint8": dtypes.uint8,
    "bool": dtypes.bool,
    "complex64": dtypes.complex64,
    "complex128": dtypes.complex128,
    "string": dtypes.string,
}


def allowed_numpy_dtypes(op_type):
    """The NumPy dtypes op_type computes on: TF's allowed list, less dtypes without a kernel."""
    names = ALLOWED_T[op_type]
    if names == "all":
        return frozenset(d._np for d in _TF_NAMES.values())
    found = {_TF_NAMES[n]._np for n in names.split(", ") if n in _TF_NAMES}
    return frozenset(found - {d._np for d in _NO_KERNEL.get(op_type, ())})


def dtype_error(op_type, tensor, attrs=""):
    """TF's error for an operand dtype op_type does not take (or has no kernel for)."""
    dtype = tensor.dtype
    if dtype in _NO_KERNEL.get(op_type, ()):
        return NotFoundError(
            None,
            op_type,
            (
                f"Could not find device for node: {{{{node {op_type}}}}} = "
                f"{op_type}[T=DT_{dtype.name.upper()}{attrs}] [Op:{op_type}]"
            ),
        )
    return invalid_argument(
        op_type,
        f"Value for attr 'T' of {_tf_type_name(dtype)} is not in "
        f"the list of allowed values: {ALLOWED_T[op_type]}",
    )


def check_dtype(op_type, tensor, computable, attrs=""):
    """Raises TF's error unless `tensor`'s dtype is in `computable` (allowed_numpy_dtypes)."""
    if tensor._value.dtype not in computable:
        raise dtype_error(op_type, tensor, attrs)
    return tensor


def quietly(fn):
    """`fn` with NumPy's floating-point warnings off: TF returns inf/nan silently (log(0),
    1/0, ...). Used only where such values are common: the context costs about 1 us."""
    if _ERRSTATE_DECORATES:
        # NumPy 2's errstate as a decorator sets the error state per call (thread-safe) in
        # about 60% of the instructions of a `with np.errstate(...)` block per call
        return np.errstate(all="ignore")(fn)

    def run(*args):
        with np.errstate(all="ignore"):
            return fn(*args)

    return run


# NumPy 1.x's errstate decorates through contextlib.ContextDecorator, sharing one instance's
# saved state between calls (not thread-safe), so it keeps the `with` block.
_ERRSTATE_DECORATES = "__call__" in vars(np.errstate)


def as_value(array):
    """A result in the form Tensor._value takes: NumPy scalars for rank 0."""
    if type(array) is np.ndarray and not array.ndim and array.dtype.kind != "O":
        return array[()]
    return array  # strings stay arrays at rank 0 (engine/conversion.py: string_array)
