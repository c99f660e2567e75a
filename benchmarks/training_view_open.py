"""Opening the training view of a 10,000-step run cold from a link, in Chromium at 1280x720.

Target (issue 11): the view is drawn <= 2 s after the link is opened. Each open is a new browser
context (an empty HTTP cache, as a first visit), timed in the page from the navigation's start to
an explicit app state: `#panel-training[data-state=ready]` with all 10,000 steps drawn. The
baseline, timed the same way in the same process, is the page's plain load (`/`, to
`body[data-booted]`); the same run's graph view (`#run=ID`, to `#graph[data-ready]`) is printed
beside it for scale. A second figure is the tab's click: the run's graph view open (a fresh
context), the records and Plotly prefetched in the background as the app does for a run with
steps, then ms from the click on the Training tab until the view is ready (was asserted <= 2 s in
tests/web/test_training_view.py; a timed test flakes on a loaded machine, so it is measured here).

    PYTHONPATH=. .venv/bin/python benchmarks/training_view_open.py [--repeats 5] [--steps 10000]
"""

import argparse
import contextlib
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live_server import serve  # noqa: E402
from tests.web.conftest import CHROMIUM, FLAGS  # noqa: E402
from tests.web.long_run_capture import long_run_capture, upload  # noqa: E402

TARGET_MS = 2000
VIEWPORT = {"width": 1280, "height": 720}

# Records, in the page's own clock (ms since navigation start), when each app state is reached.
MARK_STATES = """
(() => {
  const states = {
    booted: () => document.body && document.body.dataset.booted === '1',
    graph: () => !!document.getElementById('graph')?.dataset.ready,
    training: () => {
      const panel = document.getElementById('panel-training');
      return panel?.dataset.state === 'ready' && panel.dataset.steps === String(window.__steps);
    },
  };
  window.__reached = {};
  const check = () => {
    for (const [name, reached] of Object.entries(states)) {
      if (!(name in window.__reached) && reached()) window.__reached[name] = performance.now();
    }
  };
  const all = { attributes: true, subtree: true, childList: true };
  new MutationObserver(check).observe(document, all);
})();
"""


def upload_run(base: str, steps: int) -> str:
    run = upload(base, long_run_capture(steps))
    assert run["steps"] == steps, run
    return run["id"]


@contextlib.contextmanager
def fresh_page(browser, init_script: str) -> Iterator[tuple[Any, list[str]]]:
    """A page in a new browser context (an empty HTTP cache, as a first visit) running
    `init_script` before the app, and the page errors it collects; closed on leaving."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.add_init_script(init_script)
        yield page, errors
    finally:
        context.close()


def open_cold(browser, url: str, state: str, steps: int) -> float:
    """ms from navigation start until the page reaches `state`, in a fresh context."""
    with fresh_page(browser, f"window.__steps = {steps};" + MARK_STATES) as (page, errors):
        page.goto(url)
        page.wait_for_function("s => window.__reached && s in window.__reached", arg=state)
        assert not errors, errors
        return page.evaluate("s => window.__reached[s]", state)


def open_by_click(browser, base: str, run: str, steps: int) -> float:
    """ms from a click on the Training tab, once the records are prefetched, to the ready view."""
    with fresh_page(browser, f"window.__steps = {steps};" + MARK_STATES) as (page, errors):
        page.goto(f"{base}/#run={run}")
        page.wait_for_function("() => window.__reached && 'graph' in window.__reached")
        page.wait_for_selector(f'#panel-training[data-prefetched="{run}"]', state="attached")
        clicked = page.evaluate("""() => {
          if ('training' in window.__reached) throw new Error('drawn before the click');
          const at = performance.now();
          document.getElementById('tab-training').click();
          return at;
        }""")
        page.wait_for_function("() => 'training' in window.__reached")
        assert not errors, errors
        return page.evaluate("() => window.__reached.training") - clicked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=10_000)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory(prefix="tapescope-bench-") as data,
        serve(Path(data)) as base,
    ):
        run = upload_run(base, args.steps)
        training_link = f"{base}/#run={run}&panel=training"
        cases = [
            ("plain page load (baseline)", f"{base}/", "booted"),
            ("the run's graph view", f"{base}/#run={run}", "graph"),
            (f"training view, {args.steps:,} steps", training_link, "training"),
        ]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            open_cold(browser, cases[0][1], "booted", args.steps)  # the browser's own warm-up
            times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
            clicks: list[float] = []
            for _ in range(args.repeats):  # interleaved: a neighbour's load hits all alike
                for name, url, state in cases:
                    times[name].append(open_cold(browser, url, state, args.steps))
                clicks.append(open_by_click(browser, base, run, args.steps))
            browser.close()
    baseline = statistics.median(times[cases[0][0]])
    print(f"cold open from a link at 1280x720, {args.repeats} fresh contexts each (median, best)")
    for name, _, _ in cases:
        median, best = statistics.median(times[name]), min(times[name])
        print(f"  {name:34s} {median:7.0f} ms  {best:7.0f} ms   {median / baseline:5.2f}x baseline")
    click, best = statistics.median(clicks), min(clicks)
    name = "training tab clicked, prefetched"
    print(f"  {name:34s} {click:7.0f} ms  {best:7.0f} ms   {click / baseline:5.2f}x baseline")
    for name, subject in (
        ("cold from a link", statistics.median(times[cases[-1][0]])),
        ("a click once prefetched", click),
    ):
        verdict = "meets" if subject <= TARGET_MS else "misses"
        print(
            f"training view, {name}: {subject:.0f} ms median, {verdict} the {TARGET_MS} ms target"
        )


if __name__ == "__main__":
    main()
