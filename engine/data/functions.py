"""User functions as tf.data calls them (map, filter, take_while, reduce).

TF traces a dataset's function into a graph that runs inside the iterator: the function gets
an element unpacked (a tuple's items as positional arguments, anything else as one argument),
and no GradientTape records its ops (a gradient from a mapped element back to a tensor or
variable the function captured is None, as in TF). The engine runs the function eagerly with
every tape paused; engine.debug's observers still see each op it runs.
"""

import contextlib
import io
import itertools
import re

import numpy as np

from .. import dtypes, hooks, tensor as tensor_module
from ..errors import InvalidArgumentError
from ..recording import stop_all_recording
from ..tensor import Tensor
from ..tensor_spec import TensorSpec
from . import structure


def call(fn, element):
    outer = tensor_module.symbolic_from
    ids = [leaf._id for leaf in structure.flatten(element) if isinstance(leaf, Tensor)]
    tensor_module.symbolic_from = min(ids, default=tensor_module.next_tensor_id())
    try:
        with stop_all_recording():
            return fn(*element) if type(element) is tuple else fn(element)
    except InvalidArgumentError as error:
        mismatch = _graph_dtype_error(error)
        if mismatch is None:
            raise
        raise mismatch from None
    finally:
        tensor_module.symbolic_from = outer


# An eager op's dtype mismatch, as the engine words it (TF's eager wording).
_EAGER_MISMATCH = re.compile(
    r"cannot compute (\w+) as input #(\d+)\(zero-based\) was expected to be a (\w+) tensor "
    r"but is a (\w+) tensor"
)
# The argument names TF's graph builder uses in its message, where they are not (x, y).
_ARGUMENT_NAMES = {"MatMul": ("a", "b")}
_KERNEL_NAMES = {
    dtypes.kernel_name(d): d.name
    for d in map(dtypes.as_dtype, ("float16", "float32", "float64", "int32", "int64", "bool"))
}


def _graph_dtype_error(error):
    """TF traces a dataset's function into a graph, where mixing dtypes in an op is a
    TypeError when the op is built (worded by the graph builder), not the eager
    InvalidArgumentError: the TypeError TF raises, or None for other errors."""
    found = _EAGER_MISMATCH.search(str(error))
    if found is None:
        return None
    op, index, expected, got = found.groups()
    names = _ARGUMENT_NAMES.get(op, ("x", "y"))
    if int(index) >= len(names):
        return None
    return TypeError(
        f"Input '{names[int(index)]}' of '{op}' Op has type {_KERNEL_NAMES.get(got, got)} "
        f"that does not match type {_KERNEL_NAMES.get(expected, expected)} of argument "
        f"'{names[0]}'."
    )


class unobserved:
    """Context in which neither tapes nor observers see the ops, and what the function prints
    is dropped: a dataset running its functions only to learn the shapes of their results
    (TF traces them once instead; a tf.print inside prints only as elements are produced)."""

    def __enter__(self):
        self._observers = hooks.observers[:]
        hooks.observers.clear()
        self._quiet = contextlib.ExitStack()
        self._quiet.enter_context(contextlib.redirect_stdout(io.StringIO()))
        self._quiet.enter_context(contextlib.redirect_stderr(io.StringIO()))

    def __exit__(self, *exc):
        self._quiet.close()
        hooks.observers[:] = self._observers


def call_unobserved(fn, element):
    with unobserved():
        return call(fn, element)


def as_element(value):
    """A function's result as an element: a list at the top becomes a tuple (TF's map does
    so), every leaf a tensor."""
    if value is None:
        # TF fails building the op for a function without outputs (a missing `return`).
        raise InvalidArgumentError(
            None,
            "MapDataset",
            "Length for attr 'output_shapes' of 0 must be at least minimum 1",
        )
    if isinstance(value, list):
        value = tuple(value)
    return structure.normalize(value)


def result_spec(input_dataset, fn):
    """The specs of `fn`'s results over `input_dataset`, from running it unobserved on the
    first elements (TF traces it instead): a dimension is None when it differs between two
    elements, or follows an input dimension the input's spec leaves unknown (a batch's)."""
    probes = list(itertools.islice(input_dataset._elements(probe=True), 2))
    if not probes:  # an empty input: zeros shaped as its spec stand in for an element
        placeholder = structure.placeholder(input_dataset.element_spec)
        if placeholder is None:
            return TensorSpec(None)
        probes = [placeholder]
    results = [as_element(call_unobserved(fn, element)) for element in probes]
    shrunk = _shrunk(probes[0], input_dataset.element_spec)
    if shrunk is not None:
        try:
            results.append(as_element(call_unobserved(fn, shrunk)))
        except Exception:  # noqa: BLE001 - the function may need the full size
            pass
    specs = [structure.spec_of(result) for result in results]
    return structure.common_spec([s for s in specs if structure.same_structure(s, specs[0])])


def _shrunk(element, spec):
    """`element` with each dimension its spec leaves unknown resized (to 1, or 2 from 1), or
    None when the spec knows every dimension."""
    changed = False
    leaves = []
    for tensor, leaf_spec in zip(structure.flatten(element), structure.flatten(spec)):
        if type(tensor) is not Tensor:  # a dataset (window's elements)
            leaves.append(tensor)
            continue
        value = tensor._value
        if leaf_spec.shape.rank is not None:
            for axis, dim in enumerate(leaf_spec.shape):
                if dim is None and value.shape[axis]:
                    taken = [0] if value.shape[axis] > 1 else [0, 0]
                    value = np.take(value, taken, axis=axis)
                    changed = True
        leaves.append(Tensor(value))
    return structure.pack(element, leaves) if changed else None
