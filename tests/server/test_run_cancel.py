"""Runs that answer before they end: POST /api/runs with wait=false answers `running`,
GET follows the run to its end, and POST /api/runs/{id}/cancel stops it and kills its worker."""

import time

from tests.server.conftest import run

LOOP = "import tensorflow as tf\nx = tf.Variable(1.0)\nwhile True:\n    pass\n"
QUICK = "import tensorflow as tf\nprint(tf.constant(2.0) * 3)\n"


def _poll(client, run_id, timeout=30.0):
    deadline = time.monotonic() + timeout
    while True:
        summary = client.get(f"/api/runs/{run_id}").json()
        if summary["status"] != "running" or time.monotonic() > deadline:
            return summary
        time.sleep(0.05)


def test_a_run_that_does_not_wait_answers_running_then_ends_stored(client):
    response = client.post("/api/runs", json={"code": QUICK, "wait": False})
    assert response.status_code == 201
    started = response.json()
    assert started["status"] == "running" and started["duration_ms"] is not None
    finished = _poll(client, started["id"])
    assert finished["status"] == "ok"
    assert "6.0" in finished["stdout"]
    assert finished["id"] == started["id"]
    assert client.get(f"/api/runs/{started['id']}/capture").status_code == 200


def test_cancel_stops_a_running_program_and_says_so(client):
    started = client.post("/api/runs", json={"code": LOOP, "wait": False}).json()
    assert client.get(f"/api/runs/{started['id']}").json()["status"] == "running"
    cancelled = client.post(f"/api/runs/{started['id']}/cancel")
    assert cancelled.status_code == 200, cancelled.text
    summary = cancelled.json()
    assert summary["status"] == "cancelled"
    assert summary["error"]["type"] == "Cancelled"
    assert "stopped by the user" in summary["error"]["message"]
    assert summary["duration_ms"] < 2500  # well before the 3 s time limit of these tests
    assert client.get(f"/api/runs/{started['id']}").json()["status"] == "cancelled"
    # the worker was killed, not left spinning: the next run gets one and finishes
    assert run(client, QUICK)["status"] == "ok"


RECORDS_THEN_SPINS = """import tensorflow as tf
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
print("gradient", tape.gradient(y, x).numpy())
while True:
    pass
"""


def test_a_cancelled_run_keeps_what_it_recorded_and_printed(client):
    started = client.post("/api/runs", json={"code": RECORDS_THEN_SPINS, "wait": False}).json()
    # the running run's output so far: once the print is there, so is the snapshot the worker
    # sent before it (when the gradient call ended)
    deadline = time.monotonic() + 2.5
    while client.get(f"/api/runs/{started['id']}").json()["stdout"] != "gradient 6.0\n":
        assert time.monotonic() < deadline, "the print never showed in the running summary"
        time.sleep(0.02)
    summary = client.post(f"/api/runs/{started['id']}/cancel").json()
    assert summary["status"] == "cancelled"
    assert summary["error"]["type"] == "Cancelled"
    assert "stopped by the user" in summary["error"]["message"]
    assert summary["stdout"] == "gradient 6.0\n"
    assert len(summary["tapes"]) == 1 and summary["tapes"][0]["records"] == 1
    assert len(summary["calls"]) == 1 and summary["calls"][0]["line"] == 5
    capture = client.get(f"/api/runs/{started['id']}/capture").json()
    assert capture["program"]["source"] == RECORDS_THEN_SPINS
    assert capture["error"]["type"] == "Cancelled"
    gradient = capture["calls"][0]["results"][0]["gradient"]
    tensor = next(t for t in capture["tensors"] if t["id"] == gradient)
    assert tensor["summary"]["value"] == 6.0  # d(x*x)/dx at 3


def test_cancelling_a_finished_run_leaves_it_as_it_was(client):
    finished = run(client, QUICK)
    again = client.post(f"/api/runs/{finished['id']}/cancel").json()
    assert again["status"] == "ok" and again["id"] == finished["id"]


def test_cancelling_an_unknown_run_is_not_found(client):
    response = client.post("/api/runs/nosuchrun/cancel")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"
