"""Two `tapescope serve` replicas over one PostgreSQL database: runs posted to one are read,
stepped, pinned, exported and deleted through the other, under 20 concurrent clients split
across both. Everything a run needs (capture, kept values, pins) lives in the database."""

import json
import random
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.caddy_proxy import caddy_proxy
from tests.live_server import serve, serve_process
from tests.postgres_server import postgres_server
from tests.processes import alive, children_of
from tests.replica_set import replica_set

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 20
PROGRAM = """\
import tensorflow as tf
x = tf.Variable(tf.random.normal([40, 40]))  # above the inline cap: its value is kept beside
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.nn.relu(x) ** 2) * {k}
g = tape.gradient(y, x)
print("client", {k})
"""


def call(base, path, body=None, method=None, raw=False):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method or ("POST" if data is not None else "GET"),
        headers={"Content-Type": "application/json"} if data is not None else {},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        content = response.read()
    return content if raw else (json.loads(content) if content else None)


def status_of(base, path, method="GET") -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, method=method), timeout=30):
            return 200
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture(scope="module")
def database():
    with postgres_server() as url:
        yield url


@pytest.fixture(scope="module")
def replicas(tmp_path_factory, database):
    static = ROOT / "web" / "dist"
    if not (static / "export" / "index.html").exists():
        pytest.fail("web/dist is not built: run `make web` (cd web && npm ci && npm run build)")
    with replica_set(tmp_path_factory, database) as bases:
        yield bases


def client_session(k: int, bases: list[str], export: bool) -> dict:
    """One client: runs a program on one replica, reads everything back from the other."""
    mine, other = bases[k % 2], bases[(k + 1) % 2]
    posted = time.monotonic()
    run = call(mine, "/api/runs", {"code": PROGRAM.format(k=k)})
    latency = time.monotonic() - posted
    assert run["status"] == "ok", run
    run_id = run["id"]
    summary = call(other, f"/api/runs/{run_id}")
    assert summary["stdout"] == f"client {k}\n" and summary["calls"][0]["steps"] > 0
    diagnosis = call(other, f"/api/runs/{run_id}/diagnosis")
    assert "findings" in diagnosis
    steps = call(other, f"/api/runs/{run_id}/calls/0/steps")
    assert steps["count"] == summary["calls"][0]["steps"] and steps["data"]
    capture = call(other, f"/api/runs/{run_id}/capture")
    large = next(t for t in capture["tensors"] if t["shape"] == [40, 40])
    tensor = call(other, f"/api/runs/{run_id}/tensors/{large['id']}?value=true")
    assert tensor["value_available"] and len(tensor["summary"]["value"]) == 40
    uploaded = call(other, "/api/captures", capture)
    assert call(mine, f"/api/runs/{uploaded['id']}")["stdout"] == f"client {k}\n"
    if export:
        page = call(other, f"/api/runs/{run_id}/export", raw=True)
        assert run_id.encode() in page and page.startswith(b"<!")
    return {"id": run_id, "latency": latency}


def test_any_replica_serves_any_run_under_20_clients(replicas):
    start = time.monotonic()
    with ThreadPoolExecutor(CLIENTS) as pool:
        results = list(
            pool.map(lambda k: client_session(k, replicas, export=k < 4), range(CLIENTS))
        )
    elapsed = time.monotonic() - start
    latencies = sorted(r["latency"] for r in results)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(f"{CLIENTS} clients over 2 replicas: {elapsed:.1f} s, POST /api/runs p95 {p95:.2f} s")
    counts = {call(base, "/api/runs?limit=1")["count"] for base in replicas}
    assert counts == {2 * CLIENTS}  # every acknowledged run and upload, seen by both
    listed = {item["id"] for item in call(replicas[1], "/api/runs?limit=200")["data"]}
    assert {r["id"] for r in results} <= listed


def test_pins_and_deletes_are_shared(replicas):
    a, b = replicas
    run_id = call(a, "/api/captures", {"stdout": "shared"})["id"]
    call(b, f"/api/runs/{run_id}/diagnosis")  # now parsed and cached on b
    assert call(a, f"/api/runs/{run_id}/pin", {}, method="POST")["pinned"] is True
    assert call(b, f"/api/runs/{run_id}/pin")["pinned"] is True
    assert status_of(a, f"/api/runs/{run_id}", method="DELETE") in (200, 204)
    # b cached the capture, but the run is gone for every replica
    assert status_of(b, f"/api/runs/{run_id}/diagnosis") == 404
    assert status_of(b, f"/api/runs/{run_id}") == 404


def test_replicas_started_together_create_the_schema_once(tmp_path):
    """Both replicas create the tables on an empty database at the same moment."""
    with postgres_server() as url:
        errors = []

        def start(i):
            try:
                with serve(tmp_path / f"r{i}", "--database-url", url) as base:
                    call(base, "/api/captures", {"stdout": str(i)})
                    ready.wait(60)
            except BaseException as error:  # noqa: BLE001 (reported below)
                errors.append(error)

        ready = threading.Barrier(2)
        threads = [threading.Thread(target=start, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
            time.sleep(random.random() * 0.05)
        for thread in threads:
            thread.join()
        assert not errors, errors


def test_a_killed_replica_loses_no_acknowledged_run(tmp_path, replicas, database):
    """kill -9 of a third replica in the middle of a burst of uploads from 10 clients: every
    upload it acknowledged (201) is served by the others afterwards."""
    acknowledged, refused = [], []
    with serve_process(tmp_path / "doomed", "--database-url", database) as (doomed, process):
        targets = [doomed, replicas[0]]
        stop = threading.Event()

        def client(k):
            n = 0
            while not stop.is_set():
                n += 1
                base = targets[(k + n) % 2]
                try:
                    run = call(base, "/api/captures", {"stdout": f"{k}-{n}"})
                    acknowledged.append((run["id"], f"{k}-{n}"))
                except OSError:  # the killed replica: refused, reset or cut off mid-answer
                    refused.append(base)

        threads = [threading.Thread(target=client, args=(k,)) for k in range(10)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while len(acknowledged) < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
        helpers = children_of(process.pid)  # the upload parser, multiprocessing's tracker
        process.kill()  # SIGKILL, mid-burst
        time.sleep(1.0)
        stop.set()
        for thread in threads:
            thread.join()
    print(f"kill -9 mid-burst: {len(acknowledged)} acknowledged, {len(refused)} refused")
    assert len(acknowledged) >= 40 and refused, (len(acknowledged), len(refused))
    # the processes the killed replica started end with it, not orphaned for good
    assert helpers
    deadline = time.monotonic() + 30
    while any(map(alive, helpers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(alive, helpers)), [p for p in helpers if alive(p)]
    for run_id, stdout in acknowledged:
        assert call(replicas[1], f"/api/runs/{run_id}")["stdout"] == stdout


def test_caddy_from_deploy_serves_both_replicas(tmp_path, replicas):
    """deploy/Caddyfile, as shipped but pointed at the test's replicas, with real Caddy
    (Debian's caddy package): runs go through it, and its Host and Origin pass the checks."""
    with caddy_proxy(replicas, tmp_path) as proxy:
        ids = [call(proxy, "/api/captures", {"stdout": f"via caddy {k}"})["id"] for k in range(6)]
        for k, run_id in enumerate(ids):
            for base in (proxy, *replicas):
                assert call(base, f"/api/runs/{run_id}")["stdout"] == f"via caddy {k}"
        run = call(proxy, "/api/runs", {"code": "print(6 * 7)"})
        assert call(proxy, f"/api/runs/{run['id']}")["stdout"] == "42\n"
        own = urllib.request.Request(
            proxy + "/api/captures",
            data=b"{}",
            headers={"Content-Type": "application/json", "Origin": proxy},
        )
        with urllib.request.urlopen(own, timeout=30) as response:
            assert response.status == 201
        foreign = urllib.request.Request(
            proxy + "/api/captures",
            data=b"{}",
            headers={"Content-Type": "application/json", "Origin": "http://evil.example"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(foreign, timeout=30)
        assert refused.value.code == 403
