"""The memory and gradient-norm plots render, and their cursor follows the stepper."""

from tests.web.helpers import api, wait_graph
from tests.web.pictures import screenshot


def _run_with_steps(server, tag_word):
    for example in api(server, "/api/examples"):
        if any(tag_word in t for t in example["tags"]):
            run = api(server, "/api/runs", {"code": example["code"]})
            capture = api(server, f"/api/runs/{run['id']}/capture")
            call = next((c for c in capture["calls"] if c.get("steps")), None)
            if call:
                return run, capture, call
    raise AssertionError(f"no example tagged {tag_word} with backward steps")


def test_memory_plot_renders_and_follows_the_stepper(server, page):
    run, _capture, call = _run_with_steps(server, "memory")
    page.goto(f"{server}/#run={run['id']}&call={call['id']}&panel=memory")
    wait_graph(page, 1)
    page.wait_for_selector('#memory-plot[data-chart="memory"]')
    traces = page.locator("#memory-plot .scatterlayer .trace").count()
    assert traces >= 3  # per-tape saved, gradients in flight, total, unpruned, peak
    assert "Peak" in page.inner_text("#memory-facts")
    before = page.get_attribute("#memory-plot", "data-cursor")
    page.focus("#graph")
    page.keyboard.press("End")
    page.wait_for_function(
        "b => document.getElementById('memory-plot').dataset.cursor !== b", arg=before
    )
    screenshot(page, "05-memory-plot")


def test_gradient_norm_plot_is_log_scale_with_thresholds(server, page):
    run, _capture, call = _run_with_steps(server, "vanishing")
    page.goto(f"{server}/#run={run['id']}&call={call['id']}&panel=norms")
    wait_graph(page, 1)
    page.focus("#graph")
    page.keyboard.press("End")
    page.wait_for_selector('#norms-plot[data-chart="norms"]')
    assert int(page.get_attribute("#norms-plot", "data-bars")) > 0
    assert page.locator("#norms-plot .yaxislayer-above .ytick").count() > 0
    annotations = page.inner_text("#norms-plot")
    assert "vanishing" in annotations and "exploding" in annotations
    layout_type = page.evaluate("() => document.getElementById('norms-plot').layout.yaxis.type")
    assert layout_type == "log"
    page.click("#norms-by-layer")
    page.wait_for_function(
        "() => document.getElementById('norms-plot').layout.xaxis.title.text.startsWith('layer')"
    )
    screenshot(page, "06-gradient-norms")
