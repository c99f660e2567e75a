"""Shared by the API benchmarks: a real `tapescope serve` on a free loopback port, a program to
run, and percentiles. Not a benchmark itself."""

import http.client
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Used when the gallery is empty: one training step of a small MLP, a typical gallery program.
FALLBACK_PROGRAM = """import tensorflow as tf
import numpy as np
rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(32, 8)).astype(np.float32))
y = tf.constant(rng.integers(0, 3, size=32))
w1 = tf.Variable(rng.normal(size=(8, 16)).astype(np.float32) * 0.3)
w2 = tf.Variable(rng.normal(size=(16, 3)).astype(np.float32) * 0.3)
with tf.GradientTape() as tape:
    h = tf.nn.relu(tf.matmul(x, w1))
    logits = tf.matmul(h, w2)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
grads = tape.gradient(loss, [w1, w2])
print(float(loss))
"""


DEFAULT_EXAMPLE = "01_output_gradients_vjp"  # the gallery's first program


def gallery_programs() -> list[tuple[str, str]]:
    from server.gallery import load_examples

    return [(example.id, example.code) for example in load_examples()] or [
        ("fallback MLP step", FALLBACK_PROGRAM)
    ]


def gallery_program(example_id: str = DEFAULT_EXAMPLE) -> tuple[str, str]:
    programs = dict(gallery_programs())
    if example_id in programs:
        return example_id, programs[example_id]
    return next(iter(programs.items()))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, workers: int = 2):
        self.data_dir = tempfile.TemporaryDirectory(prefix="tapescope-bench-")
        self.port = free_port()
        tapescope = Path(sys.executable).parent / "tapescope"
        self.process = subprocess.Popen(
            [
                str(tapescope),
                "serve",
                "--port",
                str(self.port),
                "--data-dir",
                self.data_dir.name,
                "--workers",
                str(workers),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("tapescope serve did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)
        self.data_dir.cleanup()


def request(port, method, path, body=None, connection=None):
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    payload = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, payload, {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    if own:
        connection.close()
    return response.status, data


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
