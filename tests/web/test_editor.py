"""The editor: Run with Ctrl+Enter, the error line marked, node <-> line linking, search."""

from tests.web.helpers import api, state, tap, wait_graph
from tests.web.pictures import screenshot

PROGRAM = """import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
    z = tf.sin(y)
print("dz/dx", tape.gradient(z, x).numpy())
raise ValueError("stopped on purpose")
"""


def _type_program(page, code):
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def test_ctrl_enter_runs_and_the_error_line_is_marked(server, page):
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    _type_program(page, PROGRAM)
    page.keyboard.press("Control+Enter")
    page.wait_for_selector("#run-error")
    error = page.inner_text("#run-error")
    assert "ValueError" in error and "stopped on purpose" in error and "line 8" in error
    assert "dz/dx" in page.inner_text("#output")  # stdout up to the error is kept
    marked = page.locator(".cm-line.line-error")
    marked.wait_for()
    assert marked.inner_text() == 'raise ValueError("stopped on purpose")'
    wait_graph(page, 2)  # what ran before the error is captured and shown
    screenshot(page, "14-error-line")


def test_node_and_line_link_both_ways_and_search_finds_ops(server, page):
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    _type_program(page, PROGRAM.replace('raise ValueError("stopped on purpose")\n', ""))
    page.click("#run")
    wait_graph(page, 3)
    sin = page.evaluate(
        "() => __cy.nodes().filter(n => n.data('kind') === 'op' && n.data('text').startsWith('Sin'))[0].id()"
    )
    tap(page, sin)
    assert state(page)["selection"]["kind"] == "op"
    linked = page.locator(".cm-line.line-linked")
    linked.wait_for()
    assert linked.inner_text().strip() == "z = tf.sin(y)"
    # cursor on line 5 (y = x * x) highlights the Mul node
    page.locator(".cm-line", has_text="y = x * x").click()
    page.wait_for_function("() => __cy.$('.line-linked').length > 0")
    highlighted = page.evaluate("() => __cy.$('.line-linked').map(n => n.data('text'))")
    assert any(text.startswith("Mul") for text in highlighted)
    # search by name
    page.fill("#graph-search", "sin")
    assert page.inner_text("#search-count") == "1 found"
    page.keyboard.press("Enter")
    assert page.evaluate("() => __cy.$('.search-hit').map(n => n.id())") == [sin]


def test_the_landing_page_names_the_program_the_editor_shows(server, page):
    """A fresh page: the gallery select, the summary and the editor all show the first example,
    and Run runs it without the gallery falling back to "Choose an example…"."""
    first = api(server, "/api/examples")[0]
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    assert page.input_value("#gallery") == first["id"]
    assert (
        page.evaluate("() => document.getElementById('gallery').selectedOptions[0].textContent")
        == first["title"]
    )
    assert first["title"] in page.inner_text("#example-summary")
    shown = page.locator(".cm-line").all_inner_texts()  # a short program: every line is rendered
    assert [line for line in shown if line.strip()] == [
        line for line in first["code"].splitlines() if line.strip()
    ]
    assert "Press Run" in page.inner_text("#graph-empty")
    page.click("#run")
    wait_graph(page, 1)
    assert page.input_value("#gallery") == first["id"]  # unedited: still that example
    assert page.inner_text("#graph-empty") == ""
