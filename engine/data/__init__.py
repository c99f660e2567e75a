"""tf.data: in-memory input pipelines (tf.data.Dataset and its transformations).

- dataset.py          the Dataset base, iteration, cardinality, AUTOTUNE
- structure.py        elements (nested tuples/dicts of tensors) and their specs
- sources.py          from_tensor_slices, from_tensors, range, zip
- transformations.py  map, filter, repeat, take, skip, enumerate, concatenate, cache, ...
- batching.py         batch, padded_batch, unbatch
- shuffling.py        shuffle (TF's buffer algorithm), with random_stream.py's Philox numbers
- options.py          tf.data.Options (accepted, no effect in memory)
"""

from ..missing import missing_attribute
from . import batching, experimental, shuffling, sources, transformations  # install methods
from .dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2
from .options import Options

Dataset = DatasetV2

__all__ = [
    "AUTOTUNE",
    "Dataset",
    "INFINITE_CARDINALITY",
    "Options",
    "UNKNOWN_CARDINALITY",
    "experimental",
]

del batching, shuffling, sources, transformations


def __getattr__(name):
    raise missing_attribute("tf.data", name)
