"""Which elements come out: shard, unique, get_single_element."""

import numpy as np

from ..errors import InvalidArgumentError, invalid_argument
from ..tensor import Tensor
from . import structure
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install, scalar_int64


class _ShardDataset(DatasetV2):
    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._num_shards = num_shards
        self._index = index

    def _elements(self, probe=False):
        for position, element in enumerate(self._input._elements(probe)):
            if position % self._num_shards == self._index:
                yield element

    def _cardinality(self):
        n = self._input._cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        return n // self._num_shards + (1 if self._index < n % self._num_shards else 0)


@install("shard")
def shard(self, num_shards, index, name=None):
    """Every `num_shards`-th element, starting at `index`."""
    num_shards = scalar_int64(num_shards, "num_shards")
    index = scalar_int64(index, "index")
    if num_shards <= 0:
        raise invalid_argument("ShardDataset", "Number of shards must be greater than zero")
    if not 0 <= index < num_shards:
        raise invalid_argument(
            "ShardDataset",
            f"Index must be between 0 and {num_shards - 1} (currently index = {index}).",
        )
    return _ShardDataset(self, num_shards, index)


class _UniqueDataset(DatasetV2):
    def _elements(self, probe=False):
        seen = set()
        for element in self._input._elements(probe):
            key = element._value.item()
            if key not in seen:
                seen.add(key)
                yield element

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


@install("unique")
def unique(self, name=None):
    """The elements (scalars) each first time they come."""
    spec = self.element_spec
    if isinstance(spec, (tuple, dict)) or spec.shape.rank != 0:
        raise TypeError(
            "`tf.data.Dataset.unique` does not support type "
            f"{spec!r}. `tf.data.Dataset.unique` only supports inputs with a single "
            "`tf.int32`, `tf.int64`, or `tf.string` component."
        )
    return _UniqueDataset(self)


@install("get_single_element")
def get_single_element(self, name=None):
    """The dataset's one element; InvalidArgumentError if it has none or several."""
    elements = self._elements()
    first = next(elements, None)
    if first is None:
        raise invalid_argument("DatasetToSingleElement", "Dataset was empty.")
    if next(elements, None) is not None:
        raise InvalidArgumentError(
            None,
            "DatasetToSingleElement",
            "Dataset had more than one element. [Op:DatasetToSingleElement]",
        )
    return structure.map_leaves(lambda t: Tensor(np.asarray(t._value)[()]), first)
