"""Turning an op's Python arguments into tensors with TF's dtype rules, and undoing broadcasting."""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor

_FLOAT_NAMES = "bfloat16, half, float, double"


_tf_type_name = dtypes.kernel_name


def same_dtype(op_type, *values, first_input=0):
    """Converts operands that share TF's type attribute T.

    The dtype comes from the first operand that already is a tensor (or variable); Python and
    NumPy values are converted to it. Two tensors of different dtypes raise, as in TF, naming
    the op input (`first_input` is the position of values[0] among the op's inputs).
    """
    if len(values) == 2:
        x, y = values
        # The common cases, kept cheap: two tensors of one dtype, or a float tensor and a
        # Python number (which adopts the tensor's dtype).
        if type(x) is EagerTensor:
            ty = type(y)
            if ty is EagerTensor:
                if x._value.dtype == y._value.dtype:
                    return values
            elif (ty is float or ty is int) and x._value.dtype.kind == "f":
                return x, EagerTensor(x._value.dtype.type(y))
    anchor = next(
        (v for v in values if isinstance(v, EagerTensor) or hasattr(v, "_as_tensor")), None
    )
    if anchor is None:
        first = convert_to_tensor(values[0])
        dtype = first.dtype
    else:
        dtype = (
            convert_to_tensor(anchor).dtype if not isinstance(anchor, EagerTensor) else anchor.dtype
        )
    tensors = []
    for index, v in enumerate(values):
        if isinstance(v, EagerTensor) or hasattr(v, "_as_tensor"):
            t = convert_to_tensor(v)
            if t.dtype is not dtype:
                raise invalid_argument(
                    op_type,
                    f"cannot compute {op_type} as input #{first_input + index}"
                    f"(zero-based) was expected to be a {_tf_type_name(dtype)} tensor but is a "
                    f"{_tf_type_name(t.dtype)} tensor",
                )
        else:
            t = convert_to_tensor(v, dtype=dtype)
        tensors.append(t)
    return tuple(tensors)


def require(op_type, tensor, allowed, allowed_names=None):
    """Raises TF's 'Value for attr T ... not in the list of allowed values' for a bad dtype."""
    if tensor.dtype not in allowed:
        names = allowed_names or ", ".join(_tf_type_name(d) for d in allowed)
        raise invalid_argument(
            op_type,
            f"Value for attr 'T' of {_tf_type_name(tensor.dtype)} is not in the list of "
            f"allowed values: {names}",
        )
    return tensor


FLOATS = (dtypes.float16, dtypes.float32, dtypes.float64)
NUMBERS = FLOATS + (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8)


def float_operand(op_type, x):
    """A unary float op's operand (Sin, Exp, ...): Python ints become float32, as in TF."""
    t = x if type(x) is EagerTensor else convert_to_tensor(x, dtype_hint=dtypes.float32)
    if t._value.dtype.kind != "f":
        require(op_type, t, FLOATS, _FLOAT_NAMES + ", complex64, complex128")
    return t


def broadcast_attrs(x, y):
    """What a broadcasting binary op's gradient needs: None when no broadcasting happened."""
    sx, sy = x._value.shape, y._value.shape
    return None if sx == sy else (sx, sy)


def broadcast_error(op_type, x, y):
    sx = "[" + ",".join(map(str, x._value.shape)) + "]"
    sy = "[" + ",".join(map(str, y._value.shape)) + "]"
    return invalid_argument(op_type, f"Incompatible shapes: {sx} vs. {sy}")


def as_array(value):
    return np.asarray(value)
