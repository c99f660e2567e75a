"""The gallery: one program per file in examples/, described by its module docstring.

An example's docstring is: a title line, a blank line, a short explanation of what to look at,
and then two header lines:

    Tags: none-gradient, seed-004
    Expect: variable_replaced_by_tensor@9, not_watched@12

`Expect` lists the findings (code@line, 1-based lines of the file) a correct diagnosis must
produce, or `none` when every gradient flows. Tests run every example and check them.
"""

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from .shipped import shipped_dir

EXAMPLES_DIR = shipped_dir("examples")
_HEADER = re.compile(r"^(Tags|Expect):\s*(.*)$", re.MULTILINE)


@dataclass(frozen=True)
class ExpectedFinding:
    code: str
    line: int


@dataclass(frozen=True)
class Example:
    id: str
    title: str
    summary: str
    tags: tuple[str, ...]
    expect: tuple[ExpectedFinding, ...]
    code: str


def parse_example(example_id, code):
    docstring = ast.get_docstring(ast.parse(code)) or ""
    headers = dict(_HEADER.findall(docstring))
    prose = _HEADER.sub("", docstring).strip()
    title, _, summary = prose.partition("\n")
    expect_text = headers.get("Expect", "none").strip()
    expect = (
        ()
        if expect_text in ("", "none")
        else tuple(
            ExpectedFinding(code.strip(), int(line))
            for code, line in (item.split("@") for item in expect_text.split(","))
        )
    )
    tags = tuple(t.strip() for t in headers.get("Tags", "").split(",") if t.strip())
    return Example(example_id, title.strip(), summary.strip(), tags, expect, code)


def load_examples(directory: str | Path = EXAMPLES_DIR) -> list[Example]:
    """Every example, in file name order (files are numbered for a sensible gallery order)."""
    return [
        parse_example(path.stem, path.read_text())
        for path in sorted(Path(directory).glob("*.py"))
        if not path.name.startswith("_")
    ]
