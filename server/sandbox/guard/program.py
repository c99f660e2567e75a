"""Preparing one program to run: check its source, and give it a namespace of its own."""

import ast
import sys
import types

from .module_views import ModuleViews
from .source_check import check_source
from .user_builtins import sandbox_builtins


def check_program(source: str, filename: str) -> None:
    """SyntaxError or SandboxError (with `lineno`) before anything runs."""
    check_source(ast.parse(source, filename))


def program_namespace(views: ModuleViews) -> dict:
    """Globals for the program, installed as `__main__` (so nothing resolves to the worker's)."""
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = sandbox_builtins(views.import_module)
    sys.modules["__main__"] = module
    return module.__dict__
