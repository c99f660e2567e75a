"""What every gradient call shares (GradientTape.gradient, jacobian, batch_jacobian, and
ForwardAccumulator's checks): targets and sources as tensors, the seeds a backward pass starts
from, the unconnected-gradients mode, TF's warnings, and telling observers a call began and
ended. Below engine/gradient_tape.py and engine/jacobians.py, which both use it.
"""

import enum
import sys
import types
import warnings
from typing import Any

from . import hooks, nest
from .indexed_slices import add_gradients
from .ops.creation import ones_like, zeros_like
from .tensor import TRACKED_DTYPES, Tensor, convert_to_tensor

NON_PERSISTENT_REUSED = (
    "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)"
)


class UnconnectedGradients(enum.Enum):
    NONE = "none"
    ZERO = "zero"


def unconnected_mode(value):
    if type(value) is UnconnectedGradients:  # the default: no enum lookup
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


def warn(message):
    """TF logs these as warnings; the engine emits a Python warning with TF's wording,
    attributed to the first caller outside the engine (the user's line)."""
    warnings.warn(message, stacklevel=_user_stacklevel())
    if hooks.observers:
        hooks.notify("warning", message)


def _user_stacklevel():
    frame: types.FrameType | None = sys._getframe(2)
    level = 2
    while frame is not None and frame.f_globals.get("__name__", "").startswith("engine."):
        frame, level = frame.f_back, level + 1
    return level


def is_variable(value):
    return hasattr(value, "_snapshot") and hasattr(value, "assign")


def as_differentiable(value, role):
    """A target or source as a Tensor. Variables keep their identity (their id is the handle's).

    Anything else fails as in TF, which reads the dtype, then the tape id, of each one."""
    if type(value) is Tensor:  # first: cheaper than is_variable's two hasattr
        tensor = value
    elif is_variable(value):
        tensor = value._snapshot()
    elif isinstance(value, Tensor):
        tensor = value
    elif value is None:
        raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")
    else:
        raise AttributeError(f"'{type(value).__name__}' object has no attribute '_id'")
    if type(tensor._value.dtype) not in TRACKED_DTYPES:
        warn(
            f"The dtype of the {role} tensor must be floating (e.g. tf.float32) when calling "
            f"GradientTape.gradient, got {tensor.dtype!r}"
        )
    return tensor


def initial_gradients(flat_targets, output_gradients):
    """The gradient each target starts with: ones, or the caller's output_gradients.

    As in TF, output_gradients are matched to targets in flattened order; targets past the
    end of a shorter list start from ones; the same target twice accumulates."""
    flat_out = [] if output_gradients is None else nest.flatten(output_gradients)
    seeds: dict[int, Any] = {}
    for index, t in enumerate(flat_targets):
        if t._value.dtype.kind == "O":  # a string target reaches no source (no ones of it)
            continue
        if index < len(flat_out):
            g = flat_out[index]
            if g is None:
                raise ValueError(
                    "Attempt to convert a value (None) with an unsupported type "
                    "(<class 'NoneType'>) to a Tensor."
                )
            g = convert_to_tensor(g, dtype_hint=t.dtype)
        else:
            g = ones_like(t)
        seeds[t._id] = g if t._id not in seeds else accumulate(seeds[t._id], g)
    return seeds


# The backward pass's sum of two gradients of one tensor (engine ops: outer tapes record it).
accumulate = add_gradients


def shaped_result(gradient, source, mode):
    if gradient is None:
        if mode is UnconnectedGradients.ZERO:
            return zeros_like(source)
        return None
    return gradient


def started(tape, kind, targets, sources, output_gradients, mode):
    """Tells observers a gradient call began; returns the BackwardObserver for its steps."""
    if not hooks.observers:
        return None
    observers = [
        o.gradient_started(tape, kind, targets, sources, output_gradients, mode)
        for o in hooks.observers
    ]
    observers = [o for o in observers if o is not None]
    return observers[0] if len(observers) == 1 else (_Fanout(observers) if observers else None)


def finished(tape, result, error):
    if hooks.observers:
        hooks.notify("gradient_finished", tape, result, error)


class _Fanout(hooks.BackwardObserver):
    def __init__(self, observers):
        self._observers = observers

    def on_backward(self, event):
        for o in self._observers:
            o.on_backward(event)
