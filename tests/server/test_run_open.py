"""`tapescope run script.py --open` opens the browser at the run: Python's webbrowser runs the
command in BROWSER with the URL, here a script that writes down what it was given."""

import os
import re
import subprocess
import sys
from pathlib import Path

TAPESCOPE = Path(sys.executable).parent / "tapescope"
PROGRAM = "import tensorflow as tf\nx = tf.constant(2.0)\nprint(x * x)\n"


def test_run_open_opens_the_runs_url(tmp_path):
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s" "$1" > {opened}\n')
    browser.chmod(0o755)
    (tmp_path / "program.py").write_text(PROGRAM)
    env = {**os.environ, "BROWSER": str(browser)}
    env.pop("DISPLAY", None)
    ran = subprocess.run(
        [str(TAPESCOPE), "run", "program.py", "--data-dir", "runs", "--open"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    url = re.search(r"^run \S+: (\S+)$", ran.stdout, re.M).group(1)
    assert re.fullmatch(r"http://127\.0\.0\.1:8765/#run=[\w-]+", url)
    assert opened.read_text() == url
