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
        return (f"IndexedSlices(indices={self.indices}, values={self.values}, "
                f"dense_shape={self.dense_shape})")

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
    """The sum of two gradients of one tensor, as TF's backprop aggregates them: two
    IndexedSlices concatenate (still sparse); a dense one with a sparse one is dense."""
    from .ops.joining import concat
    if isinstance(a, IndexedSlices) and isinstance(b, IndexedSlices):
        from .tensor import EagerTensor
        # TF casts the indices to int64 so that the two concatenate.
        indices = EagerTensor(np.concatenate([np.asarray(a.indices._value, np.int64),
                                              np.asarray(b.indices._value, np.int64)]))
        return IndexedSlices(concat([a.values, b.values], 0), indices, a.dense_shape)
    from .ops.arithmetic import add as dense_add
    return dense_add(densify(a), densify(b))
