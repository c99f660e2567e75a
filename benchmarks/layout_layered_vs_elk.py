"""The hand-written layered layout for deep tapes (web/src/worker/layered-layout.ts) against
elkjs's layered algorithm, in a Chromium web worker as the app's data worker runs them, on the op
graphs of 2,000-, 20,000- and 100,000-op tapes (a deep residual MLP, web/src/bench/).

For each: the layout's time, the edge crossings of the drawing (straight edges between node
centres, as the graph view draws them), and memory: the peak RSS of the page's renderer process
(a fresh browser each run), less that of the same page building the graph without laying it out
(the baseline, measured the same way in this process). A layout still running after --limit
seconds is stopped and reported as such.

    .venv/bin/python benchmarks/layout_layered_vs_elk.py [--ops 2000,20000,100000] [--limit 300]
        [--only layered|elk]
"""

import argparse
import functools
import http.server
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))

from tests.web.conftest import CHROMIUM, FLAGS  # noqa: E402

ALGORITHMS = ("none", "layered", "elk")


def build() -> Path:
    subprocess.run(
        ["npx", "vite", "build", "--config", "vite.bench.config.ts", "--logLevel", "warn"],
        cwd=WEB,
        check=True,
    )
    return WEB / "dist-bench"


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/bench/layout.html"


def renderers() -> set[int]:
    found = set()
    for status in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            cmdline = status.read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in cmdline and b"chromium" in cmdline:
            found.add(int(status.parent.name))
    return found


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_one(playwright, url: str, algorithm: str, ops: int, limit: float) -> dict:
    from playwright.sync_api import Error as PlaywrightError

    before = renderers()
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    try:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        # the page's renderer, and a spare one Chromium may keep: the page's has the higher peak
        mine = renderers() - before
        try:
            result = page.evaluate(
                "([a, n, ms]) => window.runLayout(a, n, ms)", [algorithm, ops, limit * 1000]
            )
        except PlaywrightError as error:  # the limit, or the worker ran out of memory
            return {"error": str(error).splitlines()[0][:120]}
        result["rss_mb"] = max(peak_rss_mb(pid) for pid in mine)
        return result
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="2000,20000,100000")
    parser.add_argument("--limit", type=float, default=300, help="seconds a layout may take")
    parser.add_argument("--only", choices=ALGORITHMS[1:], help="one layout (and the baseline)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd, url = serve(build())
    try:
        with sync_playwright() as p:
            for ops in (int(n) for n in args.ops.split(",")):
                measured = [a for a in ALGORITHMS if a in ("none", args.only or a)]
                results = {a: run_one(p, url, a, ops, args.limit) for a in measured}
                base = results["none"]
                print(f"{ops:,} ops: {base['nodes']:,} nodes, {base['edges']:,} edges")
                for algorithm in measured[1:]:
                    r = results[algorithm]
                    if "error" in r:
                        print(f"  {algorithm:8s} {r['error']}")
                        continue
                    extra = r["rss_mb"] - base["rss_mb"]
                    print(
                        f"  {algorithm:8s} {r['ms'] / 1000:8.2f} s  {r['crossings']:8,} crossings"
                        f"  renderer peak {r['rss_mb']:6.0f} MB (+{extra:.0f} MB over the graph"
                        f" alone, {base['rss_mb']:.0f} MB)  placed {r['placed']:,}"
                    )
                sys.stdout.flush()
    finally:
        httpd.shutdown()


if __name__ == "__main__":
    main()
