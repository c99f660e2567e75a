"""Keras's `get(identifier)` for losses and metrics: a name looked up (a class is
instantiated), a callable passed through, a Keras-only name reported as missing."""

import inspect

from ..missing import missing_attribute


def get_by_identifier(identifier, by_name, keras_only, module, kind):
    """None -> None; a str -> by_name[str] (instantiated if a class); a callable -> itself.
    Names in keras_only raise the engine's missing-attribute error for `module`."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in keras_only:
            raise missing_attribute(module, identifier)
        obj = by_name.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")
