"""The OS layers on their own: a program that got past the Python allowlist (simulated by a
capture function that gives it the real builtins) still cannot read our files, write
anywhere, reach the network, start processes or see the server's secrets."""

import json
import os
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

from . import escape_capture
from .conftest import FAST_LIMITS, run

TESTS_DIR = str(Path(__file__).resolve().parent.parent)
ESCAPED = """import json, os, socket, subprocess, threading
results = {}
def attempt(name, action):
    try:
        action()
        results[name] = "ALLOWED"
    except BaseException as error:
        results[name] = type(error).__name__
attempt("read secret", lambda: open(SECRET).read())
attempt("list data dir", lambda: os.listdir(DATA_DIR))
attempt("read /etc/passwd", lambda: open("/etc/passwd").read())
attempt("write /tmp", lambda: open("/tmp/planted", "w").write("x"))
attempt("write project", lambda: open(PROJECT + "/engine/planted.py", "w").write("x"))
def connect():
    with socket.create_connection(("127.0.0.1", PORT), timeout=2):
        pass
attempt("connect loopback", connect)
attempt("fork", lambda: os.waitpid(os.fork(), 0) if True else None)
attempt("subprocess", lambda: subprocess.run(["/usr/bin/id"], check=True))
attempt("thread", lambda: threading.Thread(target=print).start())
attempt("setuid root", lambda: os.setuid(0))
results["uid"] = os.getuid()
results["token in environment"] = "TAPESCOPE_TOKEN" in os.environ
results["server pid visible"] = str(SERVER_PID) in os.listdir("/proc")
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def escaped_client(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("data")
    settings = Settings(data_dir=data_dir, token=None, **FAST_LIMITS)
    app = create_app(
        settings,
        capture=escape_capture.capture_program,
        extra_paths=[TESTS_DIR],
    )
    client = TestClient(app, base_url="http://127.0.0.1")
    os.environ["TAPESCOPE_TOKEN"] = "secret-token"  # in the server's environment while it starts
    try:
        client.__enter__()
    finally:
        del os.environ["TAPESCOPE_TOKEN"]
    yield client, data_dir
    client.__exit__(None, None, None)


def test_an_escaped_program_is_still_contained(escaped_client, tmp_path):
    client, data_dir = escaped_client
    assert client.get("/api/health").json()["sandbox"] == "bubblewrap", (
        "bubblewrap must work here (the Makefile installs it)"
    )
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    program = (
        f"SECRET = {str(secret)!r}\nDATA_DIR = {str(data_dir)!r}\n"
        f"PROJECT = {str(Path(TESTS_DIR).parent)!r}\nPORT = {listener.getsockname()[1]}\n"
        f"SERVER_PID = {os.getpid()}\n" + ESCAPED
    )
    try:
        summary = run(client, program)
    finally:
        listener.close()
    assert summary["status"] == "ok", summary["error"]
    results = json.loads(summary["stdout"])
    for attempt in (
        "read secret",
        "list data dir",
        "read /etc/passwd",
        "write /tmp",
        "write project",
        "connect loopback",
        "fork",
        "subprocess",
        "thread",
        "setuid root",
    ):
        assert results[attempt] != "ALLOWED", (attempt, results)
    assert results["uid"] != 0
    assert results["token in environment"] is False
    assert results["server pid visible"] is False
    assert not (Path(TESTS_DIR).parent / "engine" / "planted.py").exists()


def test_without_bubblewrap_the_server_refuses_other_addresses(tmp_path):
    settings = Settings(data_dir=tmp_path, host="0.0.0.0", sandbox="none")
    with (
        pytest.raises(Exception, match=r"refusing to serve 0\.0\.0\.0 without OS isolation"),
        TestClient(create_app(settings)),
    ):
        pass


def test_without_bubblewrap_loopback_still_runs_programs(tmp_path):
    settings = Settings(data_dir=tmp_path, sandbox="none", **FAST_LIMITS)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get("/api/health").json()["sandbox"] == "none"
        summary = run(client, "import tensorflow as tf\nprint(tf.constant(1.0) + 1)")
        assert summary["stdout"] == "tf.Tensor(2.0, shape=(), dtype=float32)\n"
        assert run(client, "import os")["error"]["type"] == "SandboxImportError"
