"""`python -m server.healthcheck`, the Docker image's HEALTHCHECK, against a real server with a
token: healthy with the right token or with none (the server's own 401 proves it is up), not
healthy with a wrong token or when nothing listens."""

import os
import socket
import subprocess
import sys

from tests.live_server import LiveServer


def _check(port, token=None):
    env = {k: v for k, v in os.environ.items() if k != "TAPESCOPE_TOKEN"}
    if token is not None:
        env["TAPESCOPE_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "server.healthcheck", "--port", str(port)],
        env=env,
        capture_output=True,
        timeout=30,
    ).returncode


def test_healthcheck_against_a_server_with_a_token(tmp_path):
    server = LiveServer(tmp_path, "--token", "s3cret")
    try:
        assert _check(server.port, "s3cret") == 0
        assert _check(server.port) == 0
        assert _check(server.port, "wrong") == 1
    finally:
        server.stop()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    assert _check(closed) == 1
