"""Keras's note on errors raised inside a layer's `call`: the innermost layer whose `call`
raised re-raises the error (same type) as "Exception encountered when calling Dense.call().",
the message in bold, and the arguments it received (traceback_utils.py in Keras 3)."""

import inspect

from ...errors import OpError
from .. import _tf as tf


def with_call_info(layer, error, args, kwargs):
    """`error` retold as Keras retells it, or `error` itself if it already was."""
    if getattr(error, "_keras_call_info_injected", False):
        return error
    call = layer.call
    signature = inspect.signature(call)
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return error
    lines = []
    for parameter in signature.parameters.values():
        if parameter.name in bound.arguments:
            value = _structure_text(bound.arguments[parameter.name])
        else:
            value = parameter.default
        lines.append(f"  • {parameter.name}={value}")
    if not lines:
        return error
    message = error.message if isinstance(error, OpError) else (error.args[0] if error.args else "")
    name = f"{type(layer).__name__}.call()"
    message = (
        f"Exception encountered when calling {name}.\n\n\x1b[1m{message}\x1b[0m\n\n"
        f"Arguments received by {name}:\n" + "\n".join(lines)
    )
    retold: Exception
    try:
        if isinstance(error, OpError):
            retold = type(error)(error.node_def, error.op, message)
        else:
            retold = type(error)(message)
    except TypeError:
        retold = RuntimeError(message)
    setattr(retold, "_keras_call_info_injected", True)  # noqa: B010 - a marker on any error
    return retold.with_traceback(error.__traceback__)


def _structure_text(value):
    if isinstance(value, (list, tuple)):
        items = [_structure_text(v) for v in value]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        return {k: _structure_text(v) for k, v in value.items()}
    if tf.is_tensor(value) and hasattr(value, "shape"):
        return _Shown(f"tf.Tensor(shape={value.shape}, dtype={value.dtype.name})")
    return _Shown(repr(value))


class _Shown(str):
    """A string shown without quotes inside the repr of a list (as Keras's tree maps)."""

    def __repr__(self):
        return str(self)
