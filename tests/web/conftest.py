"""Browser tests: a real `tapescope serve` on a free loopback port with a temporary data
directory, driven by Playwright through Debian's Chromium (Playwright's own browser download
does not work here). Every page must finish without console errors."""

from pathlib import Path

import pytest

from tests.live_server import serve
from tests.web import pictures

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


@pytest.fixture(scope="session", autouse=True)
def picture_directory(tmp_path_factory):
    pictures.use(pictures.chosen_directory(tmp_path_factory.mktemp("screenshots")))


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    if not (ROOT / "web" / "dist" / "index.html").exists():
        pytest.fail("web/dist is not built: run `make web` (cd web && npm ci && npm run build)")
    with serve(tmp_path_factory.mktemp("tapescope-data"), timeout=30) as base:
        yield base


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
