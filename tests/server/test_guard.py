"""The Python-level allowlist on its own, in-process: what a program sees of each module."""

import sys
import types

import pytest

from server.sandbox.guard.module_views import ModuleViews
from server.sandbox.guard.policy import SandboxError
from server.sandbox.guard.program import check_program, compile_program, program_namespace


def execute(source: str) -> dict:
    check_program(source, "main.py")
    main = sys.modules["__main__"]
    try:
        namespace = program_namespace(ModuleViews())  # installs itself as __main__, as in a worker
        exec(compile_program(source, "main.py"), namespace)
    finally:
        sys.modules["__main__"] = main
    return namespace


def test_views_show_functions_and_allowed_submodules_only():
    names = execute(
        "import numpy as np\nimport tensorflow as tf\nimport random\n"
        "rng = np.random.default_rng(0)\nn = np.linalg.norm([3.0, 4.0])\n"
        "e = np.emath.sqrt(-1)\nk = tf.keras\n"
    )
    assert names["n"] == 5.0 and names["e"] == 1j
    assert isinstance(names["k"], types.ModuleType) and names["k"].__name__ == "engine.keras"
    for module_name, hidden in (
        ("np", "lib"),
        ("np", "ctypeslib"),
        ("random", "_os"),
        ("tf", "_sys"),
    ):
        with pytest.raises(SandboxError):
            execute(f"import numpy as np, random, tensorflow as tf\n{module_name}.{hidden}")


def test_engine_internals_do_not_lead_to_stdlib_modules():
    namespace = execute("import tensorflow as tf")
    seen, stack = set(), [namespace["tf"]]
    while stack:  # walk every module reachable through attributes of the views
        module = stack.pop()
        if id(module) in seen:
            continue
        seen.add(id(module))
        for value in vars(module).values():
            if isinstance(value, types.ModuleType):
                assert value.__name__.startswith(("engine", "numpy")), value.__name__
                assert value.__name__ in (
                    "numpy",
                    "numpy.linalg",
                    "numpy.random",
                    "numpy.fft",
                    "numpy.lib.scimath",
                ) or value.__name__.startswith("engine")
                stack.append(value)
    assert len(seen) > 5


def test_hidden_names_do_not_fall_back_to_the_real_module():
    for source in (
        "from numpy import lib",
        "from numpy import _core",
        "from typing import sys",
        "from tensorflow.debug import capture_program",
    ):
        with pytest.raises(SandboxError):
            execute(source)


def test_dunders_that_name_protocols_are_allowed():
    names = execute(
        "class A:\n    def __init__(self):\n        super().__init__()\n"
        "    def __call__(self):\n        return 1\n"
        "a = A()\nr = a.__call__() + len(A.__name__)\n"
    )
    assert names["r"] == 2


@pytest.mark.parametrize(
    "source",
    [
        "x = (1).__class__.__base__",
        "import os",
        "open('f')",
        "getattr(int, '__base__')",
        "'{0.__class__}'.format(1)",
        "'{0:{1.__class__}}'.format(1, 2)",
        "eval('1')",
        "__builtins__",
        "t = '{0.__class__}'\nt.format(1)",
    ],
)
def test_refused(source):
    with pytest.raises(SandboxError):
        execute(source)


def test_imports_from_c_code_go_through_while_import_statements_are_checked():
    views = ModuleViews()
    # PyImport_Import (NumPy's lazy imports from C) passes fromlist as the list ['__doc__']
    assert (
        views.import_module("numpy._core.arrayprint", {}, {}, ["__doc__"], 0).__name__
        == "numpy._core.arrayprint"
    )
    with pytest.raises(SandboxError):  # the same name from an import statement (a tuple)
        views.import_module("numpy._core.arrayprint", {}, {}, ("__doc__",), 0)
    with pytest.raises(SandboxError):
        check_program("from numpy._core.arrayprint import __doc__", "main.py")
