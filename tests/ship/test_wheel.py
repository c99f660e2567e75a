"""The wheel `make dist` builds (scripts/build_wheel.py) works on its own: installed into a fresh
virtualenv, `tapescope serve` runs from it in an empty directory, with no checkout and no Node on
its PATH, and serves the web app, the gallery, the API docs, the findings page, a sandboxed run
and its offline export.

The wheel is built from the checkout's web/dist (what `make web` built) without build isolation
(the dev extras' setuptools: no download). Its dependencies come from the project's .venv through
a .pth file (installing them from PyPI is what pip does for a user, and no test may use the
network); the packages `engine` and `server` themselves come from the wheel alone, which the test
checks."""

import json
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
import zipfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from scripts.build_wheel import build
from server.version import __version__

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = (
    "import tensorflow as tf\nx = tf.Variable(3.0)\nwith tf.GradientTape() as t:\n"
    "    y = x * x\nprint(t.gradient(y, x).numpy())\n"
)

SHOW_IN_A_NOTEBOOK = (
    "import engine as tf, engine.debug\nwith engine.debug.capture() as cap:\n"
    "    x = tf.constant(2.0)\nview = engine.debug.show(cap)\n"
    "print(view.embedded, 'tapescope-capture' in view._repr_html_())\n"
)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.headers, response.read()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    if not (ROOT / "web" / "dist" / "export" / "index.html").is_file():
        pytest.fail("web/dist is not built: run `make web`")
    return build(tmp_path_factory.mktemp("dist"), ROOT / "web" / "dist", isolated=False)


@pytest.fixture(scope="module")
def venv(wheel):
    # world-readable, as an installed package is: the sandbox's workers drop to `nobody` when the
    # tests run as root, and pytest's own temporary directories are private to their owner
    home = Path(tempfile.mkdtemp(prefix="tapescope-wheel-venv-"))
    home.chmod(0o755)
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the dependencies only: a directory on sys.path; its own .pth files (the checkout's editable
    # install of tapescope among them) are not processed
    Path(site, "tapescope_test_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n"
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
    )
    yield venv
    shutil.rmtree(home)


def test_the_wheel_carries_the_built_web_app_the_gallery_and_the_docs(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert wheel.name == f"tapescope-{__version__}-py3-none-any.whl"
    for name in (
        "server/static/index.html",
        "server/static/export/index.html",
        "server/static/swagger/swagger-ui-bundle.js",
        "server/share/docs/findings.md",
        "engine/__init__.py",
        "server/cli.py",
    ):
        assert name in names, name
    examples = [n for n in names if n.startswith("server/share/examples/") and n.endswith(".py")]
    assert len(examples) == len(list((ROOT / "examples").glob("*.py")))
    assert not [n for n in names if "__pycache__" in n or n.startswith("web/")]


def test_tapescope_serve_from_the_wheel(venv, tmp_path):
    workdir = tmp_path / "elsewhere"
    workdir.mkdir()
    tools = tmp_path / "bin"  # PATH: the virtualenv and bubblewrap, nothing else (no Node)
    tools.mkdir()
    if shutil.which("bwrap"):
        (tools / "bwrap").symlink_to(shutil.which("bwrap"))
    env = {"PATH": f"{venv / 'bin'}:{tools}", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    python = str(venv / "bin" / "python")

    where = subprocess.run(
        [python, "-c", "import engine, server; print(engine.__file__); print(server.__file__)"],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(path).is_relative_to(venv) for path in where), where
    version = subprocess.run(
        [str(venv / "bin" / "tapescope"), "--version"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert version == f"tapescope {__version__}"
    # engine.debug.show reaches the server's notebook view by the wheel's entry point
    shown = subprocess.run(
        [python, "-c", SHOW_IN_A_NOTEBOOK],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert shown == ["True", "True"]

    with _serving(venv / "bin" / "tapescope", workdir, env, tmp_path) as base:
        status, _, body = _get(base + "/api/health")
        assert status == 200 and json.loads(body)["version"] == __version__

        status, _, body = _get(base + "/api/examples")
        examples = json.loads(body)
        assert status == 200 and len(examples) == len(list((ROOT / "examples").glob("*.py")))

        status, headers, page = _get(base + "/")
        assert status == 200 and b'id="graph"' in page and b"/assets/index-" in page
        script = page.split(b'src="')[1].split(b'"')[0].decode()
        assert _get(base + script)[0] == 200

        assert b"swagger" in _get(base + "/docs")[2].lower()
        assert _get(base + "/swagger/swagger-ui-bundle.js")[0] == 200
        assert b"not_watched" in _get(base + "/docs/findings")[2]

        status, _, body = _get(base + "/api/runs", {"code": PROGRAM})
        run = json.loads(body)
        assert status == 201 and run["status"] == "ok" and run["stdout"] == "6.0\n"
        status, headers, page = _get(base + f"/api/runs/{run['id']}/export")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert b'id="tapescope-capture"' in page


@contextmanager
def _serving(tapescope, workdir, env, tmp_path):
    """`tapescope serve` on a free loopback port; yields its base URL once it answers."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with open(tmp_path / "serve.log", "w+") as log:
        server = subprocess.Popen(
            [str(tapescope), "serve", "--port", str(port), "--data-dir", str(tmp_path / "data")],
            cwd=workdir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    _get(base + "/api/health")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        pytest.fail("tapescope serve from the wheel did not start:\n" + log.read())
                    time.sleep(0.2)
            yield base
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
