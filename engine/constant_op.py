"""tf.constant."""
import numpy as np


from . import hooks
from .tensor import EagerTensor, convert_to_tensor


def constant(value, dtype=None, shape=None, name=None):
    """A tensor from a Python or NumPy value; `shape` reshapes, or fills when value is a scalar."""
    if isinstance(value, EagerTensor) and dtype is not None and value.dtype != dtype:
        from .ops.math import cast
        value = cast(value, dtype)
    elif isinstance(value, np.ndarray) and dtype is not None:
        value = value.astype(np.dtype(_np(dtype)))
    t = convert_to_tensor(value, dtype=dtype)
    if shape is None:
        return _created(t)
    shape = tuple(int(d) for d in shape)
    array = np.asarray(t._value)
    if array.size == 1:
        array = np.full(shape, array.reshape(()), dtype=array.dtype)
    elif array.size == int(np.prod(shape)):
        array = array.reshape(shape)
    else:
        raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                        f"{t!r} (converted from {value!r}) has {array.size} elements, but got "
                        f"`shape` {shape} with {int(np.prod(shape))} elements).")
    return _created(EagerTensor(array if array.ndim else array[()]))


def _created(tensor):
    if hooks.observers:  # engine.debug learns the line each constant comes from
        hooks.notify("constant_created", tensor)
    return tensor


def _np(dtype):
    from .dtypes import as_dtype
    return as_dtype(dtype).as_numpy_dtype



