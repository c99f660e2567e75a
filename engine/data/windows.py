"""Datasets of datasets: window makes them, flat_map and interleave flatten them."""

import itertools
import os

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
