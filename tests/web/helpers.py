"""What the browser tests do to the page, in the page's own terms."""

import json
import urllib.request


def api(base, path, body=None, method=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method or ("POST" if data else "GET"),
        headers={"content-type": "application/json"} if data else {},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def wait_graph(page, min_nodes=1):
    """Wait until the graph has rendered a layout with at least `min_nodes` nodes."""
    page.wait_for_function(
        "n => window.__cy && document.getElementById('graph').dataset.ready && __cy.nodes().length >= n",
        arg=min_nodes,
    )


def choose_example(page, example_id):
    page.select_option("#gallery", example_id)
    page.wait_for_function("() => document.body.dataset.booted === '1'")


def state(page):
    """The store's state that matters to tests, as plain data."""
    return page.evaluate("""() => {
        const s = window.__tapescope.store.state;
        return {run: s.run && s.run.id, tape: s.tape, call: s.call, step: s.step, selection: s.selection,
                presenter: s.presenter, predict: s.predict, revealed: s.revealed, panel: s.panel};
    }""")


def set_state(page, patch):
    page.evaluate("patch => window.__tapescope.store.set(patch)", patch)


def tap(page, element_id):
    page.evaluate("id => window.__cy.getElementById(id).emit('tap')", element_id)


def numbers(text):
    import re

    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text)]


def type_and_run(page, server, code):
    """Open the app, replace the editor's text with `code` as a user types it, and press Run."""
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)
    page.click("#run")


def wait_drawn(page):
    """The graph is drawn and no redraw is under way."""
    page.wait_for_function(
        "() => window.__cy && document.getElementById('graph').dataset.ready"
        " && !document.getElementById('graph').dataset.rendering && __cy.nodes().length > 0"
    )


def wait_view_settled(page):
    """The graph is drawn and its viewport still: no animation (a keyboard selection centres
    on the node in 250 ms) and no resize pending (the graph handles a resize in the frame after
    the panel changed size) three frames after asking."""
    wait_drawn(page)
    page.wait_for_function(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
        "() => requestAnimationFrame(() => r(!__cy.animated())))))"
    )


def resize(page, width, height):
    """Resize the window and wait until the graph has handled its new size."""
    before = page.evaluate("() => Number(document.getElementById('graph').dataset.resizes || 0)")
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "n => Number(document.getElementById('graph').dataset.resizes || 0) > n", arg=before
    )
