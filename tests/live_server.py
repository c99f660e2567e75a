"""A real `tapescope serve` process on a free loopback port with a temporary data directory:
the one launcher the browser tests and the documentation tests share."""

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TAPESCOPE = Path(sys.executable).parent / "tapescope"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def live_server(data_dir: Path, start_timeout: float = 60) -> Iterator[str]:
    """Starts the server, waits for /api/health, yields its base URL, and stops it."""
    port = free_port()
    with open(data_dir / "server.log", "w") as log:  # the child keeps its own descriptor
        process = subprocess.Popen(
            [
                str(TAPESCOPE),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--data-dir",
                str(data_dir),
            ],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + start_timeout
    while True:
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=1) as response:
                json.loads(response.read())
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(
                    "tapescope serve did not start:\n" + (data_dir / "server.log").read_text()
                )
            time.sleep(0.2)
    try:
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
