"""POST /api/runs latency for a gallery program, against a real `tapescope serve` on loopback.

Prints p50 and p95 (target: p50 <= 150 ms) and, as the ratio the project reports, the p50 over
the same program captured in this process without the service (the work no server can avoid:
engine + capture + JSON), so the figure shows what the sandbox, HTTP and the store add.

    .venv/bin/python benchmarks/api_latency.py [--requests 100]
"""
import argparse
import http.client
import time

from api_common import Server, gallery_program, percentile, request

TARGET_P50_MS = 150


def in_process_ms(code: str, count: int) -> list[float]:
    from engine.debug import capture_program
    times = []
    for _ in range(count):
        start = time.perf_counter()
        capture_program(code, "main.py").to_json()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args()
    name, code = gallery_program()
    server = Server()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        for _ in range(5):  # warm up: the server's imports, the first workers
            assert request(server.port, "POST", "/api/runs", {"code": code}, connection)[0] == 201
        latencies = []
        for _ in range(args.requests):
            start = time.perf_counter()
            status, _ = request(server.port, "POST", "/api/runs", {"code": code}, connection)
            latencies.append((time.perf_counter() - start) * 1000)
            assert status == 201, status
        health = []
        for _ in range(50):
            start = time.perf_counter()
            request(server.port, "GET", "/api/health", None, connection)
            health.append((time.perf_counter() - start) * 1000)
    finally:
        server.stop()
    baseline = in_process_ms(code, 5) and in_process_ms(code, args.requests)
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    base50 = percentile(baseline, 0.5)
    print(f"POST /api/runs latency, program: {name}, {args.requests} sequential requests")
    print(f"  p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   (target p50 <= {TARGET_P50_MS} ms: "
          f"{'met' if p50 <= TARGET_P50_MS else 'NOT met'})")
    print(f"  baseline, same program captured in-process: p50 {base50:.1f} ms; "
          f"ratio {p50 / base50:.2f}x")
    print(f"  GET /api/health p50 {percentile(health, 0.5):.1f} ms (HTTP round trip)")


if __name__ == "__main__":
    main()
