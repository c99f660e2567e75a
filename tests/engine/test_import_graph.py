"""The engine's modules import one another without cycles: the tensor and the recording rule at
the bottom, ops above them, tapes and autodiff above the ops (read from the source with ast:
tests/engine/import_graph.py). A function-level import counts as an import: hiding a cycle
from the interpreter does not remove it.
"""

import shutil
from pathlib import Path

import pytest

from tests.engine.import_graph import cycles, imports, module_files

ROOT = Path(__file__).resolve().parents[2]

# The one cycle left, inside Keras, as in Keras 3 itself: keras.Variable takes an initializer by
# name (variables -> initializers, a function-level import, as Keras's KerasVariable does), the
# random initializers draw through SeedGenerator, whose state is a keras.Variable. This list may
# only shrink.
KNOWN_CYCLES = [
    {"engine.keras.initializers", "engine.keras.seed_generator", "engine.keras.variables"},
]


def _is_known(component):
    return set(component) in KNOWN_CYCLES


def _new_cycles(root):
    files = module_files(root, "engine")
    return [sorted(c) for c in cycles(files) if not _is_known(c)]


def test_the_engine_has_no_import_cycle_but_the_known_one():
    assert _new_cycles(ROOT) == []


def test_engine_modules_outside_keras_and_debug_import_the_engine_at_module_level():
    """A function-level import of an engine module is how a cycle is hidden; none is left."""
    files = module_files(ROOT, "engine")
    deferred = [
        f"{files[importer].relative_to(ROOT)}:{line} imports {imported}"
        for importer, imported, is_deferred, line in imports(files)
        if is_deferred and not importer.startswith(("engine.keras", "engine.debug"))
    ]
    assert deferred == []


def test_keras_imports_the_engine_s_core_modules_not_the_engine_package():
    """engine/__init__.py imports engine.keras (tf.keras): Keras importing `engine` back would
    close a cycle through every module of both; it takes TF's names from engine/keras/_tf.py."""
    files = module_files(ROOT, "engine")
    back = [
        f"{files[importer].relative_to(ROOT)}:{line}"
        for importer, imported, _deferred, line in imports(files)
        if importer.startswith("engine.keras") and imported == "engine"
    ]
    assert back == []


@pytest.mark.parametrize(
    "module, added_import",
    [
        # the ops importing the tape's gradient machinery above them (deferred, as cycles hide)
        ("engine/ops/summing.py", "def _later():\n    from ..gradient_tape import GradientTape\n"),
        # the tensor importing an op
        ("engine/tensor.py", "from .ops import joining  # noqa\n"),
        # a Keras layer importing the engine package, whose __init__ imports Keras
        ("engine/keras/layers/dense.py", "import engine as tf  # noqa\n"),
        ("engine/keras/losses/loss.py", "def _later():\n    from ... import cast\n"),
        # two Keras modules importing each other (CallbackList's own module, split off for that)
        (
            "engine/keras/callbacks/callback.py",
            "def _later():\n    from .callback_list import CallbackList\n",
        ),
    ],
)
def test_a_cycle_added_to_a_copy_of_the_engine_is_found(tmp_path, module, added_import):
    shutil.copytree(ROOT / "engine", tmp_path / "engine")
    path = tmp_path / module
    path.write_text(path.read_text() + "\n\n" + added_import)
    found = _new_cycles(tmp_path)
    assert len(found) == 1
    assert module.removesuffix(".py").replace("/", ".") in found[0]
