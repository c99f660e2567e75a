"""engine_speed's chain and MLP workloads for two source trees, in machine instructions per run
(valgrind's cachegrind): what compare_trees.py measures in CPU time, without the noise of a
loaded machine. A count does not weigh cache misses or memory stalls, so it complements the
CPU-time ratios and does not replace them.

Each count is a subprocess run twice, with the workload run 0 and N times after one warm-up
call: the difference over N is one run's instructions (imports and set-up cancel out).
PYTHONHASHSEED is fixed and BLAS runs on one thread (its idle threads spin for a varying
number of instructions), so two counts of one tree agree within about half a percent.

Run: .venv/bin/python benchmarks/compare_instructions.py BASELINE_TREE [TREE] [--runs N]
(needs valgrind; a baseline tree as for compare_trees.py). About a minute per tree.
"""

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from benchmarks.engine_speed import chain_engine, mlp_data, mlp_engine_fn
run = chain_engine if sys.argv[2] == "chain" else mlp_engine_fn(*mlp_data())
run()
for _ in range(int(sys.argv[3])):
    run()
"""

ENV = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


def instructions(tree, workload, runs):
    """Instructions executed by a process that runs `workload` `runs` times on `tree`."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        + [sys.executable, "-c", CHILD, str(tree), workload, str(runs)],
        cwd=tree,
        env={**os.environ, **ENV},
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)[1].replace(",", ""))


def per_run(tree, workload, runs):
    return (instructions(tree, workload, runs) - instructions(tree, workload, 0)) / runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("tree", type=Path, nargs="?", default=Path(__file__).parent.parent)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    for workload in ("chain", "mlp"):
        before = per_run(args.baseline.resolve(), workload, args.runs)
        after = per_run(args.tree.resolve(), workload, args.runs)
        print(
            f"{workload:<6} baseline {before / 1e6:7.2f} M instructions  this tree "
            f"{after / 1e6:7.2f} M  (this / baseline {after / before:.3f}; {args.runs} runs)"
        )


if __name__ == "__main__":
    main()
