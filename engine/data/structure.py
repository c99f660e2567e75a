"""Elements and their specs: the nested structures a dataset yields, as tf.data reads them.

tf.data's nesting differs from tf.nest's in one way: tuples, namedtuples and dicts are
structure, while a Python list is a value (a tensor to convert), so `from_tensor_slices([1, 2])`
has one component and `from_tensor_slices(([1, 2], [3, 4]))` has two."""

import numpy as np

from ..shape import TensorShape
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec


def _is_structure(value):
    return isinstance(value, (tuple, dict))


def flatten(structure):
    """The leaves in TF's order (dicts by sorted key)."""
    if isinstance(structure, dict):
        return [leaf for key in sorted(structure) for leaf in flatten(structure[key])]
    if isinstance(structure, tuple):
        return [leaf for item in structure for leaf in flatten(item)]
    return [structure]


def pack(structure, leaves):
    """`structure` with its leaves replaced by `leaves`, in flatten's order."""
    return _pack(structure, iter(leaves))


def _pack(structure, leaves):
    if isinstance(structure, dict):
        packed = {key: _pack(structure[key], leaves) for key in sorted(structure)}
        return type(structure)((key, packed[key]) for key in structure)
    if isinstance(structure, tuple):
        items = [_pack(item, leaves) for item in structure]
        return type(structure)(*items) if hasattr(structure, "_fields") else tuple(items)
    return next(leaves)


def map_leaves(fn, structure):
    return pack(structure, [fn(leaf) for leaf in flatten(structure)])


def normalize(element):
    """Every leaf of a user's element as a tensor, with TF's conversion rules (Python floats
    float32, NumPy arrays keeping their dtype). Datasets stay datasets (window's elements)."""
    if element is None:
        raise TypeError("Failed to convert elements of None to Tensor.")
    return map_leaves(_as_tensor, element)


def _as_tensor(value):
    if type(value) is Tensor or hasattr(value, "_elements"):
        return value
    return convert_to_tensor(value)


class DatasetSpec:
    """The spec of an element that is itself a dataset (window's elements)."""

    def __init__(self, element_spec, dataset_shape=()):
        self.element_spec = element_spec
        self.shape = TensorShape(dataset_shape)

    def most_specific_common_supertype(self, others):
        return self

    def __eq__(self, other):
        return type(other) is DatasetSpec and (self.element_spec, self.shape) == (
            other.element_spec,
            other.shape,
        )

    def __repr__(self):
        return f"DatasetSpec({self.element_spec!r}, {self.shape!r})"


def spec_of(element):
    """The element's TensorSpecs (DatasetSpecs for datasets), in its structure."""
    return map_leaves(_leaf_spec, element)


def _leaf_spec(leaf):
    if hasattr(leaf, "_elements"):
        return DatasetSpec(leaf.element_spec)
    return TensorSpec(leaf.shape, leaf.dtype)


def placeholder(spec, fill=0):
    """`fill`s shaped as `spec` (unknown dimensions 1), or None when a rank is unknown."""
    leaves = flatten(spec)
    if any(not isinstance(leaf, TensorSpec) or leaf.shape.rank is None for leaf in leaves):
        return None
    return pack(spec, [_filled(leaf, fill) for leaf in leaves])


def _filled(spec, fill):
    shape = [1 if d is None else d for d in spec.shape]
    return Tensor(np.full(shape, fill, spec.dtype.as_numpy_dtype)[()])


def common_spec(specs):
    """The narrowest specs describing all of `specs` (same structure and dtypes): dimensions
    that differ become None."""
    first = specs[0]
    flat = [flatten(spec) for spec in specs[1:]]
    leaves = [
        leaf.most_specific_common_supertype([other[i] for other in flat])
        for i, leaf in enumerate(flatten(first))
    ]
    return pack(first, leaves)


def same_structure(a, b):
    """Same nesting (types and dict keys), whatever the leaves."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (
            isinstance(a, dict)
            and isinstance(b, dict)
            and sorted(a) == sorted(b)
            and all(same_structure(a[k], b[k]) for k in a)
        )
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (
            isinstance(a, tuple)
            and isinstance(b, tuple)
            and len(a) == len(b)
            and all(same_structure(x, y) for x, y in zip(a, b))
        )
    return True
