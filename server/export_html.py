"""A run as ONE self-contained HTML file: the web app's offline build (web/vite.export.config.ts,
built to <static>/export/index.html) with the run's summary and capture written into it. The file
opens from disk (file://) with no server and makes no network request."""

import gzip
import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

from .models import RunSummary

if TYPE_CHECKING:
    from .store.run_store import RunStore

TEMPLATE = Path("export") / "index.html"
# Placed in the template's <head> by the export build; the run's data goes exactly there.
DATA_MARKER = "<!-- tapescope-export-data -->"
_TITLE = re.compile(r"<title>.*?</title>", re.S)


class ExportUnavailable(Exception):
    """The web app's offline build is not where the server looks for it."""


def export_template(static_dir: Path | None) -> str:
    path = static_dir / TEMPLATE if static_dir else None
    if path is None or not path.is_file():
        raise ExportUnavailable(
            "the offline export needs the web app's build (web/dist/export/index.html: run `make "
            "web`), or an installed tapescope wheel, which contains it"
        )
    return path.read_text(encoding="utf-8")


def _script_json(element_id: str, json_text: str) -> str:
    # "<" only occurs inside JSON strings, where \u003c means the same: the HTML parser then never
    # sees "</script" or "<!--" in the data, whatever the program printed or named.
    return (
        f'<script type="application/json" id="{element_id}">'
        f"{json_text.replace('<', chr(92) + 'u003c')}</script>"
    )


def render_export(template: str, summary: RunSummary, capture_json: str, title: str) -> str:
    head_end = template.find("</head>")
    marker = template.find(DATA_MARKER)
    if marker < 0 or marker > head_end:
        raise ExportUnavailable(
            "the export template has no data marker in its <head>: rebuild the web app (`make web`)"
        )
    data = (
        _script_json("tapescope-run", summary.model_dump_json())
        + "\n"
        + _script_json("tapescope-capture", capture_json)
    )
    head = template[:marker] + data + template[marker + len(DATA_MARKER) : head_end]
    head = _TITLE.sub(lambda _: f"<title>{html.escape(title)} — TapeScope</title>", head, count=1)
    return head + template[head_end:]


def export_filename(title: str, run_id: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower()[:60] or "run"
    return f"tapescope-{stem}-{run_id[:8]}.html"


def export_stored_run(store: "RunStore", run_id: str, static_dir: Path | None) -> tuple[str, str]:
    """(file name, HTML) of a run in `store`; LookupError when there is no such run.
    The capture goes in as it was stored, byte for byte."""
    from .summary import title_of

    template = export_template(static_dir)
    summary, compressed, capture = (
        store.summary(run_id),
        store.capture_gzip(run_id),
        store.capture(run_id),
    )
    if summary is None or compressed is None or capture is None:
        raise LookupError(f"run {run_id} does not exist")
    title = title_of(capture)
    page = render_export(template, summary, gzip.decompress(compressed).decode("utf-8"), title)
    return export_filename(title, run_id), page
