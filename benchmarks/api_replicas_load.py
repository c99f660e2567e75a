"""The shared server under a class's load: 20 concurrent clients for 60 s, each posting a run of
a small program (POST /api/runs, waiting for it) and reading it back (summary, capture, backward
steps), against real `tapescope serve` processes from this checkout:

  sqlite    one replica on SQLite
  postgres  one replica on PostgreSQL (a throwaway cluster, as the tests start)
  two       two replicas on PostgreSQL behind Caddy with deploy/Caddyfile (round robin)
  kill      as `two`, with one replica killed (SIGKILL) half way: the errors are the requests it
            had in flight; every run acknowledged (201) is read back from the survivor after

Prints throughput, p50/p95/p99 of runs and of reads, errors, and the machine's load average.
The baseline, timed first against the same server: one client alone (the ratio shows what
queueing for the workers costs). Target: 0 errors (outside `kill`'s requests in flight).

    .venv/bin/python benchmarks/api_replicas_load.py [--seconds 60] [--clients 20]
        [--configs sqlite,postgres,two,kill] [--workers 2] [--example ID] [--rate-limit N]

--rate-limit N sets TAPESCOPE_RATE_LIMIT on every replica: all clients come from one address,
so on PostgreSQL every run is counted under one client's lock (the worst case of the shared
limit: a whole class behind one NAT); set N above what the clients post.
"""

import argparse
import contextlib
import http.client
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from api_common import FALLBACK_PROGRAM, gallery_program, percentile, request

from tests.caddy_proxy import caddy_proxy
from tests.live_server import serve_process
from tests.postgres_server import postgres_server

BASELINE_RUNS = 10
ERROR_PAUSE_SECONDS = 0.2  # a client that failed tries again after a moment, as a person would


@dataclass
class Load:
    runs: list[float] = field(default_factory=list)  # POST /api/runs latencies, s
    reads: list[float] = field(default_factory=list)  # GET summary, capture and steps, s
    errors: list[str] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)  # ids of runs answered 201
    lock: threading.Lock = field(default_factory=threading.Lock)


def connect(base: str) -> http.client.HTTPConnection:
    address = urlsplit(base)
    return http.client.HTTPConnection(address.hostname, address.port, timeout=120)


def session(base: str, code: str, until: float, load: Load) -> None:
    """One client: run, read back, again, until `until`."""
    connection = connect(base)
    while time.monotonic() < until:
        try:
            start = time.perf_counter()
            status, body = request(None, "POST", "/api/runs", {"code": code}, connection)
            took = time.perf_counter() - start
            run = json.loads(body) if status == 201 else {}
            if status != 201 or run.get("status") != "ok":
                raise ValueError(f"POST /api/runs: {status} {run.get('status')}")
            with load.lock:
                load.runs.append(took)
                load.acknowledged.append(run["id"])
            paths = [f"/api/runs/{run['id']}", f"/api/runs/{run['id']}/capture"]
            if run["calls"]:
                paths.append(f"/api/runs/{run['id']}/calls/0/steps")
            for path in paths:
                start = time.perf_counter()
                status, _ = request(None, "GET", path, None, connection)
                if status != 200:
                    raise ValueError(f"GET {path}: {status}")
                with load.lock:
                    load.reads.append(time.perf_counter() - start)
        except (OSError, http.client.HTTPException, ValueError) as error:
            with load.lock:
                load.errors.append(f"{type(error).__name__}: {error}"[:120])
            connection.close()
            time.sleep(ERROR_PAUSE_SECONDS)
            connection = connect(base)
    connection.close()


def burst(base: str, code: str, clients: int, seconds: float, during=None) -> tuple[Load, float]:
    load = Load()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=session, args=(base, code, until, load)) for _ in range(clients)
    ]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    if during is not None:
        during()
    for thread in threads:
        thread.join()
    return load, time.perf_counter() - start


def baseline(base: str, code: str) -> float:
    """p50 of POST /api/runs for one client alone, s."""
    connection = connect(base)
    times = []
    for _ in range(BASELINE_RUNS):
        start = time.perf_counter()
        request(None, "POST", "/api/runs", {"code": code}, connection)
        times.append(time.perf_counter() - start)
    connection.close()
    return percentile(times, 0.5)


def ms(values: list[float], fraction: float) -> str:
    return f"{percentile(values, fraction) * 1000:6.0f}" if values else "     -"


def report(title: str, load: Load, elapsed: float, alone: float, loads: tuple) -> None:
    runs = len(load.runs)
    print(f"{title}")
    print(
        f"  {runs} runs in {elapsed:.1f} s: {runs / elapsed:.2f} runs/s, {len(load.reads)} reads;"
        f" errors: {len(load.errors)} {sorted(set(load.errors))[:3] if load.errors else ''}"
    )
    for name, values in (("POST /api/runs", load.runs), ("reads (3 GETs)", load.reads)):
        print(
            f"  {name:15} p50 {ms(values, 0.5)} ms  p95 {ms(values, 0.95)} ms  "
            f"p99 {ms(values, 0.99)} ms"
        )
    if load.runs:
        ratio = percentile(load.runs, 0.5) / alone
        print(f"  baseline, one client alone: run p50 {alone * 1000:.0f} ms; ratio {ratio:.1f}x")
    before, after = loads
    print(f"  load average (1 min) before {before:.2f}, after {after:.2f}; {os.cpu_count()} CPUs")


def measure(title: str, base: str, code: str, args, during=None) -> Load:
    alone = baseline(base, code)
    before = os.getloadavg()[0]
    load, elapsed = burst(base, code, args.clients, args.seconds, during)
    report(title, load, elapsed, alone, (before, os.getloadavg()[0]))
    return load


def replicas(stack, workdir: Path, count: int, database: str | None, args):
    """`count` serve processes (base URL, process), on `database` or each on its own SQLite."""
    options = ["--workers", str(args.workers)] + (["--database-url", database] if database else [])
    env = {"TAPESCOPE_RATE_LIMIT": str(args.rate_limit)}
    return [
        stack.enter_context(serve_process(workdir / f"replica{i}", *options, env=env))
        for i in range(count)
    ]


def run_config(config: str, code: str, args, workdir: Path) -> None:
    label = f"{args.clients} clients x {args.seconds:g} s, {args.workers} workers per replica"
    if args.rate_limit:
        label += f", rate limit {args.rate_limit}"
    with contextlib.ExitStack() as stack:
        if config == "sqlite":
            ((base, _),) = replicas(stack, workdir, 1, None, args)
            measure(f"one replica, SQLite ({label})", base, code, args)
            return
        database = stack.enter_context(postgres_server())
        if config == "postgres":
            ((base, _),) = replicas(stack, workdir, 1, database, args)
            measure(f"one replica, PostgreSQL ({label})", base, code, args)
            return
        servers = replicas(stack, workdir, 2, database, args)
        proxy = stack.enter_context(caddy_proxy([base for base, _ in servers], workdir))
        if config == "two":
            measure(f"two replicas, PostgreSQL, Caddy ({label})", proxy, code, args)
            return
        victim = servers[0][1]

        def kill_half_way():
            time.sleep(args.seconds / 2)
            victim.kill()
            victim.wait()

        title = f"two replicas behind Caddy, one killed -9 at {args.seconds / 2:g} s ({label})"
        load = measure(title, proxy, code, args, during=kill_half_way)
        survivor = connect(servers[1][0])
        lost = [
            run_id
            for run_id in load.acknowledged
            if request(None, "GET", f"/api/runs/{run_id}", None, survivor)[0] != 200
        ]
        print(
            f"  replica killed (exit {victim.returncode}); acknowledged runs read back from the "
            f"other: {len(load.acknowledged)}, lost: {len(lost)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--configs", default="sqlite,postgres,two,kill")
    parser.add_argument("--example", default=None, help="a gallery program (default: MLP step)")
    parser.add_argument("--rate-limit", type=int, default=0)
    args = parser.parse_args()
    name, code = gallery_program(args.example) if args.example else ("MLP step", FALLBACK_PROGRAM)
    print(f"program: {name}; each client posts a run, then reads its summary, capture and steps")
    for config in args.configs.split(","):
        with tempfile.TemporaryDirectory(prefix="tapescope-load-") as workdir:
            try:
                run_config(config, code, args, Path(workdir))
            except pytest.skip.Exception as missing:  # PostgreSQL or Caddy not installed
                print(f"{config}: skipped, {missing}")


if __name__ == "__main__":
    main()
