"""engine_speed's chain and MLP ratios (engine / NumPy, CPU time) for two source trees, measured
in the same run: each round runs one subprocess per tree, alternately, so that load on the
machine hits both alike; the best ratio of each tree is reported. With --capture, the MLP
step's capture_overhead ratios instead: recording / plain tape and capture / plain tape.

Run: .venv/bin/python benchmarks/compare_trees.py BASELINE_TREE [TREE] [--rounds N] [--capture]
(a baseline tree: `git worktree add /tmp/base main`, or `git archive main | tar -x -C DIR`;
TREE defaults to this one).
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from benchmarks._timing import interleaved_ratio
from benchmarks.engine_speed import (
    chain_engine, chain_numpy, mlp_data, mlp_engine_fn, mlp_numpy_fn,
)
data = mlp_data()
chain = interleaved_ratio(chain_engine, chain_numpy)
mlp = interleaved_ratio(mlp_engine_fn(*data), mlp_numpy_fn(*data), repeats=5)
print(json.dumps({"chain": chain.cpu, "mlp": mlp.cpu}))
"""

CAPTURE_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from benchmarks._cpu_timing import cpu_ratio
from benchmarks.capture_overhead import captured, recording
from benchmarks.engine_speed import mlp_data, mlp_engine_fn
step = mlp_engine_fn(*mlp_data())
recorded = cpu_ratio(recording(step), step, repeats=10)[0]
built = cpu_ratio(captured(step), step, repeats=10)[0]
print(json.dumps({"recording": recorded, "capture": built}))
"""


def ratios(tree, child):
    """{workload: CPU-time ratio} of one run of `child` in a fresh process on `tree`."""
    run = subprocess.run(
        [sys.executable, "-c", child, str(tree)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("tree", type=Path, nargs="?", default=Path(__file__).parent.parent)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--capture", action="store_true", help="the MLP step's capture ratios")
    args = parser.parse_args()
    child = CAPTURE_CHILD if args.capture else CHILD
    trees = {"baseline": args.baseline.resolve(), "this": args.tree.resolve()}
    best: dict[str, dict[str, float]] = {name: {} for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            for workload, ratio in ratios(tree, child).items():
                best[name][workload] = min(best[name].get(workload, ratio), ratio)
    for workload in best["baseline"]:
        before, after = best["baseline"][workload], best["this"][workload]
        print(
            f"{workload:<9} baseline {before:5.2f}x  this tree {after:5.2f}x  "
            f"(this / baseline {after / before:.3f}; best of {args.rounds} rounds each)"
        )


if __name__ == "__main__":
    main()
