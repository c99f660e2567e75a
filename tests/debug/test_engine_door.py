"""One door into the engine for the debugger: engine.debug imports from the engine only the
observers (engine.hooks), the introspection module (engine.introspection) and the public API
(`import engine`, `from engine import Tensor`, tf's namespaces such as `engine.nest`), and
recognises no engine function by its code object."""

import ast
import types
from pathlib import Path

import engine

from .programs import line_of, run

DEBUG = Path(engine.__file__).parent / "debug"
DOORS = {"engine.hooks", "engine.introspection"}
# TF's public namespaces the engine offers as modules (tf.nest, tf.keras, ...).
NAMESPACES = {
    "autodiff", "autograph", "config", "contrib", "data", "debugging", "dtypes", "errors",
    "image", "keras", "linalg", "math", "nest", "nn", "random", "strings", "version",
}  # fmt: skip


def _module_of(path):
    """The dotted module a file of engine/debug defines (its package for __init__.py)."""
    parts = list(path.relative_to(DEBUG.parent.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(path):
    module = _module_of(path)
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _imports(source, package):
    """(line, module, name or None) for every import, relative ones resolved."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            found += [(node.lineno, module, alias.name) for alias in node.names]
    return found


def _is_public(name):
    if name.startswith("_"):
        return False
    value = getattr(engine, name, None)
    if isinstance(value, types.ModuleType):
        return name in NAMESPACES
    return value is not None


def door_violations(source, package):
    """The imports of `source` (a module of `package`) that reach into the engine by another
    way than the door, as 'line: what'."""
    bad = []
    for line, module, name in _imports(source, package):
        if not (module == "engine" or module.startswith("engine.")):
            continue
        if module.startswith("engine.debug") or module in DOORS:
            if module in DOORS and name is not None and name.startswith("_"):
                bad.append(f"{line}: {module}.{name}")
            continue
        if name is None:  # `import engine` / `import engine.contrib.eager`: tf and tf.contrib
            if module != "engine" and module.split(".")[1] not in NAMESPACES:
                bad.append(f"{line}: import {module}")
            continue
        if module == "engine" and (f"engine.{name}" in DOORS or _is_public(name)):
            continue
        bad.append(f"{line}: from {module} import {name}")
    return bad


def code_object_matches(source, package):
    """`X.__code__` where X is a name imported from the engine: recognising an engine
    function by its code object."""
    engine_names = {
        (name or module).split(".")[0]
        for _, module, name in _imports(source, package)
        if module == "engine" or module.startswith("engine.")
    }
    hits = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "__code__":
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in engine_names:
                hits.append(f"{node.lineno}: {ast.unparse(node)}")
    return hits


def _offences(check):
    """{file of engine/debug: what `check` finds in it}, for the files where it finds any."""
    files = sorted(DEBUG.rglob("*.py"))
    assert len(files) > 20
    found = {
        str(path.relative_to(DEBUG)): check(path.read_text(), _package_of(path)) for path in files
    }
    return {name: hits for name, hits in found.items() if hits}


def test_engine_debug_imports_the_engine_only_through_the_door():
    assert _offences(door_violations) == {}


def test_engine_debug_recognises_no_engine_function_by_its_code_object():
    assert _offences(code_object_matches) == {}


def test_the_checks_catch_a_private_import_and_a_code_object_match():
    """The checks fail on what they guard against (a scratch module of engine.debug)."""
    scratch = """
from .. import hooks, introspection, IndexedSlices, nest
from ..recording import recording_tapes
from .. import name_scopes
from ..introspection import _SEEDING_MODULE
import engine.gradient_tape
from .. import gradient_tape
SEEDS = {gradient_tape.initial_gradients.__code__}
"""
    assert door_violations(scratch, "engine.debug") == [
        "3: from engine.recording import recording_tapes",
        "4: from engine import name_scopes",
        "5: engine.introspection._SEEDING_MODULE",
        "6: import engine.gradient_tape",
        "7: from engine import gradient_tape",
    ]
    assert code_object_matches(scratch, "engine.debug") == [
        "8: gradient_tape.initial_gradients.__code__"
    ]
    # relative imports resolve from the module's package: three dots from diagnosis/
    assert door_violations("from ...recording import record\n", "engine.debug.diagnosis") == [
        "1: from engine.recording import record"
    ]


def test_what_the_debugger_learns_through_the_door_without_code_objects():
    """Seeds, explicit watches and tape entries, once recognised by code objects on the stack:
    the seed's ones_like is no op of the program (the user's is), `tape.watch(v)` is a watch
    and a read while recording is not, and reset/resume are no second entry."""
    source = """
        import tensorflow as tf
        v = tf.Variable(2.0)
        u = tf.Variable(3.0)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(v)
            y = v * u
            with tape.stop_recording():
                pass
        g = tape.gradient(y, [v, u])
        ones = tf.ones_like(g[0])
        """
    capture = run(source)
    assert [(op.type, op.location.line) for op in capture.ops] == [
        ("Mul", line_of(source, "y = v * u")),
        ("OnesLike", line_of(source, "ones = ")),
    ]
    watched = [(w.how, w.location.line) for w in capture.tapes[0].watched]
    assert watched == [
        ("watch", line_of(source, "tape.watch(v)")),
        ("variable_read", line_of(source, "y = v * u")),
    ]
    kinds = [e.kind for e in capture.tapes[0].events]
    assert kinds == ["enter", "stop_recording", "resume", "exit"]
