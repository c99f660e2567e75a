"""tf.data.experimental: the names TF 2 programs still use from it. Most are the Dataset
methods in their older form, a function to pass to `dataset.apply(...)`."""

from .. import dtypes
from ..errors import FailedPreconditionError
from ..missing import missing_attribute
from . import sampling, scanning, windows
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    DatasetV2,
    cardinality,
    scalar_int64,
)
from .options import (
    AutoShardPolicy,
    AutotuneAlgorithm,
    AutotuneOptions,
    DistributeOptions,
    ExternalStatePolicy,
    OptimizationOptions,
    ThreadingOptions,
)

__all__ = [
    "AUTOTUNE",
    "AutoShardPolicy",
    "AutotuneAlgorithm",
    "AutotuneOptions",
    "DistributeOptions",
    "ExternalStatePolicy",
    "OptimizationOptions",
    "ThreadingOptions",
    "Counter",
    "INFINITE_CARDINALITY",
    "UNKNOWN_CARDINALITY",
    "assert_cardinality",
    "bucket_by_sequence_length",
    "cardinality",
    "choose_from_datasets",
    "enumerate_dataset",
    "get_single_element",
    "group_by_window",
    "sample_from_datasets",
    "scan",
    "take_while",
    "unbatch",
]


def enumerate_dataset(start=0):
    return lambda dataset: dataset.enumerate(start)


def unbatch():
    return lambda dataset: dataset.unbatch()


def scan(initial_state, scan_func):
    return lambda dataset: dataset.scan(initial_state, scan_func)


def take_while(predicate):
    return lambda dataset: dataset.take_while(predicate)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    return lambda dataset: dataset.group_by_window(
        key_func, reduce_func, window_size, window_size_func
    )


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, **kw):
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, **kw
    )


def get_single_element(dataset):
    return dataset.get_single_element()


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    return sampling.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    return windows.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def Counter(start=0, step=1, dtype=dtypes.int64):  # TF's capitalised name
    return scanning.counter(start, step, dtype)


class _AssertCardinalityDataset(DatasetV2):
    def __init__(self, input_dataset, expected):
        super().__init__(input_dataset)
        self._expected = expected

    def _elements(self, probe=False):
        count = 0
        for element in self._input._elements(probe):
            count += 1
            if count > self._expected >= 0:
                raise self._error(f"at least {count}")
            yield element
        if count < self._expected or self._expected == INFINITE_CARDINALITY:
            raise self._error(f"only {count}")

    def _error(self, found):
        expected = "infinite" if self._expected == INFINITE_CARDINALITY else self._expected
        return FailedPreconditionError(
            None,
            "IteratorGetNext",
            f"Input dataset was expected to contain {expected} elements but contained "
            f"{found} elements. [Op:IteratorGetNext]",
        )

    def _cardinality(self):
        return self._expected


def assert_cardinality(expected_cardinality):
    """A transformation that declares the dataset's cardinality, checked as it runs."""
    expected = scalar_int64(expected_cardinality, "expected_cardinality")
    return lambda dataset: _AssertCardinalityDataset(dataset, expected)


def __getattr__(name):
    raise missing_attribute("tf.data.experimental", name)
