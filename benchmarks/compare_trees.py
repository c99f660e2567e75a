"""engine_speed's chain and MLP ratios (engine / NumPy, CPU time) for two source trees, measured
in the same run: each round runs one subprocess per tree, alternately, so that load on the
machine hits both alike; the best ratio of each tree is reported.

Run: .venv/bin/python benchmarks/compare_trees.py BASELINE_TREE [TREE] [--rounds N]
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


def ratios(tree):
    """{workload: engine/NumPy CPU-time ratio} of one run in a fresh process on `tree`."""
    run = subprocess.run(
        [sys.executable, "-c", CHILD, str(tree)],
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
    args = parser.parse_args()
    trees = {"baseline": args.baseline.resolve(), "this": args.tree.resolve()}
    best: dict[str, dict[str, float]] = {name: {} for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            for workload, ratio in ratios(tree).items():
                best[name][workload] = min(best[name].get(workload, ratio), ratio)
    for workload in ("chain", "mlp"):
        before, after = best["baseline"][workload], best["this"][workload]
        print(
            f"{workload:<6} baseline {before:5.2f}x  this tree {after:5.2f}x  "
            f"(this / baseline {after / before:.3f}; best of {args.rounds} rounds each)"
        )


if __name__ == "__main__":
    main()
