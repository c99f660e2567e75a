"""docs/python.md's examples work: its shell blocks run in order as one script, then each
Python program (a ```python block and the ```python continued blocks after it) as a file of its
own (the notebook ones upload to a real server), and every output line the page shows is printed
by them (run ids, times and sizes excepted)."""

import subprocess
import sys

from tests.docs.runnable import ROOT, blocks, environment, programs, shown_output

PYTHON_DOC = ROOT / "docs" / "python.md"
DOCUMENTED_SERVER = "http://127.0.0.1:8765"


def test_the_python_docs_examples_run_and_print_what_the_page_shows(docs_server, tmp_path):
    text = PYTHON_DOC.read_text().replace(DOCUMENTED_SERVER, docs_server)
    env = environment(docs_server)
    script = "set -euo pipefail\n" + "\n".join(blocks(text, "bash"))
    shell = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert shell.returncode == 0, shell.stderr
    printed = shell.stdout + shell.stderr
    for number, program in enumerate(programs(text)):
        script_file = tmp_path / f"example_{number}.py"  # a file, as a reader would run it
        script_file.write_text(program)
        python = subprocess.run(
            [sys.executable, script_file.name],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert python.returncode == 0, f"{program}\n{python.stderr}"
        printed += python.stdout
    lines = {line.rstrip() for line in printed.splitlines()}
    assert [line for line in shown_output(text) if line not in lines] == []
