"""IndexedSlices: the sparse gradient of gather, as TF's (values at indices of a dense shape).

`values[i]` is the gradient of row `indices[i]` of a tensor of shape `dense_shape`; an index may
repeat, and its rows then add up. Anything that needs a dense tensor (convert_to_tensor, an op
taking it as input) densifies it with UnsortedSegmentSum, as TF does.
"""
import numpy as np


class IndexedSlices:
    __slots__ = ("values", "indices", "dense_shape")

    def __init__(self, values, indices, dense_shape=None):
        self.values = values
        self.indices = indices
        self.dense_shape = dense_shape

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        from .shape import TensorShape
        return TensorShape(np.asarray(self.dense_shape._value).tolist())

    @property
    def device(self):
        return self.values.device

    def _as_tensor(self):
        return densify(self)

    def __neg__(self):
        return IndexedSlices(-self.values, self.indices, self.dense_shape)

    def __str__(self):
        shape = "" if self.dense_shape is None else f", dense_shape={str(self.dense_shape)}"
        return f"IndexedSlices(indices={str(self.indices)}, values={str(self.values)}{shape})"

    def __repr__(self):
        return (f"IndexedSlices(indices={self.indices!r}, values={self.values!r}, "
                f"dense_shape={self.dense_shape!r})")


def densify(value):
    """A dense Tensor for an IndexedSlices (recorded, so higher-order gradients still flow)."""
    if not isinstance(value, IndexedSlices):
        return value
    from .ops.indexing import unsorted_segment_sum
    rows = int(np.asarray(value.dense_shape._value).reshape(-1)[0])
    return unsorted_segment_sum(value.values, value.indices, rows)


def add(a, b):
    """The sum of gradients `a` (accumulated so far) and `b` of one tensor, as TF's backprop
    aggregates them: two IndexedSlices concatenate (still sparse); with a dense one, dense."""
    from .ops.joining import concat
    if isinstance(a, IndexedSlices) and isinstance(b, IndexedSlices):
        from .tensor import EagerTensor
        # `b` came from the earlier op; TF lists it first. Mixed index dtypes go to int64.
        ia, ib = np.asarray(a.indices._value), np.asarray(b.indices._value)
        dtype = ia.dtype if ia.dtype == ib.dtype else np.int64
        indices = EagerTensor(np.concatenate([ib.astype(dtype), ia.astype(dtype)]))
        return IndexedSlices(concat([b.values, a.values], 0), indices, b.dense_shape)
    from .ops.arithmetic import add as dense_add
    return dense_add(densify(a), densify(b))
