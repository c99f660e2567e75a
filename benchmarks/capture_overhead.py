"""engine.debug capture overhead (issue 3). Run: .venv/bin/python benchmarks/capture_overhead.py

The same forward + backward as benchmarks/engine_speed.py (chain: 1000 x `x = tf.sin(x) *
1.0001` on shape (10,); MLP 784-256-256-10, batch 64, tanh, sparse softmax cross-entropy),
run inside `engine.debug.capture()`, as a ratio to the same code on the plain tape, timed in the
same process (CPU time of this process, best of several alternating runs: see
_cpu_timing.py). Two figures per workload:
- recording: the observer installed while the code runs (what the program feels);
- capture: recording plus building the Capture at the end (summaries, memory timeline,
  diagnosis, validated models): the whole price of a debugged run. Target: <= 3x.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import engine.debug as debug
from benchmarks._cpu_timing import cpu_ratio
from benchmarks._timing import report
from benchmarks.engine_speed import chain_engine, mlp_data, mlp_engine_fn
from engine import hooks
from engine.debug.recorder import Recorder


def recording(fn):
    def run():
        recorder = Recorder(stop_frame=sys._getframe(1))  # as capture() stops at its caller
        hooks.observers.append(recorder)
        try:
            fn()
        finally:
            hooks.observers.remove(recorder)

    return run


def captured(fn):
    def run():
        with debug.capture():
            fn()

    return run


def main():
    for name, fn, repeats in (
        ("chain 1000 x sin*1.0001", chain_engine, 10),
        ("MLP 784-256-256-10 b64", mlp_engine_fn(*mlp_data()), 10),
    ):
        ratio, s, b = cpu_ratio(recording(fn), fn, repeats=repeats)
        report(f"{name}: recording / plain tape", ratio, s, b, 3)
        ratio, s, b = cpu_ratio(captured(fn), fn, repeats=repeats)
        report(f"{name}: capture / plain tape", ratio, s, b, 3)


if __name__ == "__main__":
    main()
