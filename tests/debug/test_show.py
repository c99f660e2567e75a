"""engine.debug.show(capture) in a notebook, without Jupyter: what its `_repr_html_` embeds.

Without a server it is the self-contained offline export in a sandboxed iframe's srcdoc (the
browser test tests/web/test_notebook_show.py opens it); with a real `tapescope serve` the capture
is uploaded there first, and the output frames the run only when the server allows framing."""

import html
import json
import re
import socket
import urllib.request

import pytest

import engine as tf
import engine.debug
from tests.live_server import LiveServer
from tests.server.test_cli import http

NOTEBOOK = "http://localhost:8888"


@pytest.fixture(scope="module")
def cap():
    with engine.debug.capture() as cap:
        x = tf.constant([1.0, 2.0])
        w = tf.Variable([3.0, -1.0], name="w")
        c = tf.constant(4.0)
        with tf.GradientTape() as tape:
            z = tf.reduce_sum(w * x * x) * c
        dw, dc = tape.gradient(z, [w, c])
    assert dw.numpy().tolist() == [4.0, 16.0] and dc is None  # what TensorFlow 2.21 returns
    return cap


def _embedded_page(fragment):
    frames = re.findall(r"<iframe [^>]*>", fragment)
    assert len(frames) == 1
    assert 'sandbox="allow-scripts allow-downloads"' in frames[0]
    assert " src=" not in frames[0]
    return html.unescape(re.search(r'srcdoc="([^"]*)"', frames[0]).group(1))


def _script_json(page, element_id):
    text = re.search(
        rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S
    ).group(1)
    return json.loads(text)


def test_without_a_server_the_offline_export_is_embedded(cap, monkeypatch):
    monkeypatch.delenv("TAPESCOPE_SERVER", raising=False)
    view = engine.debug.show(cap)
    assert view.embedded and view.run_url is None
    page = _embedded_page(view._repr_html_())
    # the capture goes in whole, and the summary the app shows is the capture's
    assert _script_json(page, "tapescope-capture") == json.loads(cap.to_json())
    summary = _script_json(page, "tapescope-run")
    assert summary["findings"]["error"] == 1 and summary["calls"][0]["kind"] == "gradient"
    # no network: nothing is loaded from anywhere, and the page's own policy forbids it
    assert "default-src 'none'" in page and "connect-src blob:" in page
    assert not re.search(r'<(script|link|img)[^>]+(src|href)="(?!data:)', page)


def test_an_unreachable_server_falls_back_to_the_embedded_copy(cap):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    view = engine.debug.show(cap, server=closed)
    assert view.embedded and view.run_url is None
    _embedded_page(view._repr_html_())


def test_a_server_that_forbids_framing_stores_the_run_and_links_it(cap, tmp_path):
    server = LiveServer(tmp_path)
    try:
        view = engine.debug.show(cap, server=server.base)
        run_id = view.run_url.split("#run=")[1]
        assert view.run_url == f"{server.base}/#run={run_id}"
        status, summary = http("GET", f"{server.base}/api/runs/{run_id}")
        assert status == 200 and summary["origin"] == "upload"
        assert summary["findings"]["error"] == 1
        fragment = view._repr_html_()
        assert f'href="{view.run_url}"' in fragment
        _embedded_page(fragment)
    finally:
        server.stop()


def test_a_server_that_allows_the_notebook_to_frame_it_is_framed(cap, tmp_path):
    server = LiveServer(tmp_path, "--frame-ancestors", NOTEBOOK)
    try:
        view = engine.debug.show(cap, server=server.base, height=500)
        assert not view.embedded
        frames = re.findall(r"<iframe [^>]*>", view._repr_html_())
        assert len(frames) == 1 and f'src="{html.escape(view.run_url)}"' in frames[0]
        assert "srcdoc" not in frames[0] and "height:500px" in frames[0]
        # what lets the notebook's browser show it: the notebook's origin among the frame
        # ancestors, and no X-Frame-Options (which would forbid any other origin)
        with urllib.request.urlopen(view.run_url.split("#")[0], timeout=30) as page:
            assert page.status == 200 and page.headers.get("X-Frame-Options") is None
            assert f"frame-ancestors {NOTEBOOK};" in page.headers["Content-Security-Policy"]
    finally:
        server.stop()


def test_show_takes_a_capture():
    with pytest.raises(TypeError, match="Capture"):
        engine.debug.show({"tensors": []})
