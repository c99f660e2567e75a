"""One program in one fresh process (forked from the zygote): limits, allowlist, capture, report.

Runs inside the sandbox. Everything a program could use to outlive or escape its limits is set
up before the program's first line: rlimits, the watchdog thread (created before the process
limit forbids new threads), the CPU-limit handler, the program's own builtins and stdout.
"""

import os
import resource
import signal
import socket
import sys
import threading
import time

from engine.debug.schema import Capture, ErrorInfo, ProgramInfo

from . import protocol
from .capped_stdout import CappedStdout
from .guard.policy import SandboxError
from .guard.program import check_program, program_namespace
from .limits import Limits

TRUNCATED_MARK = "[output truncated]\n"  # what engine.debug appends to a capped stdout


class Child:
    def __init__(self, channel: socket.socket, limits: Limits, run_capture, views):
        self.channel = channel
        self.limits = limits
        self.run_capture = run_capture  # (source, filename, namespace) -> Capture
        self.views = views
        self.namespace: dict = {}
        self.kept_values = None  # the capture's full values above its inline cap
        self.stdout = CappedStdout(limits.stdout_bytes)
        self.report_lock = threading.Lock()  # one report only: the result or a limit
        self.finished = threading.Event()
        self.main_thread = threading.get_ident()

    def run(self) -> None:
        _reseed()
        self._set_rlimits()
        request = protocol.decode_header(self._read_line())
        self.started = time.monotonic()
        threading.Thread(target=self._watchdog, daemon=True).start()
        # No new processes or threads from here on (enforced for any user but root).
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
        signal.signal(signal.SIGXCPU, self._cpu_limit)
        sys.stdout = sys.stderr = self.stdout
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
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails, not the process

    def _read_line(self) -> bytes:
        buffer = bytearray()
        while not buffer.endswith(b"\n"):
            chunk = self.channel.recv(1 << 16)
            if not chunk:
                os._exit(0)  # the server gave up on this worker
            buffer += chunk
        return bytes(buffer)

    # Running ----------------------------------------------------------------------------------

    def _capture_json(self, source: str, filename: str) -> bytes:
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
        try:
            capture = self.run_capture(source, filename, self.namespace)
            self.kept_values = getattr(capture, "values", None)
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
        if not capture.stdout and self.stdout.getvalue():
            capture.stdout = self.stdout.getvalue()
        if capture.stdout.endswith(TRUNCATED_MARK):
            self.stdout.truncated = True
        if len(capture.stdout.encode("utf-8", "replace")) > self.limits.stdout_bytes:
            capped = CappedStdout(self.limits.stdout_bytes)
            capped.write(capture.stdout)
            capture.stdout, self.stdout.truncated = capped.getvalue(), True
        return capture.to_json().encode()

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
        if self.finished.wait(self.limits.wall_seconds):
            return
        frame = sys._current_frames().get(self.main_thread)
        self._report_limit("time", self._program_line(frame))
        os._exit(3)

    def _cpu_limit(self, signum, frame) -> None:
        self._report_limit("cpu", self._program_line(frame))
        os._exit(3)

    def _report_limit(self, kind: str, line, detail: str = "") -> None:
        self._report(
            protocol.encode_header(
                type="limit",
                kind=kind,
                line=line,
                detail=detail,
                stdout=self._stdout_so_far(),
                stdout_truncated=self.stdout.truncated,
            )
        )

    def _stdout_so_far(self) -> str:
        """What the program printed before it was stopped (the capture's own stdout, if it
        replaced ours, keeps it in `text()`)."""
        current = sys.stdout
        text = getattr(current, "text", None)
        if current is not self.stdout and callable(text):
            capped = CappedStdout(self.limits.stdout_bytes)
            try:
                capped.write(text())
            except Exception:  # noqa: BLE001 - a best effort while stopping
                pass
            self.stdout.truncated = self.stdout.truncated or capped.truncated
            return capped.getvalue()
        return self.stdout.getvalue()

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

    def _report(self, header: bytes, *payloads: bytes) -> None:
        if not self.report_lock.acquire(blocking=False):
            return  # the other report is being written
        try:
            self.channel.sendall(header)
            for payload in payloads:
                if payload:
                    self.channel.sendall(payload)
        except OSError:
            pass


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
