"""docs/architecture.md matches the code: every file path it names exists, and the contracts it
describes are the ones `make check` runs."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"
# a path in backticks: a top-level folder of the repository, then at least one more part
PATH = re.compile(r"`((?:engine|server|web|tests|docs|scripts|examples|benchmarks)/[^`\s*<>]+)`")


def named_paths() -> list[str]:
    return sorted(set(PATH.findall(PAGE.read_text())))


def test_the_page_names_the_files_of_each_part():
    paths = named_paths()
    assert len(paths) > 40
    for part in ("engine/ops/", "engine/debug/", "server/routes/", "web/src/views/"):
        assert any(path.startswith(part) for path in paths), part


def test_every_file_path_it_names_exists():
    missing = [path for path in named_paths() if not (ROOT / path.rstrip("/")).exists()]
    assert missing == []


def test_the_layers_it_describes_are_checked():
    contracts = (ROOT / ".importlinter").read_text()
    for rule in ("never imports the server", "never imports its debugger", "Routes import only"):
        assert rule in contracts
    assert "lint-imports" in (ROOT / "Makefile").read_text()
