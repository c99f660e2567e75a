"""Caps on what one run stores: error messages, tracebacks, events and stdout, each cut with a
mark saying how much was left out, so that one run (a 30 MB exception message, a loop printing
a million lines) cannot fill the database or every reader's memory."""

from engine.debug.schema import Capture, ErrorInfo, Event

MESSAGE_CHARS = 16 * 1024
TRACEBACK_CHARS = 64 * 1024
STDOUT_CHARS = 1024 * 1024
MAX_EVENTS = 100_000  # a long training loop reads and assigns variables at every step
TRUNCATED = "\n[truncated: {:,} more characters]"


def cut(text: str, limit: int) -> tuple[str, bool]:
    """`text` within `limit` characters, with a mark saying how many were left out."""
    if len(text) <= limit:
        return text, False
    return text[:limit] + TRUNCATED.format(len(text) - limit), True


def _bound_error(error: ErrorInfo | None) -> bool:
    if error is None:
        return False
    error.message, cut_message = cut(error.message, MESSAGE_CHARS)
    error.type, cut_type = cut(error.type, 200)
    cut_traceback = False
    if error.traceback is not None:
        error.traceback, cut_traceback = cut(error.traceback, TRACEBACK_CHARS)
    return cut_message or cut_type or cut_traceback


def bound_capture(capture: Capture) -> bool:
    """Cut what is over its cap, in place; True if anything was cut."""
    changed = _bound_error(capture.error)
    for call in capture.calls:
        changed = _bound_error(call.error) or changed
    capture.stdout, cut_stdout = cut(capture.stdout, STDOUT_CHARS)
    changed = changed or cut_stdout
    for event in capture.events[:MAX_EVENTS]:
        if event.message is not None and len(event.message) > MESSAGE_CHARS:
            event.message, _ = cut(event.message, MESSAGE_CHARS)
            changed = True
    if len(capture.events) > MAX_EVENTS:
        dropped = len(capture.events) - MAX_EVENTS
        last = capture.events[MAX_EVENTS - 1]
        capture.events = capture.events[:MAX_EVENTS] + [
            Event(
                seq=last.seq,
                kind="warning",
                message=f"[truncated: {dropped:,} more events were not stored]",
            )
        ]
        changed = True
    if capture.program is not None:
        capture.program.filename, cut_name = cut(capture.program.filename, 500)
        changed = changed or cut_name
    return changed
