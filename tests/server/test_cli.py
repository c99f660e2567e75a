"""The `tapescope` command as a person uses it: `serve` as a real process on a free loopback
port driven over HTTP (and restarted: its runs survive), `run`, `export`, `--help`, `--version`."""

import json
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engine.debug.schema import Capture
from server.version import __version__
from tests.live_server import TAPESCOPE, LiveServer

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = """import tensorflow as tf
w = tf.Variable([1.0, -2.0], name="w")
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.nn.relu(w) ** 2)
print(tape.gradient(loss, w))
"""


def http(method, url, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data, {"Content-Type": "application/json", **(headers or {})}, method=method
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_serve_as_a_real_process_and_restart_it(tmp_path):
    server = LiveServer(tmp_path)
    try:
        assert server.banner.strip() == f"TapeScope {__version__} at {server.base}/"
        status, summary = http("POST", server.base + "/api/runs", {"code": PROGRAM})
        assert status == 201 and summary["status"] == "ok"
        assert (
            summary["stdout"] == "tf.Tensor([2. 0.], shape=(2,), dtype=float32)\n"
        )  # as TF 2.21 prints it
        status, capture = http("GET", f"{server.base}/api/runs/{summary['id']}/capture")
        assert status == 200 and {op["type"] for op in capture["ops"]} >= {"Relu"}
        status, page = http("GET", server.base + "/api/runs")
        assert page["count"] == 1
        with urllib.request.urlopen(server.base + "/") as response:
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    finally:
        server.stop()
    again = LiveServer(tmp_path)
    try:
        status, stored = http("GET", f"{again.base}/api/runs/{summary['id']}")
        assert status == 200 and stored == summary
    finally:
        again.stop()


def test_serve_with_a_token_requires_it(tmp_path):
    server = LiveServer(tmp_path, "--token", "s3cret")
    try:
        assert server.banner.strip().endswith("/?token=s3cret")
        status, error = http("GET", server.base + "/api/runs")
        assert status == 401 and error["error"] == "unauthorized"
        status, _ = http(
            "GET", server.base + "/api/runs", headers={"Authorization": "Bearer s3cret"}
        )
        assert status == 200
        with urllib.request.urlopen(server.base + "/api/health?token=s3cret") as response:
            cookie = response.headers["Set-Cookie"]
        assert cookie.startswith("tapescope_token=s3cret") and "HttpOnly" in cookie
        status, _ = http(
            "GET", server.base + "/api/runs", headers={"Cookie": "tapescope_token=s3cret"}
        )
        assert status == 200
        status, _ = http(
            "GET", server.base + "/api/runs", headers={"Authorization": "Bearer wrong"}
        )
        assert status == 401
    finally:
        server.stop()


def test_run_stores_locally_and_export_reads_it_back(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(PROGRAM)
    done = subprocess.run(
        [*TAPESCOPE, "run", str(script), "--data-dir", str(tmp_path / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "tf.Tensor([2. 0.], shape=(2,), dtype=float32)" in done.stdout
    run_line = done.stdout.strip().splitlines()[-1]
    assert run_line.startswith("run ") and "http://127.0.0.1:8765/#run=" in run_line
    run_id = run_line.split()[1].rstrip(":")
    out = tmp_path / "capture.json"
    exported = subprocess.run(
        [*TAPESCOPE, "export", run_id, "--data-dir", str(tmp_path / "data"), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert exported.returncode == 0, exported.stderr
    capture = Capture.from_json(out.read_text())
    assert capture.program.filename == str(script)
    assert [op.type for op in capture.ops][:1] == ["Relu"] or "Relu" in [
        op.type for op in capture.ops
    ]
    to_stdout = subprocess.run(
        [*TAPESCOPE, "export", run_id, "--data-dir", str(tmp_path / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert Capture.from_json(to_stdout.stdout) == capture
    missing = subprocess.run(
        [*TAPESCOPE, "export", "nope", "--data-dir", str(tmp_path / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "no run nope" in missing.stderr


def test_run_uploads_to_a_server(tmp_path):
    script = tmp_path / "broken.py"
    script.write_text("import tensorflow as tf\nx = tf.constant(1.0)\nraise ValueError('oops')\n")
    server = LiveServer(tmp_path / "data")
    try:
        done = subprocess.run(
            [*TAPESCOPE, "run", str(script), "--server", server.base],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1  # the script raised, as `python broken.py` would exit
        assert "broken.py raised ValueError at line 3: oops" in done.stderr
        run_id = done.stdout.strip().splitlines()[-1].split()[1].rstrip(":")
        status, summary = http("GET", f"{server.base}/api/runs/{run_id}")
        assert status == 200 and summary["origin"] == "upload"
        assert summary["error"]["line"] == 3
    finally:
        server.stop()


@pytest.mark.parametrize("command", [[], ["serve"], ["run"], ["export"]])
def test_help_for_each_command(command):
    done = subprocess.run(
        [*TAPESCOPE, *command, "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("usage: tapescope")


def test_version():
    done = subprocess.run([*TAPESCOPE, "--version"], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == f"tapescope {__version__}"


def test_serve_refuses_other_addresses_without_bubblewrap(tmp_path):
    done = subprocess.run(
        [
            *TAPESCOPE,
            "serve",
            "--host",
            "0.0.0.0",
            "--sandbox",
            "none",
            "--data-dir",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "refusing to serve on 0.0.0.0" in done.stderr
