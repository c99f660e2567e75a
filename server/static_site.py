"""The web app: the built files at "/", and index.html for a run's own path (/runs/<id>)."""

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.routing import Match, Mount

NOT_BUILT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TapeScope</title>
</head><body><h1>TapeScope</h1><p>The web app is not built here (run <code>make</code> in the
project, or point <code>TAPESCOPE_STATIC_DIR</code> at a build). The API is up:
<a href="/docs">/docs</a>, <a href="/api/examples">/api/examples</a>.</p></body></html>"""


def mount_web_app(app: FastAPI, static_dir: Path | None) -> None:
    if static_dir is None:

        @app.get("/", include_in_schema=False)
        def not_built() -> HTMLResponse:
            return HTMLResponse(NOT_BUILT)

        return

    @app.get("/runs/{run_id}", include_in_schema=False)
    def run_page(run_id: str) -> FileResponse:
        return FileResponse(static_dir / "index.html")

    app.router.routes.append(
        _WebAppMount("/", StaticFiles(directory=static_dir, html=True), name="web")
    )


class _WebAppMount(Mount):
    """The web app at "/", except for the API's paths: there a wrong method must be the API's
    405 (with its own Allow), and an unknown path the API's JSON 404."""

    def matches(self, scope):
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)
