"""`variable[key]`: a read of the variable, sliced (StridedSlice), that can also assign to that
slice of the variable, as TF's _SliceHelperVar gives it an `assign`.

The slice keeps the value it read (assigning does not change it, as in TF); `assign` writes
the variable and returns it as an _UnreadVariable, like the variable's own assign.
"""

from typing import Any

import numpy as np

from .errors import invalid_argument
from .ops.slicing import getitem as slice_tensor, numpy_index
from .tensor import EagerTensor, convert_to_tensor


class _VariableSlice(EagerTensor):
    __slots__ = ("_variable", "_index")
    _variable: Any  # the variable sliced
    _index: Any  # a NumPy index into its value

    def assign(self, value, name=None):
        variable = self._variable
        new = convert_to_tensor(value, dtype=variable.dtype)._value
        target = np.shape(variable._value[self._index])
        if np.broadcast_shapes(np.shape(new), target) != target:
            shapes = [",".join(map(str, s)) for s in (np.shape(new), target)]
            raise invalid_argument(
                "ResourceStridedSliceAssign",
                (f"Cannot broadcast input shape [{shapes[0]}] into final shape [{shapes[1]}]"),
            )
        array = np.array(variable._value, copy=True)
        array[self._index] = new
        return variable._store(array)


_VariableSlice.__name__ = _VariableSlice.__qualname__ = "EagerTensor"  # as type(t) prints in TF


def getitem(variable, key):
    read = slice_tensor(variable, key)
    index = numpy_index(variable._value.shape, key)
    if index is None:  # a boolean mask: a plain tensor, as in TF
        return read
    sliced = _VariableSlice.__new__(_VariableSlice)
    sliced._value, sliced._id = read._value, read._id  # the recorded read, under its own id
    sliced._variable, sliced._index = variable, index
    return sliced
