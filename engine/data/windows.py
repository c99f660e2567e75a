"""Datasets of datasets: window makes them; flat_map, interleave and choose_from_datasets
draw elements from several."""

import itertools
import os

from .. import dtypes
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from ..tensor_spec import TensorSpec
from . import functions, structure
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    DatasetV2,
    install,
    scalar_int64,
)


class _VariantDataset(DatasetV2):
    """A dataset handed out as an element (one component of a window)."""

    def __init__(self, elements, element_spec):
        super().__init__()
        self._items = elements
        self._spec = element_spec

    def _elements(self, probe=False):
        return iter(self._items)

    def _cardinality(self):
        return len(self._items)


def _windows(elements, size, shift, stride, drop_remainder):
    """Lists of input elements: window i holds elements i*shift + k*stride, k < size."""
    span = (size - 1) * stride + 1
    buffer: list = []
    source = iter(elements)
    exhausted = False
    while True:
        while not exhausted and len(buffer) < span:
            try:
                buffer.append(next(source))
            except StopIteration:
                exhausted = True
        window = buffer[:span:stride]
        if not window or (drop_remainder and len(window) < size):
            return
        yield window
        skipped = min(shift, len(buffer))
        del buffer[:skipped]
        for _ in itertools.islice(source, shift - skipped):
            pass


class _WindowDataset(DatasetV2):
    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        super().__init__(input_dataset)
        self._args = size, shift, stride, drop_remainder

    def _elements(self, probe=False):
        input_spec = self._input.element_spec
        specs = structure.flatten(input_spec)
        for window in _windows(self._input._elements(probe), *self._args):
            columns = list(zip(*(structure.flatten(element) for element in window)))
            yield structure.pack(
                input_spec, [_VariantDataset(list(c), s) for c, s in zip(columns, specs)]
            )

    def _cardinality(self):
        n = self._input._cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        size, shift, stride, drop_remainder = self._args
        if drop_remainder:
            span = (size - 1) * stride + 1
            return 0 if n < span else (n - span) // shift + 1
        return -(-n // shift)

    def _compute_spec(self):
        return structure.map_leaves(structure.DatasetSpec, self._input.element_spec)


@install("window")
def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
    """Datasets of `size` consecutive elements (every `stride`-th), starting every `shift`."""
    size = scalar_int64(size, "size")
    shift = size if shift is None else scalar_int64(shift, "shift")
    stride = scalar_int64(stride, "stride")
    for value, arg in ((size, "size"), (shift, "shift"), (stride, "stride")):
        if value <= 0:
            raise ValueError(f"Invalid `{arg}`. `{arg}` must be positive, got {value}.")
    return _WindowDataset(self, size, shift, stride, bool(drop_remainder))


def _as_dataset(value):
    if not isinstance(value, DatasetV2):
        kind = "Tensor" if isinstance(value, Tensor) else type(value).__name__
        raise AttributeError(f"'{kind}' object has no attribute '_name'")
    return value


class _FlatMapDataset(DatasetV2):
    def __init__(self, input_dataset, fn):
        super().__init__(input_dataset)
        self._fn = fn
        self._spec = self._compute_spec()  # TF traces the function here (errors too)

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        for element in self._input._elements(probe):
            yield from _as_dataset(call(self._fn, element))._elements(probe)

    def _cardinality(self):
        return UNKNOWN_CARDINALITY

    def _compute_spec(self):
        datasets = [
            _as_dataset(functions.call_unobserved(self._fn, element))
            for element in itertools.islice(self._input._elements(probe=True), 2)
        ]
        if not datasets:
            return TensorSpec(None)
        return structure.common_spec([ds.element_spec for ds in datasets])


@install("flat_map")
def flat_map(self, map_func, name=None):
    """The elements of the dataset `map_func` returns for each element, one after another."""
    return _FlatMapDataset(self, map_func)


class _InterleaveDataset(_FlatMapDataset):
    """TF's InterleaveDataset: `cycle_length` datasets open at once, `block_length` elements
    taken from each in turn; an exhausted one is replaced by the next input's dataset."""

    def __init__(self, input_dataset, fn, cycle_length, block_length):
        self._cycle_length = cycle_length
        self._block_length = block_length
        super().__init__(input_dataset, fn)

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        inputs = self._input._elements(probe)
        cycle: list = [None] * self._cycle_length
        index = block = 0
        open_count = 0
        end_of_input = False
        while not end_of_input or open_count:
            if cycle[index] is not None:
                element = next(cycle[index], _END)
                if element is not _END:
                    block += 1
                    if block == self._block_length:
                        index, block = (index + 1) % self._cycle_length, 0
                    yield element
                    continue
                cycle[index] = None
                open_count -= 1
                index, block = (index + 1) % self._cycle_length, 0
            elif not end_of_input:
                element = next(inputs, _END)
                if element is _END:
                    end_of_input = True
                else:
                    cycle[index] = _as_dataset(call(self._fn, element))._elements(probe)
                    open_count += 1
            else:
                index, block = (index + 1) % self._cycle_length, 0


class _ParallelInterleaveDataset(_InterleaveDataset):
    """interleave with num_parallel_calls: TF's deterministic order, in one thread."""


_END = object()


@install("interleave")
def interleave(
    self,
    map_func,
    cycle_length=None,
    block_length=None,
    num_parallel_calls=None,
    deterministic=None,
    name=None,
):
    cycle = AUTOTUNE if cycle_length is None else scalar_int64(cycle_length, "cycle_length")
    if cycle == AUTOTUNE:  # TF: the number of schedulable CPU cores
        cycle = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    block = 1 if block_length is None else scalar_int64(block_length, "block_length")
    kind = _InterleaveDataset if num_parallel_calls is None else _ParallelInterleaveDataset
    return kind(self, map_func, cycle, block)


class _DirectedInterleaveDataset(DatasetV2):
    """choose_from_datasets: the next element of the dataset each choice names."""

    def __init__(self, choices, datasets, stop_on_empty_dataset):
        super().__init__(choices)
        self._datasets = datasets
        self._stop_on_empty = stop_on_empty_dataset
        self._spec = structure.common_spec([ds.element_spec for ds in datasets])

    def _elements(self, probe=False):
        inputs = [ds._elements(probe) for ds in self._datasets]
        exhausted = [False] * len(inputs)
        for choice in self._input._elements(probe):
            index = int(choice._value)
            if not 0 <= index < len(inputs):
                raise InvalidArgumentError(
                    None,
                    "IteratorGetNext",
                    f"DirectedInterleave selected index {index} is out of range. "
                    f"[Op:IteratorGetNext]",
                )
            if exhausted[index]:
                continue
            element = next(inputs[index], _END)
            if element is _END:
                if self._stop_on_empty:
                    return
                exhausted[index] = True
                if all(exhausted):
                    return
                continue
            yield element

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


@install("choose_from_datasets", static=True)
def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """Elements taken from `datasets[i]` for each i that `choice_dataset` yields."""
    spec = choice_dataset.element_spec
    if not isinstance(spec, TensorSpec) or spec.dtype != dtypes.int64 or spec.shape.rank != 0:
        raise TypeError(
            "Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
            f"tensors but are {spec!r}."
        )
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    return _DirectedInterleaveDataset(choice_dataset, list(datasets), bool(stop_on_empty_dataset))
