"""The integer arguments of array ops (shapes, axes, permutations), read as TF reads them.

TF passes them as int32 tensors (an op input the debugger shows as a constant); the engine
turns them into one such tensor for the record and a tuple of Python ints for NumPy.
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor


def int_tensor(value):
    """`value` (a list, tuple, int, NumPy array or tensor) as an int32/int64 tensor."""
    if type(value) is EagerTensor:
        return value
    if isinstance(value, (list, tuple)) and not len(value):  # TF: an empty shape is int32
        return EagerTensor(np.zeros((0,), np.int32))
    return convert_to_tensor(value, dtype_hint="int32")


def int_arg(value):
    """(the int32 tensor TF would pass, its values as a tuple of Python ints).

    Python ints (a shape tuple, a TensorShape, an axis) skip dtype inference: reshape and
    broadcast_to run inside every broadcasting gradient, so this path is kept cheap.
    """
    kind = type(value)
    if kind is int:
        if -(2**31) <= value < 2**31:
            return EagerTensor(np.int32(value)), (value,)
    elif isinstance(value, (tuple, list)):
        for v in value:  # a loop, not all(...): generators cost more than the checks
            if type(v) is not int or not -(2**31) <= v < 2**31:
                break
        else:
            return EagerTensor(np.array(value, np.int32)), tuple(value)
    t = int_tensor(value)
    if t._value.dtype.kind == "O":  # strings: the op's attr check raises TF's error
        return t, ()
    return t, ints(t)


def require_integers(op_type, attr, tensor):
    """TF's attr check on an integer argument (shape, multiples, ...): [2.0, 1.0] is no shape,
    whatever its values."""
    if tensor._value.dtype.kind not in "iu":
        raise invalid_argument(
            op_type,
            f"Value for attr '{attr}' of "
            f"{dtypes.kernel_name(tensor.dtype)} is not in the list "
            f"of allowed values: int32, int64",
        )
    return tensor


def ints(tensor):
    """A tensor of integers as a tuple of Python ints (a scalar gives a 1-tuple)."""
    return tuple(int(v) for v in np.asarray(tensor._value).reshape(-1))


def as_int(value):
    """One integer argument (a Python int, NumPy integer or scalar tensor) as a Python int."""
    if isinstance(value, (int, np.integer)):
        return int(value)
    return int(np.asarray(convert_to_tensor(value)._value).reshape(()))


def shape_text(shape):
    """A shape as TF prints it in error messages: [3,4]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def check_axis(op_type, axis, ndim, message=None):
    """`axis` in [-ndim, ndim), made non-negative; TF's InvalidArgumentError otherwise."""
    if not -ndim <= axis < ndim:
        raise invalid_argument(
            op_type, message or (f"Expected axis in the range [{-ndim}, {ndim}), but got {axis}")
        )
    return axis % ndim if ndim else 0


def check_python_axis(axis, ndim):
    """The ValueError TF's Python wrappers (stack, unstack) raise for an axis out of range."""
    if not -ndim <= axis < ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})")
    return axis % ndim


def contiguous(array):
    """A C-ordered copy of a view (as TF materializes results); 0-d values stay 0-d, which
    np.ascontiguousarray would turn into shape (1,)."""
    if array.ndim == 0:
        return array[()] if isinstance(array, np.ndarray) and array.dtype.kind != "O" else array
    return array if array.flags.c_contiguous else np.ascontiguousarray(array)


def scalar_or_array(value):
    """0-d results as NumPy scalars, as the engine keeps them (np.reshape gives 0-d arrays)."""
    if type(value) is np.ndarray and not value.ndim and value.dtype.kind != "O":
        return value[()]
    return value  # strings stay arrays (engine/conversion.py: string_array)
