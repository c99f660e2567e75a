"""tf.clip_by_value: TF's composite of Minimum and Maximum (an IndexedSlices clips its values)."""

from ..shape import TensorShape
from ..tensor import IndexedSlices, convert_to_tensor
from .arithmetic import maximum, minimum

__all__ = ["clip_by_value"]


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(max(t, lo), hi) as TF computes it: Minimum with hi, then Maximum with lo.

    At a boundary (t == hi or t == lo) the gradient goes to t, by Minimum's and Maximum's
    tie rules; the clip values get the gradient of the elements clipped to them.
    """
    values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t)
    clipped = minimum(values, clip_value_max)
    _check_unbroadcast(values, clipped)
    clipped = maximum(clipped, clip_value_min)
    _check_unbroadcast(values, clipped)
    if isinstance(t, IndexedSlices):
        return IndexedSlices(clipped, t.indices, t.dense_shape)
    return clipped


def _check_unbroadcast(values, result):
    if values._value.shape != result._value.shape:
        raise ValueError(
            f"Shapes {TensorShape(values._value.shape)} and "
            f"{TensorShape(result._value.shape)} are incompatible"
        )
