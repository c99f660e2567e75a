"""Long runs through the API: the retention policy as a run option, the per-step records
(GET /api/runs/{id}/steps), and a run stopped by each limit still storing what it recorded."""

import pytest

from .conftest import make_client, run

LOOP = """import tensorflow as tf
w = tf.Variable([1.0, -2.0, 3.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
step = 0
while {condition}:
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    {body}
    step += 1
"""


def loop(condition="step < 40", body="pass"):
    return LOOP.format(condition=condition, body=body)


def post(client, code, **options):
    response = client.post("/api/runs", json={"code": code, **options})
    assert response.status_code == 201, response.text
    return response.json()


def test_keep_is_a_run_option_stored_with_the_run(client):
    summary = post(client, loop(), keep="first:2,steps:10,20")
    assert summary["status"] == "ok"
    assert summary["keep"] == "first:2,steps:10,20"
    assert summary["steps"] == 40
    steps = client.get(f"/api/runs/{summary['id']}/steps").json()
    assert steps["keep"] == "first:2,steps:10,20"
    assert steps["count"] == 40
    kept = [(r["step"], r["reasons"]) for r in steps["data"] if r["kept"]]
    assert kept == [(0, ["first"]), (1, ["first"]), (10, ["requested"]), (20, ["requested"])]
    assert steps["sites"][0]["variables"] == ["w"]
    assert steps["sites"][0]["location"]["line"] == 6
    assert steps["sites"][0]["kept"] == [0, 1, 10, 20]
    # the kept steps' calls are in the capture, the dropped ones' are not
    assert len(summary["calls"]) == 4
    assert [r["calls"] for r in steps["data"] if r["kept"]] == [[0], [1], [2], [3]]


def test_steps_are_paged_and_filtered_by_site(client):
    summary = post(client, loop())
    page = client.get(f"/api/runs/{summary['id']}/steps?offset=5&limit=3").json()
    assert [r["step"] for r in page["data"]] == [5, 6, 7]
    assert (page["count"], page["offset"], page["limit"]) == (40, 5, 3)
    record = page["data"][0]
    # w -> w - 0.01 * 2w each step: loss = 14 * 0.98 ** (2 * step)
    assert record["losses"][0] == pytest.approx(14 * 0.98**10, rel=1e-5)
    assert record["grad_norms"][0] == pytest.approx(2 * 14**0.5 * 0.98**5, rel=1e-5)
    assert record["update_ratios"][0] == pytest.approx(0.02, rel=1e-4)
    assert client.get(f"/api/runs/{summary['id']}/steps?site=0").json()["count"] == 40
    missing = client.get(f"/api/runs/{summary['id']}/steps?site=3")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


@pytest.mark.parametrize("keep", ["first:x", "sometimes", "first:3,,last:2", "last"])
def test_a_bad_keep_is_a_422_saying_what_is_wrong(client, keep):
    response = client.post("/api/runs", json={"code": "print(1)", "keep": keep})
    assert response.status_code == 422
    assert "keep" in response.json()["message"]


def _partial(client, summary):
    """The stored run has the steps that ran and the capture of the kept ones."""
    steps = client.get(f"/api/runs/{summary['id']}/steps?limit=10000").json()
    assert steps["count"] >= 3, summary
    assert summary["steps"] == steps["count"]
    kept = [r for r in steps["data"] if r["kept"]]
    assert [r["step"] for r in kept][:3] == [0, 1, 2]
    capture = client.get(f"/api/runs/{summary['id']}/capture").json()
    # every call in the capture is a kept step's (the step the limit stopped may have stopped
    # before its gradient call)
    assert len(capture["calls"]) == sum(len(r["calls"]) for r in kept) >= len(kept) - 1
    assert sorted(c for r in kept for c in r["calls"]) == [c["id"] for c in capture["calls"]]
    assert capture["tapes"] and capture["tensors"]
    return steps


def test_the_time_limit_keeps_the_steps_that_ran(client):
    summary = post(client, loop("True", "print('step', step)"))
    assert summary["status"] == "limit"
    assert summary["error"]["type"] == "TimeLimitExceeded"
    assert summary["error"]["message"].startswith("time limit of 3 s exceeded at line")
    assert summary["stdout"].startswith("step 0\nstep 1\n")
    steps = _partial(client, summary)
    assert f"step {steps['count'] - 2}\n" in summary["stdout"]


def test_the_memory_limit_keeps_the_steps_that_ran(tmp_path):
    # the soft memory limit (85% of it) stops the program; the wall limit is out of the way
    with make_client(tmp_path, wall_seconds=20.0, cpu_seconds=30) as client:
        summary = post(
            client,
            "import numpy as np\nheld = []\n"
            + loop("True", "held.append(np.ones(8_000_000) * step)"),
        )
        assert summary["status"] == "limit"
        assert summary["error"]["type"] == "MemoryLimitExceeded"
        assert summary["error"]["message"].startswith("memory limit of 1 GiB exceeded at line")
        _partial(client, summary)


def test_the_capture_size_limit_keeps_the_step_records(tmp_path):
    with make_client(tmp_path, capture_bytes=150_000) as client:
        summary = post(client, loop("step < 200"), keep="all")
        assert summary["status"] == "limit"
        assert summary["error"]["type"] == "CaptureLimitExceeded"
        steps = client.get(f"/api/runs/{summary['id']}/steps").json()
        assert steps["count"] == 200
        assert steps["data"][199]["losses"][0] == pytest.approx(14 * 0.98**398, rel=1e-4)


def test_a_crash_in_the_program_keeps_the_steps_before_it(client):
    summary = post(client, loop("True", "if step == 30:\n        raise RuntimeError('boom')"))
    assert summary["status"] == "error"
    assert summary["error"]["type"] == "RuntimeError" and summary["error"]["line"] == 11
    steps = _partial(client, summary)
    assert steps["count"] == 31
    assert [r["step"] for r in steps["data"] if r["kept"]] == [0, 1, 2, 28, 29, 30]


def test_run_summaries_without_steps_say_zero(client):
    summary = run(client, "print('hi')")
    assert summary["steps"] == 0
    assert client.get(f"/api/runs/{summary['id']}/steps").json()["data"] == []
