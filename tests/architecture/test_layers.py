"""The layers of docs/architecture.md hold, and `make check` (lint-imports, .importlinter)
catches a change that breaks them: an upward import added to a scratch copy of the tree fails."""

import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = (
    "import sys; from importlinter.cli import lint_imports_command; "
    "sys.exit(lint_imports_command())"
)


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` as `make check` runs it, from `tree` (it puts its working directory first
    on the path, so the packages analysed are the tree's own)."""
    return subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=120,
    )


def scratch_copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    skip = shutil.ignore_patterns("__pycache__", "static", "share")
    for package in ("engine", "server"):
        shutil.copytree(ROOT / package, tree / package, ignore=skip)
    shutil.copy(ROOT / ".importlinter", tree)
    return tree


def test_the_tree_keeps_its_layers():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "refused"),
    [
        ("engine/hooks.py", "import server.app", "engine.hooks -> server.app"),
        ("engine/debug/build.py", "import server.models", "engine.debug.build -> server.models"),
        ("engine/tensor.py", "import engine.debug.schema", "engine.tensor -> engine.debug.schema"),
        ("engine/__init__.py", "from . import debug", "engine -> engine.debug"),
        (
            "engine/keras/model.py",
            "from engine.debug import show",
            "engine.keras.model -> engine.debug",
        ),
        # the engine package's __init__ imports engine.keras: Keras importing it back is a cycle
        (
            "engine/keras/layers/dense.py",
            "import engine",
            "engine.keras.layers.dense -> engine (l.",
        ),
        ("engine/keras/_tf.py", "from engine import cast", "engine.keras._tf -> engine (l."),
        ("server/routes/pins.py", "from .. import store", "server.routes.pins -> server.store"),
        ("server/routes/pins.py", "import engine.debug", "server.routes.pins -> engine.debug"),
        (
            "server/sandbox/limits.py",
            "from .. import settings",
            "server.sandbox.limits -> server.settings",
        ),
    ],
)
def test_an_upward_import_fails_the_check(tmp_path, module, line, refused):
    tree = scratch_copy(tmp_path)
    clean = lint_imports(tree)
    assert clean.returncode == 0, clean.stdout + clean.stderr  # the copy alone passes
    path = tree / module
    path.write_text(path.read_text() + f"\n{line}  # the import under test\n")
    broken = lint_imports(tree)
    assert broken.returncode != 0
    assert refused in broken.stdout and "BROKEN" in broken.stdout


def test_importing_the_debugger_imports_no_server_module():
    program = (
        "import sys, engine.debug, engine as tf\n"
        "with engine.debug.capture() as cap:\n"
        "    x = tf.constant(2.0)\n"
        "    with tf.GradientTape() as tape:\n"
        "        tape.watch(x)\n"
        "        y = x * x\n"
        "    assert float(tape.gradient(y, x)) == 4.0\n"
        "print(sorted(m for m in sys.modules if m == 'server' or m.startswith('server.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_show_reaches_the_server_s_notebook_view_by_its_entry_point():
    # engine.debug.show looks the view up by this name; the server package provides it
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared["tapescope.notebook"] == {"show": "server.notebook:show"}
    from engine.debug.show import ENTRY_POINT_GROUP
    from server.notebook import show

    assert ENTRY_POINT_GROUP == "tapescope.notebook"
    # installed (make python-deps reinstalls when pyproject.toml changes), it resolves to it
    (view,) = entry_points(group=ENTRY_POINT_GROUP, name="show")
    assert view.load() is show
