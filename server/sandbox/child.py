"""One program in one fresh process (forked from the zygote): limits, allowlist, capture, report.

Runs inside the sandbox. Everything a program could use to outlive or escape its limits is set
up before the program's first line: rlimits, the watchdog thread (created before the process
limit forbids new threads), the CPU-limit handler, the program's own builtins and stdout.
"""

import contextlib
import os
import resource
import signal
import socket
import sys
import threading
import time

import engine.debug.schema as engine_debug_schema
from engine import hooks
from engine.debug.schema import Capture, ErrorInfo, MemoryTimeline, ProgramInfo

from . import protocol
from .entry import CaptureEntry, CaptureRequest
from .guard.compile_hook import CompileHook
from .guard.policy import SandboxError
from .guard.program import check_program, compile_program, program_namespace
from .limits import (
    CPULimitExceeded,
    Limits,
    MemoryLimitExceeded,
    SoftLimit,
    TimeLimitExceeded,
    limit_error,
)
from .streaming import SNAPSHOT_MEMORY, Channel, Snapshots, StreamedOutput

POLL_SECONDS = 0.02  # the watchdog's look at the clock and the memory in use
SOFT_MEMORY = 0.85  # of the memory limit: the program is stopped here, its capture is built
HARD_GRACE = 1.5  # seconds a stopped program has to build its capture before the hard stop


class Child:
    def __init__(self, sock: socket.socket, limits: Limits, capture: CaptureEntry, views):
        self.socket = sock
        self.channel = Channel(sock)
        self.limits = limits
        self.capture = capture
        self.views = views
        self.namespace: dict = {}
        self.kept_values = None  # the capture's full values above its inline cap
        self.stdout = StreamedOutput(limits.stdout_bytes, self.channel)  # the run's one cap
        self.report_lock = threading.Lock()  # one report only: the result or a limit
        self.finished = threading.Event()
        self.main_thread = threading.get_ident()
        self.stopped_at: float | None = None  # when a soft limit stopped the program
        # A soft limit that strikes while a snapshot is built or sent waits for its end
        # (an exception in the middle would leave half a message on the channel). Both are the
        # program thread's own: the signal handler that defers a stop runs there too.
        self.in_snapshot = 0  # depth: a print inside a snapshot's own code nests
        self.deferred_stop: type[SoftLimit] | None = None
        self.signalled_stop: type[SoftLimit] | None = None  # for the SIGUSR1 handler

    def run(self, layers) -> None:
        _reseed()
        self._set_rlimits()
        # First words on the channel, before any program exists: the server learns this
        # process's pid from the message's credentials (to put it in the run's cgroup).
        self.channel.send(protocol.encode_header(type="hello", layers=layers.active))
        request = protocol.decode_request(self._read_line())
        self.keep = request.get("keep")
        self.started = time.monotonic()
        threading.Thread(target=self._watchdog, daemon=True).start()
        # No new processes or threads from here on (enforced for any user but root).
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
        signal.signal(signal.SIGXCPU, self._cpu_limit)
        signal.signal(signal.SIGUSR1, self._soft_limit)
        sys.stdout = sys.stderr = self.stdout
        self.stdout.stops_deferred = self._stops_deferred  # from here on, it is the program's
        try:
            payload = self._capture_json(request["code"], request["filename"])
        except MemoryError:
            payload = None
        values = self._values_npz() if payload is not None else b""
        self.finished.set()
        if payload is None:
            self._report_limit("memory", None)
        elif len(payload) > self.limits.capture_bytes:
            self._report_limit("capture", None, f"the capture is {len(payload):,} bytes")
        else:
            self._report(
                protocol.encode_header(
                    type="result",
                    bytes=len(payload),
                    values_bytes=len(values),
                    stdout_truncated=self.stdout.truncated,
                ),
                payload,
                values,
            )
        os._exit(0)

    # Setting up -------------------------------------------------------------------------------

    def _set_rlimits(self) -> None:
        limits = self.limits
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 2))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_size_bytes, limits.file_size_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))  # socket buffers are memory too
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails, not the process

    def _read_line(self) -> bytes:
        buffer = bytearray()
        while not buffer.endswith(b"\n"):
            chunk = self.socket.recv(1 << 16)
            if not chunk:
                os._exit(0)  # the server gave up on this worker
            buffer += chunk
        return bytes(buffer)

    # Running ----------------------------------------------------------------------------------

    def _capture_json(self, source: str, filename: str) -> bytes | bytearray:
        try:
            check_program(source, filename)
        except SyntaxError as error:
            return (
                _error_capture(
                    source,
                    filename,
                    "SyntaxError",
                    error.msg or str(error),
                    error.lineno,
                    self.stdout,
                )
                .to_json()
                .encode()
            )
        except (RecursionError, MemoryError) as error:
            # 49,000-term sums, 99,000 unary minus signs: Python's parser gives up on them
            message = f"the program is nested too deeply to compile ({error})"
            return (
                _error_capture(source, filename, type(error).__name__, message, None, self.stdout)
                .to_json()
                .encode()
            )
        except SandboxError as error:
            return (
                _error_capture(
                    source,
                    filename,
                    "SandboxError",
                    str(error),
                    getattr(error, "lineno", None),
                    self.stdout,
                )
                .to_json()
                .encode()
            )
        self.namespace = program_namespace(self.views)
        hook = CompileHook()  # armed once the program itself is compiled
        request = CaptureRequest(
            source=source,
            filename=filename,
            namespace=self.namespace,
            output=self.stdout,
            limits=self.limits,
            keep=self.keep,
            compile_source=lambda text, name: compile_program(text, name, hook.arm),
            checkpoint=Snapshots(
                self.channel, self.limits.capture_bytes, self._snapshot_wanted, self._stops_deferred
            ),
        )
        try:
            capture = self.capture(request)
            self.kept_values = getattr(capture, "values", None)
            stopped = capture.error
            if self._stop_kind is not None and stopped is not None and stopped.line is None:
                # The soft limit's exception can surface where no frame of the program is on
                # the stack (an engine.debug event raised it): the line the watchdog saw stands.
                stopped.line = self._stop_line
        except MemoryError:
            raise
        # SystemExit and friends escape a capture's `except Exception`
        except BaseException as error:  # noqa: BLE001
            capture = _error_capture(
                source,
                filename,
                type(error).__name__,
                str(error),
                self._traceback_line(error),
                self.stdout,
            )
        capture.stdout = self.stdout.getvalue()  # the run's output, whoever captured it
        payload = capture.to_json_bytes()
        if len(payload) > self.limits.capture_bytes:
            payload = _within(capture, len(payload), self.limits).to_json_bytes()
            self.kept_values = None  # their tensors are not in the reduced capture
        return payload

    def _traceback_line(self, error) -> int | None:
        line, traceback = None, error.__traceback__
        while traceback is not None:
            if traceback.tb_frame.f_globals is self.namespace:
                line = traceback.tb_lineno
            traceback = traceback.tb_next
        return line

    def _program_line(self, frame) -> int | None:
        """The line the program is on: its innermost frame below `frame`."""
        while frame is not None:
            if frame.f_globals is self.namespace:
                return frame.f_lineno
            frame = frame.f_back
        return None

    # Limits -----------------------------------------------------------------------------------

    def _watchdog(self) -> None:
        """Soft limits first: at the wall time, or when the memory in use nears its limit,
        the program is stopped where it is (an exception raised in it), so engine.debug keeps
        the capture of what ran. A program that does not stop within HARD_GRACE (inside a
        long NumPy call, or catching BaseException) is ended without it."""
        soft_time = self.started + self.limits.wall_seconds
        soft_memory = int(self.limits.memory_bytes * SOFT_MEMORY)
        while not self.finished.wait(POLL_SECONDS):
            self.stdout.send_new()
            now = time.monotonic()
            if self.stopped_at is not None:
                self._send_stop_notice()
                if now >= self.stopped_at + HARD_GRACE:
                    break
                continue
            if now >= soft_time:
                if self._stop(TimeLimitExceeded) is None:
                    break  # not in the program (building its capture): no waiting longer
            elif _address_space() > soft_memory:
                self._stop(MemoryLimitExceeded)
        else:
            return
        if self.report_lock.locked():
            return  # the capture is being sent: the pool's own deadline bounds it
        frame = sys._current_frames().get(self.main_thread)
        line = self._program_line(frame) or self._stop_line
        self._report_limit(self._stop_kind or "time", line)
        os._exit(3)

    _stop_kind: str | None = None
    _stop_line: int | None = None  # where the soft limit stopped it (its capture still building)

    def _stop(self, stop: type[SoftLimit]) -> bool | None:
        """Stops the program with `stop` if it is running (True); None if it is not. Where
        and when (now, at a snapshot's end, at the recorder's next event) is decided in the
        program's thread (_stop_here)."""
        frame = sys._current_frames().get(self.main_thread)
        self._stop_line = self._program_line(frame)
        if self._stop_line is None:
            return None
        self._raise_in_program(stop)
        self._stop_kind = stop.kind
        self.stopped_at = time.monotonic()
        self._stop_notice = protocol.encode_header(
            type="stopping", kind=stop.kind, line=self._stop_line
        )
        self._send_stop_notice()
        return True

    _stop_notice: bytes | None = None

    def _send_stop_notice(self) -> None:
        """Tells the server at once which limit stopped the program at which line, so that a
        run killed while its capture is built (the cgroup's memory limit, the pool's deadline)
        still says where it stopped. While a snapshot holds the channel, the next poll tries
        again."""
        if self._stop_notice is not None and self.channel.send(self._stop_notice, wait=0):
            self._stop_notice = None

    def _raise_in_program(self, stop: type[SoftLimit]) -> None:
        """Not from this thread: where the program is by the time an exception raised from
        here (PyThreadState_SetAsyncExc) arrives is not where this thread saw it, and one that
        arrives in the recorder's middle leaves half-written records (a step neither kept nor
        dropped, its gradient call in the capture without its record). A signal's handler runs
        in the program's own thread, between two of its bytecodes, and decides there."""
        self.signalled_stop = stop
        signal.pthread_kill(self.main_thread, signal.SIGUSR1)

    def _soft_limit(self, signum, frame) -> None:
        stop, self.signalled_stop = self.signalled_stop, None
        if stop is not None and self._program_line(frame) is not None:
            self._stop_here(stop, frame)

    def _stop_here(self, stop: type[SoftLimit], frame) -> None:
        """In the program's thread (a signal handler): raises `stop` where the program is, or
        has it raised later, when the program is inside a snapshot (at its end) or inside
        engine.debug's recorder (at its next event, before it writes)."""
        if self.in_snapshot:
            self.deferred_stop = stop
            return
        recorder = next((o for o in hooks.observers if hasattr(o, "request_stop")), None)
        if recorder is not None and _in_recorder(frame):
            recorder.request_stop(stop)
            return
        raise stop()

    @contextlib.contextmanager
    def _stops_deferred(self):
        """Around a snapshot or output being sent: a soft limit waits for its end, then is
        raised."""
        self.in_snapshot += 1
        try:
            yield
        finally:
            self.in_snapshot -= 1
            stop = None
            if not self.in_snapshot:
                stop, self.deferred_stop = self.deferred_stop, None
            if stop is not None:
                raise stop()

    def _snapshot_wanted(self) -> bool:
        """Not once a limit stopped the program (its capture is being built), nor without
        memory to spare (building one must not bring on the memory limit)."""
        if self.stopped_at is not None:
            return False
        return _address_space() < self.limits.memory_bytes * SNAPSHOT_MEMORY

    def _cpu_limit(self, signum, frame) -> None:
        if self.stopped_at is None and self._program_line(frame) is not None:
            self._stop_kind = "cpu"
            self.stopped_at = time.monotonic()
            self._stop_here(CPULimitExceeded, frame)  # the hard CPU limit ends a stuck build
            return
        self._report_limit("cpu", self._program_line(frame))
        os._exit(3)

    def _report_limit(self, kind: str, line, detail: str = "") -> None:
        self._report(
            protocol.encode_header(
                type="limit",
                kind=kind,
                line=line,
                detail=detail,
                stdout=self.stdout.getvalue(),
                stdout_truncated=self.stdout.truncated,
            )
        )

    def _values_npz(self) -> bytes:
        """The full values kept beside the capture, as .npz; b"" when there are none, or when
        they do not fit in the memory left or under the cap (the run keeps its capture)."""
        if not self.kept_values:
            return b""
        try:
            data = self.kept_values.to_npz()
        except MemoryError:
            return b""
        return data if len(data) <= self.limits.kept_values_wire_bytes else b""

    def _report(self, header: bytes, *payloads: bytes | bytearray) -> None:
        if not self.report_lock.acquire(blocking=False):
            return  # the other report is being written
        # from the watchdog, a snapshot being sent may hold the channel: not for long
        self.channel.send(header, *payloads, wait=HARD_GRACE)


# engine/debug: the recorder's own code, where a soft limit waits its turn
_RECORDER_DIR = os.path.dirname(os.path.abspath(engine_debug_schema.__file__)) + os.sep


def _in_recorder(frame) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith(_RECORDER_DIR):
            return True
        frame = frame.f_back
    return False


def _address_space() -> int:
    """Bytes of address space in use (what RLIMIT_AS limits); 0 when /proc is not there."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _within(capture: Capture, size: int, limits: Limits) -> Capture:
    """A capture over the size limit, cut to what is sure to fit: the program, its output,
    the per-step records and the findings, without the tensors, ops, tapes and calls."""
    error_type, message = limit_error(
        "capture",
        limits,
        capture.error.line if capture.error else None,
        f"the capture is {size:,} bytes; its tensors, ops and calls were left out",
    )
    findings = [
        f.model_copy(update={"tensors": [], "ops": [], "call": None}) for f in capture.findings
    ]
    steps = [s.model_copy(update={"kept": []}) for s in capture.steps]
    reduced = capture.model_copy(
        update={
            "tensors": [],
            "ops": [],
            "tapes": [],
            "events": [],
            "calls": [],
            "memory": MemoryTimeline(),
            "findings": findings,
            "steps": steps,
            "error": ErrorInfo(
                type=error_type,
                message=message,
                line=capture.error.line if capture.error else None,
            ),
        }
    )
    if len(reduced.to_json()) > limits.capture_bytes:
        reduced = reduced.model_copy(update={"steps": [], "sites": []})
    return reduced


def _error_capture(source, filename, error_type, message, line, stdout) -> Capture:
    """The capture of a program that stopped before (or outside) the engine's capture."""
    return Capture(
        program=ProgramInfo(filename=filename, source=source),
        error=ErrorInfo(type=error_type, message=message, line=line),
        stdout=stdout.getvalue(),
    )


def _reseed() -> None:
    """Every run is forked from the same zygote, so without this NumPy's legacy global RNG
    (np.random.rand) and Python's `random` would give every run the same numbers."""
    import random

    import numpy as np

    seed = int.from_bytes(os.urandom(8), "little")
    np.random.seed(seed % 2**32)
    random.seed(seed)
