"""HTML of the pages the server renders itself (the web app is static files)."""
import base64
import hashlib
import re

from .errors import not_found
from .markdown import render
from .settings import Settings

_STYLE = ("body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;"
          "color:#1d2330}code,pre{font:14px ui-monospace,monospace;background:#f2f4f8}"
          "pre{padding:.75rem;overflow:auto}h2{margin-top:2.5rem;border-top:1px solid #dde}"
          ":target{background:#fff7d6}")


def findings_markdown(settings: Settings) -> str:
    if not settings.findings_doc.is_file():
        raise not_found("docs/findings.md")
    return settings.findings_doc.read_text()


def findings_page(markdown: str) -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            f"<title>TapeScope findings</title><style>{_STYLE}</style></head>"
            f"<body>{render(markdown)}</body></html>")


def swagger_csp(page: bytes) -> str:
    """Swagger UI's files come from the web build (/swagger/, no CDN) and it starts with one
    inline script: allow that script by its hash (still no 'unsafe-inline'), and nothing else."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in re.findall(rb"<script>(.*?)</script>", page, re.S))
    return (f"default-src 'self'; script-src 'self' {hashes}; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


def api_docs_missing_page() -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>TapeScope API</title><style>{_STYLE}</style></head>"
            "<body><h1>TapeScope API</h1>"
            "<p>The interactive API docs (Swagger UI) come with the web app's build, which is not "
            "here (run <code>make web</code>). The API's schema is at "
            "<a href=\"/openapi.json\">/openapi.json</a>.</p></body></html>")
