"""The side panels say only what is true at the step on screen: no final gradient before the
backward pass reaches a tensor, no empty chart heading for a scalar, no negative saving."""

import json
import urllib.request

from tests.web.helpers import api, set_state, wait_drawn
from tests.web.synthetic_capture import deep_mlp_capture

PROGRAM = """import tensorflow as tf

x = tf.Variable(3.0)
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.matmul(w, w)) * x
print(tape.gradient(y, [x, w]))
"""


def _variable(page, name):
    return page.evaluate(
        """name => [...window.__tapescope.store.state.index.tensors.values()]
            .find(t => t.kind === 'variable' && t.name && t.name.startsWith(name)).id""",
        name,
    )


def _open(server, page):
    run = api(server, "/api/runs", {"code": PROGRAM})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)


def test_before_the_pass_reaches_a_tensor_its_final_gradient_is_not_shown(server, page):
    _open(server, page)
    x = _variable(page, "x")
    set_state(page, {"selection": {"kind": "tensor", "id": x}, "panel": "inspector", "step": 0})
    note = page.locator("#gradient-not-reached")
    note.wait_for()
    assert "Not reached yet" in note.inner_text()
    assert "after the backward pass" not in page.evaluate(
        "() => document.getElementById('panel-inspector').textContent"
    )
    page.focus("#graph")
    page.keyboard.press("End")
    page.wait_for_function("() => !document.getElementById('gradient-not-reached')")
    assert "54" in page.inner_text("#inspector-gradient")  # d(sum(w @ w) * x)/dx


def test_a_scalar_gradient_has_no_empty_distribution_heading(server, page):
    _open(server, page)
    page.focus("#graph")
    page.keyboard.press("End")
    x = _variable(page, "x")
    set_state(page, {"selection": {"kind": "tensor", "id": x}, "panel": "inspector"})
    page.locator("#inspector-gradient").wait_for()
    headings = page.evaluate(
        "() => [...document.querySelectorAll('#panel-inspector h3')].map(h => h.textContent)"
    )  # textContent: the headings are upper-cased by CSS only
    assert "Gradient distribution" not in headings, headings
    w = _variable(page, "w")
    set_state(page, {"selection": {"kind": "tensor", "id": w}})
    page.wait_for_selector("#gradient-plot")  # a matrix's gradient still gets its chart


def test_pruning_never_saves_a_negative_share(server, page):
    capture = deep_mlp_capture(2)
    capture.memory.peak, capture.memory.unpruned_peak = 32, 28  # gradients in flight counted
    request = urllib.request.Request(
        server + "/api/captures",
        data=capture.to_json().encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        run = json.loads(response.read())["id"]
    page.goto(f"{server}/#run={run}&panel=memory")
    wait_drawn(page)
    page.click("#tab-memory")
    saves = page.locator("#pruning-saves")
    saves.wait_for()
    assert "-" not in saves.inner_text()
    assert saves.inner_text() == "nothing at the peak"
