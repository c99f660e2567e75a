"""New findings in the browser: a zero_gradient card with its line and a "show in graph" that
selects the op where the gradient collapsed; a chain's vanishing_gradient flags the same op as
the per-op Norms panel."""

from tests.web.helpers import api, choose_example, state, wait_graph
from tests.web.pictures import screenshot

CHAIN = """import tensorflow as tf

x = tf.Variable([0.5, 1.0, 2.0])
with tf.GradientTape() as tape:
    y = x
    for _ in range(14):
        y = y * 0.4
    loss = tf.reduce_sum(y)
g = tape.gradient(loss, x)
"""


def _example(server, code):
    """The gallery example written for `code`: the one whose first expected finding it is
    (other examples may expect it beside their own, e.g. the dead ReLU's zero gradients)."""
    for example in api(server, "/api/examples"):
        if example["expect"] and example["expect"][0]["code"] == code:
            return example, example["expect"][0]
    raise AssertionError(f"no gallery example is written for {code}")


def test_zero_gradient_card_shows_its_line_and_selects_the_collapse_op(server, page):
    example, expected = _example(server, "zero_gradient")
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    choose_example(page, example["id"])
    wait_graph(page, 1)
    page.click("#tab-diagnosis")
    card = page.locator('#panel-diagnosis .finding[data-code="zero_gradient"]').first
    card.wait_for()
    text = card.inner_text()
    assert f"line {expected['line']}" in text
    assert "collapsed at" in text and "saturated" in text
    card.locator('button[data-action="node"]').click()
    page.wait_for_function("() => window.__tapescope.store.state.selection != null")
    selection = state(page)["selection"]
    run_id = state(page)["run"]
    capture = api(server, f"/api/runs/{run_id}/capture")
    assert selection["kind"] == "op"
    assert capture["ops"][selection["id"]]["type"] == "Sigmoid"
    assert page.evaluate("() => __cy.$('.selected').length") > 0
    screenshot(page, "diagnosis-zero-gradient")


def test_chain_vanishing_flags_the_op_the_norms_panel_colours(server, page):
    run = api(server, "/api/runs", {"code": CHAIN})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    finding = next(f for f in capture["findings"] if f["code"] == "vanishing_gradient")
    call = capture["calls"][finding["call"]]
    page.goto(f"{server}/#run={run['id']}&call={call['id']}&panel=norms")
    wait_graph(page, 1)
    page.focus("#graph")
    page.keyboard.press("End")
    page.wait_for_selector('#norms-plot[data-chart="norms"]')
    page.click("#norms-by-op")
    colours = page.evaluate("() => document.getElementById('norms-plot').data[0].marker.color")
    first_vanishing = colours.index("#d69e2e")
    assert call["norms"][first_vanishing]["op"] == finding["ops"][0]
    screenshot(page, "norms-chain-vanishing")
