"""tf.constant: a tensor from a Python or NumPy value, with TF's conversions and errors."""

import numpy as np

from . import hooks
from .dtypes import as_dtype
from .tensor import EagerTensor, convert_to_tensor


def constant(value, dtype=None, shape=None, name=None):
    """A tensor of `value`; `shape` reshapes it, or fills it when `value` has one element.

    As in TF: a tensor of the requested dtype is returned as is (gradients still flow through
    it); one of another dtype is a TypeError; NumPy arrays are cast; Python integers out of
    the dtype's range wrap around (C conversion).
    """
    if isinstance(value, EagerTensor):
        if dtype is not None and value.dtype != as_dtype(dtype):
            raise TypeError(
                f"Expected tensor {value._value} with dtype {as_dtype(dtype)!r}, but "
                f"got dtype {value.dtype!r}."
            )
        t = value
    elif hasattr(value, "_as_tensor"):  # a variable: its current value, cast like NumPy data
        t = _from_array(np.asarray(value._as_tensor()._value), dtype)
    elif isinstance(value, (np.ndarray, np.generic)):
        t = _from_array(value, dtype)
    else:
        t = _from_python(value, dtype)
    if shape is None:
        return _created(t)
    return _created(_reshaped(t, value, tuple(int(d) for d in shape)))


def _from_array(array, dtype):
    if dtype is not None:
        array = np.asarray(array).astype(as_dtype(dtype).as_numpy_dtype)
    return convert_to_tensor(array)


def _from_python(value, dtype):
    return convert_to_tensor(value, dtype=dtype)  # TF's conversion rules: engine/conversion.py


def _reshaped(t, value, shape):
    for d in shape:
        if d < 0:
            raise ValueError(f"Dimension {d} must be >= 0")
    array = np.asarray(t._value)
    count = int(np.prod(shape, dtype=np.int64))
    if array.size == 1:
        array = np.full(shape, array.reshape(()), dtype=array.dtype)
    elif array.size == count:
        array = array.reshape(shape)
    else:
        raise TypeError(
            f"Eager execution of tf.constant with unsupported shape. Tensor "
            f"{t._value} (converted from {value!r}) has {array.size} elements, but "
            f"got `shape` {shape} with {count} elements)."
        )
    return EagerTensor(array if array.ndim or array.dtype.kind == "O" else array[()])


def _created(tensor):
    if hooks.observers:  # engine.debug learns the line each constant comes from
        hooks.notify("constant_created", tensor)
    return tensor
