"""tf.sequence_mask: which positions of each padded sequence are inside its length.

A composite, as TF's array_ops.sequence_mask: Range(0, maxlen) < Cast(ExpandDims(lengths, -1)),
then Cast to `dtype` unless it is bool. Nothing in it is differentiable.
"""

from .. import dtypes
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic, casting, comparisons, reductions
from .creation import range as range_
from .shape_ops import expand_dims

__all__ = ["sequence_mask"]
TOP_LEVEL = list(__all__)


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool, name=None):
    lengths = convert_to_tensor(lengths)
    if maxlen is None:
        longest = reductions.reduce_max(lengths)
        maxlen = arithmetic.maximum(EagerTensor(longest._value.dtype.type(0)), longest)
    else:
        maxlen = convert_to_tensor(maxlen)
    if maxlen._value.ndim != 0:
        raise ValueError(
            "Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = "
            f"{maxlen._value} with shape '{maxlen.shape}' instead"
        )
    kind = maxlen._value.dtype.type
    row_vector = range_(EagerTensor(kind(0)), maxlen, EagerTensor(kind(1)))
    matrix = casting.cast(expand_dims(lengths, -1), maxlen.dtype)
    result = comparisons.less(row_vector, matrix)
    target = dtypes.as_dtype(dtype)
    return result if target is dtypes.bool else casting.cast(result, target)
