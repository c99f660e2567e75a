"""Honest run states: a failed run looks failed, a slow one runs visibly and can be stopped, the
URL names the run on screen, and cut output says it was cut."""

from tests.web.helpers import type_and_run, wait_drawn, wait_graph
from tests.web.pictures import screenshot

LOOP = """import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = x * x
while True:
    pass
"""


def _ended(page):
    page.wait_for_function(
        "() => { const r = window.__tapescope.store.state.run;"
        " return r && r.status !== 'running' && window.__tapescope.store.state.capture; }"
    )


def test_a_syntax_error_is_shown_as_an_error_not_as_all_flowing(server, page):
    type_and_run(page, server, "import tensorflow as tf\nx = (\n")
    _ended(page)
    status = page.locator("#run-status")
    assert status.is_visible()
    assert "error" in status.get_attribute("class")
    assert "SyntaxError" in status.inner_text()
    assert page.locator("#all-flow").count() == 0
    page.click("#tab-diagnosis")
    assert "did not run to the end" in page.inner_text("#panel-diagnosis")


def test_an_error_naming_its_line_names_it_once(server, page):
    code = 'import tensorflow as tf\nx = tf.constant(1.0)\nraise ValueError("stopped at line 3")\n'
    type_and_run(page, server, code)
    _ended(page)
    text = page.inner_text("#run-error")
    assert text.count("line 3") == 1, text
    assert page.locator("#run-error a[data-line='3']").count() == 1
    assert page.inner_text("#run-status").count("line 3") == 1


def test_a_slow_run_shows_elapsed_time_and_stop_cancels_it_on_the_server(server, page):
    type_and_run(page, server, LOOP)
    page.wait_for_selector("#run-status.running #run-stop")
    running = page.evaluate("() => window.__tapescope.store.state.run.id")
    page.wait_for_function(
        "id => location.hash.includes('run=' + id)", arg=running
    )  # the URL (and so Copy link) names the run on screen
    page.wait_for_function(
        "() => parseFloat(document.getElementById('run-elapsed').textContent) >= 0.5"
    )
    screenshot(page, "20-run-running")
    page.click("#run-stop")
    _ended(page)
    summary = page.evaluate("() => window.__tapescope.store.state.run")
    assert summary["id"] == running and summary["status"] == "cancelled"
    assert summary["duration_ms"] < 9000  # stopped, not timed out at 10 s
    assert "cancelled" in page.get_attribute("#run-status", "class")
    assert "stopped by the user" in page.inner_text("#run-status")
    page.wait_for_function("id => location.hash.includes('run=' + id)", arg=running)
    assert page.locator("#all-flow").count() == 0


# NumPy lets go of the interpreter in einsum's loops (~30 s), where no soft limit can stop it:
# the worker is ended at the hard limit, and what it streamed before is what the run keeps.
HUNG_IN_C = """import tensorflow as tf
import numpy as np

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = x * x
print("recorded", tape.gradient(y, x).numpy())
a = np.ones((4000, 4000))
b = np.einsum("ij,jk->ik", a, a)
"""


def test_a_run_ended_inside_a_call_in_c_shows_its_partial_tape_and_why(server, page):
    type_and_run(page, server, HUNG_IN_C)
    page.wait_for_function(
        "() => { const r = window.__tapescope.store.state.run;"
        " return r && r.status !== 'running' && window.__tapescope.store.state.capture; }",
        timeout=60000,  # the wall limit (10 s) and the worker's grace, on a loaded machine
    )
    status = page.locator("#run-status")
    assert "limit" in status.get_attribute("class")
    text = status.inner_text()
    assert "TimeLimitExceeded" in text and "time limit of 10 s exceeded" in text
    assert "what the program recorded before it stopped" in text
    wait_graph(page, min_nodes=2)  # x and x * x, from the snapshot streamed before the call
    labels = page.evaluate("() => __cy.nodes().map(n => n.data('text') || '').join(' ')")
    assert "Mul" in labels, labels
    assert "recorded 4.0" in page.inner_text("#output")
    screenshot(page, "21-run-partial-after-limit")


def test_cut_output_says_so_and_long_lines_wrap(server, page):
    code = 'print("x" * 3000)\nfor i in range(40000):\n    print("line", i, "of a flood")\n'
    type_and_run(page, server, code)
    _ended(page)
    notice = page.locator("#output-truncated")
    notice.wait_for()
    assert "cut after" in notice.inner_text()
    wraps = page.evaluate(
        "() => { const o = document.querySelector('#output .stdout');"
        " return o.scrollWidth <= o.clientWidth + 1; }"
    )
    assert wraps


def test_an_ok_run_shows_no_status_banner(server, page):
    type_and_run(
        page,
        server,
        "import tensorflow as tf\nx = tf.Variable(1.0)\nwith tf.GradientTape() as t:\n"
        "    y = x * x\nprint(t.gradient(y, x))\n",
    )
    _ended(page)
    wait_drawn(page)
    assert not page.is_visible("#run-status")
    assert page.evaluate("() => window.__tapescope.store.state.run.status") == "ok"
