"""The builtins a program gets: Python's own, minus files, dynamic code and introspection."""

import builtins

from .policy import FORMAT_METHODS, UNAVAILABLE_BUILTINS, attribute_refusal, refuse
from .private_access import (
    RUNTIME_CHECKS,
    check_private,
    instance_dict,
    is_private,
    private_get,
)

# Dunder entries of the builtins module the interpreter itself needs (class statements).
_KEPT_DUNDERS = {"__build_class__", "__debug__", "__name__", "__doc__"}


def _unavailable(name: str, reason: str):
    def unavailable(*args, **kwargs):
        raise refuse(f"{name}() is not available in TapeScope's sandbox: {reason}")

    unavailable.__name__ = unavailable.__qualname__ = name
    return unavailable


def _exact_name(name) -> str:
    """The attribute name as an exact str: a str subclass could answer `startswith` or `==`
    as it likes; str.__str__ copies its characters into a plain str."""
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    return str.__str__(name)


def _check_attribute(obj, name: str) -> None:
    if name == "__dict__":
        instance_dict(obj)  # refuses what is not an instance of the program's own classes
        return
    reason = attribute_refusal(name)
    if reason is None and name in FORMAT_METHODS:
        reason = (
            f"attribute {name} is not available in TapeScope's sandbox "
            "(use .format on a string literal, or an f-string)"
        )
    if reason:
        raise refuse(reason)
    if is_private(name):
        check_private(obj, name)


def _getattr(obj, name, *default):
    name = _exact_name(name)
    _check_attribute(obj, name)
    if name.startswith("_") and not name.startswith("__"):
        return private_get(obj, name) if not default else _private_get_or(obj, name, default[0])
    return getattr(obj, name, *default)


def _private_get_or(obj, name, default):
    try:
        return private_get(obj, name)
    except AttributeError:
        return default


def _hasattr(obj, name):
    name = _exact_name(name)
    _check_attribute(obj, name)
    return hasattr(obj, name)


def _no_dunder_writes(name: str) -> None:
    if name.startswith("__"):
        raise refuse(
            f"setting or deleting attribute {name} is not available in TapeScope's sandbox "
            "(dunder attributes reach the interpreter's internals)"
        )


def _setattr(obj, name, value):
    name = _exact_name(name)
    _no_dunder_writes(name)
    _check_attribute(obj, name)
    setattr(obj, name, value)


def _delattr(obj, name):
    name = _exact_name(name)
    _no_dunder_writes(name)
    _check_attribute(obj, name)
    delattr(obj, name)


def _vars(*objects):
    if len(objects) != 1:
        raise refuse(
            "vars() is not available in TapeScope's sandbox: programs cannot inspect "
            "namespaces (vars(obj) of the program's own objects is)"
        )
    return instance_dict(objects[0])


_REAL_BUILD_CLASS = builtins.__build_class__


def _build_class(function, name, *bases, **keywords):
    """`class` statements: no subclasses of str or bytes (whose methods, overridden, would lie
    to the checks and to standard-library code generators about what a string holds)."""
    for base in bases:
        if isinstance(base, type) and issubclass(base, (str, bytes)):
            raise refuse(
                f"class {name} derives from {base.__name__}, which is not available in "
                "TapeScope's sandbox (a string that is not a plain str can bypass its checks)"
            )
    return _REAL_BUILD_CLASS(function, name, *bases, **keywords)


_CHECKED = {
    "getattr": _getattr,
    "hasattr": _hasattr,
    "setattr": _setattr,
    "delattr": _delattr,
    "vars": _vars,
}
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
    namespace.update(RUNTIME_CHECKS)
    namespace["__build_class__"] = _build_class
    namespace["__import__"] = import_module
    return namespace
