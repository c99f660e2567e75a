"""tf.custom_gradient: a function whose gradient is given by the user, as TF's eager decorator.

As in TF, the function's own ops are recorded (they are simply dead ends for backward), its
results are copied into new tensors, and those are recorded as one op (typed by the
function's name) whose inputs are the arguments plus the trainable variables the function
read that are not arguments. That op's gradient calls the user's `grad_fn`, with
`variables=` when there are such variables.
"""

import functools
import inspect

import numpy as np

from . import nest, recording
from .ops.registry import OpDef, execute_many
from .tensor import Tensor, convert_to_tensor


def custom_gradient(f=None):
    """Decorator: `f(*args)` returns `(result, grad_fn)`; `grad_fn(*upstream)` the input grads."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return _call_with_custom_gradient(f, args, kwargs)

    return decorated


class _VariableWatcher:
    """Collects the trainable variables read while it records (engine/recording.py's protocol)."""

    _tracked: frozenset[int] = frozenset()  # records nothing
    _watch_accessed_variables = True

    def __init__(self):
        self.variables = {}  # id -> Variable

    def _watch_variable(self, variable):
        self.variables.setdefault(variable._id, variable)

    def __enter__(self):
        recording.push(self)
        return self

    def __exit__(self, *exc_info):
        recording.pop(self)


def _call_with_custom_gradient(f, args, kwargs):
    with _VariableWatcher() as watcher:
        result, grad_fn = f(*args, **kwargs)
    flat_args = nest.flatten(args)
    all_inputs = flat_args + nest.flatten(kwargs)
    # In creation order (TF iterates a set here, whose order is arbitrary).
    variables = [
        v for _, v in sorted(watcher.variables.items()) if all(v is not i for i in all_inputs)
    ]
    if variables and not _accepts_variables(grad_fn):
        raise TypeError(
            "@tf.custom_gradient grad_fn must accept keyword argument 'variables', "
            f"since function uses variables: {variables}"
        )
    flat_result = [convert_to_tensor(r) for r in nest.flatten(result)]
    inputs = tuple(convert_to_tensor(x) for x in flat_args + variables)
    opdef = OpDef(f.__name__, _gradient(grad_fn, variables, len(flat_args)), (), ())
    attrs = tuple((r._value.shape, r._value.dtype) for r in flat_result)
    outputs = execute_many(opdef, inputs, [r._value for r in flat_result], attrs)
    return nest.pack_sequence_as(result, list(outputs))


def _accepts_variables(grad_fn):
    spec = inspect.getfullargspec(grad_fn)
    return "variables" in spec.args or "variables" in spec.kwonlyargs or bool(spec.varkw)


def _gradient(grad_fn, variables, arg_count):
    """The recorded op's gradient: calls grad_fn and checks what it returned, as TF does."""

    def gradient(record, *upstream):
        # TF hands grad_fn zeros for results that received no gradient.
        filled = [
            _zeros(shape, dtype) if g is None else g
            for g, (shape, dtype) in zip(upstream, record.attrs)
        ]
        if variables:
            input_grads, variable_grads = grad_fn(*filled, variables=variables)
            if len(variable_grads) != len(variables):
                raise ValueError(
                    "Must return gradient for each variable from @custom_gradient grad_fn."
                )
        else:
            input_grads = grad_fn(*filled)
            variable_grads = []
        flat_grads = nest.flatten(input_grads)
        if len(flat_grads) != arg_count:
            raise ValueError(
                f"custom_gradient function expected to return {arg_count} "
                f"gradients, but returned {len(flat_grads)} instead."
            )
        # As returned (a Python number stays one, as TF hands it back): the backward loop
        # converts what reaches another op's gradient.
        return list(flat_grads) + list(variable_grads)

    # grad_fn gets upstream IndexedSlices as they are, as in TF
    gradient.takes_indexed_slices = True  # type: ignore[attr-defined]
    return gradient


def _zeros(shape, dtype):
    return Tensor(np.zeros(shape, dtype=dtype))
