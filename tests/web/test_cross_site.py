"""Another site's page, open in the same browser, cannot store runs on the local server: a
real Chromium loads a page from another loopback port that submits a text/plain HTML form to
POST /api/captures (the CSRF of issue 14) and tries `fetch` with and without CORS. The app's
own page, on the server's origin, still posts."""

import functools
import http.server
import json
import threading
import urllib.request

import pytest

from tests.live_server import free_port, serve

ATTACK = """<!doctype html><meta charset="utf-8"><title>cute cats</title>
<form id="csrf" method="POST" enctype="text/plain" action="{target}/api/captures">
<input type="hidden" name='{{"stdout": "csrf", "x": "' value='"}}'>
</form>
<script>
window.results = {{}};
async function attempt(name, options) {{
  try {{
    const response = await fetch("{target}/api/captures", options);
    window.results[name] = response.type === "opaque" ? "opaque" : response.status;
  }} catch (error) {{
    window.results[name] = "blocked";
  }}
}}
(async () => {{
  await attempt("cors_json", {{method: "POST", headers: {{"content-type": "application/json"}},
                              body: '{{"stdout": "cors"}}'}});
  await attempt("no_cors_text", {{method: "POST", mode: "no-cors", body: '{{"stdout": "nocors"}}'}});
  await attempt("no_cors_form", {{method: "POST", mode: "no-cors",
                                 body: new URLSearchParams({{stdout: "form"}})}});
  window.done = true;
}})();
</script>"""


def runs_count(base: str) -> int:
    with urllib.request.urlopen(base + "/api/runs?limit=1", timeout=10) as response:
        return json.loads(response.read())["count"]


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("cross-site")) as base:
        yield base


@pytest.fixture(scope="module")
def attacker(tmp_path_factory, target):
    root = tmp_path_factory.mktemp("attacker")
    (root / "index.html").write_text(ATTACK.format(target=target))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_another_sites_form_and_fetch_store_nothing(browser, target, attacker):
    before = runs_count(target)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(20000)
    sent, statuses = [], []  # what the browser sent, and the answers it let the page see
    page.on("request", lambda r: sent.append(r.method) if "/api/captures" in r.url else None)
    page.on("response", lambda r: statuses.append(r.status) if "/api/captures" in r.url else None)
    page.goto(attacker + "/index.html")
    page.wait_for_function("() => window.done === true")
    results = page.evaluate("() => window.results")
    # The JSON fetch needs a CORS preflight, which the server never grants.
    assert results["cors_json"] == "blocked"
    # Simple requests do reach the server, which refuses them; the page cannot even read
    # the refusal (Cross-Origin-Resource-Policy: same-origin turns it into a network error).
    assert results["no_cors_text"] in ("opaque", "blocked")
    assert results["no_cors_form"] in ("opaque", "blocked")
    with page.expect_navigation():
        page.evaluate("() => document.getElementById('csrf').submit()")
    answer = json.loads(page.locator("body").inner_text())
    assert answer["error"] in ("foreign_origin", "unsupported_media_type"), answer
    assert page.evaluate("() => document.location.href").startswith(target)
    context.close()
    assert runs_count(target) == before
    # the form and both no-cors fetches were sent; the form's answer was the refusal
    assert sent.count("POST") >= 3, sent
    assert statuses and set(statuses) <= {403, 415}, statuses


def test_the_apps_own_page_still_posts(browser, target):
    before = runs_count(target)
    context = browser.new_context()
    page = context.new_page()
    page.goto(target + "/api/health")  # any document on the server's own origin
    status = page.evaluate(
        """async () => (await fetch("/api/captures", {method: "POST",
              headers: {"content-type": "application/json"},
              body: JSON.stringify({stdout: "own"})})).status"""
    )
    context.close()
    assert status == 201
    assert runs_count(target) == before + 1
