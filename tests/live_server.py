"""A real `tapescope serve` as a process of its own, on a free loopback port with its own data
directory, waited for until it answers: the one launcher of a live server that the browser,
documentation, CLI, server and notebook tests share.

It runs `python -m server.cli` from this checkout, so that a git worktree serves its own code,
not the installed package's."""

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVE = [sys.executable, "-m", "server.cli", "serve"]
# the console script, for the tests of the `tapescope` command itself
CONSOLE_SCRIPT = Path(sys.executable).parent / "tapescope"
TAPESCOPE = (
    [str(CONSOLE_SCRIPT)] if CONSOLE_SCRIPT.exists() else [sys.executable, "-m", "server.cli"]
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    """A started server: its `base` URL, `port`, `process`, and `log` (its output)."""

    def __init__(
        self, data_dir: Path, *args: str, env: dict | None = None, timeout: float = 60
    ) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log = data_dir / f"server-{self.port}.log"
        with open(self.log, "w") as log:  # the child keeps its own descriptor
            self.process = subprocess.Popen(
                [*SERVE, "--host", "127.0.0.1", "--port", str(self.port)]
                + ["--data-dir", str(data_dir), *args],
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(env or {})},
            )
        self._wait_until_it_answers(timeout)

    @property
    def banner(self) -> str:
        """The first line it printed: `TapeScope <version> at <its URL>`."""
        lines = self.log.read_text().splitlines()
        return lines[0] if lines else ""

    def _wait_until_it_answers(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as response:
                    response.read()
                return
            except urllib.error.HTTPError as refused:
                if refused.code == 401:
                    return  # up: it wants its token
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"tapescope serve did not start:\n{self.log.read_text()}")
            time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def serve_process(
    data_dir: Path, *args: str, env: dict | None = None, timeout: float = 60
) -> Iterator[tuple[str, subprocess.Popen]]:
    """The base URL of a server started with `args` (after --host/--port/--data-dir), and its
    process (for tests that kill it); stopped on leaving."""
    server = LiveServer(data_dir, *args, env=env, timeout=timeout)
    try:
        yield server.base, server.process
    finally:
        server.stop()


@contextlib.contextmanager
def serve(
    data_dir: Path, *args: str, env: dict | None = None, timeout: float = 60
) -> Iterator[str]:
    """serve_process(), yielding the base URL only."""
    with serve_process(data_dir, *args, env=env, timeout=timeout) as (base, _process):
        yield base
