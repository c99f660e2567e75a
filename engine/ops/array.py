"""Array ops: creation, shape manipulation, indexing."""
import numpy as np

from ..tensor import convert_to_tensor
from .registry import NOT_DIFFERENTIABLE, define, execute
from .operands import same_dtype

# Array ops are all top-level in TF (tf.reshape, tf.stack, ...).
__all__ = ["zeros_like", "ones_like", "reshape", "broadcast_to", "stack"]
TOP_LEVEL = __all__

ZEROS_LIKE = define("ZerosLike", NOT_DIFFERENTIABLE)
ONES_LIKE = define("OnesLike", NOT_DIFFERENTIABLE)


def zeros_like(input, dtype=None, name=None):
    x = convert_to_tensor(input)
    np_dtype = x._value.dtype if dtype is None else _np_dtype(dtype)
    return execute(ZEROS_LIKE, (x,), np.zeros_like(x._value, dtype=np_dtype))


def ones_like(input, dtype=None, name=None):
    x = convert_to_tensor(input)
    np_dtype = x._value.dtype if dtype is None else _np_dtype(dtype)
    return execute(ONES_LIKE, (x,), np.ones_like(x._value, dtype=np_dtype))


def _np_dtype(dtype):
    from ..dtypes import as_dtype
    return as_dtype(dtype).as_numpy_dtype


RESHAPE = define("Reshape", (lambda rec, dy: reshape(dy, rec.attrs), None))


def reshape(tensor, shape, name=None):
    x = convert_to_tensor(tensor)
    shape_t = convert_to_tensor(shape, dtype_hint="int32")
    value = np.reshape(x._value, tuple(int(d) for d in np.asarray(shape_t._value).reshape(-1)))
    return execute(RESHAPE, (x, shape_t), value, x._value.shape)


BROADCAST_TO = define("BroadcastTo", (lambda rec, dy: _sum_to(dy, rec.attrs), None))


def _sum_to(dy, shape):
    from .operands import unbroadcast
    return unbroadcast(dy, shape)


def broadcast_to(input, shape, name=None):
    x = convert_to_tensor(input)
    shape_t = convert_to_tensor(tuple(shape), dtype_hint="int32")
    value = np.broadcast_to(x._value, tuple(int(d) for d in np.asarray(shape_t._value).reshape(-1)))
    return execute(BROADCAST_TO, (x, shape_t), np.ascontiguousarray(value), x._value.shape)


PACK = define("Pack", lambda rec, dy: tuple(unstack_values(dy, rec.attrs)))


def unstack_values(dy, axis):
    from .registry import execute_many
    values = [np.take(dy._value, i, axis=axis) for i in range(dy._value.shape[axis])]
    return execute_many(UNPACK, (dy,), values, axis)


UNPACK = define("Unpack", lambda rec, *dys: (None,))  # completed with the rest of array ops


def stack(values, axis=0, name=None):
    tensors = same_dtype("Pack", *values)
    value = np.stack([t._value for t in tensors], axis=axis)
    return execute(PACK, tensors, value, axis)
