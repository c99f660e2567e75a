"""group_by_window and bucket_by_sequence_length: elements gathered by key into windows, each
window turned into a dataset by the user's function (TF's GroupByWindowDataset)."""

import bisect
import itertools

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import Tensor, convert_to_tensor
from . import functions
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install
from .windows import _as_dataset, _VariantDataset


class _GroupByWindowDataset(DatasetV2):
    """A group is flushed as soon as it holds its window size of elements; when the input
    ends, what is left is flushed in increasing key order (TF keeps the groups in a
    std::map)."""

    def __init__(self, input_dataset, key_func, reduce_func, window_size_func):
        super().__init__(input_dataset)
        self._key_func = key_func
        self._reduce_func = reduce_func
        self._window_size_func = window_size_func
        self._spec = self._compute_spec()  # TF traces the functions here

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        groups: dict = {}
        sizes: dict = {}
        input_spec = self._input.element_spec
        for element in self._input._elements(probe):
            key = _scalar_int64(call(self._key_func, element), "`key_func`")
            if key not in sizes:
                sizes[key] = _window_size(call(self._window_size_func, Tensor(np.int64(key))))
            group = groups.setdefault(key, [])
            group.append(element)
            if len(group) == sizes[key]:
                del groups[key]
                yield from self._flushed(key, group, input_spec, call, probe)
        for key in sorted(groups):
            yield from self._flushed(key, groups[key], input_spec, call, probe)

    def _flushed(self, key, group, input_spec, call, probe):
        window = _VariantDataset(group, input_spec)
        return _as_dataset(call(self._reduce_func, (Tensor(np.int64(key)), window)))._elements(
            probe
        )

    def _cardinality(self):
        n = self._input._cardinality()
        return INFINITE_CARDINALITY if n == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _compute_spec(self):
        for element in itertools.islice(self._input._elements(probe=True), 1):
            key = _scalar_int64(functions.call_unobserved(self._key_func, element), "`key_func`")
            window = _VariantDataset([element], self._input.element_spec)
            reduced = functions.call_unobserved(self._reduce_func, (Tensor(np.int64(key)), window))
            return _as_dataset(reduced).element_spec
        return None


def _scalar_int64(value, what):
    tensor = convert_to_tensor(value, dtype=dtypes.int64)  # another dtype: TF's ValueError
    if tensor._value.size != 1:
        raise invalid_argument("IteratorGetNext", f"{what} must return a scalar int64.")
    return int(tensor._value.reshape(-1)[0])


def _window_size(value):
    size = _scalar_int64(value, "`window_size_func`")
    if size <= 0:
        raise invalid_argument(
            "IteratorGetNext", f"Window size must be greater than zero, but got {size}."
        )
    return size


@install("group_by_window")
def group_by_window(
    self, key_func, reduce_func, window_size=None, window_size_func=None, name=None
):
    """Elements grouped by `key_func` into windows of `window_size`; each window becomes the
    dataset `reduce_func(key, window)`, whose elements come out in turn."""
    if (window_size is not None) == (window_size_func is not None):
        raise ValueError(
            "Either the `window_size` argument or the `window_size_func` argument must be "
            "specified."
        )
    if window_size is not None:
        size = Tensor(np.int64(int(window_size)))
        window_size_func = lambda key: size  # noqa: E731 - TF's own constant function
    return _GroupByWindowDataset(self, key_func, reduce_func, window_size_func)


@install("bucket_by_sequence_length")
def bucket_by_sequence_length(
    self,
    element_length_func,
    bucket_boundaries,
    bucket_batch_sizes,
    padded_shapes=None,
    padding_values=None,
    pad_to_bucket_boundary=False,
    no_padding=False,
    drop_remainder=False,
    name=None,
):
    """Elements batched with others of similar length: bucket i holds the lengths in
    [boundaries[i-1], boundaries[i]) and batches bucket_batch_sizes[i] of them, padded."""
    boundaries = list(bucket_boundaries)
    batch_sizes = [int(b) for b in bucket_batch_sizes]
    if len(batch_sizes) != len(boundaries) + 1:
        raise ValueError(
            "`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
            f"`len(bucket_batch_sizes)={len(batch_sizes)}` and "
            f"`len(bucket_boundaries)={len(boundaries)}`."
        )

    def bucket_id(*element):
        length = int(np.asarray(convert_to_tensor(element_length_func(*element))._value))
        return Tensor(np.int64(bisect.bisect_right(boundaries, length)))

    def window_size(bucket):
        return Tensor(np.int64(batch_sizes[int(bucket._value)]))

    def batching(bucket, window):
        size = batch_sizes[int(bucket._value)]
        if no_padding:
            return window.batch(size, drop_remainder=drop_remainder)
        filler = None
        if pad_to_bucket_boundary:
            if int(bucket._value) >= len(boundaries):
                raise invalid_argument(
                    "IteratorGetNext",
                    "When pad_to_bucket_boundary=True, elements must have length < "
                    "max(bucket_boundaries).",
                )
            filler = boundaries[int(bucket._value)] - 1
        shapes = padded_shapes or _shapes_of(window.element_spec)
        return window.padded_batch(
            size, _filled_shapes(shapes, filler), padding_values, drop_remainder=drop_remainder
        )

    return _GroupByWindowDataset(self, bucket_id, batching, window_size)


def _shapes_of(spec):
    if isinstance(spec, dict):
        return {key: _shapes_of(value) for key, value in spec.items()}
    if isinstance(spec, tuple):
        return tuple(_shapes_of(value) for value in spec)
    return spec.shape.as_list()


def _filled_shapes(shapes, filler):
    """Unknown dimensions as `filler` (pad_to_bucket_boundary), else left unknown."""
    if isinstance(shapes, dict):
        return {key: _filled_shapes(value, filler) for key, value in shapes.items()}
    if isinstance(shapes, tuple) and not all(isinstance(d, (int, type(None))) for d in shapes):
        return tuple(_filled_shapes(value, filler) for value in shapes)
    return [filler if d is None else d for d in shapes]
