"""What replicas over one PostgreSQL database must share besides stored runs: the per-client
rate limit (a client spread over both replicas gets the limit once, not twice), and runs still
running (one started on a replica is seen running on the other, a cancel sent to the other
stops it as a local cancel does, and the runs of a replica killed mid-run end crashed)."""

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from email.message import Message

import pytest

from server.live_runs import BEAT_SECONDS
from tests.live_server import serve_process
from tests.postgres_server import postgres_server
from tests.replica_set import replica_set

LIMIT = 6
LOOP = "import tensorflow as tf\nx = tf.Variable(1.0)\nprint('started')\nwhile True:\n    pass\n"
QUICK = "import tensorflow as tf\nprint(tf.constant(2.0) * 3)\n"
# a replica silent this long is dead: short for the test, well above a loaded machine's stalls
REPLICA_TIMEOUT = 5
ENV = {
    "TAPESCOPE_RATE_LIMIT": str(LIMIT),
    "TAPESCOPE_TRUST_FORWARDED_FOR": "true",
    "TAPESCOPE_REPLICA_TIMEOUT_SECONDS": str(REPLICA_TIMEOUT),
}


def post(base, path, body, client) -> tuple[int, dict, Message]:
    """POST as `client` (the address our proxy would append to X-Forwarded-For)."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": client},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers


def get(base, path) -> dict:
    with urllib.request.urlopen(base + path, timeout=60) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[tuple[str, list[str]]]:
    """A PostgreSQL database and two replicas over it."""
    with postgres_server() as database, replica_set(tmp_path_factory, database, env=ENV) as bases:
        yield database, bases


@pytest.fixture
def replicas(cluster) -> list[str]:
    return cluster[1]


def test_a_client_spread_over_replicas_gets_the_limit_once(replicas):
    """3 times the limit at once, half to each replica: exactly LIMIT pass (the count is one
    transaction per request under the client's lock, not a read then a write)."""
    with ThreadPoolExecutor(3 * LIMIT) as pool:
        answers = list(
            pool.map(
                lambda k: post(replicas[k % 2], "/api/captures", {"stdout": str(k)}, "10.1.0.1"),
                range(3 * LIMIT),
            )
        )
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [201] * LIMIT + [429] * (2 * LIMIT), statuses
    for status, body, headers in answers:
        if status == 429:
            assert body["error"] == "rate_limited"
            assert 1 <= int(headers["Retry-After"]) <= 60
    # the same on either replica afterwards; another client is not affected
    for base in replicas:
        assert post(base, "/api/runs", {"code": QUICK}, "10.1.0.1")[0] == 429
        assert post(base, "/api/captures", {}, "10.1.0.2")[0] == 201


def test_a_run_is_running_on_every_replica(replicas):
    a, b = replicas
    status, started, _ = post(a, "/api/runs", {"code": QUICK, "wait": False}, "10.2.0.1")
    assert status == 201 and started["status"] == "running"
    seen = get(b, f"/api/runs/{started['id']}")  # running still, or already stored: never 404
    assert seen["id"] == started["id"] and seen["status"] in ("running", "ok")
    deadline = time.monotonic() + 30
    while seen["status"] == "running" and time.monotonic() < deadline:
        seen = get(b, f"/api/runs/{started['id']}")
    assert seen["status"] == "ok" and "6.0" in seen["stdout"]


def test_a_cancel_sent_to_the_other_replica_stops_the_run(replicas):
    """Both of a's workers loop; cancels sent to b stop them (their workers killed, as a local
    cancel does): a's next run gets a worker at once and ends well within the time limit."""
    a, b = replicas
    ids = [
        post(a, "/api/runs", {"code": LOOP, "wait": False}, "10.3.0.1")[1]["id"] for _ in range(2)
    ]
    for run_id in ids:
        assert get(b, f"/api/runs/{run_id}")["status"] == "running"
    for run_id in ids:
        status, cancelled, _ = post(b, f"/api/runs/{run_id}/cancel", {}, "10.3.0.1")
        assert status == 200, cancelled
        assert cancelled["status"] == "cancelled" and cancelled["error"]["type"] == "Cancelled"
        assert "stopped by the user" in cancelled["error"]["message"]
        assert cancelled["duration_ms"] < 5000  # the loop would run to the 10 s limit
        assert get(a, f"/api/runs/{run_id}")["status"] == "cancelled"
    started = time.monotonic()
    status, quick, _ = post(a, "/api/runs", {"code": QUICK}, "10.3.0.1")
    assert status == 201 and quick["status"] == "ok"
    assert time.monotonic() - started < 8  # not queued behind a loop still running
    # cancelling it again, from either replica, leaves it as it is
    for base in replicas:
        again = post(base, f"/api/runs/{ids[0]}/cancel", {}, "10.3.0.1")[1]
        assert again["status"] == "cancelled" and again["id"] == ids[0]
    assert post(b, "/api/runs/nosuchrun/cancel", {}, "10.3.0.1")[0] == 404


def test_the_runs_of_a_killed_replica_end_crashed(tmp_path, cluster):
    """kill -9 of a third replica while it runs two programs it acknowledged: once it has been
    silent for the timeout, the others store them as crashed, with their programs."""
    database, replicas = cluster
    with serve_process(tmp_path / "doomed", "--database-url", database, env=ENV) as (
        doomed,
        process,
    ):
        ids = [
            post(doomed, "/api/runs", {"code": LOOP, "wait": False}, "10.4.0.1")[1]["id"]
            for _ in range(2)
        ]
        assert {get(replicas[0], f"/api/runs/{run_id}")["status"] for run_id in ids} == {"running"}
        process.kill()
        process.wait()
        killed = time.monotonic()
    for run_id in ids:
        deadline = time.monotonic() + 30 + REPLICA_TIMEOUT
        while (summary := get(replicas[0], f"/api/runs/{run_id}"))["status"] == "running":
            assert time.monotonic() < deadline, summary
            time.sleep(0.2)
        # not before the timeout (from its last beat, up to BEAT_SECONDS before the kill)
        assert time.monotonic() - killed >= REPLICA_TIMEOUT - BEAT_SECONDS - 0.5
        assert summary["status"] == "crashed" and summary["error"]["type"] == "ServerLost"
        assert get(replicas[1], f"/api/runs/{run_id}") == summary
        capture = get(replicas[1], f"/api/runs/{run_id}/capture")
        assert capture["program"]["source"] == LOOP
