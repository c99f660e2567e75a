"""IndexedSlices: the sparse gradient of gather, as TF's (values at indices of a dense shape)."""
import numpy as np


class IndexedSlices:
    def __init__(self, values, indices, dense_shape):
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

    def _as_tensor(self):
        return densify(self)

    def __repr__(self):
        return (f"IndexedSlices(indices={self.indices!r}, values={self.values!r}, "
                f"dense_shape={self.dense_shape!r})")


def densify(value):
    """A dense Tensor for an IndexedSlices (recorded, so higher-order gradients still flow)."""
    if not isinstance(value, IndexedSlices):
        return value
    from .ops.array import unsorted_segment_sum
    shape = np.asarray(value.dense_shape._value).tolist()
    return unsorted_segment_sum(value.values, value.indices, shape[0])
