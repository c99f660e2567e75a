"""The price of the sandbox's snapshots (server/sandbox/streaming.py): a run's capture is sent
each time the recording is whole, within a tenth of the run's time plus 0.1 s. Run:
.venv/bin/python benchmarks/sandbox_snapshots.py

The same program captured with capture_program, with the sandbox's checkpoint (snapshots built,
serialized and sent down a socket another thread drains) and without, as a CPU-time ratio
timed in the same process (best of alternating runs: _cpu_timing.py). Workloads: one tape of a
1000-op chain, and a 100-step training loop (Dense(64) x 3, Adam) under the default retention.
Target: <= 1.1x for a long run; a short one pays up to the 0.1 s allowance (the chain: one or two
snapshots, each about the final build).
"""

import contextlib
import socket
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks._cpu_timing import cpu_ratio
from benchmarks._timing import report
from engine.debug import capture_program
from engine.debug.output import CappedOutput
from server.sandbox.streaming import Channel, Snapshots

CHAIN = """import tensorflow as tf
x = tf.Variable(tf.ones((10,)))
with tf.GradientTape() as tape:
    y = x
    for _ in range(1000):
        y = tf.sin(y) * 1.0001
print(tape.gradient(tf.reduce_sum(y), x).numpy()[0])
"""
LOOP = """import numpy as np
import tensorflow as tf
rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(256, 20)).astype("float32"))
y = tf.constant(rng.normal(size=(256, 1)).astype("float32"))
model = tf.keras.Sequential([tf.keras.layers.Dense(64, activation="relu") for _ in range(3)]
                            + [tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(1e-3)
for step in range(100):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
print(float(loss))
"""


def drained_channel() -> Channel:
    ours, theirs = socket.socketpair()

    def drain():
        while theirs.recv(1 << 20):
            pass

    threading.Thread(target=drain, daemon=True).start()
    return Channel(ours)


def runs(source: str):
    channel = drained_channel()

    def plain():
        capture_program(source, "main.py", output=CappedOutput(256 * 1024))

    def streamed():
        checkpoint = Snapshots(
            channel, 64 * 1024**2, lambda: True, lambda: contextlib.nullcontext()
        )
        capture_program(source, "main.py", output=CappedOutput(256 * 1024), checkpoint=checkpoint)

    return streamed, plain


if __name__ == "__main__":
    for name, source in (("chain (1 tape, 1000 ops)", CHAIN), ("training loop (100 steps)", LOOP)):
        streamed, plain = runs(source)
        ratio, subject, baseline = cpu_ratio(streamed, plain, rounds=3, repeats=2)
        report(f"snapshots: {name}", ratio, subject, baseline, 1.1)
