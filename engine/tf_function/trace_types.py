"""What TF's tracing sees of a call's arguments: tensors by shape and dtype (TensorSpec),
Python scalars by value, lists, tuples and dicts by structure, other objects by identity.
A call reuses a trace whose type is a supertype of its own; otherwise TF traces again, and
`experimental_get_tracing_count()` counts one more."""

import numpy as np

from .. import dtypes
from ..tensor import Tensor
from ..tensor_spec import TensorSpec


class _Variable:
    """A tf.Variable argument: traced by its shape and dtype, as a resource."""

    __slots__ = ("spec",)

    def __init__(self, spec):
        self.spec = spec

    def __eq__(self, other):
        return type(other) is _Variable and other.spec == self.spec

    def __hash__(self):
        return hash(self.spec)


class _Structure:
    """A list, tuple (by its class) or dict argument: traced item by item."""

    __slots__ = ("kind", "keys", "items")

    def __init__(self, kind, keys, items):
        self.kind, self.keys, self.items = kind, keys, items

    def __eq__(self, other):
        return type(other) is _Structure and (self.kind, self.keys, self.items) == (
            other.kind,
            other.keys,
            other.items,
        )

    def __hash__(self):
        return hash((self.kind, self.keys))


def trace_type(value):
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if hasattr(value, "assign") and hasattr(value, "_as_tensor"):
        return _Variable(TensorSpec(value.shape, value.dtype))
    if isinstance(value, TensorSpec):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, (np.ndarray, np.generic)):  # NumPy values are traced as tensors
        return TensorSpec(np.shape(value), dtypes.as_dtype(value.dtype))
    if isinstance(value, dict):
        keys = tuple(sorted(value, key=repr))
        return _Structure(dict, keys, tuple(trace_type(value[k]) for k in keys))
    if isinstance(value, (list, tuple)):
        return _Structure(type(value), (), tuple(trace_type(v) for v in value))
    try:
        hash(value)
    except TypeError:
        return ("object", id(value))
    return ("literal", value)  # equality as Python's: TF's trace for 1 serves 1.0 as well


def is_subtype(a, b):
    if isinstance(a, TensorSpec):
        return isinstance(b, TensorSpec) and a.is_subtype_of(b)
    if isinstance(a, _Structure):
        return (
            isinstance(b, _Structure)
            and (a.kind, a.keys) == (b.kind, b.keys)
            and len(a.items) == len(b.items)
            and all(is_subtype(x, y) for x, y in zip(a.items, b.items))
        )
    return type(a) is type(b) and a == b


def supertype(a, b):
    """The narrowest type both `a` and `b` are subtypes of, or None."""
    if isinstance(a, TensorSpec):
        return a.most_specific_common_supertype([b]) if isinstance(b, TensorSpec) else None
    if isinstance(a, _Structure):
        if (
            not isinstance(b, _Structure)
            or (a.kind, a.keys) != (b.kind, b.keys)
            or len(a.items) != len(b.items)
        ):
            return None
        items = tuple(supertype(x, y) for x, y in zip(a.items, b.items))
        return None if any(i is None for i in items) else _Structure(a.kind, a.keys, items)
    return a if type(a) is type(b) and a == b else None
