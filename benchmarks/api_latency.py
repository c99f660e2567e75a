"""POST /api/runs latency for a gallery program, against a real `tapescope serve` on loopback.

Prints p50 and p95 (target: p50 <= 150 ms) and, as the ratio the project reports, the p50 over
the same program captured in this process without the service (the work no server can avoid:
engine + capture + JSON), so the figure shows what the sandbox, HTTP and the store add.
`--all` measures every gallery program (fewer requests each) and prints a table.

    .venv/bin/python benchmarks/api_latency.py [--requests 100] [--example ID] [--all]
"""

import argparse
import http.client
import time

from api_common import (
    DEFAULT_EXAMPLE,
    Server,
    gallery_program,
    gallery_programs,
    percentile,
    request,
)

TARGET_P50_MS = 150


def in_process_ms(code: str, count: int) -> list[float]:
    from engine.debug import capture_program

    times = []
    for _ in range(count):
        start = time.perf_counter()
        capture_program(code, "main.py").to_json()
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure(port, code, count) -> tuple[list[float], list[float]]:
    """(service latencies, in-process capture times), in ms."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for _ in range(3):  # warm up: the server's imports, the first workers
        assert request(port, "POST", "/api/runs", {"code": code}, connection)[0] == 201
    latencies = []
    for _ in range(count):
        start = time.perf_counter()
        status, _ = request(port, "POST", "/api/runs", {"code": code}, connection)
        latencies.append((time.perf_counter() - start) * 1000)
        assert status == 201, status
    in_process_ms(code, 2)
    return latencies, in_process_ms(code, count)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--example", default=DEFAULT_EXAMPLE)
    parser.add_argument("--all", action="store_true", help="every gallery program, 15 runs each")
    args = parser.parse_args()
    server = Server()
    try:
        if args.all:
            print(
                f"{'gallery program':36} {'p50 ms':>8} {'p95 ms':>8} "
                f"{'in-process p50':>15} {'ratio':>6}"
            )
            for name, code in gallery_programs():
                latencies, baseline = measure(server.port, code, 15)
                p50, base50 = percentile(latencies, 0.5), percentile(baseline, 0.5)
                print(
                    f"{name:36} {p50:8.1f} {percentile(latencies, 0.95):8.1f} "
                    f"{base50:15.1f} {p50 / base50:6.2f}"
                )
            return
        name, code = gallery_program(args.example)
        latencies, baseline = measure(server.port, code, args.requests)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        health = []
        for _ in range(50):
            start = time.perf_counter()
            request(server.port, "GET", "/api/health", None, connection)
            health.append((time.perf_counter() - start) * 1000)
    finally:
        server.stop()
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    base50 = percentile(baseline, 0.5)
    print(f"POST /api/runs latency, program: {name}, {args.requests} sequential requests")
    print(
        f"  p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   (target p50 <= {TARGET_P50_MS} ms: "
        f"{'met' if p50 <= TARGET_P50_MS else 'NOT met'})"
    )
    print(
        f"  baseline, same program captured in-process: p50 {base50:.1f} ms; "
        f"ratio {p50 / base50:.2f}x"
    )
    print(f"  GET /api/health p50 {percentile(health, 0.5):.1f} ms (HTTP round trip)")


if __name__ == "__main__":
    main()
