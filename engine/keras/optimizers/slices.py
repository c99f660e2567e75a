"""tf.gather's sparse gradients (IndexedSlices) in the optimizers, as Keras 3 treats them.

Keras keeps an IndexedSlices gradient sparse through element-wise ops: squaring squares each
slice *before* slices of a repeated index are summed, so Adam's and RMSprop's second moments
get sum(g_i**2), not (sum g_i)**2, for a row gathered twice. Adding a sparse value to a dense
one sums the slices first; subtracting a sparse update from a variable applies each slice in
turn (scatter_sub). These helpers reproduce that on NumPy arrays; a dense gradient is a plain
ndarray and passes through them unchanged.
"""

import numpy as np

from . import writes


class Slices:
    """An IndexedSlices gradient as NumPy: `values[i]` belongs to row `indices[i]`."""

    __slots__ = ("values", "indices", "dense_shape")

    def __init__(self, values, indices, dense_shape):
        self.values = values
        self.indices = indices
        self.dense_shape = dense_shape

    @property
    def dtype(self):
        return self.values.dtype

    def with_values(self, values):
        return Slices(values, self.indices, self.dense_shape)


def dense(grad):
    """The dense value: slices of a repeated row are summed (TF's IndexedSlices -> Tensor)."""
    if not isinstance(grad, Slices):
        return grad
    result = np.zeros(grad.dense_shape, dtype=grad.values.dtype)
    np.add.at(result, grad.indices, grad.values)
    return result


def square(grad):
    if isinstance(grad, Slices):
        return grad.with_values(np.square(grad.values))
    return np.square(grad)


def scale(grad, factor):
    """grad * factor for a scalar factor (sparse stays sparse)."""
    if isinstance(grad, Slices):
        return grad.with_values(grad.values * factor)
    return grad * factor


def multiply_by(grad, factor):
    """grad * factor for a dense factor (Keras multiplies each slice by its row)."""
    if isinstance(grad, Slices):
        return grad.with_values(grad.values * factor[grad.indices])
    return grad * factor


def absolute(grad):
    if isinstance(grad, Slices):
        return grad.with_values(np.abs(grad.values))
    return np.abs(grad)


def divide_by(grad, denominator):
    """grad / denominator for a dense denominator (Keras divides each slice by its row)."""
    if isinstance(grad, Slices):
        return grad.with_values(grad.values / denominator[grad.indices])
    return grad / denominator


def subtract_from(variable, update):
    """variable -= update; a sparse update is applied slice by slice, as scatter_sub does."""
    if isinstance(update, Slices):
        value = variable._value.copy()
        np.subtract.at(value, update.indices, update.values)
        writes.assign(variable, value)
    else:
        writes.assign_sub(variable, update)


def add_to(variable, update):
    """variable += update; a sparse update is added slice by slice, as scatter_add does."""
    if isinstance(update, Slices):
        value = variable._value.copy()
        np.add.at(value, update.indices, update.values)
        writes.assign(variable, value)
    else:
        writes.assign_add(variable, update)
