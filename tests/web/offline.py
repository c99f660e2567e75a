"""A program with a known answer for the offline export tests, and what they check in the page.

PROGRAM's gradients, as TensorFlow 2.21 prints them: dz/dw = c * x**2 = [4., 16.], and dz/dc is
None because the tape never watched the constant `c` (finding not_watched)."""

import re
import subprocess
from pathlib import Path

from tests.web.helpers import numbers

PROGRAM = """import tensorflow as tf

x = tf.constant([1.0, 2.0])
w = tf.Variable([3.0, -1.0], name="w")
c = tf.constant(4.0)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(w * x * x)
    z = y * c
dw, dc = tape.gradient(z, [w, c])
print("dw:", dw.numpy(), "dc:", dc)
"""
TF_DW = [4.0, 16.0]
NOT_WATCHED_LINE = 8  # the Mul at line 8 was not recorded for `c`


def run_and_export(tapescope: Path, workdir: Path) -> tuple[str, Path]:
    """`tapescope run` the program into a local store, then `tapescope export --html` it."""
    (workdir / "program.py").write_text(PROGRAM)
    ran = subprocess.run(
        [str(tapescope), "run", "program.py", "--data-dir", "runs"],
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    run_id = re.search(r"^run (\S+):", ran.stdout, re.M).group(1)
    out = workdir / "run.html"
    exported = subprocess.run(
        [str(tapescope), "export", run_id, "--data-dir", "runs", "--html", str(out)],
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert exported.returncode == 0, exported.stderr
    return run_id, out


class Requests:
    """Every request the page and its workers make, from the moment it is created."""

    def __init__(self, context):
        self.urls = []
        context.on("request", lambda request: self.urls.append(request.url))

    def beyond(self, allowed_url):
        """Requests other than the file itself and the page's in-memory Blob URLs (its worker)."""
        return [
            url
            for url in self.urls
            if url.split("#")[0] != allowed_url and not url.startswith("blob:")
        ]


def wait_offline_graph(frame, min_nodes=1):
    frame.wait_for_function(
        "n => document.documentElement.classList.contains('offline') && window.__cy "
        "&& document.getElementById('graph').dataset.ready && __cy.nodes().length >= n",
        arg=min_nodes,
    )


def check_debugger(frame, run_id, capture=None):
    """The graph is drawn, the diagnosis names the cut, stepping reaches TF's gradient for w, the
    memory plot renders, and nothing that needs a server is offered."""
    wait_offline_graph(frame, 2)
    state = frame.evaluate(
        "() => { const s = window.__tapescope.store.state; "
        "return {run: s.run && s.run.id, call: s.call, step: s.step, panel: s.panel}; }"
    )
    assert state["run"] == run_id and state["call"] == 0 and state["step"] == 0
    for hidden in ("#run", "#gallery", "#permalink", "#download"):
        assert not frame.is_visible(hidden), hidden
    # diagnosis: opened first, since the run has an error finding
    assert state["panel"] == "diagnosis"
    diagnosis = frame.inner_text("#panel-diagnosis")
    assert "not_watched" in diagnosis and f"line {NOT_WATCHED_LINE}" in diagnosis
    # stepping through the backward pass
    steps = frame.evaluate("() => window.__tapescope.store.state.index.calls.get(0).steps.length")
    assert steps >= 2
    frame.focus("#graph")
    frame.press("#graph", "ArrowRight")
    assert frame.evaluate("() => window.__tapescope.store.state.step") == 1
    frame.press("#graph", "End")
    assert frame.evaluate("() => window.__tapescope.store.state.step") == steps
    w = frame.evaluate("() => window.__tapescope.store.state.index.calls.get(0).results[0].tensor")
    # (returns nothing: Playwright would spend half a minute serializing the Cytoscape element)
    frame.evaluate("id => { window.__cy.getElementById(id).emit('tap'); }", f"t:{w}")
    frame.click("#tab-inspector")
    frame.wait_for_selector("#inspector-gradient")
    assert frame.text_content("#inspector-gradient h3") == f"Gradient at step {steps}"
    assert numbers(frame.inner_text("#inspector-gradient .shown-value")) == TF_DW
    # plots (Plotly, inlined)
    frame.click("#tab-memory")
    frame.wait_for_selector('#memory-plot[data-chart="memory"]')
    assert frame.locator("#memory-plot .scatterlayer .trace").count() >= 1
