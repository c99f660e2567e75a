"""The notebook view behind `engine.debug.show(capture)` (its `_repr_html_` is what Jupyter shows).

- With a server (`server=` or TAPESCOPE_SERVER) that answers: the capture is uploaded there, and
  the output is an IFrame of its run page when the server lets this notebook frame it (started
  with `--frame-ancestors <the notebook's origin>`); a server that forbids framing (the default)
  gets a link to the run, with the self-contained copy below it.
- Without one: the self-contained offline export (the same file `tapescope export --html`
  writes), in an iframe's srcdoc. It needs no server and makes no request.

It lives in the server because the page is the web app's offline build that ships with the
server, and the run's summary is the server's. engine.debug sits below the server and never
imports it: `engine.debug.show` finds this function through the `tapescope.notebook` entry point
(pyproject.toml).
"""

import html
import http.client
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime

from engine.debug.schema import Capture
from engine.debug.show import DEFAULT_HEIGHT

from .export_html import export_template, render_export
from .run_service import new_run_id
from .settings import Settings
from .summary import summarize, title_of

PROBE_SECONDS = 2.0


@dataclass(frozen=True)
class DebuggerView:
    """What `show` returns; a notebook displays it by its `_repr_html_`."""

    html: str
    run_url: str | None = None  # the run on the server it was uploaded to, if any
    embedded: bool = False  # True when the page itself is inside (no server needed)

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        where = self.run_url or "embedded offline copy"
        return f"<TapeScope debugger: {where}>"


def show(
    capture: Capture,
    server: str | None = None,
    *,
    token: str | None = None,
    height: int = DEFAULT_HEIGHT,
) -> DebuggerView:
    """The debugger for `capture`, inline in a notebook (see the module's docstring)."""
    if not isinstance(capture, Capture):
        raise TypeError(f"show() takes an engine.debug Capture, not {type(capture).__name__}")
    server = server or os.environ.get("TAPESCOPE_SERVER")
    token = token or os.environ.get("TAPESCOPE_TOKEN")
    if server and _answers(server, token):
        run_url, frameable = _upload(capture, server.rstrip("/"), token)
        if frameable:
            return DebuggerView(
                _frame(f'src="{html.escape(run_url)}"', height, run_url), run_url=run_url
            )
        return DebuggerView(
            _link(run_url) + _embedded(capture, height), run_url=run_url, embedded=True
        )
    return DebuggerView(_embedded(capture, height), embedded=True)


def standalone_html(capture: Capture) -> str:
    """The self-contained page (what `tapescope export --html` writes) for a capture."""
    status = "error" if capture.error is not None else "ok"
    summary = summarize(new_run_id(), datetime.now(UTC), "upload", status, capture)
    template = export_template(Settings().resolved_static_dir)
    return render_export(template, summary, capture.to_json(), title_of(capture))


def _embedded(capture: Capture, height: int) -> str:
    # sandbox="allow-scripts": the page runs as its own opaque origin, cut off from the notebook's
    # cookies, storage and DOM; its Content-Security-Policy allows no network at all.
    srcdoc = html.escape(standalone_html(capture), quote=True)
    return _frame(f'srcdoc="{srcdoc}" sandbox="allow-scripts allow-downloads"', height, None)


def _frame(source: str, height: int, run_url: str | None) -> str:
    title = "TapeScope debugger" + (f" for {run_url}" if run_url else " (offline copy)")
    return (
        f'<iframe {source} title="{html.escape(title)}" loading="lazy" '
        f'style="width:100%;height:{int(height)}px;border:1px solid #dde3e9;'
        f'border-radius:4px"></iframe>'
    )


def _link(run_url: str) -> str:
    url = html.escape(run_url)
    return (
        f'<p>Stored on the server: <a href="{url}" target="_blank" rel="noopener">{url}</a> '
        "(it does not allow this page to frame it; start it with <code>--frame-ancestors"
        "</code> and this notebook's origin to see it here instead of the copy below).</p>"
    )


def _request(
    url: str,
    token: str | None,
    body: bytes | None = None,
    method: str = "GET",
    timeout: float = 60.0,
) -> http.client.HTTPResponse:
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, body, headers, method=method)
    response: http.client.HTTPResponse = urllib.request.urlopen(request, timeout=timeout)
    return response


def _answers(server: str, token: str | None) -> bool:
    try:
        with _request(server.rstrip("/") + "/api/health", token, timeout=PROBE_SECONDS) as reply:
            return bool(reply.status == 200)
    except (OSError, ValueError):
        return False


def _upload(capture: Capture, server: str, token: str | None) -> tuple[str, bool]:
    """The run's URL on the server, and whether the server lets another origin frame it."""
    with _request(server + "/api/captures", token, capture.to_json().encode(), "POST") as reply:
        run = json.loads(reply.read())
    # never the token in the URL: a notebook's output is saved and shared with it
    run_url = server + run["url"]
    with _request(server + "/", token) as page:
        frameable = _frameable(
            page.headers.get("X-Frame-Options"), page.headers.get("Content-Security-Policy") or ""
        )
    return run_url, frameable


def _frameable(x_frame_options: str | None, csp: str) -> bool:
    if x_frame_options:
        return False
    ancestors = next(
        (part.split()[1:] for part in csp.split(";") if part.split()[:1] == ["frame-ancestors"]),
        None,
    )
    return ancestors is None or ancestors not in (["'none'"], ["'self'"])
