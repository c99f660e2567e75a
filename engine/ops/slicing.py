"""`tensor[key]`: TF's StridedSlice, and its gradient StridedSliceGrad.

The key is encoded as TF's Python wrapper encodes it (begin, end and strides vectors plus the
begin/end/ellipsis/new-axis/shrink-axis bit masks, recorded as the op's inputs and attrs),
validated with the kernel's error messages, then applied as the equivalent NumPy basic index
(NumPy clamps slice bounds exactly as the kernel does). A boolean key is a boolean_mask, as in TF.
"""

import numbers
from typing import Any

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .indexing import boolean_mask
from .registry import define, execute

__all__ = ["strided_slice", "newaxis"]

newaxis = None  # tf.newaxis: a None in a slicing key adds an axis

_INDEX_ERROR = (
    "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
    "tf.int32/tf.int64 tensors are valid indices"
)


class SliceSpec:
    """One slicing's encoding: TF's vectors and masks, and the NumPy index they amount to."""

    __slots__ = ("begin", "end", "strides", "masks", "index", "input_shape")

    def __init__(self, begin, end, strides, masks, index, input_shape):
        self.begin, self.end, self.strides = begin, end, strides
        self.masks = masks  # (begin, end, ellipsis, new_axis, shrink_axis)
        self.index = index
        self.input_shape = input_shape

    def vectors(self):
        """begin, end and strides as the int32 tensors TF passes to the op."""
        return tuple(
            EagerTensor(np.array(v, dtype=np.int32)) for v in (self.begin, self.end, self.strides)
        )


def getitem(tensor, key):
    x = convert_to_tensor(tensor)
    if _is_boolean_key(key):
        return boolean_mask(x, key)
    begin, end, strides, masks = _encode(key if isinstance(key, (list, tuple)) else (key,))
    return _strided_slice(x, begin, end, strides, masks)


def numpy_index(shape, key):
    """The NumPy index `tensor[key]` reads from a tensor of `shape` (None for a boolean key)."""
    if _is_boolean_key(key):
        return None
    begin, end, strides, masks = _encode(key if isinstance(key, (list, tuple)) else (key,))
    return _numpy_index(shape, begin, end, strides, masks)


def strided_slice(
    input_,
    begin,
    end,
    strides=None,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
    var=None,
    name=None,
):
    x = convert_to_tensor(input_)
    begin = [int(b) for b in np.asarray(convert_to_tensor(begin)._value).reshape(-1)]
    end = [int(e) for e in np.asarray(convert_to_tensor(end)._value).reshape(-1)]
    strides = (
        [1] * len(begin)
        if strides is None
        else [int(s) for s in np.asarray(convert_to_tensor(strides)._value).reshape(-1)]
    )
    masks = (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
    return _strided_slice(x, begin, end, strides, masks)


def _is_boolean_key(key):
    if isinstance(key, bool):
        return True
    if isinstance(key, np.ndarray):
        return key.dtype == np.bool_
    return isinstance(key, EagerTensor) and key._value.dtype == np.bool_


def _index_value(idx):
    """An int index (Python/NumPy int, or scalar int32/int64 tensor) as a Python int."""
    if isinstance(idx, numbers.Integral):
        return int(idx)
    if hasattr(idx, "_as_tensor"):
        idx = idx._as_tensor()
    dtype = getattr(idx, "dtype", None)
    value = getattr(idx, "_value", idx)
    if (
        dtype is None
        or np.dtype(getattr(value, "dtype", np.float64)) not in (np.int32, np.int64)
        or np.ndim(value) != 0
    ):
        raise TypeError(f"{_INDEX_ERROR}, got {idx!r}")
    return int(value)


def _encode(spec):
    """TF's _slice_helper: begin/end/strides vectors and the five bit masks."""
    begin, end, strides = [], [], []
    begin_mask = end_mask = ellipsis_mask = new_axis_mask = shrink_axis_mask = 0
    _check_packable([s.start if isinstance(s, slice) else s for s in spec])
    for position, s in enumerate(spec):
        bit = 1 << position
        if isinstance(s, slice):
            if s.start is None:
                begin.append(0)
                begin_mask |= bit
            else:
                begin.append(_index_value(s.start))
            if s.stop is None:
                end.append(0)
                end_mask |= bit
            else:
                end.append(_index_value(s.stop))
            strides.append(1 if s.step is None else _index_value(s.step))
        elif s is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            ellipsis_mask |= bit
        elif s is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            new_axis_mask |= bit
        else:
            i = _index_value(s)
            begin.append(i)
            end.append(i + 1)
            strides.append(1)
            shrink_axis_mask |= bit
    return (
        begin,
        end,
        strides,
        (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask),
    )


def _check_packable(begin):
    """TF packs the begin values into one tensor (op Pack): index tensors of two dtypes fail."""
    dtype = None
    for k, b in enumerate(begin):
        if isinstance(b, EagerTensor) or hasattr(b, "_as_tensor"):
            if dtype is None:
                dtype = b.dtype
            elif b.dtype != dtype:
                raise invalid_argument(
                    "Pack",
                    f"cannot compute Pack as input #{k}(zero-based) "
                    f"was expected to be a "
                    f"{dtypes.kernel_name(dtype)} tensor but is a "
                    f"{dtypes.kernel_name(b.dtype)} tensor",
                )


def _numpy_index(shape, begin, end, strides, masks):
    """The NumPy basic index equal to a StridedSlice, with the kernel's validation errors."""
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = masks
    entries = len(begin)
    bits = [1 << i for i in range(entries)]
    ellipses = sum(1 for b in bits if ellipsis_mask & b)
    if ellipses > 1:
        raise invalid_argument("StridedSlice", "Multiple ellipses in slice spec not allowed")
    for i, s in enumerate(strides):
        if s == 0:
            raise invalid_argument("StridedSlice", f"strides[{i}] must be non-zero")
    ndim = len(shape)
    consumed = sum(1 for b in bits if not (ellipsis_mask & b or new_axis_mask & b))
    if ndim == 0 and consumed:
        raise invalid_argument("StridedSlice", "Attempting to slice scalar input.")
    if consumed > ndim:
        raise invalid_argument(
            "StridedSlice", f"Index out of range using input dim {ndim}; input has only {ndim} dims"
        )
    index: list[Any] = []
    dim = 0  # the input dimension the next entry applies to
    for i, b in enumerate(bits):
        if ellipsis_mask & b:
            index.append(Ellipsis)
            dim += ndim - consumed
        elif new_axis_mask & b:
            index.append(None)
        elif shrink_axis_mask & b:
            n, k = shape[dim], begin[i]
            if not -n <= k < n:
                raise invalid_argument(
                    "StridedSlice",
                    f"slice index {k + n if k < 0 else k} of dimension {dim} out of bounds.",
                )
            index.append(k)
            dim += 1
        else:
            index.append(
                slice(
                    None if begin_mask & b else begin[i],
                    None if end_mask & b else end[i],
                    strides[i],
                )
            )
            dim += 1
    return tuple(index)


def _strided_slice(x, begin, end, strides, masks):
    shape = x._value.shape
    spec = SliceSpec(
        begin, end, strides, masks, _numpy_index(shape, begin, end, strides, masks), shape
    )
    value = x._value[spec.index]
    if type(value) is not np.ndarray:  # a string: kept an array (conversion.string_array)
        value = np.array(value, dtype=object) if x._value.dtype.kind == "O" else value
    elif not value.ndim:
        value = value[()]  # the engine keeps 0-d values as NumPy scalars
    return execute(STRIDED_SLICE, (x,) + spec.vectors(), value, spec)


def _strided_slice_grad(rec, dy):
    spec = rec.attrs
    dy = convert_to_tensor(dy)
    grad = np.zeros(spec.input_shape, dy._value.dtype)
    grad[spec.index] = dy._value
    shape_t = EagerTensor(np.array(spec.input_shape, dtype=np.int32))
    return execute(
        STRIDED_SLICE_GRAD,
        (shape_t,) + spec.vectors() + (dy,),
        grad if grad.ndim else grad[()],
        spec,
    )


STRIDED_SLICE = define("StridedSlice", (_strided_slice_grad, None, None, None))


def _strided_slice_grad_grad(rec, ddy):
    spec = rec.attrs
    ddy = convert_to_tensor(ddy)
    value = ddy._value[spec.index]
    if type(value) is np.ndarray and not value.ndim:
        value = value[()]
    return execute(STRIDED_SLICE, (ddy,) + spec.vectors(), value, spec)


STRIDED_SLICE_GRAD = define("StridedSliceGrad", (None, None, None, None, _strided_slice_grad_grad))
