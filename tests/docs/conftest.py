"""A real `tapescope serve` on a free loopback port with a temporary data directory, for the
tests that run the documentation's commands against it."""

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TAPESCOPE = Path(sys.executable).parent / "tapescope"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def docs_server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("docs-data")
    port = _free_port()
    with open(data_dir / "server.log", "w") as log:  # the child keeps its own descriptor
        process = subprocess.Popen(
            [str(TAPESCOPE), "serve", "--port", str(port), "--data-dir", str(data_dir)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
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
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
