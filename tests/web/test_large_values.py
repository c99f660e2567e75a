"""A tensor above the capture's inline cap: the inspector fetches its full value on demand
(?value=true) and draws all of it, with axis labels only where they fit."""

import numpy as np

from tests.web.helpers import api

MLP = """import numpy as np
import tensorflow as tf
rng = np.random.default_rng(7)
x = tf.constant(rng.normal(size=(16, 784)).astype(np.float32))
w = tf.Variable(rng.normal(size=(784, 256)).astype(np.float32) * 0.05)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.nn.relu(x @ w) ** 2)
grad_w = tape.gradient(loss, w)
"""


def test_the_inspector_draws_a_784x256_weight_fetched_in_full(server, page):
    run = api(server, "/api/runs", {"code": MLP})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    w = next(t for t in capture["tensors"] if t.get("name") == "w")
    assert w["summary"].get("value") is None  # not in the capture: fetched by the page
    page.goto(f"{server}/#run={run['id']}&sel=t{w['id']}")
    page.wait_for_selector('#value-plot[data-chart="heatmap"]')
    rows, columns, corner = page.evaluate(
        "() => { const z = document.getElementById('value-plot').data[0].z;"
        " return [z.length, z[0].length, z[783][255]]; }"
    )
    rng = np.random.default_rng(7)
    rng.normal(size=(16, 784))
    weight = rng.normal(size=(784, 256)).astype(np.float32) * np.float32(0.05)
    assert (rows, columns) == (784, 256)
    assert np.float32(corner) == weight[783, 255]
    assert page.locator("#value-plot .ytick").count() < 60  # not one label per row
