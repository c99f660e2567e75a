"""Predict mode for a class: the student types each step's gradient, is told right or wrong with
the chain-rule product, keeps a score; answers reach the server and the presenter sees their
spread; the output and the inspector keep the answers hidden until revealed."""

import json
import urllib.request

from tests.web.helpers import api, state, wait_drawn
from tests.web.pictures import screenshot

PROGRAM = """import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    a = x * 4.0
    y = a * 2.0
print("dy/dx =", tape.gradient(y, x).numpy())
"""


def _post(base, path, body):
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 204


def _answer(page, text):
    field = page.locator("#predict-input-0")
    field.wait_for()
    page.wait_for_function("() => document.activeElement.id === 'predict-input-0'")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__tapescope.store.state.revealed")


def test_students_predict_each_step_and_are_scored(server, page):
    run = api(server, "/api/runs", {"code": PROGRAM})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&predict=1")
    wait_drawn(page)
    assert "dy/dx" not in page.inner_text("#output")  # the printed answer stays hidden
    assert page.is_visible("#output-hidden")
    page.focus("#graph")
    page.keyboard.press("ArrowRight")
    assert state(page)["step"] == 1 and state(page)["revealed"] is False
    screenshot(page, "21-predict-question")
    _answer(page, "2")  # y = a * 2: the gradient reaching a is 1 x 2
    feedback = page.inner_text("#predict-card")
    assert "✓ right" in feedback and "Score 1 / 1" in feedback
    assert "upstream" in feedback and "local" in feedback
    page.keyboard.press("ArrowRight")  # the focus went back to the graph: the next step
    assert state(page)["step"] == 2 and state(page)["revealed"] is False
    _answer(page, "4")  # wrong: 2 x 4 = 8
    feedback = page.inner_text("#predict-card")
    assert "✗ wrong" in feedback and "8" in feedback and "Score 1 / 2" in feedback
    assert "upstream 2" in feedback and "4" in feedback  # upstream 2 x local 4
    screenshot(page, "22-predict-feedback")
    tally = api(server, f"/api/runs/{run['id']}/predictions?call=0")
    by_step = {s["step"]: s for s in tally["steps"]}
    assert by_step[1]["answers"] == 1 and by_step[1]["right"] == 1
    assert by_step[2]["answers"] == 1 and by_step[2]["right"] == 0
    page.click("#output-show")
    assert "dy/dx" in page.inner_text("#output")


def test_none_and_lists_are_answers_and_nonsense_is_explained(server, page):
    code = """import tensorflow as tf

x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(x * x)
print(tape.gradient(y, x))
"""
    run = api(server, "/api/runs", {"code": code})
    page.goto(f"{server}/#run={run['id']}&predict=1")
    wait_drawn(page)
    page.focus("#graph")
    page.keyboard.press("ArrowRight")  # Sum: sends [1, 1] back to x * x
    page.locator("#predict-input-0").wait_for()
    page.wait_for_function("() => document.activeElement.id === 'predict-input-0'")
    page.keyboard.type("one")
    page.keyboard.press("Enter")
    assert "not a number" in page.inner_text("#predict-error")
    assert state(page)["revealed"] is False
    page.fill("#predict-input-0", "[1, 1]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__tapescope.store.state.revealed")
    assert "✓ right" in page.inner_text("#predict-card")


def test_the_presenter_sees_the_class_answers_for_the_step(server, browser, page):
    run = api(server, "/api/runs", {"code": PROGRAM})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    a = capture["calls"][0]["steps"][0]["produced"][0]["tensor"]  # y = a * 2: the gradient of a
    for answer, correct in (("2", True), ("2", True), ("8", False)):
        request = {"call": 0, "step": 1, "tensor": a, "answer": answer, "correct": correct}
        _post(server, f"/api/runs/{run['id']}/predictions", request)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&predict=1&presenter=1")
    wait_drawn(page)
    page.focus("#graph")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.getElementById('class-count')"
        " && document.getElementById('class-count').textContent === '3'"
    )
    page.focus("#graph")
    page.keyboard.press("ArrowRight")  # the teacher reveals without answering
    page.wait_for_function(
        "() => (document.getElementById('class-answers') || {}).textContent?.includes('2 of 3 right')"
    )
    assert page.locator("#class-answers .bar").count() == 2
    assert "∇ a" in page.inner_text("#class-answers")
    screenshot(page, "23-predict-class-answers")
