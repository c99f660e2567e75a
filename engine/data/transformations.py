"""Element-wise transformations: map, filter, take_while, reduce, repeat, take, skip,
enumerate, concatenate, prefetch, cache, with_options, apply."""

import itertools
import warnings

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import Tensor, convert_to_tensor
from . import functions, structure
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install, scalar_int64
from .sources import _INT64_MAX, _RangeDataset, _ZipDataset


# --- map ----------------------------------------------------------------------------------
class _MapDataset(DatasetV2):
    _fused_into_batch = True

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
        return functions.result_spec(self._input, self._fn)


class _ParallelMapDataset(_MapDataset):
    """map with num_parallel_calls: the same elements in the same order (one thread)."""


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
def _check_predicate(input_dataset, predicate, wording):
    """TF traces the predicate when the dataset is made: its result must be a tf.bool
    scalar, and its errors come from that line."""
    spec = functions.result_spec(input_dataset, predicate)
    if isinstance(spec, (tuple, dict)):
        raise AttributeError(
            f"'{type(spec).__name__}' object has no attribute 'is_compatible_with'"
        )
    if spec.dtype != dtypes.bool or spec.shape.rank != 0:
        raise ValueError(
            "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor"
            f"{wording}{spec!r}."
        )


def _predicate_result(value):
    return bool(convert_to_tensor(value)._value)


class _FilterDataset(DatasetV2):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate
        _check_predicate(input_dataset, predicate, ", but its return type is ")

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        predicate = self._predicate
        for element in self._input._elements(probe):
            if _predicate_result(call(predicate, element)):
                yield element

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


@install("filter")
def filter_(self, predicate, name=None):
    """The elements for which `predicate` is True."""
    return _FilterDataset(self, predicate)


class _TakeWhileDataset(DatasetV2):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = predicate
        _check_predicate(input_dataset, predicate, " but its return type is")  # TF's spacing

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
        state = _new_state(state, functions.call(reduce_func, (state, element)))
    return state


def _new_state(state, result):
    """The reduce function's result as the next state: as many components, of the same
    dtypes (shapes may change)."""
    result = functions.as_element(result)
    old, new = structure.flatten(state), structure.flatten(result)
    if len(old) != len(new):
        raise invalid_argument(
            "ReduceDataset",
            "The number of components of the initial state and the reduce function output "
            f"does not match. (initial_state={len(old)}, output={len(new)}).",
        )
    for before, after in zip(old, new):
        if before.dtype != after.dtype:
            raise TypeError(
                "The element types for the new state must match the initial state. Expected "
                f"<dtype: '{before.dtype.name}'> but got <dtype: '{after.dtype.name}'>."
            )
    return result


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
