"""docs/findings.md documents every finding code (the UI links to docs/findings.md#<code>)."""

import re
from pathlib import Path

from engine.debug.diagnosis.vocabulary import CODES, SEVERITY, THRESHOLDS, doc_link

DOC = Path(__file__).resolve().parents[2] / "docs" / "findings.md"


def sections():
    return re.findall(r"^## ([a-z_]+)$", DOC.read_text(), re.MULTILINE)


def test_every_code_has_a_section_and_every_section_is_a_code():
    assert sorted(sections()) == sorted(CODES)


def test_each_section_has_meaning_example_and_fix():
    text = DOC.read_text()
    for code in CODES:
        body = text.split(f"\n## {code}\n", 1)[1].split("\n## ", 1)[0]
        assert "**Meaning.**" in body and "```python" in body and "**Fix.**" in body, code


def test_thresholds_in_the_doc_are_the_ones_used():
    text = DOC.read_text()
    for name, value in THRESHOLDS.items():
        row = re.search(rf"\| `{name}` \| ([^|]+) \|", text)
        assert row, name
        assert float(row.group(1)) == value, name


def test_severities_and_links():
    assert set(SEVERITY) == set(CODES)
    assert doc_link("nan_origin") == "docs/findings.md#nan_origin"
