"""tf.data.Dataset: the base every dataset derives from, and iteration over it.

A dataset is a recipe: each class yields its elements from a fresh Python generator
(`_elements`), so every `for x in ds` starts again from the beginning, as TF makes a new
iterator. Elements are nested tuples/dicts of engine tensors, made new for each element
(TF's iterator hands out new tensors: nothing connects them to the tensors the dataset was
built from, so no gradient flows back through a dataset).

The transformations (map, batch, shuffle, ...) are installed onto DatasetV2 by the modules
that define them (sources.py, transformations.py, batching.py, shuffling.py), as TF's
math_ops installs Tensor's operators: this module depends on none of them.
"""

import numpy as np

from .. import dtypes
from ..errors import OutOfRangeError
from ..missing import missing_attribute
from ..tensor import Tensor, convert_to_tensor
from . import structure
from .options import Options

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2


def install(name, static=False):
    """Decorator: makes a function the dataset method `name` (a staticmethod if `static`)."""

    def decorate(fn):
        setattr(DatasetV2, name, staticmethod(fn) if static else fn)
        return fn

    return decorate


class DatasetV2:
    """A sequence of elements. Subclasses define `_elements(probe)` and `_cardinality()`,
    and `_compute_spec()` unless their elements are specced like their input's."""

    _fused_into_batch = False  # a map: TF fuses it with a batch that follows

    def __init__(self, input_dataset=None):
        self._input = input_dataset
        self._spec = None

    # --- what a subclass defines --------------------------------------------------------
    def _elements(self, probe=False):
        """A new generator of the elements. `probe`: only looking for the elements' specs
        (shuffles keep their order and their seeds, user functions run unobserved)."""
        raise NotImplementedError

    def _cardinality(self):
        return self._input._cardinality()

    def _compute_spec(self):
        return self._input.element_spec

    # --- what every dataset has ---------------------------------------------------------
    @property
    def element_spec(self):
        if self._spec is None:
            self._spec = self._compute_spec()
        return self._spec

    def __iter__(self):
        return OwnedIterator(self)

    def __bool__(self):
        return True  # not __len__'s answer: an infinite dataset is still true, as in TF

    def __len__(self):
        n = self._cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def cardinality(self):
        return Tensor(np.int64(self._cardinality()))

    def options(self):
        return self._input.options() if self._input is not None else Options()

    def as_numpy_iterator(self):
        return NumpyIterator(iter(self))

    def __repr__(self):
        return f"<{type(self).__name__} element_spec={self.element_spec!r}>"

    def __getattr__(self, name):
        return _missing(self, name, "tf.data.Dataset", _DATASET_METHODS_NOT_IMPLEMENTED)


# TF 2.21's Dataset methods the engine lacks (file I/O, sampling, bucketing, ...): asking for
# one says so; any other unknown attribute gets Python's own AttributeError, as in TF.
_DATASET_METHODS_NOT_IMPLEMENTED = frozenset(
    [
        "fingerprint",
        "ignore_errors",
        "list_files",
        "load",
        "ragged_batch",
        "rejection_resample",
        "save",
        "snapshot",
        "sparse_batch",
    ]
)
_ITERATOR_METHODS_NOT_IMPLEMENTED = frozenset(
    ["get_next_as_optional", "output_classes", "output_shapes", "output_types"]
)


def _missing(instance, name, namespace, not_implemented):
    if name in not_implemented:
        raise missing_attribute(namespace, name)
    raise AttributeError(f"'{type(instance).__name__}' object has no attribute '{name}'")


class Iterator:
    """tf.data.Iterator: the base of what iter(dataset) returns."""


# TF builds a new iterator's pipeline when iter() is called, so each shuffle (or random
# dataset) in it draws its seeds then, not at the first element: iter(ds); iter(ds) gives
# the second iterator the second seeds whichever is read first, and Keras's fit draws seeds
# for an iterator it never reads. The engine's generators start lazily, so iter() draws the
# seeds of the datasets along the input chain now and the pipeline takes them when it runs.
_creation_seeds: dict = {}


def _seeds_at_creation(dataset):
    global _creation_seeds
    seeds = {}
    outer, _creation_seeds = _creation_seeds, {}  # made inside another iterator's step
    try:
        while dataset is not None:
            generator = getattr(dataset, "_seed_generator", None)
            if generator is not None:
                seeds[generator] = generator.next_seeds()
            dataset = dataset._input
    finally:
        _creation_seeds = outer
    return seeds


def seeds_drawn_at_creation(generator):
    """The seeds the running iterator drew for `generator` when it was made (once), or None."""
    return _creation_seeds.pop(generator, None)


class OwnedIterator(Iterator):
    """What iter(dataset) returns: Python's iterator protocol plus TF's get_next."""

    def __init__(self, dataset):
        self._dataset = dataset
        self._seeds = _seeds_at_creation(dataset)
        self._elements = self._with_seeds(dataset._elements)

    def __iter__(self):
        return self

    def __next__(self):
        return self._with_seeds(next, self._elements)

    def _with_seeds(self, fn, *args):
        global _creation_seeds
        outer, _creation_seeds = _creation_seeds, self._seeds
        try:
            return fn(*args)
        finally:
            _creation_seeds = outer

    next = __next__

    def get_next(self):
        try:
            return self.__next__()
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNext]") from None

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __getattr__(self, name):
        return _missing(self, name, "tf.data.Iterator", _ITERATOR_METHODS_NOT_IMPLEMENTED)


class NumpyIterator:
    """as_numpy_iterator(): the elements with NumPy values in place of tensors."""

    def __init__(self, iterator):
        self._iterator = iterator

    def __iter__(self):
        return self

    def __next__(self):
        # The values, without Tensor.numpy's "escaped" event: these tensors were made for
        # this element and no tape ever saw them, so nothing is leaving a gradient's path.
        return structure.map_leaves(_numpy_value, next(self._iterator))

    next = __next__

    def __repr__(self):
        return f"NumpyIterator(iterator={self._iterator!r})"


def _numpy_value(tensor):
    value = tensor._value
    return value.copy() if isinstance(value, np.ndarray) else value


def cardinality(dataset):
    """tf.data.experimental.cardinality."""
    return dataset.cardinality()


def scalar_int64(value, name):
    """An int64 argument (batch_size, count, ...) as a Python int, converted as TF converts
    it (a float is a TypeError; a tensor of another dtype a ValueError naming the argument)."""
    try:
        tensor = convert_to_tensor(value, dtype=dtypes.int64)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    return int(tensor._value)
