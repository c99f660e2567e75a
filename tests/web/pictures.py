"""Where browser tests write their pictures: a temporary directory, never the work tree, so that
`make test` leaves it clean. `make docs-images` sets TAPESCOPE_SCREENSHOTS to a directory of its
own, then copies into docs/images only the pictures that changed visibly
(scripts/refresh_docs_images.py)."""

import os
import struct
from pathlib import Path

ENV = "TAPESCOPE_SCREENSHOTS"
_directory: list[Path] = []  # set once per session by tests/web/conftest.py


def use(directory: Path) -> None:
    _directory[:] = [directory]


def directory() -> Path:
    """The session's picture directory: $TAPESCOPE_SCREENSHOTS, else pytest's temporary one."""
    if not _directory:
        raise RuntimeError("tests/web/conftest.py sets the picture directory for the session")
    return _directory[0]


def chosen_directory(temporary: Path) -> Path:
    return Path(os.environ[ENV]) if os.environ.get(ENV) else temporary


def screenshot(page, name: str) -> Path:
    """A picture of the page for a person reviewing the run (not a documentation image)."""
    path = directory() / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    return path


def doc_image(page, name: str, size: tuple[int, int] | None = None) -> Path:
    """docs/images/<name>.png as the UI draws it now, written to the picture directory's docs/
    (`make docs-images` compares it with the committed one)."""
    path = directory() / "docs" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    if size is not None:
        assert struct.unpack(">II", header[16:24]) == size
    return path
