"""HTML of the pages the server renders itself (the web app is static files)."""

import base64
import hashlib
import html
import re
from pathlib import Path

from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

from .errors import not_found
from .markdown import render
from .settings import Settings

_STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;"
    "color:#1d2330}code,pre{font:14px ui-monospace,monospace;background:#f2f4f8}"
    "pre{padding:.75rem;overflow:auto}h2{margin-top:2.5rem;border-top:1px solid #dde}"
    ":target{background:#fff7d6}img{max-width:100%;border:1px solid #dde}"
    "table{border-collapse:collapse;display:block;overflow-x:auto}"
    "th,td{border:1px solid #dde;padding:.25rem .5rem;text-align:left;vertical-align:top}"
    "nav{font-size:14px;margin-bottom:1rem}"
)
PAGE_NAME = r"^[a-z0-9][a-z0-9-]*$"  # docs/<name>.md: no dots, no slashes
IMAGE_NAME = r"^[a-z0-9][a-z0-9-]*\.png$"
SWAGGER = "swagger"  # where the web build puts Swagger UI's files (web/scripts/copy-swagger.mjs)


class DocPages:
    """The pages of one server's settings: its docs directory and its web build."""

    def __init__(self, settings: Settings):
        self.settings = settings

    def markdown(self, name: str) -> str:
        return doc_markdown(self.settings, name)

    def page(self, name: str) -> str:
        return doc_page(self.markdown(name))

    def image(self, name: str) -> Path:
        return image_path(self.settings, name)

    def api_docs(self) -> HTMLResponse:
        """Swagger UI for /openapi.json, from the web build's own copy."""
        static = self.settings.resolved_static_dir
        if static is None or not (static / SWAGGER / "swagger-ui-bundle.js").is_file():
            return HTMLResponse(api_docs_missing_page())
        page = get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="TapeScope API",
            swagger_js_url=f"/{SWAGGER}/swagger-ui-bundle.js",
            swagger_css_url=f"/{SWAGGER}/swagger-ui.css",
            swagger_favicon_url=f"/{SWAGGER}/favicon-32x32.png",
        )
        body = bytes(page.body)
        return HTMLResponse(body, headers={"Content-Security-Policy": swagger_csp(body)})


def doc_path(settings: Settings, name: str) -> Path:
    """docs/<name>.md (findings: the configured findings_doc), or 404."""
    path = settings.findings_doc if name == "findings" else settings.docs_dir / f"{name}.md"
    if not path.is_file():
        raise not_found(f"docs/{name}.md")
    return path


def doc_markdown(settings: Settings, name: str) -> str:
    return doc_path(settings, name).read_text()


def image_path(settings: Settings, name: str) -> Path:
    path = settings.docs_dir / "images" / name
    if not path.is_file():
        raise not_found(f"docs/images/{name}")
    return path


def doc_page(markdown: str) -> str:
    title = next(
        (line.lstrip("# ").strip() for line in markdown.splitlines() if line.startswith("# ")),
        "TapeScope",
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)} · TapeScope</title><style>{_STYLE}</style></head>"
        '<body><nav><a href="/">TapeScope</a> · <a href="/docs/index">documentation</a>'
        f"</nav>{render(markdown)}</body></html>"
    )


def swagger_csp(page: bytes) -> str:
    """Swagger UI's files come from the web build (/swagger/, no CDN) and it starts with one
    inline script: allow that script by its hash (still no 'unsafe-inline'), and nothing else."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in re.findall(rb"<script>(.*?)</script>", page, re.S)
    )
    return (
        f"default-src 'self'; script-src 'self' {hashes}; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )


def api_docs_missing_page() -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>TapeScope API</title><style>{_STYLE}</style></head>"
        "<body><h1>TapeScope API</h1>"
        "<p>The interactive API docs (Swagger UI) come with the web app's build, which is not "
        "here (run <code>make web</code>). The API's schema is at "
        '<a href="/openapi.json">/openapi.json</a>.</p></body></html>'
    )
