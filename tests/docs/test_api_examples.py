"""docs/api.md's examples work: its shell blocks run in order as one script, then its Python
blocks as one program, against a real server; the outputs it shows are what they print (lines
with a run id or a time, which differ on every run, excepted)."""

import subprocess
import sys

from tests.docs.runnable import ROOT, blocks, environment, shown_output

API_DOC = ROOT / "docs" / "api.md"


def test_the_api_docs_commands_run_and_print_what_the_page_shows(docs_server, tmp_path):
    text = API_DOC.read_text()
    script = "set -euo pipefail\n" + "\n".join(blocks(text, "bash"))
    shell = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp_path,
        env=environment(docs_server),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert shell.returncode == 0, shell.stderr
    printed = {line.rstrip() for line in shell.stdout.splitlines()}
    shown = shown_output(text)
    assert shown, "the page shows no output to compare"
    assert [line for line in shown if line not in printed] == []

    program = "\n".join(blocks(text, "python"))
    python = subprocess.run(
        [sys.executable, "-c", program],
        cwd=tmp_path,
        env=environment(docs_server),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert python.returncode == 0, python.stderr
    assert "404 {'error': 'not_found'" in python.stdout
