"""engine.debug.show(capture) as a notebook shows it: its `_repr_html_` inside a page (what
Jupyter does with an output), opened in Chromium. The embedded debugger runs in a sandboxed
srcdoc iframe with no server: graph, diagnosis, stepping and plots, no console error, no request."""

import html
import json
import re

import engine.debug
from tests.web.offline import PROGRAM, Requests, check_debugger
from tests.web.pictures import screenshot


def _capture():
    # the program of tests/web/offline.py, with the same lines and the same answer
    return engine.debug.capture_program(PROGRAM, "notebook_cell.py")


def test_show_displays_the_debugger_inline(page, tmp_path, monkeypatch):
    monkeypatch.delenv("TAPESCOPE_SERVER", raising=False)
    view = engine.debug.show(_capture(), height=820)
    fragment = view._repr_html_()
    srcdoc = html.unescape(re.search(r'srcdoc="([^"]*)"', fragment).group(1))
    run = re.search(r'id="tapescope-run">(.*?)</script>', srcdoc, re.S).group(1)
    run_id = json.loads(run)["id"]
    notebook = tmp_path / "notebook.html"
    notebook.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>notebook</title>"
        f"</head><body><h1>Out[1]:</h1>{fragment}</body></html>"
    )
    requests = Requests(page.context)
    page.goto(notebook.as_uri())
    frame = page.locator("iframe").element_handle().content_frame()
    check_debugger(frame, run_id)
    screenshot(page, "notebook-show")
    assert [u for u in requests.beyond(notebook.as_uri()) if u != "about:srcdoc"] == []
