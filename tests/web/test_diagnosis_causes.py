"""New findings in the browser: a zero_gradient card with its line and a "show in graph" that
selects the op where the gradient collapsed; a dead loop's one zero_gradient_since card, whose
"show in graph" opens the kept step and selects its ReLU; result_dropped cards at the lines that
drop a layer's output, selecting that output's op; a chain's vanishing_gradient flags the same
op as the per-op Norms panel."""

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


def _cards(server, page, code):
    """The gallery example written for `code`, opened on the Diagnosis tab: (its cards of that
    code, the expected finding)."""
    example, expected = _example(server, code)
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    choose_example(page, example["id"])
    wait_graph(page, 1)
    page.click("#tab-diagnosis")
    cards = page.locator(f'#panel-diagnosis .finding[data-code="{code}"]')
    cards.first.wait_for()
    return cards, expected


def test_zero_gradient_card_shows_its_line_and_selects_the_collapse_op(server, page):
    cards, expected = _cards(server, page, "zero_gradient")
    card = cards.first
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


def test_a_dead_loop_is_one_card_that_opens_the_kept_step_at_its_relu(server, page):
    card, expected = _cards(server, page, "zero_gradient_since")
    # one card for the cause: the per-step zero_gradient of the kept steps is not repeated
    assert card.count() == 1
    assert page.locator('#panel-diagnosis .finding[data-code="zero_gradient"]').count() == 0
    text = card.inner_text()
    assert f"line {expected['line']}" in text and "collapsed at Relu" in text
    run_id = state(page)["run"]
    capture = api(server, f"/api/runs/{run_id}/capture")
    finding = next(f for f in capture["findings"] if f["code"] == "zero_gradient_since")
    card.locator('button[data-action="node"]').click()
    page.wait_for_function(
        "call => window.__tapescope.store.state.selection != null"
        " && window.__tapescope.store.state.call === call",
        arg=finding["call"],
    )
    selection = state(page)["selection"]
    assert selection["kind"] == "op" and capture["ops"][selection["id"]]["type"] == "Relu"
    page.wait_for_function("() => __cy.$('.selected').length > 0")


def test_dropped_results_are_cards_at_the_dropping_lines_that_select_the_dropped_op(server, page):
    cards, expected = _cards(server, page, "result_dropped")
    assert cards.count() == 2  # one per layer whose output is thrown away, not per variable
    first = cards.first
    assert f"line {expected['line']}" in first.inner_text()
    first.locator('button[data-action="node"]').click()
    page.wait_for_function("() => window.__tapescope.store.state.selection != null")
    selection = state(page)["selection"]
    capture = api(server, f"/api/runs/{state(page)['run']}/capture")
    op = capture["ops"][selection["id"]]
    # the op whose output the line drops: the first layer's last op, on that line
    assert selection["kind"] == "op" and op["type"] == "BiasAdd"
    assert op["location"]["line"] == expected["line"]
    page.wait_for_function("() => __cy.$('.selected').length > 0")


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
