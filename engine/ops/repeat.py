"""tf.repeat and tf.meshgrid: composites that copy a tensor's entries along axes, built from
the same ops as TF's array_ops (ExpandDims, Tile, Reshape, boolean_mask; Reshape and Mul by
ones), so a tape records what TF's records and the gradients come from those ops.
"""

import numpy as np

from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic
from .creation import fill
from .indexing import boolean_mask
from .joining import stack
from .sequences import sequence_mask
from .shape_ops import expand_dims, reshape
from .summing import tile

__all__ = ["repeat", "meshgrid"]
TOP_LEVEL = list(__all__)


def repeat(input, repeats, axis=None, name=None):
    if axis is None:
        return _repeat_with_axis(reshape(input, [-1]), repeats, 0)
    return _repeat_with_axis(input, repeats, axis)


def _int_repeats(repeats):
    """TF's convert_to_int_tensor: any integer dtype, cast to int32."""
    t = convert_to_tensor(repeats, dtype_hint="int32")
    if t._value.dtype.kind not in "iu":
        raise TypeError(
            "Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = "
            f"{t._value} of dtype: {t.dtype}"
        )
    return t._value.astype(np.int32)


def _repeat_with_axis(data, repeats, axis):
    if not isinstance(axis, int):
        raise TypeError(
            f"Argument `axis` must be an int. Received `axis` = {axis} of type "
            f"{type(axis).__name__}"
        )
    data = convert_to_tensor(data)
    counts = _int_repeats(repeats)
    if counts.ndim > 1:
        raise ValueError(f"Shape {counts.shape} must have rank at most 1")
    if data._value.ndim == 0:
        data = stack([data])
    shape = data._value.shape
    ndim = len(shape)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis={axis} out of bounds: expected {-ndim}<=axis<{ndim}")
    axis %= ndim
    multiples = [1] * (ndim + 1)
    if counts.size == 1:
        multiples[axis + 1] = int(counts.reshape(()))
        tiled = tile(expand_dims(data, axis + 1), multiples)
        return reshape(
            tiled, shape[:axis] + (multiples[axis + 1] * shape[axis],) + shape[axis + 1 :]
        )
    if counts.ndim == 1 and counts.size != shape[axis]:
        raise ValueError(f"Dimensions {shape[axis]} and {counts.size} are not compatible")
    per_slice = np.broadcast_to(counts, shape[: axis + 1])  # one count per slice of data
    max_repeat = max(0, int(per_slice.max())) if per_slice.size else 0
    mask = sequence_mask(per_slice, max_repeat)
    multiples[axis + 1] = max_repeat
    masked = boolean_mask(tile(expand_dims(data, axis + 1), multiples), mask)
    if axis == 0:
        return masked
    return reshape(masked, shape[:axis] + (int(counts.sum()),) + shape[axis + 1 :])


def meshgrid(*args, **kwargs):
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(
            f"Argument `indexing` parameter must be either 'xy' or 'ij', got '{indexing}'"
        )
    ndim = len(args)
    if not ndim:
        return []
    ones_shape = (1,) * ndim
    tensors = [convert_to_tensor(x) for x in args]
    output = [
        reshape(x, ones_shape[:i] + (-1,) + ones_shape[i + 1 :]) for i, x in enumerate(tensors)
    ]
    sizes = [x._value.size for x in tensors]
    if indexing == "xy" and ndim > 1:
        output[0] = reshape(output[0], (1, -1) + (1,) * (ndim - 2))
        output[1] = reshape(output[1], (-1, 1) + (1,) * (ndim - 2))
        sizes[0], sizes[1] = sizes[1], sizes[0]
    one = EagerTensor(tensors[0]._value.dtype.type(1))
    mult_fact = fill(sizes, one)  # TF's ones() of a shape made of tensors runs Fill
    return [arithmetic.multiply(x, mult_fact) for x in output]
