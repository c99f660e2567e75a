"""The documentation's screenshots, taken from the real UI: a real `tapescope serve`, real gallery
programs, Debian's Chromium. Each test puts the page in the state the docs describe, checks that
it is in that state, and draws docs/images/<name>.png (tests/web/pictures.py: `make docs-images`
puts those that changed visibly in docs/), so the pictures stay current with the UI."""

from tests.web.helpers import api, choose_example, state, tap, wait_graph
from tests.web.pictures import doc_image

SETTLE_MS = 700  # the graph animates its viewport after a step or a fit


def _save(page, name, size=(1440, 900)):
    page.wait_for_timeout(SETTLE_MS)
    doc_image(page, name, size)


def _example(server, *, tag=None, finding=None):
    for example in api(server, "/api/examples"):
        if (tag is None or tag in example["tags"]) and (
            finding is None or any(e["code"] == finding for e in example["expect"])
        ):
            return example
    raise AssertionError(f"no gallery example with tag={tag} finding={finding}")


def _open(server, page, example):
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    choose_example(page, example["id"])
    page.wait_for_function("id => window.__tapescope.store.state.run != null", arg=example["id"])
    wait_graph(page, 2)
    page.focus("#graph")


def _key(page, key):
    page.keyboard.press(key)
    page.wait_for_timeout(SETTLE_MS)


def test_gallery_and_graph(server, page):
    example = _example(server, tag="optimizer")
    _open(server, page, example)
    _key(page, "f")  # fit the whole tape
    assert page.input_value("#gallery") == example["id"]
    assert page.evaluate("() => __cy.nodes().length") >= 5
    assert state(page)["step"] == 0
    _save(page, "gallery-graph")


def test_stepper_mid_backward_pass(server, page):
    example = _example(server, tag="optimizer")
    _open(server, page, example)
    run = state(page)["run"]
    call = api(server, f"/api/runs/{run}")["calls"][0]
    assert call["steps"] >= 4
    middle = call["steps"] // 2
    for _ in range(middle):
        _key(page, "ArrowRight")
    step = api(server, f"/api/runs/{run}/calls/{call['id']}/steps?offset={middle - 1}&limit=1")
    tap(page, f"op:{step['data'][0]['op']}")  # the op this step ran: its gradients in the inspector
    page.wait_for_selector("#panel-inspector.active")
    _key(page, "f")
    assert state(page)["step"] == middle
    assert page.inner_text("#step-position").startswith(f"Step {middle} /")
    _save(page, "stepper")


def test_diagnosis_of_a_variable_replaced_by_a_tensor(server, page):
    example = _example(server, finding="variable_replaced_by_tensor")
    line = next(e["line"] for e in example["expect"] if e["code"] == "variable_replaced_by_tensor")
    _open(server, page, example)
    page.wait_for_selector("#panel-diagnosis.active")
    card = page.locator('#panel-diagnosis .finding[data-code="variable_replaced_by_tensor"]').first
    card.locator(f'button[data-action="line"][data-id="{line}"]').click()
    page.locator(".cm-line.line-finding").wait_for()
    assert f"line {line}" in card.inner_text()
    _save(page, "diagnosis")


def test_memory_plot(server, page):
    example = _example(server, tag="pruning")
    _open(server, page, example)
    _key(page, "3")
    page.wait_for_selector('#memory-plot[data-chart="memory"]')
    _key(page, "End")
    assert state(page)["panel"] == "memory"
    assert "Peak" in page.inner_text("#memory-facts")
    _save(page, "memory")


def test_gradient_norm_plot(server, page):
    example = _example(server, tag="vanishing")
    _open(server, page, example)
    _key(page, "4")
    _key(page, "End")
    page.wait_for_selector('#norms-plot[data-chart="norms"]')
    page.click("#norms-by-layer")
    page.wait_for_function(
        "() => document.getElementById('norms-plot').layout.xaxis.title.text.startsWith('layer')"
    )
    assert "vanishing" in page.inner_text("#norms-plot")
    _save(page, "norms")


def test_presenter_mode_at_1280x720(server, page):
    example = _example(server, tag="optimizer")
    page.set_viewport_size({"width": 1280, "height": 720})
    _open(server, page, example)
    _key(page, "p")
    _key(page, "ArrowRight")
    _key(page, "ArrowRight")
    assert page.evaluate("() => document.body.classList.contains('presenter')")
    assert state(page)["step"] == 2
    _save(page, "presenter", size=(1280, 720))
