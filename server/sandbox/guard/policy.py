"""What a sandboxed program may import and touch, and the error it gets when it may not."""

# The modules a program may import (the one list: the worker template imports each once, and
# the error for any other names them), with what the error says about each.
PROGRAM_MODULES = {
    "tensorflow": "the engine",
    "numpy": "",
    "math": "",
    "random": "",
    "functools": "",
    "itertools": "",
    "collections": "",
    "dataclasses": "",
    "typing": "",
    "copy": "",
    "warnings": "",
    "inspect": "signatures",
}
# and what `import tensorflow` resolves to, and `from __future__ import annotations`
ALLOWED_MODULES = frozenset(PROGRAM_MODULES) | {"engine", "__future__"}
ALLOWED_LIST = ", ".join(
    f"{name} ({note})" if note else name for name, note in PROGRAM_MODULES.items()
)

NO_FILES = "programs cannot read or write files"
UNAVAILABLE_BUILTINS = {
    "open": NO_FILES,
    "exec": "programs cannot run code built at run time",
    "eval": "programs cannot run code built at run time",
    "compile": "programs cannot run code built at run time",
    "globals": "programs cannot inspect namespaces",
    "locals": "programs cannot inspect namespaces",
    "breakpoint": "there is no debugger console here",
    "input": "programs cannot read input",
    "help": "there is no interactive console here",
    "exit": "a program ends when its last line runs",
    "quit": "a program ends when its last line runs",
    "copyright": NO_FILES,
    "credits": NO_FILES,
    "license": NO_FILES,
}

# Dunder attributes that only name protocol methods or plain strings: harmless, and needed for
# ordinary code such as `super().__init__()` or `f.__name__`.
SAFE_DUNDERS = frozenset(
    {
        "__init__",
        "__call__",
        "__name__",
        "__doc__",
        "__len__",
        "__iter__",
        "__next__",
        "__enter__",
        "__exit__",
        "__getitem__",
        "__setitem__",
        "__contains__",
        "__repr__",
        "__str__",
        # read-only facts: `type(x)` gives the class anyway; a version string; NumPy's
        # interoperability attributes (numbers and a dict of them)
        "__class__",
        "__version__",
        "__array_priority__",
        "__array_interface__",
    }
)
# Standard-library modules a program may import besides the numeric ones (read-only views).
# `inspect` shows only what describes a signature (its other functions read attributes
# without the sandbox's checks).
INSPECT_SHOWN = frozenset(
    {"signature", "Signature", "Parameter", "isclass", "isfunction", "ismethod"}
)
# Dunder names a program may bind (class bodies); everything else starting with __ is refused.
BINDABLE_DUNDERS = frozenset({"__slots__", "__all__", "__doc__"})
READABLE_DUNDER_NAMES = frozenset({"__name__", "__doc__"})
# Methods that change how classes are made, matched or checked: a program defining them could
# make isinstance, class patterns or attribute lookup lie to the checks (no TF program needs to).
META_HOOKS = frozenset(
    {
        "__instancecheck__",
        "__subclasscheck__",
        "__subclasshook__",
        "__getattribute__",
        "__init_subclass__",
        "__set_name__",
        "__mro_entries__",
        "__prepare__",
        "__class_getitem__",
    }
)

# Attributes that reach frames, code objects or the caller's namespaces without a dunder.
FRAME_ATTRIBUTES = frozenset(
    {
        "f_globals",
        "f_locals",
        "f_builtins",
        "f_back",
        "f_code",
        "f_trace",
        "tb_frame",
        "tb_next",
        "gi_frame",
        "gi_code",
        "gi_yieldfrom",
        "cr_frame",
        "cr_code",
        "cr_await",
        "ag_frame",
        "ag_code",
        "co_code",
        "co_consts",
        "co_names",
    }
)
# str.format follows attribute paths inside its template ("{0.__class__}"): only literal
# templates, checked field by field, may be formatted.
FORMAT_METHODS = frozenset({"format", "format_map"})
# ndarray methods that write files (they live on a C type, so they are refused by name).
FILE_METHODS = {"tofile": NO_FILES, "dump": NO_FILES}

NUMPY_FILE_FUNCTIONS = frozenset(
    {
        "load",
        "save",
        "savez",
        "savez_compressed",
        "loadtxt",
        "savetxt",
        "genfromtxt",
        "fromfile",
        "fromregex",
        "memmap",
        "DataSource",
        "recfromcsv",
        "recfromtxt",
        "open_memmap",
    }
)
NUMPY_SUBMODULES = frozenset({"linalg", "random", "fft", "emath"})


class SandboxError(Exception):
    """A program used something the sandbox does not offer."""

    lineno: int | None = None  # the program's line, when known


def attribute_refusal(name: str):
    """Why `obj.<name>` is refused, or None when it is allowed."""
    if name.startswith("__") and name not in SAFE_DUNDERS:
        return (
            f"attribute {name} is not available in TapeScope's sandbox "
            "(dunder attributes reach the interpreter's internals)"
        )
    if name in FRAME_ATTRIBUTES:
        return f"attribute {name} is not available in TapeScope's sandbox (frames and code objects)"
    if name in FILE_METHODS:
        return f".{name}() is not available in TapeScope's sandbox: {FILE_METHODS[name]}"
    return None


def refuse(message: str, line: int | None = None) -> SandboxError:
    error = SandboxError(message)
    error.lineno = line
    return error
