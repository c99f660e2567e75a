"""The offline export: ONE HTML file, opened from disk (file://) in Chromium with no server
running, shows the run's graph, steps through its backward pass, shows its diagnosis and plots,
logs no console error and makes no network request. Both ways to get the file: `tapescope export
RUN_ID --html FILE` from a local store, and the web app's Download button."""

import subprocess

import pytest

from tests.live_server import CONSOLE_SCRIPT
from tests.web.helpers import api, wait_graph
from tests.web.offline import PROGRAM, Requests, check_debugger, run_and_export
from tests.web.pictures import screenshot


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return run_and_export(CONSOLE_SCRIPT, tmp_path_factory.mktemp("export"))


def test_exported_file_works_from_disk_with_no_server(exported, page):
    run_id, path = exported
    head = path.read_text().split('<script type="module">')[0]
    # the run and the capture as data, then the app inline: the page names no file to load
    assert 'id="tapescope-run"' in head and 'id="tapescope-capture"' in head
    assert "src=" not in head and "stylesheet" not in head
    requests = Requests(page.context)
    url = path.as_uri()
    page.goto(url)
    check_debugger(page, run_id)
    screenshot(page, "export-file-offline")
    assert requests.beyond(url) == []


def test_download_button_saves_the_same_offline_file(server, page, tmp_path):
    run = api(server, "/api/runs", {"code": PROGRAM})
    page.goto(f"{server}/#run={run['id']}")
    wait_graph(page, 2)
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / download.value.suggested_filename
    assert saved.name.startswith("tapescope-") and saved.suffix == ".html"
    download.value.save_as(saved)
    # `tapescope export --server` writes the same file
    cli = tmp_path / "cli.html"
    subprocess.run(
        [str(CONSOLE_SCRIPT), "export", run["id"], "--server", server, "--html", str(cli)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert cli.read_bytes() == saved.read_bytes()
    requests = Requests(page.context)
    page.goto(saved.as_uri())
    check_debugger(page, run["id"])
    assert requests.beyond(saved.as_uri()) == []
