"""Facts Keras attaches to tensors, kept beside them because engine tensors have __slots__.

Keras's TensorFlow backend sets attributes on eager tensors:
- `_keras_logits`: a sigmoid or softmax activation's input. Crossentropies then compute from
  these logits, not from clipped probabilities: Dense(activation='sigmoid') followed by
  BinaryCrossentropy() is computed from logits;
- `_keras_mask`: which entries of a per-sample loss count (SparseCategoricalCrossentropy's
  `ignore_class`).
Tags are keyed by tensor id and dropped when the tensor is.
"""

import weakref
from typing import Any

LOGITS = "logits"
MASK = "mask"

_tags: dict[tuple[Any, str], tuple[weakref.ref, Any]] = {}


def tag(tensor, kind, value):
    key = (tensor._id, kind)
    _tags[key] = (weakref.ref(tensor, lambda _: _tags.pop(key, None)), value)
    return tensor


def tag_of(tensor, kind):
    """The value tagged on `tensor` under `kind`, or None."""
    entry = _tags.get((getattr(tensor, "_id", None), kind))
    if entry is None or entry[0]() is not tensor:
        return None
    return entry[1]


def get_keras_mask(x):
    """Keras's `_keras_mask` of a tensor (a tag) or of a KerasTensor (an attribute)."""
    if hasattr(x, "_keras_history"):
        return x._keras_mask
    return tag_of(x, MASK)


def set_keras_mask(x, mask):
    if hasattr(x, "_keras_history"):
        x._keras_mask = mask
    elif getattr(x, "_id", None) is not None:
        tag(x, MASK, mask)
