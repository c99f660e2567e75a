"""batch, padded_batch and unbatch: elements stacked along a new first dimension, and back."""

import itertools

import numpy as np

from ..errors import DataLossError, InvalidArgumentError, invalid_argument
from ..shape import TensorShape
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec
from . import structure
from .dataset import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, DatasetV2, install, scalar_int64


def _batches(elements, size, drop_remainder):
    batch = []
    for element in elements:
        batch.append(element)
        if len(batch) == size:
            yield batch
            batch = []
    if batch and not drop_remainder:
        yield batch


def _batch_cardinality(n, size, drop_remainder):
    if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
        return n
    return n // size if drop_remainder else -(-n // size)


def _batch_spec(spec, size, drop_remainder, shape_of=lambda leaf: leaf.shape):
    first = size if drop_remainder else None
    return structure.map_leaves(
        lambda leaf: TensorSpec(TensorShape([first]).concatenate(shape_of(leaf)), leaf.dtype),
        spec,
    )


class _BatchDataset(DatasetV2):
    def __init__(self, input_dataset, size, drop_remainder):
        super().__init__(input_dataset)
        self._size = size
        self._drop_remainder = drop_remainder

    def _elements(self, probe=False):
        # TF fuses a map followed by a batch (map_and_batch_fusion), whose kernel words a
        # shape mismatch its own way.
        stack = _stacked_map_outputs if self._input._fused_into_batch else _stacked
        for batch in _batches(self._input._elements(probe), self._size, self._drop_remainder):
            columns = zip(*(structure.flatten(element) for element in batch))
            yield structure.pack(batch[0], [stack(i, c) for i, c in enumerate(columns)])

    def _cardinality(self):
        return _batch_cardinality(self._input._cardinality(), self._size, self._drop_remainder)

    def _compute_spec(self):
        return _batch_spec(self._input.element_spec, self._size, self._drop_remainder)


def _stacked(component, tensors):
    first = tensors[0].shape
    for index, tensor in enumerate(tensors[1:], 1):
        if tensor.shape != first:
            raise invalid_argument(
                "IteratorGetNext",
                f"Cannot batch tensors with different shapes in component {component}. First "
                f"element had shape {_debug_string(first)} and element {index} had shape "
                f"{_debug_string(tensor.shape)}.",
            )
    return Tensor(np.stack([t._value for t in tensors]))


def _stacked_map_outputs(component, tensors):
    first = tensors[0].shape
    for tensor in tensors[1:]:
        if tensor.shape != first:
            raise invalid_argument(
                "IteratorGetNext",
                "Cannot add tensor to the batch: number of elements does not match. Shapes "
                f"are: [tensor]: {_debug_string(tensor.shape)}, [batch]: {_debug_string(first)}",
            )
    return Tensor(np.stack([t._value for t in tensors]))


def _debug_string(shape):
    """A shape as TF's TensorShape::DebugString writes it: [2,3]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def _batch_size(batch_size, op_type):
    size = scalar_int64(batch_size, "batch_size")
    if size <= 0:
        raise invalid_argument(op_type, "Batch size must be greater than zero.")
    return size


@install("batch")
def batch(
    self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None
):
    """Consecutive elements stacked `batch_size` at a time (the last batch may be smaller
    unless `drop_remainder`)."""
    return _BatchDataset(self, _batch_size(batch_size, "BatchDatasetV2"), bool(drop_remainder))


class _PaddedBatchDataset(DatasetV2):
    def __init__(self, input_dataset, size, padded_shapes, padding_values, drop_remainder):
        super().__init__(input_dataset)
        self._size = size
        self._shapes = padded_shapes  # flat, in the element's leaf order
        self._values = padding_values
        self._drop_remainder = drop_remainder

    def _elements(self, probe=False):
        shapes, values = self._shapes, self._values
        for batch in _batches(self._input._elements(probe), self._size, self._drop_remainder):
            columns = zip(*(structure.flatten(element) for element in batch))
            padded = [
                _padded(column, shape, value)
                for column, shape, value in zip(columns, shapes, values)
            ]
            yield structure.pack(batch[0], padded)

    def _cardinality(self):
        return _batch_cardinality(self._input._cardinality(), self._size, self._drop_remainder)

    def _compute_spec(self):
        shapes = iter(self._shapes)
        return _batch_spec(
            self._input.element_spec, self._size, self._drop_remainder, lambda _: next(shapes)
        )


def _padded(tensors, shape, padding_value):
    """The tensors padded with `padding_value` to `shape` (None: the batch's largest), then
    stacked."""
    target = [
        d if d is not None else max(t.shape[axis] for t in tensors) for axis, d in enumerate(shape)
    ]
    result = np.full(
        [len(tensors)] + target, padding_value._value, dtype=padding_value._value.dtype
    )
    for row, tensor in enumerate(tensors):
        value = tensor._value
        if value.ndim != len(target) or any(n > m for n, m in zip(value.shape, target)):
            raise DataLossError(
                None,
                "IteratorGetNext",
                "Attempted to pad to a smaller size than the input element. [Op:IteratorGetNext]",
            )
        result[(row,) + tuple(slice(0, n) for n in value.shape)] = value
    return Tensor(result)


def _padded_shape(shape, spec):
    shape = TensorShape(None if shape is None else [None if d == -1 else d for d in shape])
    if shape.rank is None or (spec.shape.rank is not None and shape.rank != spec.shape.rank):
        raise ValueError(
            f"The padded shape {shape} is not compatible with the shape {spec.shape} of the "
            "corresponding input component."
        )
    return shape


def _padding_value(value, spec):
    if value is None:
        return Tensor(np.zeros((), spec.dtype.as_numpy_dtype)[()])
    tensor = convert_to_tensor(value)
    if tensor.dtype != spec.dtype:
        raise TypeError(
            "Invalid `padding_values`. `padding_values` values type "
            f"<dtype: '{tensor.dtype.name}'> does not match type <dtype: '{spec.dtype.name}'> "
            "of the corresponding input "
            "component."
        )
    if tensor.shape.rank != 0:
        raise ValueError("Invalid `padding_values`. `padding_values` values should be scalars.")
    return tensor


@install("padded_batch")
def padded_batch(
    self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None
):
    """Like batch, for elements of different shapes: each component padded to
    `padded_shapes` (by default the largest in the batch) with `padding_values` (0)."""
    size = _batch_size(batch_size, "PaddedBatchDatasetV2")
    spec = self.element_spec
    leaves = structure.flatten(spec)
    if padded_shapes is None:
        shapes = [leaf.shape for leaf in leaves]
    else:
        shapes = [
            _padded_shape(shape, leaf)
            for shape, leaf in zip(_flat_like(padded_shapes, spec), leaves)
        ]
    if padding_values is None or not isinstance(padding_values, (tuple, dict)):
        values = [_padding_value(padding_values, leaf) for leaf in leaves]
    else:
        values = [
            _padding_value(value, leaf)
            for value, leaf in zip(structure.flatten(padding_values), leaves)
        ]
    return _PaddedBatchDataset(self, size, shapes, values, bool(drop_remainder))


def _flat_like(padded_shapes, spec):
    """padded_shapes' leaves in the element's structure: a shape is a list, a TensorShape or
    a tuple of ints, so tuples holding lists are the structure."""
    if not isinstance(spec, (tuple, dict)):
        return [padded_shapes]
    if isinstance(spec, dict):
        return [leaf for key in sorted(spec) for leaf in _flat_like(padded_shapes[key], spec[key])]
    return [leaf for shape, sub in zip(padded_shapes, spec) for leaf in _flat_like(shape, sub)]


class _UnbatchDataset(DatasetV2):
    def _elements(self, probe=False):
        for element in self._input._elements(probe):
            leaves = structure.flatten(element)
            count = leaves[0].shape[0]
            for leaf in leaves[1:]:
                if leaf.shape[0] != count:
                    raise InvalidArgumentError(
                        None,
                        "IteratorGetNext",
                        "Input element must have the same batch size in each component. "
                        f"Component 0 had size {count} but component has size {leaf.shape[0]}.",
                    )
            for i in range(count):
                yield structure.pack(element, [Tensor(leaf._value[i]) for leaf in leaves])

    def _cardinality(self):
        n = self._input._cardinality()
        return INFINITE_CARDINALITY if n == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _compute_spec(self):
        return structure.map_leaves(
            lambda leaf: TensorSpec(leaf.shape[1:], leaf.dtype), self._input.element_spec
        )


@install("unbatch")
def unbatch(self, name=None):
    """Each element split along its first dimension into that many elements."""
    for leaf in structure.flatten(self.element_spec):
        if leaf.shape.rank == 0:
            raise ValueError("Cannot unbatch an input with scalar components.")
    return _UnbatchDataset(self)


class _RebatchDataset(DatasetV2):
    """The batches cut again to `sizes` (cycling through them), as unbatch then batch."""

    def __init__(self, input_dataset, sizes, drop_remainder):
        super().__init__(input_dataset)
        self._sizes = sizes
        self._drop_remainder = drop_remainder

    def _elements(self, probe=False):
        rows = _UnbatchDataset(self._input)._elements(probe)
        for size in itertools.cycle(self._sizes):
            batch = list(itertools.islice(rows, size))
            if not batch or (self._drop_remainder and len(batch) < size):
                return
            columns = zip(*(structure.flatten(element) for element in batch))
            yield structure.pack(batch[0], [_stacked(i, c) for i, c in enumerate(columns)])

    def _cardinality(self):
        return UNKNOWN_CARDINALITY

    def _compute_spec(self):
        fixed = self._drop_remainder and len(set(self._sizes)) == 1
        return structure.map_leaves(
            lambda leaf: TensorSpec(
                TensorShape([self._sizes[0] if fixed else None]).concatenate(leaf.shape[1:]),
                leaf.dtype,
            ),
            self._input.element_spec,
        )


@install("rebatch")
def rebatch(self, batch_size, drop_remainder=False, name=None):
    """The batches' rows regrouped into batches of `batch_size` (a list: in turn)."""
    for leaf in structure.flatten(self.element_spec):
        if leaf.shape.rank == 0:
            raise ValueError(
                "Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset "
                "with scalar elements. Fix the issue by adding the `batch` transformation to "
                "the dataset."
            )
    sizes = batch_size if isinstance(batch_size, (list, tuple)) else [batch_size]
    return _RebatchDataset(
        self, [scalar_int64(s, "batch_size") for s in sizes], bool(drop_remainder)
    )
