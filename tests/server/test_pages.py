"""Pages the server renders or serves: the findings reference (/docs/findings#<code>), the web
app's files with their security headers, and a run's own path."""

from fastapi.testclient import TestClient

from server.app import create_app
from server.markdown import render
from server.settings import Settings

FINDINGS = """# Findings

## `not_watched` — a constant was never watched

The tape only records what it watches. **Fix:** call `tape.watch(x)`.

```python
y = x * x  # <b>not html</b>
```

- one
- two [docs](/docs)

## `nan_origin`

<script>alert(1)</script>
"""


def test_markdown_renders_anchors_code_and_escapes_html():
    page = render(FINDINGS)
    assert (
        '<h2 id="not_watched"><code>not_watched</code> — a constant was never watched</h2>' in page
    )
    assert '<h2 id="nan_origin">' in page
    assert "<strong>Fix:</strong> call <code>tape.watch(x)</code>." in page
    assert "y = x * x  # &lt;b&gt;not html&lt;/b&gt;" in page
    assert '<li>two <a href="/docs">docs</a></li>' in page
    assert "<script>" not in page and "&lt;script&gt;" in page


def client_for(tmp_path, **settings) -> TestClient:
    return TestClient(
        create_app(Settings(data_dir=tmp_path / "data", **settings)), base_url="http://127.0.0.1"
    )


def test_findings_reference_page_and_raw_markdown(tmp_path):
    doc = tmp_path / "findings.md"
    doc.write_text(FINDINGS)
    with client_for(tmp_path, findings_doc=doc) as client:
        page = client.get("/docs/findings")
        assert page.status_code == 200 and 'id="not_watched"' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        raw = client.get("/docs/findings.md")
        assert raw.text == FINDINGS and raw.headers["content-type"].startswith("text/markdown")
    with client_for(tmp_path, findings_doc=tmp_path / "missing.md") as client:
        assert client.get("/docs/findings").json()["error"] == "not_found"


def test_the_web_app_is_served_with_security_headers(tmp_path):
    static = tmp_path / "static"
    (static / "assets").mkdir(parents=True)
    (static / "index.html").write_text("<!doctype html><title>TapeScope</title>")
    (static / "assets" / "app.js").write_text("console.log(1)")
    with client_for(tmp_path, static_dir=static) as client:
        index = client.get("/")
        assert index.text.startswith("<!doctype html>")
        assert index.headers["x-content-type-options"] == "nosniff"
        assert index.headers["referrer-policy"] == "no-referrer"
        assert (
            "'unsafe-inline'"
            not in index.headers["content-security-policy"].split("script-src")[1].split(";")[0]
        )
        assert client.get("/assets/app.js").text == "console.log(1)"
        assert client.get("/runs/abc123").text == index.text  # a run's own path opens the app
        assert client.get("/api/nothing").json() == {
            "error": "not_found",
            "message": "no such path: /api/nothing",
        }
        missing = client.get("/nothing.js")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_without_a_build_the_root_says_how_to_get_one(tmp_path):
    with client_for(tmp_path, static_dir=tmp_path / "no-build") as client:
        page = client.get("/")
        assert page.status_code == 200 and "not built" in page.text


def test_markdown_links_become_the_app_s_and_comments_and_breaks_are_html():
    page = render(
        "<!-- generated: do not edit -->\n\n"
        "See [memory](quickstart.md#memory), [the tape](../engine/recording.py), "
        "![a run](images/stepper.png) and <https://example.org>.\n\n"
        "| call | result |\n|---|---|\n| `f(x)`<br>`g(x)` | a \\| b <em>x</em> |\n"
    )
    assert "generated" not in page
    assert '<a href="/docs/quickstart#memory">memory</a>' in page
    assert ", the tape, " in page and "tape.py" not in page  # not served: its text only
    assert '<img src="/docs/images/stepper.png" alt="a run">' in page
    assert '<a href="https://example.org">https://example.org</a>' in page
    assert "<td><code>f(x)</code><br><code>g(x)</code></td>" in page
    assert "<td>a | b &lt;em&gt;x&lt;/em&gt;</td>" in page
