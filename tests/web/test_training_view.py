"""The training view of a long run: loss, gradient norm per layer by step and update ratios are
drawn for every step; a kept step opens its tape in the graph; a dropped step says why it has no
tape and re-runs the program keeping it."""

from tests.web.helpers import api, state, wait_graph, wait_view_settled
from tests.web.long_run_capture import last_kept_tape, long_run_capture, training_loop, upload
from tests.web.pictures import doc_image, screenshot

STEPS = 200
LOOP = training_loop(STEPS)


def _open_training(page, server, run_id):
    page.goto(f"{server}/#run={run_id}")
    wait_graph(page, 1)
    page.click("#tab-training")
    page.wait_for_selector(f'#panel-training[data-state="ready"][data-steps="{STEPS}"]')


def _click_loss_at(page, step):
    """A real mouse click on the loss curve's point at `step`."""
    x, y = page.evaluate(
        """step => {
            const el = document.getElementById('training-loss');
            const {xaxis, yaxis} = el._fullLayout;
            const trace = el.data[0];
            const loss = trace.y[trace.x.indexOf(step)];
            const box = el.getBoundingClientRect();
            return [box.left + xaxis._offset + xaxis.c2p(step), box.top + yaxis._offset + yaxis.c2p(loss)];
        }""",
        step,
    )
    page.mouse.click(x, y)
    page.wait_for_selector(f'#training-step[data-step="{step}"]')


def test_training_view_plots_every_step_and_opens_kept_steps(server, page):
    run = api(server, "/api/runs", {"code": LOOP})
    assert run["status"] == "ok" and run["steps"] == STEPS
    records = api(server, f"/api/runs/{run['id']}/steps?limit=1000")
    site = records["sites"][0]
    kept = {r["step"]: r for r in records["data"] if r["kept"]}
    jumped = [r["step"] for r in records["data"] if "jump" in r["marks"]]
    assert 120 in jumped and 120 in kept  # the anomaly the program makes is kept

    _open_training(page, server, run["id"])
    drawn = page.evaluate(
        """() => {
            const data = id => document.getElementById(id).data;
            const loss = data('training-loss'), norms = data('training-norms'), ratios = data('training-ratios');
            return {
                loss_points: loss[0].x.length,
                jump_marks: (loss.find(t => t.name === 'norm jump') || {x: []}).x,
                kept_markers: loss.find(t => t.name === 'kept').x,
                heat_rows: norms[0].z.length, heat_columns: norms[0].z[0].length,
                heat_scale: norms[0].colorbar.ticktext,
                ratio_lines: ratios.length, ratio_points: ratios.map(t => t.x.length),
            };
        }"""
    )
    assert drawn["loss_points"] == STEPS
    assert drawn["jump_marks"] == jumped
    assert sorted(drawn["kept_markers"]) == sorted(kept)
    assert (drawn["heat_rows"], drawn["heat_columns"]) == (len(site["layers"]), STEPS)
    assert all(t.startswith("1e") for t in drawn["heat_scale"])  # a log colour scale
    assert drawn["ratio_lines"] == len(site["variables"])
    assert set(drawn["ratio_points"]) == {STEPS}
    for plot in ("training-loss", "training-norms", "training-ratios"):
        assert page.get_attribute(f"#{plot}", "data-steps") == str(STEPS)

    # a kept step: its tape opens in the graph and the stepper
    before = page.get_attribute("#graph", "data-ready")
    _click_loss_at(page, 120)
    tape = kept[120]["tapes"][0]
    page.wait_for_function(
        "([tape, before]) => window.__tapescope.store.state.tape === tape"
        " && document.getElementById('graph').dataset.ready !== before",
        arg=[tape, before],
    )
    assert state(page)["call"] == kept[120]["calls"][0]
    assert page.locator("#graph").evaluate("() => __cy.nodes().length") > 0
    assert "Step 0 /" in page.inner_text("#step-position")
    assert page.get_attribute("#training-step", "data-kept") == "true"
    screenshot(page, "training-kept-step")
    page.focus("#graph")
    page.keyboard.press("f")  # fit the step's tape
    wait_view_settled(page)  # the picture only: after the fit's viewport animation
    doc_image(page, "training")  # docs/quickstart.md#training-loops

    # a dropped step: why it has no tape, and the re-run that keeps it
    assert 60 not in kept
    _click_loss_at(page, 60)
    assert page.get_attribute("#training-step", "data-kept") == "false"
    text = page.inner_text("#training-step")
    assert "no tape" in text and "first:3,last:3,anomalies" in text and "deterministic" in text
    assert state(page)["tape"] == tape  # the graph still shows the kept step
    page.click("#training-keep")
    page.wait_for_function("id => window.__tapescope.store.state.run.id !== id", arg=run["id"])
    page.wait_for_selector('#training-step[data-step="60"][data-kept="true"]')
    rerun = page.evaluate("() => window.__tapescope.store.state.run")
    assert rerun["keep"] == "first:3,last:3,anomalies,steps:60"
    assert page.input_value("#keep-policy") == "first:3,last:3,anomalies,steps:60"
    again = api(server, f"/api/runs/{rerun['id']}/steps?offset=60&limit=1")["data"][0]
    assert again["kept"] and again["reasons"] == ["requested"]
    dropped = api(server, f"/api/runs/{run['id']}/steps?offset=60&limit=1")["data"][0]
    assert again["losses"] == dropped["losses"]  # deterministic: the same step, now with its tape
    page.wait_for_function(
        "tape => window.__tapescope.store.state.tape === tape", arg=again["tapes"][0]
    )


def test_training_tab_is_hidden_for_a_single_step(server, page):
    run = api(
        server,
        "/api/runs",
        {
            "code": "import tensorflow as tf\nx = tf.constant(2.0)\n"
            "with tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x\n"
            "print(t.gradient(y, x))\n"
        },
    )
    page.goto(f"{server}/#run={run['id']}&panel=training")
    wait_graph(page, 1)
    assert page.locator("#tab-training").is_hidden()
    page.wait_for_function("() => window.__tapescope.store.state.panel === 'inspector'")


def test_a_10000_step_run_draws_its_training_view_in_binned_columns(server, page):
    capture = long_run_capture(10_000)
    run = upload(server, capture)
    assert run["steps"] == 10_000
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server}/#run={run['id']}")
    wait_graph(page, 1)
    # the app fetches the records (and loads Plotly) in the background as soon as a run with
    # steps is open; the click then has only the three plots to draw
    page.wait_for_selector(f'#panel-training[data-prefetched="{run["id"]}"]', state="attached")
    # the time from the click to the drawn view is benchmarks/training_view_open.py's to measure
    page.click("#tab-training")
    page.wait_for_selector('#panel-training[data-state="ready"][data-steps="10000"]')
    drawn = page.evaluate("() => document.getElementById('training-norms').data[0].z[0].length")
    assert drawn <= 600  # columns share steps: the heatmap stays cheap
    assert page.evaluate("() => document.getElementById('training-loss').data[0].x.length") <= 2000
    _click_kept = page.locator('.kept-step[data-step="9999"]')
    _click_kept.click()
    tape = last_kept_tape(capture)
    page.wait_for_function("tape => window.__tapescope.store.state.tape === tape", arg=tape)
    screenshot(page, "training-10000-steps")
