"""Browser tests: a real `tapescope serve` on a free loopback port with a temporary data
directory, driven by Playwright through Debian's Chromium (Playwright's own browser download
does not work here). Every page must finish without console errors."""

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
TAPESCOPE = Path(sys.executable).parent / "tapescope"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    if not (ROOT / "web" / "dist" / "index.html").exists():
        pytest.fail("web/dist is not built: run `make web` (cd web && npm ci && npm run build)")
    port = _free_port()
    data_dir = tmp_path_factory.mktemp("tapescope-data")
    log = open(data_dir / "server.log", "w")  # noqa: SIM115 - the server writes it all session
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
    deadline = time.monotonic() + 30
    while True:
        try:
            _get(base + "/api/health", timeout=1)
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


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


class Console:
    def __init__(self, page):
        self.errors = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20000)
    console = Console(page)
    yield page
    context.close()
    assert console.errors == [], f"console errors: {console.errors}"


def screenshot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
