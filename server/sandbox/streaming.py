"""What a worker sends while its program runs, so that a run killed outright (a crash, a hard
limit, a long call in C that no soft limit can interrupt) still keeps what it printed and
recorded: its output as it grows, and snapshots of its capture each time the recording is
whole, as often as they cost at most a tenth of the run's time.

Messages are whole or not sent: the channel has one lock, and soft limits that strike while a
snapshot is built or sent wait for it to end (the child defers them).
"""

import socket
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

from engine.debug import Capture

from . import protocol

SNAPSHOT_SHARE = 0.1  # of the run's time spent on snapshots, at most
SNAPSHOT_MEMORY = 0.6  # of the memory limit: above it no snapshot is built (it needs room)


class Channel:
    """The worker's end of its socket to the server: whole messages, from either thread."""

    def __init__(self, sock: socket.socket):
        self.socket = sock
        self._lock = threading.Lock()

    def send(self, header: bytes, *payloads: bytes, wait: float | None = None) -> bool:
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
    """engine.debug's checkpoint: sends the capture so far when the last one is old enough
    that building this one keeps snapshots within SNAPSHOT_SHARE of the time."""

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
        self.next_due = 0.0
        self.sent = 0

    def __call__(self, snapshot: Callable[[], Capture]) -> None:
        started = time.monotonic()
        if started < self.next_due or not self.wanted():
            return
        with self.stops_deferred():
            try:
                payload = snapshot().to_json().encode()
            except (Exception, MemoryError):  # noqa: BLE001 - a best effort: the program goes on
                payload = b""
            if 0 < len(payload) <= self.capture_bytes:
                header = protocol.encode_header(type="partial", bytes=len(payload))
                self.sent += self.channel.send(header, payload)
        self.next_due = started + (time.monotonic() - started) / SNAPSHOT_SHARE


class OutputStream:
    """Sends what the program printed since the last call (the watchdog calls it)."""

    def __init__(self, channel: Channel, output):
        self.channel = channel
        self.output = output
        self.mark = 0
        self.truncated = False

    def flush(self) -> None:
        text, mark = self.output.since(self.mark)
        truncated = self.output.truncated
        if not text and truncated == self.truncated:
            return
        header = protocol.encode_header(type="output", text=text, truncated=truncated)
        if self.channel.send(header, wait=0):  # the channel is busy: next time
            self.mark, self.truncated = mark, truncated
