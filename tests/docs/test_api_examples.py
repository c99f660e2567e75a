"""docs/api.md's examples work: its shell blocks run in order as one script, then its Python
blocks as one program, against a real server; the outputs it shows are what they print (lines
with a run id or a time, which differ on every run, excepted)."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API_DOC = ROOT / "docs" / "api.md"
VARIABLE = re.compile(r"#run=|\d{4}-\d\d-\d\dT")  # run ids and timestamps change every run


def blocks(text: str, language: str) -> list[str]:
    """The contents of the fenced blocks opened with ```<language> ("" for plain ones)."""
    found, current, inside = [], [], None
    for line in text.splitlines():
        if line.startswith("```"):
            if inside is None:
                inside, current = line[3:].strip(), []
            else:
                if inside == language:
                    found.append("\n".join(current) + "\n")
                inside = None
        elif inside is not None:
            current.append(line)
    return found


def _environment(server: str) -> dict:
    bin_dir = str(Path(sys.executable).parent)
    return {**os.environ, "TAPESCOPE": server, "PATH": bin_dir + os.pathsep + os.environ["PATH"],
            "PYTHONPATH": str(ROOT)}


def test_the_api_docs_commands_run_and_print_what_the_page_shows(docs_server, tmp_path):
    text = API_DOC.read_text()
    script = "set -euo pipefail\n" + "\n".join(blocks(text, "bash"))
    shell = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=_environment(docs_server),
                           capture_output=True, text=True, timeout=300)
    assert shell.returncode == 0, shell.stderr
    printed = {line.rstrip() for line in shell.stdout.splitlines()}
    shown = [line.rstrip() for block in blocks(text, "") for line in block.splitlines()
             if line.strip() and not VARIABLE.search(line)]
    assert shown, "the page shows no output to compare"
    assert [line for line in shown if line not in printed] == []

    program = "\n".join(blocks(text, "python"))
    python = subprocess.run([sys.executable, "-c", program], cwd=tmp_path,
                            env=_environment(docs_server), capture_output=True, text=True,
                            timeout=300)
    assert python.returncode == 0, python.stderr
    assert "404 {'error': 'not_found'" in python.stdout
