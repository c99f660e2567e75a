"""tf.data: in-memory input pipelines (tf.data.Dataset and its transformations).

- dataset.py          the Dataset base, iteration, cardinality, AUTOTUNE
- structure.py        elements (nested tuples/dicts of tensors) and their specs
- sources.py          from_tensor_slices, from_tensors, range, zip
- transformations.py  map, filter, repeat, take, skip, enumerate, concatenate, cache, ...
- batching.py         batch, padded_batch, unbatch
- shuffling.py        shuffle (TF's buffer algorithm), with random_stream.py's Philox numbers
- windows.py          window, flat_map, interleave (datasets of datasets)
- generators.py       from_generator
- selection.py        shard, unique, get_single_element
- scanning.py         scan, counter
- grouping.py         group_by_window, bucket_by_sequence_length
- sampling.py         sample_from_datasets (TF's stateless categorical draws)
- options.py          tf.data.Options (accepted, no effect in memory)
"""

from ..missing import missing_attribute
from . import (  # (each installs its Dataset methods)
    batching,
    experimental,
    generators,
    grouping,
    sampling,
    scanning,
    selection,
    shuffling,
    sources,
    transformations,
    windows,
)
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    DatasetV2,
    Iterator,
    NumpyIterator,
)
from .options import Options, ThreadingOptions
from .structure import DatasetSpec

Dataset = DatasetV2

__all__ = [
    "AUTOTUNE",
    "Dataset",
    "DatasetSpec",
    "INFINITE_CARDINALITY",
    "Iterator",
    "NumpyIterator",
    "Options",
    "ThreadingOptions",
    "UNKNOWN_CARDINALITY",
    "experimental",
]

del (
    batching,
    generators,
    grouping,
    sampling,
    scanning,
    selection,
    shuffling,
    sources,
    transformations,
    windows,
)


def __getattr__(name):
    raise missing_attribute("tf.data", name)
