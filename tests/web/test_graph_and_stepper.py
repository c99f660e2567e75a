"""Run a gallery program, see its graph, step to the end and compare the shown gradients with
the API's results."""

import math

from tests.web.helpers import api, choose_example, numbers, state, tap, wait_graph
from tests.web.pictures import screenshot


def _example_with_steps(server):
    """A gallery program whose first gradient call flows to every source (no None)."""
    for example in api(server, "/api/examples"):
        if not example["expect"] and "import" in example["code"]:
            return example
    raise AssertionError("the gallery has no example without findings")


def test_gallery_program_runs_and_shows_its_graph(server, page):
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    example = _example_with_steps(server)
    choose_example(page, example["id"])
    wait_graph(page, 2)
    kinds = page.evaluate("() => __cy.nodes().map(n => n.data('kind'))")
    assert "op" in kinds or "group" in kinds
    assert any(k in kinds for k in ("variable", "constant", "watched"))
    # edges carry shapes
    labels = page.evaluate("() => __cy.edges().map(e => e.data('text'))")
    assert any("(" in label or "scalar" in label for label in labels)
    screenshot(page, "01-gallery-run-1440x900")


def test_stepping_to_the_end_shows_the_apis_gradients(server, page):
    example = _example_with_steps(server)
    run = api(server, "/api/runs", {"code": example["code"]})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    call = next(c for c in capture["calls"] if c.get("steps"))
    page.goto(f"{server}/#run={run['id']}&call={call['id']}")
    wait_graph(page, 2)
    page.focus("#graph")
    page.keyboard.press("ArrowRight")
    assert state(page)["step"] == 1
    page.keyboard.press("End")
    assert state(page)["step"] == len(call["steps"])
    tensors = {t["id"]: t for t in capture["tensors"]}
    checked = 0
    for result in call["results"]:
        if result.get("gradient") is None:
            continue
        expected = tensors[result["gradient"]]["summary"]
        tap(page, f"t:{result['tensor']}")
        page.wait_for_selector("#inspector-gradient")
        heading = page.text_content("#inspector-gradient h3")
        assert heading == f"Gradient at step {len(call['steps'])}", heading
        if expected.get("value") is not None and expected["size"] <= 16:
            shown = numbers(page.inner_text("#inspector-gradient .shown-value"))
            flat = _flatten(expected["value"])
            assert len(shown) == len(flat), (shown, flat)
            for a, b in zip(shown, flat):
                assert math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-6), (shown, flat)
        shown_norm = numbers(page.inner_text("#inspector-gradient .shown-norm"))[0]
        assert math.isclose(shown_norm, expected["norm"], rel_tol=1e-3, abs_tol=1e-6)
        checked += 1
    assert checked > 0
    screenshot(page, "02-stepped-to-end")


def _flatten(value):
    if isinstance(value, list):
        return [x for v in value for x in _flatten(v)]
    return [float(value)]
