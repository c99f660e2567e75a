"""Dataset.from_generator: elements from a Python generator, checked against a signature.

TF runs the generator through a py_function inside a flat_map, so the dataset prints as a
_FlatMapDataset, its cardinality is unknown, and a value that does not fit the signature
fails when that element is produced."""

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError
from ..shape import TensorShape
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec
from . import structure
from .dataset import UNKNOWN_CARDINALITY, DatasetV2, install


class _FlatMapDataset(DatasetV2):
    """Named as TF's (a flat_map over the generator); not windows.py's flat_map."""

    def __init__(self, generator, args, signature):
        super().__init__()
        self._generator = generator
        self._args = args
        self._spec = signature

    def _elements(self, probe=False):
        if probe:  # the user's generator may be single-use: stand-ins from the signature
            stand_ins = (structure.placeholder(self._spec, fill) for fill in (0, 1))
            return (element for element in stand_ins if element is not None)
        return self._generated()

    def _generated(self):
        specs = structure.flatten(self._spec)
        for value in self._generator(*self._args):
            leaves = _flatten_like(value, self._spec)
            yield structure.pack(
                self._spec, [_checked(leaf, spec) for leaf, spec in zip(leaves, specs)]
            )

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _flatten_like(value, spec):
    """The generator's value flattened as the signature is (a list may stand for a tuple)."""
    if isinstance(spec, dict):
        return [leaf for key in sorted(spec) for leaf in _flatten_like(value[key], spec[key])]
    if isinstance(spec, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(spec):
            raise InvalidArgumentError(
                None,
                "IteratorGetNext",
                "TypeError: `generator` yielded an element that did not match the expected "
                f"structure. The expected structure was {spec!r}, but the yielded element was "
                f"{value!r}.",
            )
        return [leaf for item, sub in zip(value, spec) for leaf in _flatten_like(item, sub)]
    return [value]


def _checked(value, spec):
    array = np.asarray(value)
    try:
        array = array.astype(spec.dtype.as_numpy_dtype)
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            None,
            "IteratorGetNext",
            f"TypeError: `generator` yielded an element that could not be converted to the "
            f"expected type. The expected type was {spec.dtype.name}, but the yielded element "
            f"was {value!r}.",
        ) from None
    if not TensorShape(array.shape).is_compatible_with(spec.shape):
        raise InvalidArgumentError(
            None,
            "IteratorGetNext",
            f"TypeError: `generator` yielded an element of shape {TensorShape(array.shape)} "
            f"where an element of shape {spec.shape} was expected.",
        )
    return Tensor(array if array.ndim else array[()])


def _signature(output_types, output_shapes):
    if output_shapes is None:
        return structure.map_leaves(lambda t: TensorSpec(None, t), _as_structure(output_types))
    types = _as_structure(output_types)
    shapes = iter(_shape_leaves(output_shapes, types))
    return structure.map_leaves(lambda t: TensorSpec(next(shapes), t), types)


def _as_structure(output_types):
    return structure.map_leaves(dtypes.as_dtype, output_types)


def _shape_leaves(shapes, types):
    """A shape is a list or a tuple of ints: tuples are structure only where types has one."""
    if isinstance(types, dict):
        return [leaf for key in sorted(types) for leaf in _shape_leaves(shapes[key], types[key])]
    if isinstance(types, tuple):
        return [leaf for s, t in zip(shapes, types) for leaf in _shape_leaves(s, t)]
    return [shapes]


@install("from_generator", static=True)
def from_generator(
    generator, output_types=None, output_shapes=None, args=None, output_signature=None, name=None
):
    """The values `generator(*args)` yields, converted to `output_signature`'s dtypes, for
    each iteration anew."""
    if output_signature is None:
        if output_types is None:
            raise TypeError(
                "To specify the output signature you need to provide either the "
                "`output_signature` argument or the `output_types` argument."
            )
        output_signature = _signature(output_types, output_shapes)
    if not callable(generator):
        raise TypeError("`generator` must be a Python callable.")
    values = tuple(convert_to_tensor(v)._value for v in args or ())  # NumPy, as TF passes
    return _FlatMapDataset(generator, values, output_signature)
