"""No legitimate program is refused by the Python layer: every differential-corpus case and
every gallery program runs in-process through the guard (the source check, the compiled
run-time checks, the module views, the sandbox builtins and the compile hook), and none may
raise SandboxError. (The OS layers are tested by spawning workers elsewhere: here the guard is
what is tested, so each program runs in this process.)"""

import contextlib
import io
import sys
from pathlib import Path

import pytest

import engine
from server.sandbox.guard.compile_hook import CompileHook
from server.sandbox.guard.module_views import ModuleViews
from server.sandbox.guard.policy import SandboxError
from server.sandbox.guard.program import compile_program, program_namespace
from tests.engine.differential import CASES

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))
PRELUDE = "import tensorflow as tf\nimport numpy as np\nc = tf.constant\n"
VIEWS = ModuleViews()
HOOK = CompileHook()  # one per process (audit hooks cannot be removed): disarmed between runs


def run_guarded(source: str, filename: str = "main.py", errors_are_expected: bool = True):
    """Runs `source` as the sandbox would; returns the SandboxError it raised, if any (other
    errors are the program's own: expected, unless `errors_are_expected` is False)."""
    engine.keras.backend.clear_session()
    main = sys.modules["__main__"]
    try:
        code = compile_program(source, filename, HOOK.arm)
        namespace = program_namespace(VIEWS)
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)
    except SandboxError as refused:
        return refused
    except Exception:  # the program's own errors are not refusals (TF's are expected)
        if not errors_are_expected:
            raise
    finally:
        HOOK.armed = False
        sys.modules["__main__"] = main
    return None


def refused_by_design(case: str) -> bool:
    """Cases that do what the sandbox exists to stop, whatever the guard: writing and reading
    files (tf.print's output_stream to a temporary file, through os and tempfile) and
    importing through `__import__`."""
    return "import os" in case or "__import__(" in case


LEGITIMATE = [case for case in CASES if not refused_by_design(case)]


def test_the_corpus_is_mostly_legitimate():
    assert len(LEGITIMATE) > 0.98 * len(CASES)


@pytest.mark.parametrize("case", LEGITIMATE)
def test_no_corpus_case_is_refused(case):
    refused = run_guarded(PRELUDE + case)
    assert refused is None, f"the sandbox refused a legitimate program: {refused}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_no_gallery_program_is_refused(path):
    refused = run_guarded(path.read_text(), path.name)
    assert refused is None, f"the sandbox refused {path.name}: {refused}"
