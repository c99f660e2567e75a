"""`tapescope serve` from this checkout as a process of its own (`python -m server.cli`, so a
git worktree serves its own code, not the installed package's), waited for until it answers."""

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import free_port

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def serve(
    data_dir: Path, *args: str, env: dict | None = None, timeout: float = 60
) -> Iterator[str]:
    """Yields the base URL of a server started with `args` (after --host/--port/--data-dir)."""
    with serve_process(data_dir, *args, env=env, timeout=timeout) as (base, _process):
        yield base


@contextlib.contextmanager
def serve_process(
    data_dir: Path, *args: str, env: dict | None = None, timeout: float = 60
) -> Iterator[tuple[str, subprocess.Popen]]:
    """serve(), also yielding the process (for tests that kill it)."""
    port = free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    log_path = data_dir / f"server-{port}.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1"]
            + ["--port", str(port), "--data-dir", str(data_dir), *args],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=2) as response:
                json.loads(response.read())
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"tapescope serve did not start:\n{log_path.read_text()}")
            time.sleep(0.2)
    try:
        yield base, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
