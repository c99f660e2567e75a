"""Datasets made from values: from_tensor_slices, from_tensors, range, zip."""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import Tensor
from ..tensor_spec import TensorSpec
from . import structure
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install, scalar_int64

_INT64_MAX = np.iinfo(np.int64).max


class _TensorSliceDataset(DatasetV2):
    def __init__(self, element):
        super().__init__()
        leaves = structure.flatten(element)
        for leaf in leaves:
            if not leaf.ndim:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        count = leaves[0].shape[0]
        for leaf in leaves[1:]:
            if leaf.shape[0] != count:
                raise ValueError(f"Dimensions {count} and {leaf.shape[0]} are not compatible")
        self._element = element
        self._values = [leaf._value for leaf in leaves]
        self._count = count

    def _elements(self, probe=False):
        for i in range(self._count):
            yield structure.pack(self._element, [Tensor(v[i]) for v in self._values])

    def _cardinality(self):
        return self._count

    def _compute_spec(self):
        return structure.map_leaves(lambda t: TensorSpec(t.shape[1:], t.dtype), self._element)


@install("from_tensor_slices", static=True)
def from_tensor_slices(tensors, name=None):
    """The slices of `tensors` along their first dimension (every component's must agree)."""
    return _TensorSliceDataset(structure.normalize(tensors))


class _TensorDataset(DatasetV2):
    def __init__(self, element):
        super().__init__()
        self._element = element

    def _elements(self, probe=False):
        yield structure.map_leaves(lambda t: Tensor(t._value), self._element)

    def _cardinality(self):
        return 1

    def _compute_spec(self):
        return structure.spec_of(self._element)


@install("from_tensors", static=True)
def from_tensors(tensors, name=None):
    """One element: `tensors` whole."""
    return _TensorDataset(structure.normalize(tensors))


class _RangeDataset(DatasetV2):
    def __init__(self, start, stop, step, dtype):
        super().__init__()
        if step == 0:
            raise invalid_argument("RangeDataset", "step must be a non-zero integer.")
        self._range = range(start, stop, step)
        self._dtype = dtype

    def _elements(self, probe=False):
        numpy_type = self._dtype.as_numpy_dtype
        for value in self._range:
            yield Tensor(numpy_type(value))

    def _cardinality(self):
        if self._range.stop == _INT64_MAX and self._range.step > 0:
            return INFINITE_CARDINALITY  # TF's kernel reads a stop of int64's max as endless
        return len(self._range)

    def _compute_spec(self):
        return TensorSpec([], self._dtype)


@install("range", static=True)
def range_(*args, output_type=dtypes.int64, name=None):
    """Like Python's range(stop), range(start, stop), range(start, stop, step)."""
    if not 1 <= len(args) <= 3:
        raise ValueError(
            f"Invalid `args`. The length of `args` should be between 1 and 3 but was {len(args)}."
        )
    names = ("stop",) if len(args) == 1 else ("start", "stop", "step")
    bounds = [scalar_int64(a, name) for a, name in zip(args, names)]
    start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (*bounds, 1)[:3]
    return _RangeDataset(start, stop, step, dtypes.as_dtype(output_type))


class _ZipDataset(DatasetV2):
    def __init__(self, datasets):
        super().__init__()
        self._datasets = datasets
        self._flat = structure.flatten(datasets)

    def _elements(self, probe=False):
        for items in zip(*(ds._elements(probe) for ds in self._flat)):
            yield structure.pack(self._datasets, items)

    def _cardinality(self):
        result = INFINITE_CARDINALITY
        for ds in self._flat:
            n = ds._cardinality()
            if n == UNKNOWN_CARDINALITY:
                return UNKNOWN_CARDINALITY
            if n != INFINITE_CARDINALITY and (result == INFINITE_CARDINALITY or n < result):
                result = n
        return result

    def _compute_spec(self):
        return structure.pack(self._datasets, [ds.element_spec for ds in self._flat])

    def options(self):
        return self._flat[0].options()


def _check_zip_input(datasets):
    if isinstance(datasets, list):
        raise TypeError(
            "Invalid input to `zip`. Inputs are expected to be (nested) structures of "
            "`tf.data.Dataset` objects. Python `list` is not supported and you should use "
            "`tuple` instead."
        )
    for leaf in structure.flatten(datasets):
        if isinstance(leaf, list):
            _check_zip_input(leaf)
        if not isinstance(leaf, DatasetV2):
            raise TypeError(
                "Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                f"`tf.data.Dataset` objects but encountered object of type {type(leaf)}."
            )


@install("zip", static=True)
def zip_(*args, datasets=None, name=None):
    """Elements of several datasets side by side, in their nesting, until one ends."""
    if datasets is None:
        datasets = args[0] if len(args) == 1 else args
    _check_zip_input(datasets)
    return _ZipDataset(datasets)
