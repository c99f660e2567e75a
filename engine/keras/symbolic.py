"""The functional API's symbolic graph: KerasTensor (what keras.Input returns and layers return
when called on one), Node (one call of a layer on KerasTensors) and KerasHistory (which node
made a tensor), as in Keras 3.

A layer called on KerasTensors runs no recorded op: its output shapes come from its
`compute_output_shape` when it has one, else from running it once (twice when a size is
unknown, to see which output sizes follow it) on zeros with every observer and tape set aside,
as Keras's TF backend traces `call` on placeholders.
"""

import collections
import contextlib
import io
from typing import Any

import numpy as np

from .. import hooks, recording
from . import _tf as tf, naming
from .tensor_tags import get_keras_mask, set_keras_mask

KerasHistory = collections.namedtuple("KerasHistory", ["operation", "node_index", "tensor_index"])


_NOT_A_TF_INPUT = (
    "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a "
    "symbolic placeholder for a shape and dtype, used when constructing Keras Functional "
    "models or Keras Functions. You can only use it as input to a Keras layer or a Keras "
    "operation (from the namespaces `keras.layers` and `keras.ops`). You are likely doing "
    "something like:\n\n```\nx = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you "
    "should do instead is wrap `tf_fn` in a layer:\n\n```\nclass MyLayer(Layer):\n"
    "    def call(self, x):\n        return tf_fn(x)\n\nx = MyLayer()(x)\n```\n"
)


class KerasTensor:
    """A symbolic tensor: (batch,) + shape, a dtype name, and the node that made it."""

    def __init__(self, shape, dtype="float32", sparse=False, ragged=False, name=None):
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = dtype if isinstance(dtype, str) else getattr(dtype, "name", str(dtype))
        self.sparse = sparse
        self.ragged = ragged
        self.name = name or naming.auto_name("KerasTensor")
        self._keras_history: Any = None  # a KerasHistory once a node made it
        self._keras_mask: Any = None

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def _value(self):
        """What layer code reads off an eager tensor's NumPy value: shape, ndim, dtype (sizes
        unknown here are None)."""
        return _SymbolicValue(self.shape, np.dtype(tf.as_dtype(self.dtype).as_numpy_dtype))

    def __repr__(self):
        return (
            f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse={self.sparse}, "
            f"ragged={self.ragged}, name={self.name}>"
        )

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    def __array__(self, dtype=None, copy=None):
        raise ValueError(_NOT_A_TF_INPUT)

    _conversion_refusal = _NOT_A_TF_INPUT  # what converting one raises (conversion.py)


class _SymbolicValue:
    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype

    @property
    def ndim(self):
        return len(self.shape)


class Node:
    """One call of `operation` (a layer) on KerasTensors, producing `outputs`."""

    def __init__(self, operation, call_args=(), call_kwargs=None, outputs=None):
        self.operation = operation
        self.arguments = (tuple(call_args), dict(call_kwargs or {}))
        self.input_tensors = [x for x in flatten(self.arguments) if isinstance(x, KerasTensor)]
        self.outputs = outputs
        self.output_tensors = [x for x in flatten(outputs) if isinstance(x, KerasTensor)]
        self.is_input = not self.input_tensors
        node_index = len(operation._inbound_nodes)
        operation._inbound_nodes.append(self)
        for index, tensor in enumerate(self.output_tensors):
            tensor._keras_history = KerasHistory(operation, node_index, index)

    @property
    def parent_nodes(self):
        parents = []
        for tensor in self.input_tensors:
            operation, node_index, _ = tensor._keras_history
            node = operation._inbound_nodes[node_index]
            if node not in parents:
                parents.append(node)
        return parents


def flatten(value):
    """The leaves of nested lists, tuples and dicts (dicts in sorted key order, as Keras)."""
    if isinstance(value, dict):
        return [leaf for key in sorted(value, key=str) for leaf in flatten(value[key])]
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in flatten(item)]
    return [value]


def map_structure(fn, value):
    if isinstance(value, dict):
        return {key: map_structure(fn, item) for key, item in value.items()}
    if isinstance(value, list):
        return [map_structure(fn, item) for item in value]
    if isinstance(value, tuple):
        return tuple(map_structure(fn, item) for item in value)
    return fn(value)


def pack_like(structure, flat):
    """`flat` leaves put back in the nesting of `structure`."""
    leaves = iter(flat)
    return map_structure(lambda _: next(leaves), structure)


def any_symbolic(*values):
    return any(isinstance(leaf, KerasTensor) for value in values for leaf in flatten(value))


class _CreationsOnly(hooks.Observer):
    """Passes on only the variables made (a layer built by a shape run keeps its weights)."""

    def __init__(self, observer):
        self.observer = observer

    def variable_event(self, variable, kind, snapshot=None):
        if kind == "created":
            self.observer.variable_event(variable, kind, snapshot)


@contextlib.contextmanager
def silenced(quiet=False):
    """Runs ops no tape or accumulator records and observers see only as variables made
    (the shape runs); `quiet` also swallows what they print (a second run, which TF's single
    trace does not make)."""
    saved = (hooks.observers[:], recording.recording_tapes[:], recording.forward_pending[:])
    hooks.observers[:] = [_CreationsOnly(o) for o in saved[0]]
    recording.recording_tapes.clear()
    recording.forward_pending.clear()
    try:
        with np.errstate(all="ignore"):
            if quiet:
                with contextlib.redirect_stdout(io.StringIO()):
                    yield
            else:
                yield
    finally:
        hooks.observers[:] = saved[0]
        recording.recording_tapes[:] = saved[1]
        recording.forward_pending[:] = saved[2]


def concrete_stand_ins(value, unknown_size):
    """Zeros in place of each KerasTensor (unknown sizes set to `unknown_size`), masks too."""

    def stand_in(x):
        if not isinstance(x, KerasTensor):
            return x
        shape = tuple(unknown_size if d is None else d for d in x.shape)
        tensor = tf.zeros(shape, dtype=x.dtype)
        if x._keras_mask is not None:
            set_keras_mask(tensor, concrete_stand_ins(x._keras_mask, unknown_size))
        return tensor

    return map_structure(stand_in, value)


def symbolic_like(first, second):
    """KerasTensors for outputs computed twice with different unknown sizes: sizes that
    changed between the runs are unknown (None)."""

    def spec(a, b):
        if not hasattr(a, "shape") or not hasattr(a, "dtype"):
            return a
        shape_a, shape_b = tuple(a.shape.as_list()), tuple(b.shape.as_list())
        shape = tuple(d if d == e else None for d, e in zip(shape_a, shape_b))
        result = KerasTensor(shape, a.dtype.name)
        mask_a, mask_b = get_keras_mask(a), get_keras_mask(b)
        if mask_a is not None and mask_b is not None:
            result._keras_mask = spec(mask_a, mask_b)
        return result

    return pack_like(first, [spec(a, b) for a, b in zip(flatten(first), flatten(second))])
