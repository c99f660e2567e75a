"""Presenter mode, permalinks that restore exactly the view, predict mode, keyboard-only use."""

from urllib.parse import unquote

from tests.web.helpers import api, resize, state, wait_drawn, wait_graph, wait_view_settled
from tests.web.pictures import screenshot


def _run(server):
    for example in api(server, "/api/examples"):
        if not example["expect"]:
            run = api(server, "/api/runs", {"code": example["code"]})
            capture = api(server, f"/api/runs/{run['id']}/capture")
            call = next((c for c in capture["calls"] if len(c.get("steps", [])) >= 2), None)
            if call:
                return run, capture, call
    raise AssertionError("no example with a two-step gradient call")


def test_presenter_mode_and_permalink_restore_the_view(server, browser, page):
    run, _capture, _call = _run(server)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_graph(page, 1)
    page.focus("#graph")
    page.keyboard.press("p")  # presenter
    assert page.evaluate("() => document.body.classList.contains('presenter')")
    assert not page.is_visible("#editor")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(".")  # select a node with the keyboard
    page.keyboard.press("3")  # memory panel
    before = state(page)
    assert before["step"] == 2 and before["selection"] is not None and before["panel"] == "memory"
    # The link holds the view as it is when clicked: the memory chart (Plotly loads on demand)
    # must be drawn and the graph's resize that its panel causes handled first, or the first view
    # is re-applied after the click (72 px away, seen twice in loaded runs).
    page.wait_for_selector('#memory-plot[data-chart="memory"]', state="attached")
    wait_view_settled(page)
    screenshot(page, "07-presenter-1280x720")
    page.click("#permalink")
    link = page.evaluate("() => location.href")
    viewport = page.evaluate("() => ({zoom: __cy.zoom(), pan: __cy.pan()})")

    other = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    errors = []
    other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    other.goto(link)
    wait_graph(other, 1)
    other.wait_for_function("() => window.__tapescope.store.state.run")
    after = state(other)
    for key in ("run", "tape", "call", "step", "selection", "presenter", "panel"):
        assert after[key] == before[key], key
    assert other.evaluate("() => document.body.classList.contains('presenter')")
    restored = other.evaluate("() => ({zoom: __cy.zoom(), pan: __cy.pan()})")
    assert abs(restored["zoom"] - viewport["zoom"]) < 1e-2
    assert (
        abs(restored["pan"]["x"] - viewport["pan"]["x"]) < 1
        and abs(restored["pan"]["y"] - viewport["pan"]["y"]) < 1
    )
    assert other.inner_text("#step-position") == page.inner_text("#step-position")
    assert (
        other.locator(".selected").count() + other.evaluate("() => __cy.$('.selected').length") > 0
    )
    screenshot(other, "08-permalink-restored")
    other.context.close()
    assert errors == []


def test_a_link_taken_while_the_view_moves_names_where_it_is_going(server, page):
    """A keyboard selection centres on the node in a 250 ms animation; a link taken in the
    middle of it names the view it ends at, and the view ends there (cytoscape's stop with
    jumpToEnd ends an animation only at its next frame: the link named a view passed through)."""
    run, _capture, _call = _run(server)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_graph(page, 1)
    page.focus("#graph")
    for _attempt in range(20):
        start = page.evaluate("() => __cy.pan()")
        page.keyboard.press(".")  # the next node, centred by an animation
        page.wait_for_function("() => __cy.animated()", polling="raf")
        # in one turn of the page: still moving, then the link
        link = page.evaluate(
            "() => __cy.animated() ? (document.getElementById('permalink').click(), location.href)"
            " : null"
        )
        if link is not None:
            break
    assert link is not None, "the animation never lasted into the next turn"
    wait_view_settled(page)
    zoom, x, y = (float(v) for v in unquote(link.split("view=")[1].split("&")[0]).split(","))
    end = page.evaluate("() => ({zoom: __cy.zoom(), pan: __cy.pan()})")
    assert abs(end["pan"]["x"] - start["x"]) + abs(end["pan"]["y"] - start["y"]) > 5  # it moved
    assert abs(zoom - end["zoom"]) < 1e-3
    assert abs(x - end["pan"]["x"]) < 1 and abs(y - end["pan"]["y"]) < 1


def test_predict_mode_hides_each_gradient_until_revealed(server, page):
    run, _capture, call = _run(server)
    page.goto(f"{server}/#run={run['id']}&call={call['id']}")
    wait_graph(page, 1)
    page.focus("#graph")
    page.keyboard.press("q")
    assert state(page)["predict"]
    page.keyboard.press("ArrowRight")
    s = state(page)
    assert s["step"] == 1 and s["revealed"] is False
    hidden = page.evaluate(
        "() => __cy.edges('.grad-hidden').length + __cy.nodes().filter(n => (n.data('text')||'').includes('∇ ?')).length"
    )
    assert hidden > 0
    assert "predict the gradients" in page.inner_text("#step-now")
    screenshot(page, "09-predict-hidden")
    page.keyboard.press("ArrowRight")  # reveal
    s = state(page)
    assert s["step"] == 1 and s["revealed"] is True
    assert page.evaluate("() => __cy.edges('.grad-hidden').length") == 0
    page.keyboard.press("ArrowRight")  # next step, hidden again
    assert state(page)["step"] == 2 and state(page)["revealed"] is False


def test_keyboard_only_play_home_end_and_run_to(server, page):
    run, _capture, call = _run(server)
    total = len(call["steps"])
    page.goto(f"{server}/#run={run['id']}&call={call['id']}")
    wait_graph(page, 1)
    page.focus("#graph")
    page.keyboard.press("End")
    assert state(page)["step"] == total
    page.keyboard.press("Home")
    assert state(page)["step"] == 0
    page.keyboard.press("]")  # faster
    page.keyboard.press("]")
    page.keyboard.press(" ")  # play
    page.wait_for_function("() => window.__tapescope.store.state.step >= 2")
    page.keyboard.press(" ")  # pause
    assert not page.evaluate("() => window.__tapescope.store.state.playing")
    # run to an op chosen by the keyboard: select ops with "." until one the call runs
    last_op = call["steps"][-1]["op"]
    page.evaluate("op => window.__tapescope.store.set({selection: {kind: 'op', id: op}})", last_op)
    page.keyboard.press("r")
    assert state(page)["step"] == total


def wait_redrawn(page, ready):
    """The graph was drawn again since `ready`, and no redraw is under way."""
    page.wait_for_function("r => document.getElementById('graph').dataset.ready !== r", arg=ready)
    wait_drawn(page)


def _step_op_on_screen(page):
    """Where the current step's op is drawn, in the graph panel's own pixels, with the zoom."""
    return page.evaluate("""() => {
        const s = window.__tapescope.store.state;
        const op = s.index.calls.get(s.call).steps[s.step - 1].op;
        const node = __cy.getElementById(window.__tapescope.store.state.graph.nodeOfOp.get(op));
        return {box: node.renderedBoundingBox(), width: __cy.width(), height: __cy.height(), zoom: __cy.zoom()};
    }""")


def _assert_readable_and_inside(seen, readable):
    box = seen["box"]
    assert box["x1"] >= 0 and box["x2"] <= seen["width"], seen
    assert box["y1"] >= 0 and box["y2"] <= seen["height"], seen
    assert seen["zoom"] >= readable, seen


def test_presenter_mode_keeps_the_current_step_in_view(server, page):
    """Stepping into a graph too wide for 1280x720, then switching to presenter mode (the graph
    panel grows, the layout is redrawn larger) and back: the op the backward pass is at stays on
    screen at a readable zoom."""
    run = api(server, "/api/runs", {"code": _example_code(server, "22_cnn_step")})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_graph(page, 1)
    page.focus("#graph")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    _assert_readable_and_inside(_step_op_on_screen(page), 0.65)
    ready = page.evaluate("() => document.getElementById('graph').dataset.ready")
    page.click("#presenter")
    wait_redrawn(page, ready)
    _assert_readable_and_inside(_step_op_on_screen(page), 0.8)
    for _ in range(5):
        page.keyboard.press("ArrowRight")
        _assert_readable_and_inside(_step_op_on_screen(page), 0.8)
    ready = page.evaluate("() => document.getElementById('graph').dataset.ready")
    page.click("#presenter")
    wait_redrawn(page, ready)
    _assert_readable_and_inside(_step_op_on_screen(page), 0.65)
    resize(page, 1024, 640)  # a resize of the panel alone
    _assert_readable_and_inside(_step_op_on_screen(page), 0.65)


def _example_code(server, example_id):
    return next(e["code"] for e in api(server, "/api/examples") if e["id"] == example_id)
