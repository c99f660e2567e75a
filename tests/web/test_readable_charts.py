"""Charts stay readable at 1280x720: per-op labels thinned and rotated, each the distinguishing
tail of a long name, and legends outside the plot area, clear of the axis titles."""

import json
import urllib.request

import pytest

from tests.web.helpers import api, wait_drawn
from tests.web.synthetic_capture import deep_mlp_capture

OVERLAP = """sel => {
  const boxes = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
    .filter(b => b.width > 0);
  let hits = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) hits++;
  }
  return {count: boxes.length, hits};
}"""


def _intersects(a, b):
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.fixture(scope="module")
def chain_2000(server):
    capture = deep_mlp_capture(666)  # 2,000 ops, names like "layer_12/MatMul"
    request = urllib.request.Request(
        server + "/api/captures",
        data=capture.to_json().encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())["id"]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)])
def test_per_op_labels_of_a_2000_op_chain_do_not_overlap(server, page, chain_2000, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server}/#run={chain_2000}&panel=norms")
    wait_drawn(page)
    page.wait_for_selector('#norms-plot[data-chart="norms"]')
    labels = page.evaluate(OVERLAP, "#norms-plot .xtick text")
    assert 2 <= labels["count"] <= 60, labels
    assert labels["hits"] == 0, labels
    page.click("#norms-by-layer")
    page.wait_for_function(
        "() => document.getElementById('norms-plot').layout.xaxis.title.text.startsWith('layer')"
    )
    layers = page.evaluate(OVERLAP, "#norms-plot .xtick text")
    assert layers["hits"] == 0, layers


def test_long_layer_names_keep_their_distinguishing_tail(server, page):
    code = next(
        e["code"] for e in api(server, "/api/examples") if e["id"] == "21_mlp_training_loop"
    )
    run = api(server, "/api/runs", {"code": code})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&panel=norms")
    wait_drawn(page)
    page.wait_for_selector('#norms-plot[data-chart="norms"]')
    page.click("#norms-by-layer")
    page.wait_for_function(
        "() => document.getElementById('norms-plot').layout.xaxis.title.text.startsWith('layer')"
    )
    texts = page.evaluate(
        "() => [...document.querySelectorAll('#norms-plot .xtick text')].map(t => t.textContent)"
    )
    full = page.evaluate("() => document.getElementById('norms-plot').data[0].customdata")
    assert len(set(texts)) == len(texts), texts  # the shown parts tell the layers apart
    for text in texts:
        assert any(name.endswith(text.lstrip("…")) for name in full), (text, full)


def test_the_memory_legend_sits_outside_the_plot_area(server, page):
    code = next(e["code"] for e in api(server, "/api/examples") if e["id"] == "19_tape_memory")
    run = api(server, "/api/runs", {"code": code})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&panel=memory")
    wait_drawn(page)
    page.wait_for_selector('#memory-plot[data-chart="memory"]')
    legend = page.locator("#memory-plot .legend").bounding_box()
    area = page.locator("#memory-plot .nsewdrag").first.bounding_box()
    title = page.locator("#memory-plot .g-xtitle").bounding_box()
    assert not _intersects(legend, area), (legend, area)
    assert not _intersects(legend, title), (legend, title)
