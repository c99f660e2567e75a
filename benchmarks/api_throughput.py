"""Sustained POST /api/runs throughput: 20 concurrent clients on loopback against a real
`tapescope serve` (target: no errors, p95 <= 2 s). The baseline is one client alone, timed in
the same run: the ratio of p50s shows what queueing for the workers costs.

    .venv/bin/python benchmarks/api_throughput.py [--clients 20] [--per-client 15] [--example ID]
"""

import argparse
import http.client
import threading
import time

from api_common import DEFAULT_EXAMPLE, Server, gallery_program, percentile, request

TARGET_P95_S = 2.0


def client_loop(port, code, count, latencies, errors):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    for _ in range(count):
        start = time.perf_counter()
        try:
            status, _ = request(port, "POST", "/api/runs", {"code": code}, connection)
        except OSError as error:
            errors.append(repr(error))
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            continue
        latencies.append(time.perf_counter() - start)
        if status != 201:
            errors.append(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--per-client", type=int, default=15)
    parser.add_argument("--example", default=DEFAULT_EXAMPLE)
    args = parser.parse_args()
    name, code = gallery_program(args.example)
    server = Server()
    try:
        alone, alone_errors = [], []
        client_loop(server.port, code, 20, alone, alone_errors)
        latencies, errors = [], []
        threads = [
            threading.Thread(
                target=client_loop, args=(server.port, code, args.per_client, latencies, errors)
            )
            for _ in range(args.clients)
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
    finally:
        server.stop()
    total = args.clients * args.per_client
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    print(
        f"POST /api/runs, {args.clients} concurrent clients x {args.per_client} runs, "
        f"program: {name}"
    )
    print(
        f"  {total} requests in {elapsed:.1f} s: {total / elapsed:.1f} runs/s, "
        f"{len(errors)} errors {errors[:5] if errors else ''}"
    )
    print(
        f"  latency p50 {p50:.3f} s   p95 {p95:.3f} s   (target: no errors, p95 <= "
        f"{TARGET_P95_S} s: {'met' if not errors and p95 <= TARGET_P95_S else 'NOT met'})"
    )
    print(
        f"  baseline, one client alone: p50 {percentile(alone, 0.5):.3f} s; "
        f"ratio {p50 / percentile(alone, 0.5):.1f}x"
    )


if __name__ == "__main__":
    main()
