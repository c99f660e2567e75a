"""Reading a documentation page's fenced blocks, and the environment its commands run in."""

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Lines of shown output that differ on every run: run ids, times, sizes of files naming a path.
VARIABLE = re.compile(r"#run=|\d{4}-\d\d-\d\dT|\(\d[\d,]* bytes\)")


def fenced(text: str) -> list[tuple[str, str]]:
    """(info string, contents) of every fenced block, in order: ("python", ...), ("", ...)."""
    found, current, inside = [], [], None
    for line in text.splitlines():
        if line.startswith("```"):
            if inside is None:
                inside, current = line[3:].strip(), []
            else:
                found.append((inside, "\n".join(current) + "\n"))
                inside = None
        elif inside is not None:
            current.append(line)
    return found


def blocks(text: str, language: str) -> list[str]:
    """The contents of the fenced blocks opened with ```<language> ("" for plain ones)."""
    return [contents for info, contents in fenced(text) if info == language]


def programs(text: str) -> list[str]:
    """The page's Python programs: each ```python block starts one, and a following
    ```python continued block (which goes on with the same names) is added to it."""
    found: list[str] = []
    for info, contents in fenced(text):
        if info == "python":
            found.append(contents)
        elif info == "python continued":
            found[-1] += contents
    return found


def shown_output(text: str) -> list[str]:
    """The lines of the page's plain blocks (its shown output) that are the same on every run."""
    return [
        line.rstrip()
        for block in blocks(text, "")
        for line in block.splitlines()
        if line.strip() and not VARIABLE.search(line)
    ]


def environment(server: str) -> dict:
    """The virtualenv's commands first on PATH (python, tapescope), the checkout importable, the
    server in TAPESCOPE, and no browser to open."""
    bin_dir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "TAPESCOPE": server,
        "PATH": bin_dir + os.pathsep + os.environ["PATH"],
        "PYTHONPATH": str(ROOT),
        "BROWSER": "true",
    }
