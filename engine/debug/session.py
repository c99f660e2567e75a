"""`capture()` (a block of code) and `capture_program()` (a whole program, for the sandbox and
the CLI): install the recorder, run, and build the Capture.

capture_program decisions, documented here because the sandbox and the CLI rely on them:
- `import tensorflow as tf` and `import tensorflow.contrib.eager as tfe` resolve to the engine
  while the program runs (`tensorflow_alias=True`), and the previous modules are restored after.
- stdout is captured into `Capture.stdout` (capped at `max_stdout` bytes, each print also
  an event with its line) unless `capture_stdout=False`, in which case the caller owns stdout.
  A caller that passes its own `output` (a CappedOutput: its cap, and its `truncated` flag to
  read) gets the text as printed; otherwise a cut output ends with "[output truncated]", for
  the person reading it;
- Python warnings the program triggers (the engine's TF-style ones, NumPy's RuntimeWarnings)
  become warning events instead of going to stderr;
- the arrays the capture keeps for its summaries are bounded (`held_cap`, see spill.py);
- full values above the value cap are kept beside the JSON, in `Capture.values`, within
  `kept_array_bytes` per array and `kept_total_bytes` per run, unless `keep_values=False`
  (see kept_values.py);
- an exception ends the program but not the capture: everything recorded up to it is kept and
  `Capture.error` holds its type, message, the user's line and a traceback of user frames
  (a MemoryError, or an exception with `release_memory` set, as the sandbox's soft memory limit
  raises, first clears the program's namespace so the capture can be built);
- `keep` bounds a long run: every step leaves a small record, only the steps the policy keeps
  leave their full detail (retention.py, steps.py);
- `checkpoint(snapshot)`, when given, is called each time the recording is whole (a tape
  closed, a gradient call ended); `snapshot()` builds the Capture so far (no error yet). The
  caller decides when a snapshot is worth its cost: the sandbox streams them so that a run
  killed outright (a crash, a hard limit) still keeps what it recorded.
"""

import builtins
import linecache
import sys
import traceback
import warnings
from typing import Any

from .. import hooks
from .build import build
from .frames import FrameLocator
from .kept_values import KEPT_ARRAY_BYTES, KEPT_TOTAL_BYTES, ValueKeeper
from .output import CappedOutput
from .recorder import Recorder
from .retention import DEFAULT as DEFAULT_KEEP, parse_keep
from .schema import Capture
from .spill import HELD_BYTES_CAP
from .summaries import VALUE_CAP

MAX_STDOUT = 1_000_000
MAX_PRINT_EVENTS = 10_000  # prints recorded as events (with their line); the rest only printed
MAX_MESSAGE = 16 * 1024  # characters of an exception's message kept (a 30 MB one is cut)
MAX_TRACEBACK = 64 * 1024
_ALIASES = ("tensorflow", "tensorflow.contrib", "tensorflow.contrib.eager")


class capture:
    """`with engine.debug.capture() as cap:` records everything inside the block; `cap` is a
    Capture, filled in when the block exits (`cap.refresh()` fills it with what was recorded
    so far, while still inside)."""

    def __init__(
        self,
        value_cap=VALUE_CAP,
        held_cap=HELD_BYTES_CAP,
        *,
        keep_values=True,
        kept_array_bytes=KEPT_ARRAY_BYTES,
        kept_total_bytes=KEPT_TOTAL_BYTES,
        keep=DEFAULT_KEEP,
    ):
        self.value_cap = value_cap
        self.keep = parse_keep(keep)  # a bad spec fails here, before the block runs
        self.held_cap = held_cap
        self.kept = (keep_values, kept_array_bytes, kept_total_bytes)
        self.recorder: Recorder | None = None
        self.capture: Capture | None = None

    def __enter__(self):
        keeper = ValueKeeper(self.value_cap, *self.kept)
        self.recorder = Recorder(
            sys._getframe(1).f_back, self.value_cap, self.held_cap, keeper, self.keep
        )
        self.capture = Capture()
        self.capture._session = self
        hooks.observers.append(self.recorder)
        return self.capture

    def __exit__(self, exc_type, exc, tb):
        assert self.capture is not None  # entered
        _remove(self.recorder)
        error = error_info(exc, None) if exc is not None else None
        _fill(self.capture, build(self.recorder, self.value_cap, error=error))
        self.capture._session = None
        return False

    def refresh(self, target):
        _fill(target, build(self.recorder, self.value_cap, finish=False))


def capture_program(
    source,
    filename="<program>",
    *,
    value_cap=VALUE_CAP,
    capture_stdout=True,
    max_stdout=MAX_STDOUT,
    tensorflow_alias=True,
    namespace=None,
    held_cap=HELD_BYTES_CAP,
    keep_values=True,
    kept_array_bytes=KEPT_ARRAY_BYTES,
    kept_total_bytes=KEPT_TOTAL_BYTES,
    keep=DEFAULT_KEEP,
    compile_source=None,
    output=None,
    checkpoint=None,
):
    """Runs `source` as a program named `filename` under capture; returns its Capture.
    `keep` is the retention policy of a long run's steps (retention.py).
    `compile_source(source, filename)`, when given, compiles it instead of `compile` (the
    server's sandbox compiles with its run-time checks)."""
    keep = parse_keep(keep)
    keeper = ValueKeeper(value_cap, keep_values, kept_array_bytes, kept_total_bytes)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    program = {"filename": filename, "source": source}
    try:
        if compile_source is not None:
            code = compile_source(source, filename)
        else:
            code = compile(source, filename, "exec")
    except SyntaxError as syntax_error:
        recorder = Recorder(value_cap=value_cap, held_cap=held_cap, keeper=keeper, keep=keep)
        return build(recorder, value_cap, program=program, error=error_info(syntax_error, filename))
    if namespace is None:
        namespace = {"__name__": "__main__", "__file__": filename, "__builtins__": builtins}
    saved_modules = _install_aliases() if tensorflow_alias else None
    FrameLocator.mark_user_file(filename)
    recorder = Recorder(sys._getframe(0), value_cap, held_cap, keeper, keep)
    if capture_stdout:
        output = _Stdout(recorder, output or CappedOutput(max_stdout), marked=output is None)
    else:
        output = None
    saved_stdout = sys.stdout
    error = None
    if output is not None:
        sys.stdout = output
    hooks.observers.append(recorder)
    checkpoints = None
    if checkpoint is not None:

        def snapshot():
            stdout = output.text() if output is not None else ""
            return build(recorder, value_cap, program=program, stdout=stdout, finish=False)

        checkpoints = _Checkpoints(checkpoint, snapshot)
        hooks.observers.append(checkpoints)
    caught = warnings.catch_warnings(record=True)
    raised = caught.__enter__()
    warnings.simplefilter("always")
    try:
        exec(code, namespace)
    except SystemExit as exit_:
        if exit_.code not in (None, 0):
            error = error_info(exit_, filename)
    except BaseException as exc:  # noqa: BLE001 - the program's failure is data, not ours
        error = error_info(exc, filename)
        if isinstance(exc, MemoryError) or getattr(exc, "release_memory", False):
            # out of memory: the program's own objects go before the capture is built
            exc.__traceback__ = None
            namespace.clear()
    finally:
        caught.__exit__(None, None, None)
        _remove(recorder)
        _remove(checkpoints)
        if output is not None:
            sys.stdout = saved_stdout
        if saved_modules is not None:
            _restore_aliases(saved_modules)
    recorder.python_warnings(raised, filename)
    return build(
        recorder,
        value_cap,
        program=program,
        error=error,
        stdout=output.text() if output is not None else "",
    )


def error_info(exc, filename):
    """type, message, and the line in the user's program (the innermost frame in `filename`,
    or outside the engine and libraries when no filename is given)."""
    info: dict[str, Any] = {
        "type": type(exc).__name__,
        "message": _cut(str(exc), MAX_MESSAGE),
        "line": None,
        "location": None,
    }
    if isinstance(exc, SyntaxError) and filename is not None:
        info["line"] = exc.lineno
        info["location"] = {"file": filename, "line": exc.lineno or 0, "function": "<module>"}
        info["traceback"] = _cut(
            "".join(traceback.format_exception_only(type(exc), exc)), MAX_TRACEBACK
        )
        return info
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if _is_user(f.filename, filename)]
    if frames:
        last = frames[-1]
        info["line"] = last.lineno
        info["location"] = {"file": last.filename, "line": last.lineno, "function": last.name}
    only = traceback.format_exception_only(type(exc), exc)
    info["traceback"] = _cut(
        "".join(traceback.format_list(frames[-100:])) + _cut("".join(only), MAX_MESSAGE),
        MAX_TRACEBACK,
    )
    return info


def _cut(text, limit):
    """`text` within `limit` characters, marked when cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[truncated: {len(text) - limit:,} more characters]"


def _is_user(path, filename):
    if filename is not None:
        return path == filename
    import os

    from .frames import _library_prefixes

    return not os.path.abspath(path).startswith(_library_prefixes())


def _fill(target, built):
    # The built model's validated fields as they are (setattr would go through pydantic's
    # assignment machinery field by field, for values it has just validated).
    target.__dict__.update(built.__dict__)
    target.__pydantic_fields_set__ = set(built.__pydantic_fields_set__)
    target._values = built._values


def _remove(observer):
    for index in range(len(hooks.observers) - 1, -1, -1):
        if hooks.observers[index] is observer:
            del hooks.observers[index]
            return


def _install_aliases():
    import engine
    import engine.contrib.eager

    modules = {
        "tensorflow": engine,
        "tensorflow.contrib": engine.contrib,
        "tensorflow.contrib.eager": engine.contrib.eager,
    }
    saved = {name: sys.modules.get(name) for name in _ALIASES}
    sys.modules.update(modules)
    return saved


def _restore_aliases(saved):
    for name, module in saved.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module


class _Checkpoints(hooks.Observer):
    """Offers `checkpoint` a snapshot whenever the recording is whole (after the recorder,
    which is installed before it, has taken the event in)."""

    def __init__(self, checkpoint, snapshot):
        self.checkpoint = checkpoint
        self.snapshot = snapshot

    def tape_event(self, tape, kind, tensor=None):
        if kind == "exit":
            self.checkpoint(self.snapshot)

    def gradient_finished(self, tape, results, error):
        self.checkpoint(self.snapshot)


class _Stdout:
    """Writes what the program prints to its CappedOutput and tells the recorder where it
    printed."""

    def __init__(self, recorder, output, marked):
        self._recorder = recorder
        self._output = output
        self._marked = marked
        self._events = 0

    @property
    def truncated(self):
        return self._output.truncated

    def write(self, text):
        text = str(text)
        if self._output.truncated:
            return len(text)  # past the cap: a flood of prints costs one test each
        self._output.write(text)
        # A loop printing a million lines ends as truncated output, not as a million events.
        if not self._output.truncated and self._events < MAX_PRINT_EVENTS and text.strip():
            self._events += 1
            self._recorder.printed(text)
        return len(text)

    def flush(self):
        pass

    def text(self):
        out = self._output.getvalue()
        return out + ("\n[output truncated]\n" if self._marked and self.truncated else "")
