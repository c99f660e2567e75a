"""Code compiled while a program runs gets the program's own source check.

Standard-library functions turn strings into code: `typing` and `functools.singledispatch`
evaluate string annotations, `dataclasses` and `collections.namedtuple` generate methods. The
text such code is compiled from can come from the program, and code compiled that way would
skip the source check. An audit hook (PEP 578) sees every compilation: once the program itself
is compiled, any source compiled later must pass the same check. The method templates of
`dataclasses` and `namedtuple` (whose own dunder names the check would refuse) must instead use
only the names those templates use, and no builtin that reaches files, code or namespaces: a
field name that is a str subclass lying about its text cannot smuggle code into them.
"""

import ast
import sys

from .policy import FORMAT_METHODS, UNAVAILABLE_BUILTINS, attribute_refusal, refuse
from .source_check import check_source

IMPORT_MODULES = frozenset({"importlib._bootstrap_external", "_frozen_importlib_external"})
TEMPLATE_MODULES = frozenset({"dataclasses", "collections"})
# every dunder name the templates of Python 3.11 to 3.13 use
TEMPLATE_DUNDERS = frozenset(
    {
        "__create_fn__",
        "__dataclass_builtins_object__",
        "__dataclass_builtins_hash__",
        "__dataclass_self__",
        "__class__",
        "__qualname__",
        "__post_init__",
        "__init__",
        "__repr__",
        "__eq__",
        "__ne__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__hash__",
        "__setattr__",
        "__delattr__",
        "__getstate__",
        "__setstate__",
        "__match_args__",
    }
)
TEMPLATE_REFUSED_NAMES = frozenset(UNAVAILABLE_BUILTINS) | {
    "getattr",
    "setattr",
    "delattr",
    "hasattr",
}
# never from a program: the OS layers stop these anyway; here they fail early and clearly
REFUSED_EVENTS = {
    "os.system": "programs cannot start processes",
    "os.exec": "programs cannot start processes",
    "os.posix_spawn": "programs cannot start processes",
    "os.spawn": "programs cannot start processes",
    "os.fork": "programs cannot start processes",
    "os.forkpty": "programs cannot start processes",
    "subprocess.Popen": "programs cannot start processes",
    "socket.connect": "programs cannot reach the network",
    "socket.bind": "programs cannot reach the network",
}


def check_template(tree: ast.AST) -> None:
    """Generated method templates: their own vocabulary only (see the module's docstring)."""
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Name):
            names.append(node.id)
            if isinstance(node.ctx, ast.Load) and node.id in TEMPLATE_REFUSED_NAMES:
                raise refuse(f"generated code using {node.id} is not available in the sandbox")
        elif isinstance(node, ast.Attribute):
            if attribute_refusal(node.attr) and node.attr not in TEMPLATE_DUNDERS:
                raise refuse(f"generated code reading {node.attr} is not available in the sandbox")
            if node.attr in FORMAT_METHODS:
                raise refuse("generated code formatting templates is not available in the sandbox")
        elif isinstance(node, (ast.FunctionDef, ast.Lambda, ast.arg)):
            names.append(getattr(node, "name", None) or getattr(node, "arg", "") or "")
        for name in names:
            if name.startswith("__") and name not in TEMPLATE_DUNDERS:
                raise refuse(f"generated code naming {name} is not available in the sandbox")


class CompileHook:
    def __init__(self):
        self.armed = False
        self.checking = False
        sys.addaudithook(self)

    def arm(self) -> None:
        self.armed = True

    def __call__(self, event: str, arguments: tuple) -> None:
        if not self.armed:
            return
        if event in REFUSED_EVENTS:
            raise refuse(
                f"{event} is not available in TapeScope's sandbox: {REFUSED_EVENTS[event]}"
            )
        if event != "compile" or self.checking:
            return  # (the check's own parsing compiles too)
        self.checking = True
        try:
            self._check(arguments)
        finally:
            self.checking = False

    def _check(self, arguments: tuple) -> None:
        caller = sys._getframe(3)  # _check <- __call__ <- whoever compiles
        module = caller.f_globals.get("__name__")
        if module in IMPORT_MODULES:
            return
        source = arguments[0]
        if module in TEMPLATE_MODULES and isinstance(source, (str, bytes)):
            check_template(ast.parse(source))
            return
        if isinstance(source, ast.AST):
            check_source(source)
            return
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, TypeError):
            return  # compile() itself raises its error
        check_source(tree)
