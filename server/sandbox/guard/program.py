"""Preparing one program to run: check its source, compile it with its run-time checks, and
give it a namespace of its own."""

import ast
import sys
import types

from .module_views import ModuleViews
from .private_access import PrivateAccess
from .source_check import check_source
from .user_builtins import sandbox_builtins


def check_program(source: str, filename: str) -> None:
    """SyntaxError or SandboxError (with `lineno`) before anything runs."""
    check_source(ast.parse(source, filename))


def compile_program(source: str, filename: str, on_compiled=None) -> types.CodeType:
    """The program's code, checked, with private attribute and __dict__ access routed through
    the run-time checks (private_access.py). `on_compiled` runs once it is compiled (the worker
    arms its compile hook then: any later compilation is code generated at run time)."""
    tree = ast.parse(source, filename)
    check_source(tree)
    code = compile(PrivateAccess().visit(tree), filename, "exec")
    if on_compiled is not None:
        on_compiled()
    return code


def program_namespace(views: ModuleViews) -> dict:
    """Globals for the program, installed as `__main__` (so nothing resolves to the worker's)."""
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = sandbox_builtins(views.import_module)
    sys.modules["__main__"] = module
    return module.__dict__
