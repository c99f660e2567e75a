"""Element-wise transformations: map, filter, take_while, reduce, repeat, take, skip,
enumerate, concatenate, prefetch, cache, with_options, apply."""

import itertools
import warnings

import numpy as np

from .. import dtypes
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec
from . import functions, structure
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install, scalar_int64
from .sources import _INT64_MAX, _RangeDataset, _ZipDataset


# --- map ----------------------------------------------------------------------------------
class _MapDataset(DatasetV2):
    def __init__(self, input_dataset, fn):
        super().__init__(input_dataset)
        self._fn = fn
        # TF traces the function here: its errors (wrong arity, a missing return) and the
        # spec of its results come from this line, not from the loop that iterates.
        self._spec = self._compute_spec()

    def _elements(self, probe=False):
        fn = self._fn
        call = functions.call_unobserved if probe else functions.call
        for element in self._input._elements(probe):
            yield functions.as_element(call(fn, element))

    def _compute_spec(self):
        """The results' specs, from running the function on the first elements (unobserved):
        a dimension is None when it differs between two elements, or follows an input
        dimension the input's spec leaves unknown (as a batch's)."""
        probes = list(itertools.islice(self._input._elements(probe=True), 2))
        if not probes:  # an empty input: zeros shaped as its spec stand in for an element
            placeholder = structure.placeholder(self._input.element_spec)
            if placeholder is None:
                return TensorSpec(None)
            probes = [placeholder]
        results = [self._probe(element) for element in probes]
        shrunk = _shrunk(probes[0], self._input.element_spec)
        if shrunk is not None:
            try:
                results.append(self._probe(shrunk))
            except Exception:  # noqa: BLE001 - the function may need the full size
                pass
        specs = [structure.spec_of(result) for result in results]
        return structure.common_spec([s for s in specs if structure.same_structure(s, specs[0])])

    def _probe(self, element):
        return functions.as_element(functions.call_unobserved(self._fn, element))


class _ParallelMapDataset(_MapDataset):
    """map with num_parallel_calls: the same elements in the same order (one thread)."""


def _shrunk(element, spec):
    """`element` with each dimension its spec leaves unknown resized (to 1, or 2 from 1), or
    None when the spec knows every dimension."""
    changed = False
    leaves = []
    for tensor, leaf_spec in zip(structure.flatten(element), structure.flatten(spec)):
        if type(tensor) is not Tensor:  # a dataset (window's elements)
            leaves.append(tensor)
            continue
        value = tensor._value
        if leaf_spec.shape.rank is not None:
            for axis, dim in enumerate(leaf_spec.shape):
                if dim is None and value.shape[axis]:
                    taken = [0] if value.shape[axis] > 1 else [0, 0]
                    value = np.take(value, taken, axis=axis)
                    changed = True
        leaves.append(Tensor(value))
    return structure.pack(element, leaves) if changed else None


@install("map")
def map_(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
    """`map_func` applied to each element (a tuple's items as positional arguments)."""
    if num_parallel_calls is None:
        if deterministic is not None:
            warnings.warn(
                "The `deterministic` argument has no effect unless the `num_parallel_calls` "
                "argument is specified.",
                stacklevel=2,
            )
        return _MapDataset(self, map_func)
    return _ParallelMapDataset(self, map_func)


# --- filter, take_while -------------------------------------------------------------------
def _predicate_result(value):
    """A predicate's result as a tf.bool scalar, or TF's error for anything else."""
    if isinstance(value, (list, tuple)):
        raise AttributeError("'tuple' object has no attribute 'is_compatible_with'")
    result = convert_to_tensor(value)
    if result.dtype != dtypes.bool or result.shape.rank != 0:
        raise ValueError(
            "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its "
            f"return type is {TensorSpec(result.shape, result.dtype)!r}."
        )
    return bool(result._value)


class _FilterDataset(DatasetV2):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate
        _check_predicate(input_dataset, predicate)

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        predicate = self._predicate
        for element in self._input._elements(probe):
            if _predicate_result(call(predicate, element)):
                yield element

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _check_predicate(input_dataset, predicate):
    """TF traces the predicate when the dataset is made: its errors come from that line."""
    for element in itertools.islice(input_dataset._elements(probe=True), 1):
        _predicate_result(functions.call_unobserved(predicate, element))


@install("filter")
def filter_(self, predicate, name=None):
    """The elements for which `predicate` is True."""
    return _FilterDataset(self, predicate)


class _TakeWhileDataset(DatasetV2):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate
        _check_predicate(input_dataset, predicate)

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        for element in self._input._elements(probe):
            if not _predicate_result(call(self._predicate, element)):
                return
            yield element

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


@install("take_while")
def take_while(self, predicate, name=None):
    """The elements until `predicate` is first False."""
    return _TakeWhileDataset(self, predicate)


@install("reduce")
def reduce(self, initial_state, reduce_func, name=None):
    """`reduce_func(state, element)` folded over the elements, from `initial_state`."""
    state = structure.normalize(initial_state)
    for element in self._elements():
        state = functions.as_element(functions.call(reduce_func, (state, element)))
    return state


# --- repeat, take, skip -------------------------------------------------------------------
class _RepeatDataset(DatasetV2):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _elements(self, probe=False):
        epochs = itertools.count() if self._count < 0 else range(self._count)
        for _ in epochs:
            produced = False
            for element in self._input._elements(probe):
                produced = True
                yield element
            if not produced:
                return  # an empty input repeated forever is empty, as in TF

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return 0 if n == 0 else INFINITE_CARDINALITY
        if self._count == 0:
            return 0
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        return self._count * n


@install("repeat")
def repeat(self, count=None, name=None):
    """The elements `count` times over (forever when None or -1)."""
    return _RepeatDataset(self, -1 if count is None else scalar_int64(count, "count"))


class _TakeDataset(DatasetV2):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _elements(self, probe=False):
        elements = self._input._elements(probe)
        return elements if self._count < 0 else itertools.islice(elements, self._count)

    def _cardinality(self):
        n = self._input._cardinality()
        if n == UNKNOWN_CARDINALITY:
            return n
        if n == INFINITE_CARDINALITY:
            return self._count
        return n if self._count < 0 else min(n, self._count)


@install("take")
def take(self, count, name=None):
    """The first `count` elements (all of them when -1)."""
    return _TakeDataset(self, scalar_int64(count, "count"))


class _SkipDataset(DatasetV2):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _elements(self, probe=False):
        if self._count < 0:
            return iter(())
        return itertools.islice(self._input._elements(probe), self._count, None)

    def _cardinality(self):
        n = self._input._cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        return 0 if self._count < 0 else max(0, n - self._count)


@install("skip")
def skip(self, count, name=None):
    """All but the first `count` elements (none when -1)."""
    return _SkipDataset(self, scalar_int64(count, "count"))


# --- enumerate, concatenate ---------------------------------------------------------------
@install("enumerate")
def enumerate_(self, start=0, name=None):
    """(index, element) pairs, counting from `start`: TF zips a range with the dataset."""
    counter = _RangeDataset(scalar_int64(start, "start"), _INT64_MAX, 1, dtypes.int64)
    return _ZipDataset((counter, self))


class _ConcatenateDataset(DatasetV2):
    def __init__(self, input_dataset, other):
        super().__init__(input_dataset)
        self._other = other
        a, b = input_dataset.element_spec, other.element_spec
        if not structure.same_structure(a, b) or any(
            x.dtype != y.dtype for x, y in zip(structure.flatten(a), structure.flatten(b))
        ):
            raise TypeError(f"Incompatible dataset elements:\n  {a!r} vs.   {b!r}")
        self._spec = structure.common_spec([a, b])

    def _elements(self, probe=False):
        yield from self._input._elements(probe)
        yield from self._other._elements(probe)

    def _cardinality(self):
        n1, n2 = self._input._cardinality(), self._other._cardinality()
        if INFINITE_CARDINALITY in (n1, n2):
            return INFINITE_CARDINALITY
        if UNKNOWN_CARDINALITY in (n1, n2):
            return UNKNOWN_CARDINALITY
        return n1 + n2


@install("concatenate")
def concatenate(self, dataset, name=None):
    """This dataset's elements, then `dataset`'s (same structure and dtypes)."""
    return _ConcatenateDataset(self, dataset)


# --- prefetch, cache, options, apply ------------------------------------------------------
class _PassThrough(DatasetV2):
    def _elements(self, probe=False):
        return self._input._elements(probe)


class _PrefetchDataset(_PassThrough):
    """Prefetching overlaps work in TF; in memory and in one thread it only passes through."""


@install("prefetch")
def prefetch(self, buffer_size, name=None):
    scalar_int64(buffer_size, "buffer_size")
    return _PrefetchDataset(self)


class CacheDataset(DatasetV2):
    """The first complete pass is kept; later passes replay it (a shuffle or a random map
    before the cache gives the same elements every epoch, as in TF)."""

    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        self._cache = None

    def _elements(self, probe=False):
        if self._cache is not None:
            for element in self._cache:
                yield structure.map_leaves(lambda t: Tensor(t._value), element)
            return
        kept = []
        for element in self._input._elements(probe):
            kept.append(element)
            yield element
        if not probe:
            self._cache = kept


@install("cache")
def cache(self, filename="", name=None):
    if filename:
        raise AttributeError("engine does not implement tf.data.Dataset.cache(filename)")
    return CacheDataset(self)


class _OptionsDataset(_PassThrough):
    def __init__(self, input_dataset, options):
        super().__init__(input_dataset)
        self._options = input_dataset.options().merge(options)

    def options(self):
        return self._options


@install("with_options")
def with_options(self, options, name=None):
    return _OptionsDataset(self, options)


@install("apply")
def apply(self, transformation_func):
    return transformation_func(self)
