"""Keras LSTM speed (issue 10): a 2-layer LSTM (batch 32, 50 steps, 64 units), forward and
backward under a GradientTape, against TF 2.21 eager on the same machine in the same run.

Run: .venv/bin/python benchmarks/keras_lstm.py [--tf-python /work/tfenv/bin/python]

The baseline is, in order of preference:
- TensorFlow in this interpreter, when `import tensorflow` works here;
- TensorFlow in a worker subprocess started with `--tf-python` (the project venv never has TF):
  the worker runs the same program and times one round whenever asked, so that engine and TF
  rounds alternate and load changes on the machine hit both alike;
- otherwise a hand-written NumPy forward of the same network (the same math, no backward).
Both sides run the same model with the same weights (set from fixed arrays after build).
Times are the best of several runs, in wall time and in CPU time (TF's CPU time counts all of
its threads); the target is the engine not slower than TF eager.
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

BATCH, STEPS, FEATURES, UNITS = 32, 50, 16, 64
ROUNDS, REPEATS = 5, 3


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(BATCH, STEPS, FEATURES)).astype(np.float32)
    weights = []
    for input_dim in (FEATURES, UNITS):
        weights.append(
            [
                rng.normal(0, 0.2, (input_dim, 4 * UNITS)).astype(np.float32),
                rng.normal(0, 0.2, (UNITS, 4 * UNITS)).astype(np.float32),
                rng.normal(0, 0.1, (4 * UNITS,)).astype(np.float32),
            ]
        )
    return x, weights


def keras_step(tf):
    """The timed program, for `tf` the engine or TensorFlow: returns a function of no args."""
    x, weights = data()
    model = tf.keras.Sequential(
        [
            tf.keras.Input((STEPS, FEATURES)),
            tf.keras.layers.LSTM(UNITS, return_sequences=True),
            tf.keras.layers.LSTM(UNITS),
        ]
    )
    model.set_weights([w for layer in weights for w in layer])
    inputs = tf.constant(x)

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(inputs)))
        return tape.gradient(loss, model.trainable_variables)

    return step


def numpy_forward():
    x, weights = data()

    def sigmoid(z):
        return 1.0 / (1.0 + np.exp(-z))

    def step():
        seq = x
        for index, (kernel, recurrent, bias) in enumerate(weights):
            h = np.zeros((BATCH, UNITS), np.float32)
            c = np.zeros((BATCH, UNITS), np.float32)
            outputs = []
            for t in range(STEPS):
                z = seq[:, t] @ kernel + h @ recurrent + bias
                i, f, g, o = np.split(z, 4, axis=1)
                c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
                h = sigmoid(o) * np.tanh(c)
                outputs.append(h)
            seq = np.stack(outputs, axis=1) if index == 0 else h
        return np.mean(seq * seq)

    return step


def best_of(fn, repeats=REPEATS):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks._timing import best_times

    return best_times(fn, repeats, warmup=1)


class TFWorker:
    """TF's timing in a subprocess of another interpreter, one round per request."""

    def __init__(self, python, script=__file__):
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0"}
        self.process = subprocess.Popen(
            [python, script, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests, self.replies = self.process.stdin, self.process.stdout
        self._read()  # 'ready', once TF has imported and built the model

    def _read(self):
        line = self.replies.readline()
        if not line:
            raise RuntimeError("the TF worker exited (is TensorFlow installed there?)")
        return json.loads(line)

    def round(self):
        self.requests.write("time\n")
        self.requests.flush()
        result = self._read()
        return result["wall"], result["cpu"]

    def close(self):
        self.requests.close()
        self.process.wait()


def worker(make_step=None):
    import tensorflow as tf

    step = (make_step or keras_step)(tf)
    step()
    print(json.dumps({"ready": True}), flush=True)
    for _ in sys.stdin:
        wall, cpu = best_of(step)
        print(json.dumps({"wall": wall, "cpu": cpu}), flush=True)


def compare(engine_round, baseline_round, baseline_name, title=None):
    best = {"engine": [float("inf")] * 2, "baseline": [float("inf")] * 2}
    for _ in range(ROUNDS):
        for side, run in (("engine", engine_round), ("baseline", baseline_round)):
            wall, cpu = run()
            best[side] = [min(best[side][0], wall), min(best[side][1], cpu)]
    (e_wall, e_cpu), (b_wall, b_cpu) = best["engine"], best["baseline"]
    print(title or f"2-layer LSTM b{BATCH} t{STEPS} u{UNITS}, forward + backward")
    print(f"  engine:               wall {e_wall * 1e3:8.1f} ms   CPU {e_cpu * 1e3:8.1f} ms")
    print(f"  {baseline_name:<21} wall {b_wall * 1e3:8.1f} ms   CPU {b_cpu * 1e3:8.1f} ms")
    ratio = e_wall / b_wall
    target = "meets" if ratio <= 1.0 else "MISSES"
    print(
        f"  ratio engine / baseline: wall {ratio:5.2f}x, CPU {e_cpu / b_cpu:5.2f}x"
        + (f"  (target <= 1.0x wall vs TF eager: {target})" if "TF" in baseline_name else "")
    )


def run(make_step, numpy_baseline, title=None, script=__file__):
    """Times `make_step(engine)` against TF eager, or the NumPy baseline where TF is absent."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--tf-python", help="an interpreter with TensorFlow, for the baseline")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import engine

    engine_step = make_step(engine)

    def engine_round():
        return best_of(engine_step)

    try:
        import tensorflow as tf  # only where it is installed (never the project venv)
    except ImportError:
        tf = None
    if tf is not None:
        tf_step = make_step(tf)
        compare(engine_round, lambda: best_of(tf_step), "TF 2.21 eager:", title)
    elif args.tf_python:
        tf_worker = TFWorker(args.tf_python, script)
        try:
            compare(engine_round, tf_worker.round, "TF eager (worker):", title)
        finally:
            tf_worker.close()
    else:
        compare(engine_round, lambda: best_of(numpy_baseline()), "NumPy forward only:", title)


def main():
    run(keras_step, numpy_forward)


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        main()
