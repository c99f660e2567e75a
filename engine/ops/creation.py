"""Creating tensors: zeros, ones, *_like, fill, range, linspace, eye, one_hot.

zeros/ones/eye are constants in TF's eager mode (no op runs); Fill, Range, LinSpace and OneHot
are ops. Only Fill (d/dvalue) and LinSpace (d/dstart, d/dstop) have gradients.
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import as_int, int_tensor, shape_text
from .operands import _tf_type_name
from .registry import NOT_DIFFERENTIABLE, define, execute
from .summing import reduce_sum, unbroadcast

__all__ = [
    "zeros",
    "ones",
    "zeros_like",
    "ones_like",
    "fill",
    "range",
    "linspace",
    "eye",
    "one_hot",
]

_builtin_range = range


def _np_dtype(dtype):
    return dtypes.as_dtype(dtype).as_numpy_dtype


def _dims(shape, op_type="Fill"):
    """A shape argument as a tuple of ints, with TF's error for a negative dimension."""
    if isinstance(shape, EagerTensor) or hasattr(shape, "_as_tensor"):
        t = convert_to_tensor(shape)
        if t._value.dtype.kind not in "iu":
            raise invalid_argument(
                op_type,
                f"Value for attr 'index_type' of "
                f"{_tf_type_name(t.dtype)} is not in the list of "
                f"allowed values: int32, int64",
            )
    elif isinstance(shape, (list, tuple)) and not len(shape):
        t = int_tensor(())
    else:
        sequence = list(shape) if isinstance(shape, tuple) else shape
        # A list holding tensors is packed in their dtype (an int64 size from tf.data stays
        # int64, as in TF); plain Python ints make an int32 shape.
        tensors = (
            [d for d in sequence if isinstance(d, EagerTensor) or hasattr(d, "_as_tensor")]
            if isinstance(sequence, list)
            else []
        )
        t = convert_to_tensor(sequence, dtype=tensors[0].dtype if tensors else "int32")
    dims = tuple(int(d) for d in np.asarray(t._value).reshape(-1))
    for d in dims:
        if d < 0:
            raise invalid_argument(op_type, f"Dimension {d} must be >= 0")
    return dims, t


def _constant(array):
    if array.dtype.kind == "O":  # tf.zeros/ones of tf.string: empty strings, as in TF
        array = np.full(array.shape, b"", dtype=object)
        return EagerTensor(array)
    return EagerTensor(array if array.ndim else array[()])


def zeros(shape, dtype="float32", name=None, layout=None):
    return _constant(np.zeros(_dims(shape)[0], _np_dtype(dtype)))


def ones(shape, dtype="float32", name=None, layout=None):
    return _constant(np.ones(_dims(shape)[0], _np_dtype(dtype)))


ZEROS_LIKE = define("ZerosLike", NOT_DIFFERENTIABLE)
ONES_LIKE = define("OnesLike", NOT_DIFFERENTIABLE)


def zeros_like(input, dtype=None, name=None, layout=None):
    x = convert_to_tensor(input)
    np_dtype = x._value.dtype if dtype is None else _np_dtype(dtype)
    if np.dtype(np_dtype).kind == "O":  # strings: empty ones, as TF's
        return execute(ZEROS_LIKE, (x,), np.full(x._value.shape, b"", dtype=object))
    return execute(ZEROS_LIKE, (x,), np.zeros_like(x._value, dtype=np_dtype))


def ones_like(input, dtype=None, name=None, layout=None):
    x = convert_to_tensor(input)
    np_dtype = x._value.dtype if dtype is None else _np_dtype(dtype)
    if np.dtype(np_dtype).kind == "O":
        raise invalid_argument(
            "OnesLike",
            "Value for attr 'T' of string is not in the list of allowed values: bfloat16, "
            "half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64, "
            "complex64, complex128, bool",
        )
    return execute(ONES_LIKE, (x,), np.ones_like(x._value, dtype=np_dtype))


# --- Fill ---------------------------------------------------------------------------------
def _fill_grad(rec, dy):
    return reduce_sum(dy)


FILL = define("Fill", (None, _fill_grad))


def fill(dims, value, name=None, layout=None):
    shape_, dims_t = _dims(dims)
    v = convert_to_tensor(value)
    if v._value.ndim:
        raise invalid_argument(
            "Fill", f"value must represent a scalar, got shape {shape_text(v._value.shape)}"
        )
    return execute(FILL, (dims_t, v), _filled(shape_, v._value))


def _filled(shape_, scalar):
    array = np.full(shape_, scalar, dtype=scalar.dtype)
    return array if array.ndim or array.dtype.kind == "O" else array[()]


# --- Range --------------------------------------------------------------------------------
RANGE = define("Range", NOT_DIFFERENTIABLE)
_RANGE_HIERARCHY = (dtypes.int32, dtypes.int64, dtypes.float16, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001 - TF's name
    if limit is None:
        start, limit = 0, start
    args = [
        a if isinstance(a, EagerTensor) else convert_to_tensor(a, dtype=dtype)
        for a in (start, limit, delta)
    ]
    target = (
        dtypes.as_dtype(dtype)
        if dtype is not None
        else max((a.dtype for a in args), key=_RANGE_HIERARCHY.index)
    )
    np_dtype = target.as_numpy_dtype
    # TF casts every argument to the inferred dtype (Cast ops) before Range.
    args = [a if a._value.dtype == np_dtype else EagerTensor(np_dtype(a._value)) for a in args]
    first, last, step = (a._value for a in args)
    if step == 0:
        raise invalid_argument("Range", f"Requires delta != 0: {_num(step)}")
    if step > 0 and first > last:
        raise invalid_argument(
            "Range", f"Requires start <= limit when delta > 0: {_num(first)}/{_num(last)}"
        )
    if step < 0 and first < last:
        raise invalid_argument(
            "Range", f"Requires start >= limit when delta < 0: {_num(first)}/{_num(last)}"
        )
    if target.is_integer:
        size = (abs(int(last) - int(first)) + abs(int(step)) - 1) // abs(int(step))
    else:
        size = int(
            np.ceil(np.abs((last - first) / step))
        )  # computed in the dtype, as the kernel does
    value = first + np.arange(size, dtype=np_dtype) * step
    return execute(RANGE, tuple(args), value.astype(np_dtype, copy=False))


def _num(v):
    return str(v.item()) if isinstance(v, np.generic) else str(v)


# --- LinSpace -----------------------------------------------------------------------------
def _linspace_weights(rec, which):
    """d(output)/d(start) (or stop) along the linspace axis, shaped to broadcast."""
    axis, num, ndim, dtype = rec.attrs[:4]
    steps = max(num - 1, 1)
    to_stop = np.arange(num, dtype=dtype) / dtype(steps)
    if num >= 2:
        to_stop[-1] = 1  # the last value is stop itself
    weights = to_stop if which == "stop" else 1 - to_stop
    return EagerTensor(weights.reshape([num if i == axis else 1 for i in _builtin_range(ndim)]))


def _linspace_grad(which):
    def gradient(rec, dy):
        axis, _, _, _, shape_ = rec.attrs
        total = reduce_sum(convert_to_tensor(dy) * _linspace_weights(rec, which), axis=axis)
        return unbroadcast(total, shape_[0 if which == "start" else 1])

    return gradient


LINSPACE = define("LinSpace", (_linspace_grad("start"), _linspace_grad("stop"), None))


def linspace(start, stop, num, name=None, axis=0):
    start_t = convert_to_tensor(start)
    try:
        stop_t = convert_to_tensor(stop, dtype=start_t.dtype)
    except ValueError as error:
        raise ValueError(f"stop: {error}") from None
    num_given = convert_to_tensor(num)
    if not num_given.dtype.is_integer:  # TF's convert_to_int_tensor
        raise TypeError(
            f"Argument `tensor` (name: num) must be of type integer. Received "
            f"`tensor` = {num_given._value} of dtype: {num_given.dtype}"
        )
    n = as_int(num)
    num_t = int_tensor(n)
    # Integer endpoints give float64 values (TF divides them with truediv).
    dtype = start_t._value.dtype if start_t._value.dtype.kind == "f" else np.dtype(np.float64)
    lo = np.asarray(start_t._value, dtype)
    hi = np.asarray(stop_t._value, dtype)
    try:
        lo_b, hi_b = np.broadcast_arrays(lo, hi)
    except ValueError:
        raise invalid_argument(
            "BroadcastArgs",
            f"Incompatible shapes: {shape_text(lo.shape)} vs. {shape_text(hi.shape)}",
        ) from None
    ndim = lo_b.ndim + 1
    a = as_int(axis)
    if not -ndim <= a < ndim:
        raise invalid_argument(
            "ExpandDims", f"Tried to expand dim index {a} for tensor with {ndim - 1} dimensions."
        )
    a %= ndim
    if n < 0:
        raise invalid_argument("Range", "Requires start <= limit when delta > 0: 1/-1")
    lo_e, hi_e = np.expand_dims(lo_b, a), np.expand_dims(hi_b, a)
    steps = dtype.type(max(n - 1, 1))
    delta = (hi_e - lo_e) / steps
    middle = np.arange(1, max(n - 1, 1), dtype=dtype).reshape(
        [-1 if i == a else 1 for i in _builtin_range(ndim)]
    )
    value = np.concatenate([lo_e, lo_e + delta * middle, hi_e], axis=a)
    value = np.take(value, np.arange(n), axis=a).astype(dtype, copy=False)
    inputs = (start_t, stop_t, num_t)
    return execute(LINSPACE, inputs, value, (a, n, ndim, dtype.type, (lo.shape, hi.shape)))


# --- eye, one_hot -------------------------------------------------------------------------
def eye(num_rows, num_columns=None, batch_shape=None, dtype="float32", name=None):
    if isinstance(num_rows, float) or isinstance(num_columns, float):
        raise TypeError(
            "Arguments `num_rows` and `num_columns` must be positive integer values. "
            f"Received: num_rows={num_rows}, num_columns="
            f"{num_rows if num_columns is None else num_columns}"
        )
    rows = as_int(num_rows)
    columns = rows if num_columns is None else as_int(num_columns)
    batch = () if batch_shape is None else _dims(batch_shape)[0]
    for d in (rows, columns):
        if d < 0:
            raise invalid_argument("Fill", f"Dimension {d} must be >= 0")
    matrix = np.eye(rows, columns, dtype=_np_dtype(dtype))
    return EagerTensor(np.ascontiguousarray(np.broadcast_to(matrix, batch + matrix.shape)))


ONE_HOT = define("OneHot", NOT_DIFFERENTIABLE)


def _dtype_text(dtype):
    return f"<dtype: '{dtypes.as_dtype(dtype).name}'>"


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    on = None if on_value is None else convert_to_tensor(on_value, dtype_hint=dtype)
    off = None if off_value is None else convert_to_tensor(off_value, dtype_hint=dtype)
    if on is not None or off is not None:
        if dtype is not None:
            for label, t in (("on_value", on), ("off_value", off)):
                if t is not None and t.dtype != dtypes.as_dtype(dtype):
                    raise TypeError(
                        f"dtype {_dtype_text(t.dtype)} of {label} does not match "
                        f"dtype parameter {_dtype_text(dtype)}"
                    )
        else:
            given = on if on is not None else off
            assert given is not None  # one of them, by the test above
            dtype = given.dtype
    elif dtype is None:
        dtype = dtypes.float32
    on = convert_to_tensor(1, dtype=dtype) if on is None else on
    off = convert_to_tensor(0, dtype=dtype) if off is None else off
    if on.dtype != off.dtype:
        raise TypeError(
            f"dtype {_dtype_text(on.dtype)} of on_value does not match dtype "
            f"{_dtype_text(off.dtype)} of off_value"
        )
    idx = convert_to_tensor(indices, dtype_hint="int32")
    if idx._value.dtype not in (np.uint8, np.int8, np.int32, np.int64):
        raise invalid_argument(
            "OneHot",
            f"Value for attr 'TI' of {_tf_type_name(idx.dtype)} is "
            f"not in the list of allowed values: uint8, int8, int32, "
            f"int64",
        )
    depth_t = int_tensor(depth)
    n = int(depth_t._value)
    if n < 0:
        raise invalid_argument("OneHot", f"depth must be non-negative, got: {n}")
    out_ndim = idx._value.ndim + 1
    a = -1 if axis is None else as_int(axis)
    if a != -1 and not 0 <= a < out_ndim:
        raise invalid_argument(
            "OneHot", f"Expected axis to be -1 or between [0, {out_ndim}).  But received: {a}"
        )
    hot = np.expand_dims(idx._value, -1) == np.arange(n)
    value = np.where(hot, on._value, off._value).astype(on._value.dtype, copy=False)
    if a != -1:
        value = np.ascontiguousarray(np.moveaxis(value, -1, a))
    return execute(ONE_HOT, (idx, depth_t, on, off), value)
