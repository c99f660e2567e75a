"""What a program sees when it imports: read-only views of the allowed modules.

A view holds a module's public attributes, minus the ones that reach files or run code outside
the sandbox's builtins; a submodule appears only as another view, and only when allowed, so
`np.lib`, `random._os` or `typing.sys` lead nowhere. `tensorflow` is the engine.
"""

import builtins
import functools
import importlib
import types

from .policy import (
    ALLOWED_LIST,
    ALLOWED_MODULES,
    INSPECT_SHOWN,
    NO_FILES,
    NUMPY_FILE_FUNCTIONS,
    NUMPY_SUBMODULES,
    SandboxError,
    refuse,
)

_REAL_IMPORT = builtins.__import__


class SandboxImportError(SandboxError, ImportError):
    """An import the sandbox does not offer (an ImportError, so `except ImportError` works)."""


# Attributes that evaluate strings or run programs with the interpreter's real builtins.
_HIDDEN = {
    "typing": {"get_type_hints", "ForwardRef", "evaluate_forward_ref", "TYPE_CHECKING"},
    "engine.debug": {"capture", "capture_program"},
}
# Modules shown as views besides the engine's own (np.emath is numpy.lib.scimath).
_SHOWN_MODULES = frozenset(
    {"numpy", "numpy.lib.scimath", "collections.abc"}
    | {f"numpy.{name}" for name in NUMPY_SUBMODULES}
)
_NO_SUBMODULES = {"engine.debug"}  # the capture machinery is not the program's to drive


def _safe_update_wrapper(wrapper, wrapped, assigned=None, updated=None):
    """functools.update_wrapper with its default attribute lists only (custom lists copy
    dunders)."""
    return functools.update_wrapper(wrapper, wrapped)


def _safe_wraps(wrapped, assigned=None, updated=None):
    return functools.partial(_safe_update_wrapper, wrapped=wrapped)


_REPLACED = {"functools": {"update_wrapper": _safe_update_wrapper, "wraps": _safe_wraps}}


def _real_name(name: str) -> str:
    root, dot, rest = name.partition(".")
    return "engine" + dot + rest if root == "tensorflow" else name


def _is_engine(module_name: str) -> bool:
    return module_name == "engine" or module_name.startswith("engine.")


def _is_numpy(module_name: str) -> bool:
    return module_name == "numpy" or module_name.startswith("numpy.")


class ModuleViews:
    """Builds (once) and hands out the views; `import_module` is the program's `__import__`."""

    def __init__(self):
        self._views: dict[str, types.ModuleType] = {}

    def view(self, module: types.ModuleType) -> types.ModuleType:
        existing = self._views.get(module.__name__)
        return existing if existing is not None else self._build(module)

    def import_module(self, name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002
        if type(fromlist) is list:
            # C code importing through the program's builtins (PyImport_Import passes the list
            # ['__doc__']; an import statement passes a tuple or None): e.g. numpy's lazy
            # imports on first print. The module goes back to that C code, not to the program.
            return _REAL_IMPORT(name, globals, locals, fromlist, level)
        if level:
            raise refuse(
                "relative imports are not available in TapeScope's sandbox "
                "(the program is a single file)"
            )
        if not isinstance(name, str):
            raise TypeError("module name must be a string")
        root = name.partition(".")[0]
        if root not in ALLOWED_MODULES or not self._submodule_allowed(_real_name(name)):
            raise SandboxImportError(
                f"import of {name} is not available in TapeScope's sandbox; programs may import "
                f"{ALLOWED_LIST}"
            )
        real_name = _real_name(name)
        try:
            module = importlib.import_module(real_name)
        except ModuleNotFoundError:
            raise ModuleNotFoundError(f"No module named '{name}'", name=name) from None
        if not fromlist:
            return self.view(importlib.import_module(_real_name(root)))
        for item in fromlist:
            if item != "*" and not hasattr(module, item) and hasattr(module, "__path__"):
                try:  # `from tensorflow import keras` imports the submodule, as Python would
                    importlib.import_module(f"{real_name}.{item}")
                except ModuleNotFoundError:
                    pass
        return self.view(module)

    def _submodule_allowed(self, real_name: str) -> bool:
        if any(real_name.startswith(hidden + ".") for hidden in _NO_SUBMODULES):
            return False
        return "." not in real_name or _is_engine(real_name) or real_name in _SHOWN_MODULES

    def _build(self, real: types.ModuleType) -> types.ModuleType:
        view = types.ModuleType(real.__name__, getattr(real, "__doc__", None))
        self._views[real.__name__] = view  # before filling: modules refer to each other
        for key, value in list(vars(real).items()):
            if not key.startswith("_"):
                shown = self._expose(real, key, value)
                if shown is not _HIDDEN_VALUE:
                    view.__dict__[key] = shown
        if isinstance(getattr(real, "__version__", None), str):
            view.__dict__["__version__"] = real.__version__  # `tf.__version__` checks
        public = getattr(real, "__all__", None)
        if public is not None:
            view.__dict__["__all__"] = [name for name in public if name in view.__dict__]
        view.__dict__["__getattr__"] = self._lookup(real, view)
        view.__dict__["__tapescope_view__"] = True  # private_access.py: a view, not the module
        return view

    def _lookup(self, real, view):
        """Attributes not copied at build time: hidden ones get a clear error; lazy ones appear."""
        views = self

        def __getattr__(name):
            if name.startswith("_") or views.hidden_name(real.__name__, name):
                # Not an AttributeError: `from m import _x` would then fall back to sys.modules.
                raise views.hidden_error(real, name)
            value = getattr(real, name)  # the module's own AttributeError (e.g. the engine's)
            shown = views._expose(real, name, value)
            if shown is _HIDDEN_VALUE:
                raise views.hidden_error(real, name)
            view.__dict__[name] = shown
            return shown

        return __getattr__

    @staticmethod
    def hidden_error(real, name) -> SandboxError:
        shown_name = (
            real.__name__.replace("engine", "tensorflow", 1)
            if _is_engine(real.__name__)
            else real.__name__
        )
        why = (
            NO_FILES
            if _is_numpy(real.__name__) and name in NUMPY_FILE_FUNCTIONS
            else "it reaches outside the program"
        )
        return refuse(f"{shown_name}.{name} is not available in TapeScope's sandbox: {why}")

    @staticmethod
    def hidden_name(module_name: str, key: str) -> bool:
        if module_name == "inspect":
            return key not in INSPECT_SHOWN
        return key in _HIDDEN.get(module_name, ()) or (
            _is_numpy(module_name) and key in NUMPY_FILE_FUNCTIONS
        )

    def _expose(self, real, key, value):
        module_name = real.__name__
        replaced = _REPLACED.get(module_name, {})
        if key in replaced:
            return replaced[key]
        if self.hidden_name(module_name, key):
            return _HIDDEN_VALUE
        if isinstance(value, types.ModuleType):
            if module_name not in _NO_SUBMODULES and (
                _is_engine(value.__name__) or value.__name__ in _SHOWN_MODULES
            ):
                return self.view(value)
            return _HIDDEN_VALUE
        return value


_HIDDEN_VALUE = object()
