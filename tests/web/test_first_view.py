"""The first minutes of a new user: one run per Ctrl+Enter, the arrow keys after choosing an
example, and a graph that opens with its sources on screen and stays put when the window changes."""

from tests.web.helpers import api, resize, state, wait_drawn, wait_graph

ONE_OP = """import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
print(tape.gradient(y, x))
"""

LONG_CHAIN = """import tensorflow as tf

x = tf.Variable(0.5)
with tf.GradientTape() as tape:
    y = x
    for _ in range(40):
        y = tf.sin(y) + 0.1
print(tape.gradient(y, x))
"""


def off_screen(page, selector="node"):
    """Ids of the nodes drawn (partly) outside the graph panel."""
    return page.evaluate(
        """sel => __cy.nodes(sel).filter(n => n.data('kind') !== 'badge').filter(n => {
            const b = n.renderedBoundingBox({includeLabels: false});
            return b.x1 < -1 || b.y1 < -1 || b.x2 > __cy.width() + 1 || b.y2 > __cy.height() + 1;
        }).map(n => n.id())""",
        selector,
    )


def source_ids(page):
    return page.evaluate(
        """() => {
            const s = window.__tapescope.store.state;
            const call = s.index.calls.get(s.call);
            return call.sources.map(t => 't:' + t);
        }"""
    )


def _type_program(page, code):
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def test_ctrl_enter_runs_the_program_once(server, page):
    posts = []
    page.on(
        "request",
        lambda r: (
            posts.append(r.url) if r.method == "POST" and r.url.endswith("/api/runs") else None
        ),
    )
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    _type_program(page, ONE_OP)
    page.keyboard.press("Control+Enter")
    page.wait_for_function("() => window.__tapescope.store.state.run")
    wait_drawn(page)
    assert len(posts) == 1, posts


def test_after_choosing_an_example_the_arrow_key_steps(server, page):
    page.goto(server + "/")
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    examples = api(server, "/api/examples")
    chosen = examples[1]["id"]
    page.select_option("#gallery", chosen)
    page.wait_for_function("() => window.__tapescope.store.state.run")
    wait_drawn(page)
    assert page.evaluate("() => document.activeElement.id") == "graph"
    page.keyboard.press("ArrowRight")
    assert state(page)["step"] == 1
    assert page.input_value("#gallery") == chosen  # the key did not switch the example


def test_a_small_graph_opens_whole_and_a_resize_keeps_it_whole(server, page):
    run = api(server, "/api/runs", {"code": ONE_OP})
    for width, height in ((1440, 900), (1280, 720), (1024, 700)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}/#run={run['id']}")
        wait_drawn(page)
        assert page.evaluate("() => document.getElementById('graph').dataset.view") == "whole"
        assert off_screen(page) == [], (width, height)
        # labels readable: 13 px labels drawn at least 11 px high
        assert page.evaluate("() => __cy.zoom()") * 13 >= 11
    resize(page, 1023, 700)  # 1 px narrower: nothing may move out
    assert off_screen(page) == []


def test_a_long_tape_opens_readable_with_its_source_on_screen(server, page):
    run = api(server, "/api/runs", {"code": LONG_CHAIN})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    assert page.evaluate("() => document.getElementById('graph').dataset.view") in (
        "path",
        "sources",
    )
    assert page.evaluate("() => __cy.zoom()") * 13 >= 11
    sources = source_ids(page)
    assert sources and not set(sources) & set(off_screen(page))
    resize(page, 1279, 720)
    assert not set(sources) & set(off_screen(page))


def test_a_resize_keeps_the_users_viewport(server, page):
    run = api(server, "/api/runs", {"code": LONG_CHAIN})
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    page.focus("#graph")
    page.keyboard.press("+")
    page.evaluate("() => __cy.panBy({x: -120, y: 35})")  # the user drags the graph
    before = page.evaluate("() => ({zoom: __cy.zoom(), pan: __cy.pan()})")
    resize(page, 1439, 899)
    resize(page, 1280, 720)
    after = page.evaluate("() => ({zoom: __cy.zoom(), pan: __cy.pan()})")
    assert abs(after["zoom"] - before["zoom"]) < 1e-9
    assert abs(after["pan"]["x"] - before["pan"]["x"]) < 0.5
    assert abs(after["pan"]["y"] - before["pan"]["y"]) < 0.5


def test_presenter_mode_opens_with_every_node_on_screen(server, page):
    run = api(server, "/api/runs", {"code": ONE_OP})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}&presenter=1")
    wait_drawn(page)
    assert page.evaluate("() => document.body.classList.contains('presenter')")
    assert off_screen(page) == []
    wait_graph(page, 1)


LOOP_400 = """import tensorflow as tf

x = tf.Variable(1.0)
with tf.GradientTape() as tape:
    y = x
    for _ in range(400): y = y * 1.001
print(tape.gradient(y, x))
"""


def test_a_collapsed_loop_is_named_once_and_its_source_is_drawn(server, page):
    run = api(server, "/api/runs", {"code": LOOP_400})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    groups = page.evaluate("() => __cy.nodes('[kind = \"group\"]').map(n => n.data('text'))")
    assert groups, "the 400 ops are collapsed into a group"
    assert all(text.count("400 ops") <= 1 and text.count("line 6") <= 1 for text in groups), groups
    sources = source_ids(page)
    assert all(page.evaluate("id => __cy.getElementById(id).nonempty()", s) for s in sources)
    assert not set(sources) & set(off_screen(page))


def test_hovering_a_node_shows_what_it_is(server, page):
    run = api(server, "/api/runs", {"code": ONE_OP})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    spot = page.evaluate(
        """() => {
            const n = __cy.getElementById('op:0').renderedPosition();
            const r = document.getElementById('graph').getBoundingClientRect();
            return {x: r.left + n.x, y: r.top + n.y};
        }"""
    )
    page.mouse.move(spot["x"], spot["y"])
    tip = page.locator("#graph-tooltip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert "Mul" in text and "Line" in text and "9" in text  # x * x with x = 3
    assert "before the backward pass" in text
    page.mouse.move(5, 5)
    tip.wait_for(state="hidden")


FRAME_HOLDS = """([x, y]) => {
    const r = document.querySelector('#minimap .minimap-view').getBoundingClientRect();
    return r.left - 1 <= x && x <= r.right + 1 && r.top - 1 <= y && y <= r.bottom + 1;
}"""


def test_a_graph_too_big_to_read_has_an_overview_that_moves_the_view(server, page):
    run = api(server, "/api/runs", {"code": LONG_CHAIN})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    minimap = page.locator("#minimap")
    minimap.wait_for(state="visible")
    page.wait_for_selector('#minimap[data-shown="1"][data-draws]')
    before = page.evaluate("() => __cy.pan()")
    box = minimap.bounding_box()
    point = [box["x"] + box["width"] * 0.9, box["y"] + box["height"] * 0.5]
    assert not page.evaluate(FRAME_HOLDS, point)  # the view opens at the sources, on the left
    page.mouse.click(*point)
    page.wait_for_function(
        "b => Math.abs(__cy.pan().x - b.x) > 5 || Math.abs(__cy.pan().y - b.y) > 5", arg=before
    )
    page.wait_for_function(FRAME_HOLDS, arg=point)  # the frame follows the view there
    small = api(server, "/api/runs", {"code": ONE_OP})
    page.goto("about:blank")
    page.goto(f"{server}/#run={small['id']}")
    wait_drawn(page)
    assert not page.is_visible("#minimap")  # a graph readable at once needs no overview
