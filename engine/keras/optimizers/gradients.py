"""The gradients handed to apply_gradients: dropping None ones (Keras's warning) and turning the
rest into NumPy in each variable's dtype (IndexedSlices as Slices), with TF's shape error."""

import warnings

import numpy as np

from ... import hooks
from ...errors import invalid_argument
from ...indexed_slices import IndexedSlices
from ...recording import recording_tapes
from .. import _tf as tf
from . import slices
from .slices import Slices


def filter_empty_gradients(grads, variables):
    kept_grads, kept_vars, missing = [], [], []
    for grad, variable in zip(grads, variables):
        if grad is None:
            missing.append(getattr(variable, "path", None) or variable.name)
        else:
            kept_grads.append(grad)
            kept_vars.append(variable)
    if not kept_grads:
        raise ValueError("No gradients provided for any variable.")
    if missing:
        warnings.warn(
            f"Gradients do not exist for variables {missing} when minimizing the loss. "
            "If using `model.compile()`, did you forget to provide a `loss` argument?",
            UserWarning,
            stacklevel=4,
        )
    return kept_grads, kept_vars


def _handed_over(tensor):
    """The value goes into the variables' state (the update and the slots) as NumPy: an
    observable escape, so a debugger can say a tape's value reached an assignment this way.
    Only while a tape records (MAML's inner step): an ordinary loop's update, after its tape,
    would pay for an event per variable and step that explains nothing."""
    if hooks.observers and recording_tapes and isinstance(tensor, tf.Tensor):
        hooks.notify("escaped", tensor, "optimizer")


def as_array(grad, variable, keep_sparse):
    """The gradient in NumPy, in the variable's dtype: an array, or Slices for IndexedSlices
    when `keep_sparse`. A shape that does not match the variable raises TF's error."""
    dtype = variable._value.dtype
    if isinstance(grad, IndexedSlices):
        _handed_over(grad.values)
        grad = Slices(
            np.asarray(grad.values._value, dtype),
            np.asarray(grad.indices._value),
            tuple(np.asarray(grad.dense_shape._value).tolist()),
        )
        shape = grad.dense_shape
        if not keep_sparse:
            grad = slices.dense(grad)
    else:
        _handed_over(grad)
        grad = np.asarray(tf.convert_to_tensor(grad)._value, dtype=dtype)
        shape = grad.shape
    if shape != variable._value.shape:
        dims = lambda s: "[" + ",".join(map(str, s)) + "]"  # noqa: E731
        raise invalid_argument(
            "AssignSubVariableOp",
            f"Cannot update variable with shape "
            f"{dims(variable._value.shape)} using a Tensor with shape {dims(shape)}, shapes "
            "must be equal.",
        )
    return grad
