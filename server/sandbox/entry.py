"""The capture of one program in the sandbox: a typed entry point.

The pool names the entry point to the worker template (another process) by its import path;
the template resolves it once and calls it with a `CaptureRequest` for each program. The
default is `capture_in_sandbox` (engine.debug's capture_program under the run's limits); tests
pass their own, e.g. one that turns the Python allowlist off to test the OS layers alone.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import CodeType

from engine.debug import Capture, capture_program
from engine.debug.output import CappedOutput

from .limits import Limits


@dataclass(frozen=True)
class CaptureRequest:
    """Everything the sandbox gives the capture of one program."""

    source: str
    filename: str
    namespace: dict  # the program's globals, builtins and imports seen through the allowlist
    output: CappedOutput  # the program's stdout: the run's cap, read while it runs
    limits: Limits
    keep: str | None  # the retention policy of a long run's steps
    # compiles the program with the allowlist's run-time checks (arming the compile hook)
    compile_source: Callable[[str, str], CodeType] | None
    # called whenever the recording is whole, with a function that builds the capture so far
    checkpoint: Callable[[Callable[[], Capture]], None] | None = None


CaptureEntry = Callable[[CaptureRequest], Capture]


def capture_in_sandbox(request: CaptureRequest) -> Capture:
    limits = request.limits
    return capture_program(
        request.source,
        request.filename,
        namespace=request.namespace,
        output=request.output,
        keep=request.keep,
        compile_source=request.compile_source,
        checkpoint=request.checkpoint,
        keep_values=limits.kept_array_bytes > 0 and limits.kept_total_bytes > 0,
        kept_array_bytes=limits.kept_array_bytes,
        kept_total_bytes=limits.kept_total_bytes,
    )


def reference(entry: CaptureEntry) -> str:
    """How the template finds `entry`: a module-level function's import path."""
    reference = f"{entry.__module__}:{entry.__qualname__}"
    if resolve(reference) is not entry:
        raise ValueError(f"{reference} is not a module-level function the worker can import")
    return reference


def resolve(reference: str) -> CaptureEntry:
    module_name, _, name = reference.partition(":")
    entry: CaptureEntry = getattr(importlib.import_module(module_name), name)
    return entry
