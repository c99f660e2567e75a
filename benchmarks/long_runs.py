"""Long runs (issue 11). Run: .venv/bin/python benchmarks/long_runs.py

The training loop: a Keras Sequential of 3 Dense(64, relu) + Dense(1), Adam, on 256x20 inputs,
`with tf.GradientTape()` / `tape.gradient` / `apply_gradients` per step. Figures:
- time: 1,000 steps under `capture_program` (default policy first:3,last:3,anomalies, the
  Capture built and serialized as the sandbox sends it, `to_json_bytes`) / the same loop on the
  plain engine, CPU time in one process, best of 5 alternating runs each. Target <= 2x.
- peak RSS of a fresh process (one subprocess per configuration): the plain loop, 1,000 and
  10,000 captured steps. Targets: <= 250 MB at 1,000; 10,000 within 10% of 1,000.
- the JSON of the 10,000-step capture. Target <= 20 MB.
- building the Capture of one MLP step (784-256-256-10, batch 64, as capture_overhead.py) /
  that step on the plain tape. Target <= 5x.
BLAS runs on one thread in every configuration (as in the sandbox), so that the ratios measure
this code, not the neighbours' contention for the BLAS threads. The program seeds Keras's
initializers (keras.utils.set_random_seed; tf.random.set_seed leaves them random, as in Keras
3): with random weights the loop's gradient norm jumped tenfold in some runs and not in others,
so the 1,000-step capture kept 6 or 9 steps and its peak RSS was 75 or 85 MB from run to run.
With seed 0 both runs keep 9 (the first 3, the last 3, 3 jumps), so they compare like with like.
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import json  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROGRAM = """import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(256, 20)).astype(np.float32))
y = tf.constant(rng.normal(size=(256, 1)).astype(np.float32))
tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.keras.optimizers.Adam(1e-3)
for step in range(STEPS):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
"""


def program(steps):
    return PROGRAM.replace("STEPS", str(steps))


def run_plain(steps):
    import engine

    saved = sys.modules.get("tensorflow")
    sys.modules["tensorflow"] = engine
    try:
        exec(compile(program(steps), "main.py", "exec"), {"__name__": "__main__"})
    finally:
        if saved is None:
            sys.modules.pop("tensorflow", None)
        else:
            sys.modules["tensorflow"] = saved


def run_captured(steps):
    import engine.debug

    return engine.debug.capture_program(program(steps), "main.py").to_json_bytes()


def measure_rss(mode, steps):
    """Runs in a fresh process: peak RSS (MB) and, captured, the JSON's size."""
    size = 0
    if mode == "plain":
        run_plain(steps)
    else:
        size = len(run_captured(steps))  # (ASCII: characters are bytes)
    peak = _peak_rss_mb()
    print(json.dumps({"rss_mb": peak, "json_bytes": size}))


def _peak_rss_mb():
    """This process's peak RSS: VmHWM (ru_maxrss would carry the parent's peak across exec)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss(mode, steps):
    out = subprocess.run(
        [sys.executable, __file__, "--rss", mode, str(steps)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    from benchmarks._cpu_timing import cpu_ratio
    from benchmarks._timing import report
    from benchmarks.capture_overhead import captured
    from benchmarks.engine_speed import mlp_data, mlp_engine_fn

    # best of 5 alternating runs each: best of 2 read 1.73x to 2.03x in three runs of this
    # script on one quiet machine (a single slow captured run, or fast plain one, decided it)
    ratio, s, b = cpu_ratio(
        lambda: run_captured(1000), lambda: run_plain(1000), rounds=5, repeats=1
    )
    report("Adam loop 1,000 steps: capture / plain", ratio, s, b, 2)
    plain = rss("plain", 1000)
    thousand = rss("capture", 1000)
    ten_thousand = rss("capture", 10000)
    print(f"peak RSS, plain engine, 1,000 steps          {plain['rss_mb']:7.1f} MB")
    print(f"peak RSS, captured, 1,000 steps              {thousand['rss_mb']:7.1f} MB (<= 250)")
    growth = ten_thousand["rss_mb"] / thousand["rss_mb"] - 1
    print(
        f"peak RSS, captured, 10,000 steps             {ten_thousand['rss_mb']:7.1f} MB "
        f"({growth:+.1%} of 1,000 steps; target within 10%)"
    )
    print(
        f"capture JSON, 10,000 steps                   "
        f"{ten_thousand['json_bytes'] / 1e6:7.2f} MB (<= 20 MB)"
    )
    step = mlp_engine_fn(*mlp_data())
    # best of 50 runs each, as capture_overhead.py: a captured step lasts ~5x the plain one, so
    # the neighbours interrupt it ~5x as often; best of 15 read ~2% higher (5 runs of both)
    ratio, s, b = cpu_ratio(captured(step), step, rounds=5, repeats=10)
    report("MLP step: capture built / plain tape", ratio, s, b, 5)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--rss":
        measure_rss(sys.argv[2], int(sys.argv[3]))
    else:
        main()
