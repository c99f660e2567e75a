"""Writes docs/tf-coverage.md: the engine's TensorFlow coverage, read from the engine itself.

For every symbol in docs/coverage_probes.py (the engine's TF surface) it resolves the name from
the `engine` namespaces, runs a small call under a GradientTape while watching which TF op types
execute, takes the gradient of what came out, and looks each op type up in the op registry
(gradient registered / non-differentiable / none registered). Then it lists every registered op
type with what its gradient saves, the math names TensorFlow keeps out of its top level, and what
well-known names outside the surface raise. Nothing in the page is typed by hand.

    .venv/bin/python docs/generate_coverage.py          # rewrite docs/tf-coverage.md
    .venv/bin/python docs/generate_coverage.py --check  # exit 1 if it is out of date
"""

import argparse
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS.parent), str(DOCS)]

import numpy as np  # noqa: E402
from coverage_probes import OUTSIDE, SECTIONS  # noqa: E402

import engine  # noqa: E402
from engine import hooks  # noqa: E402
from engine.ops.registry import NOT_DIFFERENTIABLE, registered_types  # noqa: E402
from engine.ops_saved import ALL  # noqa: E402

OUTPUT = DOCS / "tf-coverage.md"
INPUT_NAMES = ("x", "y", "m", "n", "img", "k", "v")
STATE_WORDS = {
    "registered": "registered",
    "non_differentiable": "non-differentiable",
    "not_registered": "**no gradient registered**",
}
USED_BY_SHOWN = 4  # names listed per op type in the registry table before "and N more"


# Running the probes --------------------------------------------------------------------------


class _OpTypes(hooks.Observer):
    """Collects the TF op types that execute while installed, in order, once each."""

    def __init__(self):
        self.types: list[str] = []

    def op_executed(self, op_type, inputs, outputs, record):
        if op_type not in self.types:
            self.types.append(op_type)


class _observing:
    def __init__(self):
        self.observer = _OpTypes()

    def __enter__(self):
        hooks.observers.append(self.observer)
        return self.observer.types

    def __exit__(self, *exc):
        hooks.observers.remove(self.observer)
        return False


def resolve(path: str):
    """The engine's object for `path` ("math.add", "Tensor.numpy"); AttributeError if absent."""
    target = engine
    for part in path.split("."):
        target = getattr(target, part)
    return target


def probe_namespace() -> dict:
    tf = engine
    x = tf.constant([0.25, 0.5, 0.75])
    y = tf.constant([1.5, 2.0, 2.5])
    namespace = {
        "tf": tf,
        "np": np,
        "x": x,
        "y": y,
        "m": tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
        "n": tf.constant([[1.0, 0.5], [-1.0, 2.0], [0.5, 0.25]]),
        "v": tf.Variable([1.0, 2.0, 3.0]),
        "img": tf.reshape(tf.range(16, dtype=tf.float32) / 16.0, [1, 4, 4, 1]),
        "k": tf.constant([[[[1.0]], [[-1.0]]], [[[0.5]], [[0.25]]]]),
        "labels": tf.constant([0, 2]),
    }
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, y])
        namespace["z"] = x * y
        namespace["zb"] = tf.reshape(namespace["z"], [3, 1])
    namespace["tape"] = tape
    return namespace


def run_code(code: str, namespace: dict):
    """An expression's value, or what statements assigned to `out`."""
    try:
        compiled = compile(code, "<probe>", "eval")
    except SyntaxError:
        exec(compile(code, "<probe>", "exec"), namespace)
        return namespace.get("out")
    return eval(compiled, namespace)


def _tensors(value) -> list:
    if isinstance(value, engine.Tensor):
        return [value]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _tensors(item)]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors(item)]
    return []


@dataclass
class Row:
    name: str
    code: str
    supported: bool = True
    error: str = ""  # what resolving or running raised
    returns: str = ""
    op_types: list = field(default_factory=list)
    backward_types: list = field(default_factory=list)
    gradient: str = ""  # what tape.gradient gave: the inputs it reached, None, or its error


def _error_text(error: BaseException) -> str:
    message = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def describe_value(value) -> str:
    if isinstance(value, engine.Tensor):
        return f"{value.dtype.name} {list(value.shape)}"
    if (
        isinstance(value, (list, tuple))
        and value
        and all(isinstance(item, engine.Tensor) for item in value)
    ):
        kinds = sorted({describe_value(item) for item in value})
        return f"{type(value).__name__} of {len(value)}: {', '.join(kinds)}"
    if isinstance(value, dict):
        return "dict"
    return "None" if value is None else type(value).__name__


def run_probe(probe, shows_ops: bool) -> Row:
    row = Row(probe.name, probe.code)
    try:
        resolve(probe.path)
    except AttributeError as error:
        row.supported, row.error = False, _error_text(error)
        return row
    namespace = probe_namespace()
    sources = [namespace[name] for name in INPUT_NAMES]
    with engine.GradientTape(persistent=True) as checker:
        checker.watch(sources[:-1])
        try:
            with _observing() as forward_types:
                value = run_code(probe.code, namespace)
        except Exception as error:  # noqa: BLE001 - a probe that fails is reported, not hidden
            row.error = _error_text(error)
            return row
    row.returns = describe_value(value)
    if not shows_ops:
        return row
    row.op_types = list(forward_types)
    targets = [t for t in _tensors(value) if t.dtype.is_floating]
    if not row.op_types:
        return row
    if not targets:
        row.gradient = "— (no floating output)"
        return row
    try:
        with _observing() as backward_types:
            gradients = checker.gradient(targets, sources)
    except Exception as error:  # noqa: BLE001
        row.gradient = f"raises `{_error_text(error)}`"
        return row
    row.backward_types = list(backward_types)
    reached = [name for name, grad in zip(INPUT_NAMES, gradients) if grad is not None]
    row.gradient = "reaches " + ", ".join(f"`{name}`" for name in reached) if reached else "None"
    return row


def run_all():
    results = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # TF-style warnings some calls emit on purpose
        for section in SECTIONS:
            results.append((section, [run_probe(p, section.shows_ops) for p in section.probes]))
    return results


# The registry -------------------------------------------------------------------------------


def gradient_state(op_type: str) -> str:
    opdef = registered_types().get(op_type)
    if opdef is None:  # a tf.custom_gradient function's op, typed by its name (tf.nn.swish's)
        return "registered"
    if opdef.gradient is None:
        return "not_registered"
    return "non_differentiable" if opdef.gradient is NOT_DIFFERENTIABLE else "registered"


def _positions(saved, what: str) -> str:
    if saved is ALL:
        return f"all {what}s"
    if not saved:
        return ""
    return f"{what}{'s' if len(saved) > 1 else ''} {', '.join(map(str, saved))}"


def saved_text(op_type: str) -> str:
    opdef = registered_types()[op_type]
    parts = [
        p
        for p in (
            _positions(opdef.saves_inputs, "input"),
            _positions(opdef.saves_outputs, "output"),
        )
        if p
    ]
    return "; ".join(parts) or "nothing"


def gradient_summary(op_types) -> str:
    by_state: dict[str, list[str]] = {}
    for op_type in op_types:
        by_state.setdefault(gradient_state(op_type), []).append(op_type)
    if not by_state:
        return "—"
    if set(by_state) == {"registered"}:
        return "registered"
    parts = ["registered"] if "registered" in by_state else []
    for state in ("non_differentiable", "not_registered"):
        if state in by_state:
            parts.append(f"{STATE_WORDS[state]}: " + ", ".join(f"`{t}`" for t in by_state[state]))
    return "; ".join(parts)


# Rendering ----------------------------------------------------------------------------------


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def code_cell(code: str) -> str:
    return "<br>".join(f"`{cell(line)}`" for line in code.splitlines())


def display_name(name: str) -> str:
    """`tf.math.add` (also `tf.add`) when the engine has TF's top-level alias too."""
    if name.startswith("tf.math."):
        short = name.removeprefix("tf.math.")
        if getattr(engine, short, None) is getattr(engine.math, short):
            return f"`{name}` (also `tf.{short}`)"
    return f"`{name}`"


def render_section(section, rows) -> list[str]:
    lines = [f"## {section.title}", ""]
    if section.intro:
        lines += [section.intro, ""]
    if section.shows_ops:
        lines += [
            "| TensorFlow | checked with | returns | op types | gradient | tape.gradient |",
            "|---|---|---|---|---|---|",
        ]
    else:
        lines += ["| TensorFlow | checked with | returns |", "|---|---|---|"]
    for row in rows:
        if not row.supported or row.error:
            returns = f"**raises** `{cell(row.error)}`"
        else:
            returns = cell(row.returns)
        columns = [display_name(row.name), code_cell(row.code), returns]
        if section.shows_ops:
            columns += [
                ", ".join(f"`{t}`" for t in row.op_types) or "—",
                gradient_summary(row.op_types),
                cell(row.gradient) or "—",
            ]
        lines.append("| " + " | ".join(columns) + " |")
    return lines + [""]


def render_registry(results) -> list[str]:
    used_by: dict[str, list[str]] = {}
    in_gradient_of: dict[str, list[str]] = {}
    for _section, rows in results:
        for row in rows:
            for op_type in row.op_types:
                used_by.setdefault(op_type, []).append(row.name)
            for op_type in row.backward_types:
                in_gradient_of.setdefault(op_type, []).append(row.name)
    registry = registered_types()
    counts = {state: sum(gradient_state(t) == state for t in registry) for state in STATE_WORDS}
    lines = [
        "## The op registry",
        "",
        f"Every TF op type the engine registers ({len(registry)}): {counts['registered']} with a "
        f"gradient, {counts['non_differentiable']} registered as non-differentiable (their inputs "
        f"get None), {counts['not_registered']} with no gradient registered (a backward pass "
        "through them raises `LookupError: gradient registry has no entry for: <Type>`). *Saved* "
        "is what the op's gradient reads and the tape therefore keeps; everything else is pruned. "
        "*Run by* lists the calls above that executed the op, or whose gradient did.",
        "",
        "| op type | gradient | saved for backward | run by |",
        "|---|---|---|---|",
    ]
    for op_type in sorted(registry):
        names, where = used_by.get(op_type), ""
        if not names and in_gradient_of.get(op_type):
            names, where = in_gradient_of[op_type], "the gradient of "
        if names:
            unique = list(dict.fromkeys(names))
            shown = ", ".join(f"`{name}`" for name in unique[:USED_BY_SHOWN])
            more = f" and {len(unique) - USED_BY_SHOWN} more" if len(unique) > USED_BY_SHOWN else ""
            run_by = where + shown + more
        else:
            run_by = "—"
        lines.append(
            f"| `{op_type}` | {STATE_WORDS[gradient_state(op_type)]} | "
            f"{saved_text(op_type)} | {cell(run_by)} |"
        )
    return lines + [""]


def _raises(path: str) -> str:
    try:
        resolve(path)
    except AttributeError as error:
        return _error_text(error)
    return "(resolves)"


def render_missing() -> list[str]:
    not_top_level = [name for name in engine.math.__all__ if getattr(engine, name, None) is None]
    lines = [
        "## Math names without a top-level alias",
        "",
        "These exist as `tf.math.<name>` only (as in TensorFlow 2.21, whose top level has none "
        "of them):",
        "",
        "| name | `tf.<name>` |",
        "|---|---|",
    ]
    lines += [f"| `tf.math.{name}` | `{cell(_raises(name))}` |" for name in sorted(not_top_level)]
    lines += [
        "",
        "## Outside the surface",
        "",
        "Anything else raises an `AttributeError` that names the missing symbol, e.g.:",
        "",
        "| name | what it raises |",
        "|---|---|",
    ]
    lines += [f"| `{name}` | `{cell(_raises(name.removeprefix('tf.')))}` |" for name in OUTSIDE]
    return lines + [""]


def render() -> str:
    results = run_all()
    rows = [row for _section, section_rows in results for row in section_rows]
    failing = [row.name for row in rows if row.error]
    lines = [
        "# TensorFlow coverage",
        "",
        "<!-- Generated by docs/generate_coverage.py from the engine's code. Do not edit: run "
        "`.venv/bin/python docs/generate_coverage.py`. -->",
        "",
        "What `import engine as tf` supports, read from the engine itself: each symbol is "
        "resolved from the `engine` namespaces and run once on a small input under a "
        "`GradientTape`. *Op types* are the TF op types that executed; *gradient* is the op "
        "registry's state for them; *tape.gradient* is what the tape's gradient of the "
        "result reached among the watched inputs (`x`, `y`, `m`, `n`, `img`, `k` and the "
        "variable `v`, defined in [coverage_probes.py](coverage_probes.py)), or what it "
        "raised.",
        "",
        f"{len(rows)} symbols checked, {sum(r.supported and not r.error for r in rows)} "
        f"supported{', failing: ' + ', '.join(failing) if failing else ''}.",
        "",
        "Sections: "
        + ", ".join(f"[{section.title}](#{anchor(section.title)})" for section, _ in results)
        + ", [the op registry](#the-op-registry), [math names without a top-level alias]"
        "(#math-names-without-a-top-level-alias), [outside the surface](#outside-the-surface).",
        "",
    ]
    for section, section_rows in results:
        lines += render_section(section, section_rows)
    lines += render_registry(results)
    lines += render_missing()
    return "\n".join(lines).rstrip("\n") + "\n"


def anchor(title: str) -> str:
    """GitHub's heading anchor (lowercase; spaces to dashes; other punctuation dropped)."""
    kept = "".join(ch for ch in title.lower() if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUTPUT.read_text() if OUTPUT.exists() else ""
        if current != text:
            print(
                f"{OUTPUT} is out of date: run .venv/bin/python docs/generate_coverage.py",
                file=sys.stderr,
            )
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
