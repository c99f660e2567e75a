"""Nothing recorded is lost: a run ended outright (a time limit that strikes inside a long call
in C, a crash, the cgroup's memory limit) still stores what it had printed and recorded, from
the output and the snapshots its worker streamed while it ran (server/sandbox/streaming.py)."""

import pytest

from .conftest import run
from .escaped_server import LONG_RUN_LIMITS, SHARED_MEMORY_BOMB, escaped_client, require_cgroup

RECORDED = """import tensorflow as tf
import numpy as np
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
print("gradient", tape.gradient(y, x).numpy())
"""


def assert_kept_what_ran(client, summary: dict) -> None:
    """The tape, the gradient call and the print before the program was ended."""
    assert summary["stdout"] == "gradient 6.0\n"
    assert len(summary["tapes"]) == 1 and summary["tapes"][0]["records"] == 1
    assert len(summary["calls"]) == 1 and summary["calls"][0]["line"] == 6
    capture = client.get(f"/api/runs/{summary['id']}/capture").json()
    assert capture["program"]["source"] == RECORDED + summary["tail"]
    assert capture["stdout"] == "gradient 6.0\n"
    gradient = capture["calls"][0]["results"][0]["gradient"]
    assert gradient is not None  # d(x*x)/dx at 3 is 6: the summary's value
    tensor = next(t for t in capture["tensors"] if t["id"] == gradient)
    assert tensor["summary"]["value"] == 6.0


def run_ended(client, tail: str) -> dict:
    summary = run(client, RECORDED + tail)
    summary["tail"] = tail
    return summary


@pytest.mark.parametrize(
    "tail",
    [
        # NumPy lets go of the interpreter in einsum's loops (~30 s here): the worker's
        # watchdog, which cannot stop it, reports the limit after its grace period
        "a = np.ones((4000, 4000))\nb = np.einsum('ij,jk->ik', a, a)\n",
        # an integer power holds the interpreter: not even the watchdog runs, the server ends it
        "n = pow(3, 10**8)\n",
        # a program that swallows the soft stop: the watchdog ends it after its grace period
        "while True:\n    try:\n        while True:\n            pass\n"
        "    except BaseException:\n        pass\n",
    ],
    ids=["call releasing the interpreter", "call holding the interpreter", "stop swallowed"],
)
def test_a_hard_time_limit_keeps_the_partial_capture(client, tail):
    summary = run_ended(client, tail)
    assert summary["status"] == "limit", summary["error"]
    # A call that holds the interpreter burns CPU as fast as wall time on an idle machine: the
    # CPU limit (5 s) can strike before the wall limit and its grace period end it; both are
    # limits that end the worker outright, and either must keep what ran.
    expected = {"TimeLimitExceeded", "CPULimitExceeded"} if "pow" in tail else {"TimeLimitExceeded"}
    assert summary["error"]["type"] in expected
    assert_kept_what_ran(client, summary)
    assert client.get(f"/api/runs/{summary['id']}").json()["status"] == "limit"


@pytest.fixture(scope="module")
def escaped(tmp_path_factory):
    with escaped_client(tmp_path_factory.mktemp("data"), **LONG_RUN_LIMITS) as client:
        yield client


def test_a_crash_keeps_the_partial_capture(escaped):
    summary = run_ended(escaped, "import ctypes\nctypes.string_at(0)\n")  # reads address 0
    assert summary["status"] == "crashed"
    assert summary["error"]["type"] == "WorkerCrashed"
    assert "SIGSEGV" in summary["error"]["message"]
    assert_kept_what_ran(escaped, summary)


# Each step takes 10 ms, as a small real one does (the snapshots' share of the time then leaves
# room for one every few steps; a loop of 1 ms steps killed within 0.3 s keeps what the
# allowance covered).
LONG_LOOP = """import ctypes
import time
import tensorflow as tf
w = tf.Variable([0.5, -1.5, 2.0], name="w")
x = tf.constant([[1.0, 2.0, -1.0], [0.5, -0.5, 1.5]])
y = tf.constant([1.0, -1.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
for step in range(300):
    if step == 250:
        ctypes.string_at(0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.reduce_sum(x * w, axis=1) - y) ** 2)
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    print(step)
    time.sleep(0.01)
"""


def test_a_long_loop_killed_late_keeps_its_steps_up_to_near_where_it_stopped(escaped):
    summary = run(escaped, LONG_LOOP)
    assert summary["status"] == "crashed", summary["error"]
    printed = summary["stdout"].split()  # (a crash may lose the last milliseconds of them)
    assert printed == [str(step) for step in range(len(printed))] and len(printed) > 200
    capture = escaped.get(f"/api/runs/{summary['id']}/capture").json()
    records = escaped.get(f"/api/runs/{summary['id']}/steps?limit=1000").json()["data"]
    # every step ended up to the last snapshot leaves its record; snapshots went on through
    # the loop (within their share of the time), not only up to its first step
    assert [r["step"] for r in records] == list(range(len(records)))
    assert len(records) >= 230, len(records)
    assert [r["step"] for r in records if r["kept"]] == [0, 1, 2]
    # beyond the first three steps, the snapshot holds the latest ones still undecided (the
    # last three the policy keeps and the one running), with their gradient calls
    late = capture["calls"][3:]
    assert 3 <= len(late) <= 4
    assert all(c["steps"] and c["results"][0]["gradient"] is not None for c in late)
    assert late[-1]["seq"] > capture["calls"][2]["seq"]


def test_the_cgroup_memory_limit_keeps_the_partial_capture(escaped):
    require_cgroup(escaped)
    summary = run_ended(escaped, SHARED_MEMORY_BOMB)
    assert summary["status"] == "limit", summary["error"]
    assert summary["error"]["type"] == "MemoryLimitExceeded"
    assert_kept_what_ran(escaped, summary)
