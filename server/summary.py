"""From a capture to what the API says about a run: summary, title, status."""

import ast
import inspect
import io
import tokenize
from datetime import datetime

from engine.debug.schema import Capture, ErrorInfo, ProgramInfo

from .models import CallBrief, FindingCounts, RunSummary, TapeBrief
from .sandbox.limits import STOPS, Limits, limit_error
from .sandbox.pool import RunOutcome
from .store.run_store import run_url

MEMORY_ERRORS = ("MemoryError", "_ArrayMemoryError")
TOO_DEEP = "the program is nested too deeply"  # the worker's parser gave up: not a memory limit


def capture_of_outcome(
    outcome: RunOutcome, code: str, filename: str, limits: Limits
) -> tuple[Capture, str]:
    """The capture to store for a sandboxed run, and its status (ok, error, limit, crashed)."""
    program = ProgramInfo(filename=filename, source=code)
    if outcome.capture_json is not None:
        try:
            capture = Capture.model_validate_json(outcome.capture_json)
        except ValueError as invalid:
            unreadable = f"the worker returned an unreadable capture ({invalid.__class__.__name__})"
            return _stopped(Capture(program=program), "WorkerCrashed", unreadable, None, ""), (
                "crashed"
            )
        if capture.program != program:
            # The program is the server's to say: a worker's capture naming another program
            # (another run's source, say) is stored with this run's own, re-serialized.
            capture.program = program
            outcome.capture_json = None
        error = capture.error
        if error is not None and (
            error.type in STOPS
            or (error.type in MEMORY_ERRORS and not error.message.startswith(TOO_DEEP))
        ):
            # A MemoryError is the address-space limit speaking, a soft limit stopped the
            # program (sandbox/child.py): say which, keep what was captured. (Not when
            # Python's parser gave up on a program nested too deeply.)
            kind = STOPS.get(error.type, "memory")
            error_type, message = limit_error(kind, limits, error.line)
            capture.error = ErrorInfo(
                type=error_type,
                message=message,
                line=error.line,
                location=error.location,
                traceback=error.traceback,
            )
            return capture, "limit"
        if error is not None and error.type == "CaptureLimitExceeded":
            return capture, "limit"
        return capture, "error" if error is not None else "ok"
    partial = _partial(outcome.partial_json, program)
    if outcome.limit is not None:
        error_type, message = limit_error(outcome.limit, limits, outcome.line, outcome.detail)
        return _stopped(partial, error_type, message, outcome.line, outcome.stdout), "limit"
    crash = outcome.crash or "the worker stopped"
    return _stopped(partial, "WorkerCrashed", crash, None, outcome.stdout), "crashed"


def capture_of_cancel(outcome: RunOutcome, code: str, filename: str, message: str) -> Capture:
    """A run the user cancelled: what it had recorded and printed, as a limit's run keeps."""
    partial = _partial(outcome.partial_json, ProgramInfo(filename=filename, source=code))
    return _stopped(partial, "Cancelled", message, None, outcome.stdout)


def _partial(snapshot: bytes | None, program: ProgramInfo) -> Capture:
    """What a run that ended without a result had recorded (its last snapshot, sandbox/
    streaming.py), as this run's program; an empty capture when there is none or it does not
    read back."""
    if snapshot is not None:
        try:
            capture = Capture.model_validate_json(snapshot)
            capture.program = program  # the server's to say, whatever the worker wrote
            return capture
        except ValueError:
            pass
    return Capture(program=program)


def _stopped(capture: Capture, error_type, message, line, stdout) -> Capture:
    """`capture` (all that was recorded) ended by a limit or a crash, with the output so far."""
    capture.error = ErrorInfo(type=error_type, message=message, line=line)
    capture.stdout = stdout or capture.stdout
    return capture


def summarize(
    run_id: str,
    created: datetime,
    origin: str,
    status: str,
    capture: Capture,
    stdout_truncated: bool = False,
    duration_ms: float | None = None,
) -> RunSummary:
    records = {tape.id: len(tape.records) for tape in capture.tapes}
    counts = FindingCounts()
    for finding in capture.findings:
        setattr(counts, finding.severity, getattr(counts, finding.severity) + 1)
    return RunSummary(
        id=run_id,
        url=run_url(run_id),
        created=created,
        origin=origin,
        status=status,
        filename=capture.program.filename if capture.program else "upload.py",
        stdout=capture.stdout,
        stdout_truncated=stdout_truncated,
        error=capture.error,
        duration_ms=None if duration_ms is None else round(duration_ms, 1),
        tensors=len(capture.tensors),
        ops=len(capture.ops),
        tapes=[
            TapeBrief(
                id=tape.id,
                persistent=tape.persistent,
                watch_accessed_variables=tape.watch_accessed_variables,
                records=records[tape.id],
                line=tape.location.line if tape.location else None,
            )
            for tape in capture.tapes
        ],
        calls=[
            CallBrief(
                id=call.id,
                tape=call.tape,
                kind=call.kind,
                line=call.location.line if call.location else None,
                sources=len(call.sources),
                none_gradients=sum(result.gradient is None for result in call.results),
                steps=len(call.steps),
                error=call.error,
            )
            for call in capture.calls
        ],
        findings=counts,
        memory_peak=capture.memory.peak,
        keep=capture.keep,
        steps=sum(len(site.order) for site in capture.steps),
    )


def title_of(capture: Capture) -> str:
    """The program's docstring title, else its first line of code, else its file name."""
    if capture.program is None:
        return "uploaded capture"
    source = capture.program.source
    docstring = leading_docstring(source)
    if docstring:
        return docstring.strip().splitlines()[0][:200]
    for line in source.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return line.strip()[:200]
    return capture.program.filename


DOCSTRING_CHARS = 100_000


def leading_docstring(source: str) -> str | None:
    """The module docstring, read from the first tokens only: never `ast.parse` of the whole
    program, which holds the interpreter for seconds and gigabytes on a large or deeply nested
    one (a 2 MiB upload; 99,000 unary minus signs), and fails on 49,000-term sums."""
    tokens = tokenize.generate_tokens(io.StringIO(source[: DOCSTRING_CHARS * 2]).readline)
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENCODING}
    try:
        for token in tokens:
            if token.type in skip:
                continue
            if token.type != tokenize.STRING or len(token.string) > DOCSTRING_CHARS:
                return None
            text = ast.literal_eval(token.string)
            return inspect.cleandoc(text) if isinstance(text, str) else None
    except (SyntaxError, ValueError, tokenize.TokenError, MemoryError, RecursionError):
        return None
    return None
