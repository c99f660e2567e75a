"""What a worker sends while its program runs, so that a run killed outright (a crash, a hard
limit, a long call in C that no soft limit can interrupt) still keeps what it printed and
recorded: its output as it grows, and snapshots of its capture each time the recording is
whole, through the whole run, as long as snapshots have taken (in CPU time) at most a tenth of
its time (plus a small allowance, so that a short run sends every one): past that share, the
offers are skipped until the run's time makes room for another (see Snapshots).

Messages are whole or not sent: the channel has one lock, and soft limits that strike while a
snapshot is built or sent wait for it to end (the child defers them).
"""

import socket
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

from engine.debug import Capture
from engine.debug.output import CappedOutput

from . import protocol

SNAPSHOT_SHARE = 0.1  # of the run's time spent on snapshots, at most
SNAPSHOT_ALLOWANCE = 0.1  # seconds of snapshots any run may spend beyond that share
OUTPUT_BATCH_SECONDS = 0.005  # a print after a quiet spell is sent at once; a flood in batches
SNAPSHOT_MEMORY = 0.6  # of the memory limit: above it no snapshot is built (it needs room)


class Channel:
    """The worker's end of its socket to the server: whole messages, from either thread."""

    def __init__(self, sock: socket.socket):
        self.socket = sock
        self._lock = threading.Lock()

    def send(self, header: bytes, *payloads: bytes | bytearray, wait: float | None = None) -> bool:
        """Sends one message; `wait`: seconds to wait for the channel (None: as long as it
        takes, 0: not at all). False if it was busy or closed."""
        if wait is None:
            acquired = self._lock.acquire()
        else:
            acquired = self._lock.acquire(timeout=wait) if wait > 0 else self._lock.acquire(False)
        if not acquired:
            return False
        try:
            self.socket.sendall(header)
            for payload in payloads:
                if payload:
                    self.socket.sendall(payload)
            return True
        except OSError:
            return False
        finally:
            self._lock.release()


class Snapshots:
    """engine.debug's checkpoint: sends the capture so far when snapshots, this one included
    (it costs about what the last did), stay within their share of the time. A long loop's
    capture is bounded by its retention policy, so is a snapshot's cost: they go on through the
    loop, one every few steps once the share is reached."""

    def __init__(
        self,
        channel: Channel,
        capture_bytes: int,
        wanted: Callable[[], bool],
        stops_deferred: Callable[[], AbstractContextManager],
    ):
        self.channel = channel
        self.capture_bytes = capture_bytes
        self.wanted = wanted  # False while the program is being stopped, or memory is short
        self.stops_deferred = stops_deferred
        self.started = time.monotonic()
        self.spent = 0.0  # CPU seconds spent on snapshots
        self.last_cost = 0.0

    def __call__(self, snapshot: Callable[[], Capture]) -> None:
        # A snapshot's cost is the CPU time of the program's thread: on a busy machine its wall
        # time grows with the neighbours' load, and a short run would lose the snapshots it
        # needs (that after its gradient call) to time it spent waiting for a core.
        started = time.thread_time()
        budget = SNAPSHOT_SHARE * (time.monotonic() - self.started) + SNAPSHOT_ALLOWANCE
        if not self.wanted() or self.spent + self.last_cost > budget:
            return
        with self.stops_deferred():
            try:
                capture = snapshot()
                payload = capture.to_json_bytes()
            except (Exception, MemoryError):  # noqa: BLE001 - a best effort: the program goes on
                capture, payload = None, bytearray()
            if 0 < len(payload) <= self.capture_bytes:
                header = protocol.encode_header(type="partial", bytes=len(payload))
                self.channel.send(header, payload)
        self.last_cost = time.thread_time() - started
        self.spent += self.last_cost


class StreamedOutput(CappedOutput):
    """The program's stdout (the run's one cap), sent to the server as it is written: a run
    that crashes right after a print still keeps it. A write that ends a line sends what is
    new, at most once per OUTPUT_BATCH_SECONDS (a flood goes in batches); the watchdog sends
    what the writes left (a line not ended, a batch not yet due, the channel busy)."""

    def __init__(self, cap_bytes: int, channel: Channel):
        super().__init__(cap_bytes)
        self.channel = channel
        self.stops_deferred: Callable[[], AbstractContextManager] | None = None
        self._sent = 0  # parts sent
        self._sent_truncated = False
        self._last_send = 0.0
        self._sending = threading.Lock()  # one sender at a time: no text sent twice

    def write(self, text: str) -> int:
        written = super().write(text)
        # a line is sent when it ends (print writes its newline apart), a flood in batches
        unsent = len(self._parts) > self._sent or self.truncated != self._sent_truncated
        if not unsent or not text.endswith("\n"):
            return written
        if time.monotonic() < self._last_send + OUTPUT_BATCH_SECONDS:
            return written
        if self.stops_deferred is not None:
            with self.stops_deferred():
                self.send_new()
        return written

    def send_new(self) -> None:
        """Sends what was written since the last send, unless another thread is sending it
        or the channel is busy (the next write or the watchdog then sends it)."""
        if not self._sending.acquire(blocking=False):
            return
        try:
            text, mark = self.since(self._sent)
            truncated = self.truncated
            if not text and truncated == self._sent_truncated:
                return
            header = protocol.encode_header(type="output", text=text, truncated=truncated)
            if self.channel.send(header, wait=0):
                self._sent, self._sent_truncated = mark, truncated
                self._last_send = time.monotonic()
                if truncated:  # all that is kept is sent: past the cap, a plain capped write
                    self.write = super().write  # type: ignore[method-assign]
        finally:
            self._sending.release()
