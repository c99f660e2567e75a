"""`make test` leaves the work tree clean: browser tests draw their pictures, the documentation's
included, in a temporary directory; only `make docs-images` writes docs/images."""

import re
from pathlib import Path

from tests.web import pictures

ROOT = Path(__file__).resolve().parents[2]


def test_a_plain_run_draws_its_pictures_outside_the_work_tree(monkeypatch, tmp_path):
    monkeypatch.delenv(pictures.ENV, raising=False)
    assert pictures.chosen_directory(tmp_path) == tmp_path
    session = pictures.directory()  # this session's, set by tests/web/conftest.py
    assert not session.resolve().is_relative_to(ROOT), session
    monkeypatch.setenv(pictures.ENV, str(tmp_path / "for-docs"))
    assert pictures.chosen_directory(tmp_path) == tmp_path / "for-docs"


def test_every_browser_test_picture_goes_through_the_picture_directory():
    # a test taking a screenshot to a path of its own could write anywhere, docs/images too
    writers = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if re.search(r"\.screenshot\(\s*path\s*=", path.read_text())
    ]
    assert writers == ["tests/web/pictures.py"]
