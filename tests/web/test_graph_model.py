"""The graph the web app draws, built in the browser from the capture (the one graph model: the
server serves no graph of its own): for the chosen gradient call, what lies on a path from its
sources to its targets, what the tape saved and pruned for the backward pass, and why a source's
gradient is None."""

from tests.server.test_api import TWO_SOURCES  # x on the path to y, z on none
from tests.web.helpers import api, wait_drawn

DRAWN = """() => {
    const index = window.__tapescope.store.state.index;
    const ops = {}, tensors = {};
    __cy.nodes().forEach(n => {
        const d = n.data();
        if (d.op != null) ops[index.ops.get(d.op).type] = n.classes();
        else if (d.tensor != null) tensors[index.tensors.get(d.tensor).name || d.tensor] = n.classes();
    });
    const edges = __cy.edges().map(e => ({
        from: e.source().data('op') != null ? index.ops.get(e.source().data('op')).type : 'tensor',
        to: e.target().data('op') != null ? index.ops.get(e.target().data('op')).type : 'tensor',
        classes: e.classes(),
    }));
    const badges = __cy.nodes('[kind = "badge"]').map(b => b.data('text'));
    return {ops, tensors, edges, badges};
}"""


def test_the_graph_marks_the_path_saved_pruned_and_the_none_cause(server, page):
    run = api(server, "/api/runs", {"code": TWO_SOURCES})
    page.goto(f"{server}/#run={run['id']}&call=0")
    wait_drawn(page)
    drawn = page.evaluate(DRAWN)
    ops = drawn["ops"]
    assert set(ops) == {"Exp", "Mul", "Square"}
    # y depends on x through Exp and Mul; w = z^2 is not on any path from x or z to y
    assert "dim" not in ops["Exp"] and "dim" not in ops["Mul"] and "dim" in ops["Square"]
    assert "dim" not in drawn["tensors"]["x"]
    # Exp keeps its output for its gradient, not its input
    exp_in = next(e for e in drawn["edges"] if e["to"] == "Exp")
    exp_out = next(e for e in drawn["edges"] if e["from"] == "Exp")
    assert "pruned" in exp_in["classes"] and "saved" not in exp_in["classes"]
    assert "saved" in exp_out["classes"]
    # z's gradient is None: the graph says why at z
    assert any("None" in b and "unconnected" in b for b in drawn["badges"]), drawn["badges"]
