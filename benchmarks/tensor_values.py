"""What full values fetched on demand cost, against a real `tapescope serve` on loopback.

A program with a 784x256 weight and its gradient (each 784 KiB, above the inline cap):
- POST /api/runs p50 with the values kept (the default) over the same program on a second
  server started with TAPESCOPE_KEPT_TOTAL_BYTES=0 (nothing kept): what shipping, reading and
  storing ~1.7 MB of values adds to a run;
- GET /api/runs/{id}/tensors/{tid}?value=true p50 for the weight (2.2 MB of JSON) over the
  same GET without ?value=true: what fetching a large value costs.

    .venv/bin/python benchmarks/tensor_values.py [--requests 30]
"""

import argparse
import http.client
import json
import os
import time

from api_common import Server, percentile, request

PROGRAM = """import numpy as np
import tensorflow as tf
rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(32, 784)).astype(np.float32))
w = tf.Variable(rng.normal(size=(784, 256)).astype(np.float32) * 0.05)
with tf.GradientTape() as tape:
    h = tf.nn.relu(x @ w)
    loss = tf.reduce_mean(h * h)
grad_w = tape.gradient(loss, w)
"""


def timed(port, method, path, body, count):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times, answer = [], None
    for _ in range(count):
        start = time.perf_counter()
        status, answer = request(port, method, path, body, connection)
        times.append((time.perf_counter() - start) * 1000)
        assert status in (200, 201), (status, answer[:200])
    return times, answer


def post_runs(port, count):
    timed(port, "POST", "/api/runs", {"code": PROGRAM}, 3)  # warm up
    times, answer = timed(port, "POST", "/api/runs", {"code": PROGRAM}, count)
    return times, json.loads(answer)["id"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    kept_server = Server()
    os.environ["TAPESCOPE_KEPT_TOTAL_BYTES"] = "0"
    try:
        plain_server = Server()
    finally:
        del os.environ["TAPESCOPE_KEPT_TOTAL_BYTES"]
    try:
        kept, run_id = post_runs(kept_server.port, args.requests)
        plain, _ = post_runs(plain_server.port, args.requests)
        _, capture = timed(kept_server.port, "GET", f"/api/runs/{run_id}/capture", None, 1)
        weight = next(t["id"] for t in json.loads(capture)["tensors"] if t.get("name") == "w")
        path = f"/api/runs/{run_id}/tensors/{weight}"
        summary, _ = timed(kept_server.port, "GET", path, None, args.requests)
        full, answer = timed(kept_server.port, "GET", path + "?value=true", None, args.requests)
    finally:
        kept_server.stop()
        plain_server.stop()
    k50, p50 = percentile(kept, 0.5), percentile(plain, 0.5)
    s50, f50 = percentile(summary, 0.5), percentile(full, 0.5)
    print(f"POST /api/runs, 784x256 weight and gradient, {args.requests} requests each")
    print(f"  values kept p50 {k50:7.1f} ms   none kept p50 {p50:7.1f} ms   ratio {k50 / p50:.2f}x")
    print(f"GET the weight ({len(answer) / 1e6:.1f} MB of JSON with ?value=true)")
    print(
        f"  ?value=true p50 {f50:7.1f} ms   summary only p50 {s50:7.1f} ms   ratio {f50 / s50:.1f}x"
    )


if __name__ == "__main__":
    main()
