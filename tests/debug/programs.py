"""Running a small program under capture_program, and reading its findings by code and line."""

import textwrap

from engine.debug import capture_program


def run(source, value_cap=10**6):
    return capture_program(textwrap.dedent(source), "program.py", value_cap=value_cap)


def line_of(source, text):
    """The 1-based line of `source` (dedented) containing `text`, which must be unique."""
    lines = textwrap.dedent(source).splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if text in line]
    assert len(hits) == 1, (text, hits)
    return hits[0]


def serious(capture):
    """(code, line) of the error and warning findings."""
    return sorted((f.code, f.line) for f in capture.findings if f.severity in ("error", "warning"))


def codes(capture):
    return sorted((f.code, f.line, f.severity) for f in capture.findings)
