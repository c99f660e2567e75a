"""The quickstart's pictures of a run's states, predict mode and narrow windows, taken from the
real UI in explicit app states (no sleeps): docs/images/<name>.png (tests/web/pictures.py)."""

import json
import urllib.request

from tests.web.helpers import api, type_and_run, wait_drawn
from tests.web.pictures import doc_image

LOOP = """import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = x * x
while True:  # never ends: Stop it
    pass
"""

PREDICT = """import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    a = x * 4.0
    y = a * 2.0
print("dy/dx =", tape.gradient(y, x).numpy())
"""


def _save(page, name, size):
    page.evaluate("() => document.fonts.ready")
    doc_image(page, name, size)


def test_narrow_windows(server, page):
    example = next(e for e in api(server, "/api/examples") if "optimizer" in e["tags"])
    run = api(server, "/api/runs", {"code": example["code"]})
    for size in ((1024, 700), (1280, 720)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{server}/#run={run['id']}")
        wait_drawn(page)
        _save(page, f"window-{size[0]}x{size[1]}", size)


def test_a_run_running_with_stop(server, page):
    type_and_run(page, server, LOOP)
    page.wait_for_selector("#run-status.running #run-stop")
    page.wait_for_function(
        "() => parseFloat(document.getElementById('run-elapsed').textContent) >= 1"
    )
    _save(page, "run-running", (1440, 900))
    page.click("#run-stop")
    page.wait_for_selector("#run-status.cancelled")


def test_a_run_that_raised(server, page):
    code = PREDICT.replace("print(", 'raise ValueError("stopped here")\nprint(')
    type_and_run(page, server, code)
    page.wait_for_selector("#run-status.error")
    wait_drawn(page)
    _save(page, "run-error", (1440, 900))


def test_predict_mode_and_the_class_answers(server, page):
    run = api(server, "/api/runs", {"code": PREDICT})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    a = capture["calls"][0]["steps"][0]["produced"][0]["tensor"]
    for answer, correct in (("2", True), ("2", True), ("2", True), ("8", False), ("1", False)):
        body = {"call": 0, "step": 1, "tensor": a, "answer": answer, "correct": correct}
        request = urllib.request.Request(
            f"{server}/api/runs/{run['id']}/predictions",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"content-type": "application/json"},
        )
        urllib.request.urlopen(request, timeout=30).close()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&predict=1")
    wait_drawn(page)
    page.focus("#graph")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.id === 'predict-input-0'")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    page.wait_for_selector(".predict-feedback .verdict.right")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.id === 'predict-input-0'")
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    page.wait_for_selector(".predict-feedback .verdict.wrong")
    _save(page, "predict", (1280, 720))
    page.goto("about:blank")  # a new page load, not a hash change
    page.goto(f"{server}/#run={run['id']}&predict=1&presenter=1&step=1")
    wait_drawn(page)  # step 1, revealed: the class's answers to it
    page.wait_for_function(
        "() => (document.getElementById('class-answers') || {}).textContent?.includes('4 of 6 right')"
    )
    _save(page, "predict-class", (1280, 720))
