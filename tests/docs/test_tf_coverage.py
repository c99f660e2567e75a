"""docs/tf-coverage.md is what docs/generate_coverage.py writes from the engine today."""

import importlib.util
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _generator():
    spec = importlib.util.spec_from_file_location(
        "generate_coverage", DOCS / "generate_coverage.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_coverage_page_is_current():
    written = (DOCS / "tf-coverage.md").read_text()
    assert _generator().render() == written, (
        "docs/tf-coverage.md is out of date: run .venv/bin/python docs/generate_coverage.py"
    )


def test_every_surface_symbol_runs_and_every_registered_op_type_is_listed():
    generator = _generator()
    rows = [row for _section, rows in generator.run_all() for row in rows]
    assert [row.name for row in rows if row.error or not row.supported] == []
    page = (DOCS / "tf-coverage.md").read_text()
    for op_type in generator.registered_types():
        assert f"| `{op_type}` |" in page


def test_an_op_without_a_gradient_is_shown_raising_as_tf_does():
    page = (DOCS / "tf-coverage.md").read_text()
    row = next(
        line for line in page.splitlines() if line.startswith("| `tf.image.adjust_contrast`")
    )
    assert "raises `LookupError: gradient registry has no entry for: AdjustContrastv2`" in row
