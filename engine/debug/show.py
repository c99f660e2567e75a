"""`engine.debug.show(capture)`: the debugger inline in a notebook (Jupyter shows the returned
object's `_repr_html_`).

The page is the web app's offline build and the run's summary is the server's, so the view
itself is the server's (server/notebook.py). engine.debug sits below the server and never
imports it: `show` finds the view through the `tapescope.notebook` entry point, which an
installed tapescope declares (pyproject.toml; `make python-deps` or `pip install tapescope`).
"""

from importlib.metadata import entry_points
from typing import Protocol

from .schema import Capture

DEFAULT_HEIGHT = 760
ENTRY_POINT_GROUP = "tapescope.notebook"


class NotebookView(Protocol):
    """What a notebook displays: an object with `_repr_html_`."""

    def _repr_html_(self) -> str: ...


def show(
    capture: Capture,
    server: str | None = None,
    *,
    token: str | None = None,
    height: int = DEFAULT_HEIGHT,
) -> NotebookView:
    """The debugger for `capture`, inline in a notebook: the run on `server` (or
    TAPESCOPE_SERVER) when one answers, else the self-contained offline page."""
    if not isinstance(capture, Capture):
        raise TypeError(f"show() takes an engine.debug Capture, not {type(capture).__name__}")
    views = entry_points(group=ENTRY_POINT_GROUP, name="show")
    if not views:
        raise RuntimeError(
            "engine.debug.show needs the tapescope package installed (its entry point "
            f"{ENTRY_POINT_GROUP}:show shows the page): `pip install tapescope` or `make "
            "python-deps` in a checkout"
        )
    view: NotebookView = next(iter(views)).load()(capture, server, token=token, height=height)
    return view
