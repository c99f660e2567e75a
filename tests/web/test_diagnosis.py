"""Open the "variable replaced by tensor" example and read its cause and its line."""

from tests.web.helpers import api, choose_example, wait_graph
from tests.web.pictures import screenshot


def _example(server, code):
    for example in api(server, "/api/examples"):
        if any(e["code"] == code for e in example["expect"]):
            return example, next(e for e in example["expect"] if e["code"] == code)
    raise AssertionError(f"no gallery example expects {code}")


def test_variable_replaced_by_tensor_shows_cause_and_line(server, page):
    example, expected = _example(server, "variable_replaced_by_tensor")
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    choose_example(page, example["id"])
    wait_graph(page, 1)
    # a run with an error finding opens on the diagnosis panel
    page.wait_for_selector("#panel-diagnosis.active")
    card = page.locator('#panel-diagnosis .finding[data-code="variable_replaced_by_tensor"]').first
    card.wait_for()
    text = card.inner_text()
    assert "error" in text.lower()
    assert f"line {expected['line']}" in text
    assert "assign" in text  # the suggested fix: assign_add instead of x = x + 1
    # the link to the explanation page of the code
    href = card.locator("a").get_attribute("href")
    assert href.endswith("#variable_replaced_by_tensor")
    # the line link marks that line in the editor
    card.locator(f'button[data-action="line"][data-id="{expected["line"]}"]').click()
    marked = page.locator(".cm-line.line-finding")
    marked.wait_for()
    assert marked.count() == 1
    line_text = example["code"].splitlines()[expected["line"] - 1].strip()
    assert marked.inner_text().strip() == line_text
    screenshot(page, "03-diagnosis-variable-replaced")


def test_none_badge_shows_the_cause(server, page):
    example, expected = _example(server, "variable_replaced_by_tensor")
    run = api(server, "/api/runs", {"code": example["code"]})
    capture = api(server, f"/api/runs/{run['id']}/capture")
    call = next(
        c for c in capture["calls"] if any(r.get("gradient") is None for r in c.get("results", []))
    )
    page.goto(f"{server}/#run={run['id']}&call={call['id']}")
    wait_graph(page, 1)
    badge = page.evaluate("() => __cy.nodes('[kind = \"badge\"]').map(n => n.data('text'))")
    assert badge and "variable_replaced_by_tensor" in badge[0]
    page.evaluate("() => __cy.nodes('[kind = \"badge\"]')[0].emit('tap')")
    page.wait_for_selector("#panel-inspector.active")
    text = page.inner_text("#panel-inspector")
    assert "None" in text and "variable_replaced_by_tensor" in text
    assert f"line {expected['line']}" in text
    screenshot(page, "04-none-badge-cause")


def test_the_explanation_link_leads_to_the_codes_section(server):
    """The diagnosis links to /docs/findings#<code> (the server renders docs/findings.md)."""
    import urllib.request

    with urllib.request.urlopen(server + "/docs/findings", timeout=10) as response:
        page = response.read().decode()
    section = page.split('id="variable_replaced_by_tensor"', 1)[1].split("<h2", 1)[0]
    assert "assign_add" in section
