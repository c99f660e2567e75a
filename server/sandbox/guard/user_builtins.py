"""The builtins a program gets: Python's own, minus files, dynamic code and introspection."""

import builtins

from .policy import FORMAT_METHODS, UNAVAILABLE_BUILTINS, attribute_refusal, refuse

# Dunder entries of the builtins module the interpreter itself needs (class statements).
_KEPT_DUNDERS = {"__build_class__", "__debug__", "__name__", "__doc__"}


def _unavailable(name: str, reason: str):
    def unavailable(*args, **kwargs):
        raise refuse(f"{name}() is not available in TapeScope's sandbox: {reason}")

    unavailable.__name__ = unavailable.__qualname__ = name
    return unavailable


def _check_attribute(name) -> None:
    if isinstance(name, str):
        reason = attribute_refusal(name)
        if reason is None and name in FORMAT_METHODS:
            reason = (
                f"attribute {name} is not available in TapeScope's sandbox "
                "(use .format on a string literal, or an f-string)"
            )
        if reason:
            raise refuse(reason)


def _getattr(obj, name, *default):
    _check_attribute(name)
    return getattr(obj, name, *default)


def _hasattr(obj, name):
    _check_attribute(name)
    return hasattr(obj, name)


def _setattr(obj, name, value):
    _check_attribute(name)
    setattr(obj, name, value)


def _delattr(obj, name):
    _check_attribute(name)
    delattr(obj, name)


_CHECKED = {"getattr": _getattr, "hasattr": _hasattr, "setattr": _setattr, "delattr": _delattr}
for _name, _function in _CHECKED.items():
    _function.__name__ = _function.__qualname__ = _name


def sandbox_builtins(import_module) -> dict:
    """A fresh builtins dict for one program; `import_module` becomes its `__import__`."""
    namespace = {
        name: value
        for name, value in vars(builtins).items()
        if not name.startswith("__") or name in _KEPT_DUNDERS
    }
    for name, reason in UNAVAILABLE_BUILTINS.items():
        namespace[name] = _unavailable(name, reason)
    namespace.update(_CHECKED)
    namespace["__import__"] = import_module
    return namespace
