"""Full values above the capture's inline cap, fetched on demand: a sandboxed run ships them
beside its capture, the store keeps them with the run (deleted with it, kept across restarts),
and GET /api/runs/{id}/tensors/{tid}?value=true serves them or says why it cannot."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient

from engine.debug.summaries import value_from_json
from server.app import create_app
from server.settings import Settings
from server.store import RunStore

from . import capture_ignoring_caps
from .conftest import make_client, run

ROOT = Path(__file__).resolve().parents[2]
MLP = """import numpy as np
import tensorflow as tf
rng = np.random.default_rng(7)
x = tf.constant(rng.normal(size=(16, 784)).astype(np.float32))
w = tf.Variable(rng.normal(size=(784, 256)).astype(np.float32) * 0.05)
with tf.GradientTape() as tape:
    h = tf.nn.relu(x @ w)
    loss = tf.reduce_sum(h * h)
grad_w = tape.gradient(loss, w)
"""
# Three 40,000-byte constants and one 802,816-byte weight, in this order.
BUDGET = """import numpy as np
import tensorflow as tf
a = tf.constant(np.full((100, 100), 1.0, np.float32))
b = tf.constant(np.full((100, 100), 2.0, np.float32))
c = tf.constant(np.full((100, 100), 3.0, np.float32))
w = tf.Variable(np.ones((784, 256), np.float32))
"""


def mlp_inputs():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(16, 784)).astype(np.float32)
    w = rng.normal(size=(784, 256)).astype(np.float32) * np.float32(0.05)
    return x, w


def mlp_loss(x, w):
    return float((np.maximum(x @ w, 0.0) ** 2).sum())


def tensor_ids(client, run_id) -> dict[str, int]:
    capture = client.get(f"/api/runs/{run_id}/capture").json()
    return {t["name"]: t["id"] for t in capture["tensors"] if t.get("name")}


def fetch_value(client, run_id, tensor_id):
    response = client.get(f"/api/runs/{run_id}/tensors/{tensor_id}", params={"value": "true"})
    assert response.status_code == 200, response.text
    tensor = response.json()
    value = value_from_json(tensor["summary"]["value"], tensor["dtype"], tensor["shape"])
    return tensor, value


@pytest.fixture(scope="module")
def mlp_run(client):
    summary = run(client, MLP)
    assert summary["status"] == "ok", summary
    return summary["id"]


def test_a_784x256_weight_and_its_gradient_are_fetched_through_the_api(client, mlp_run):
    ids = tensor_ids(client, mlp_run)
    x, w = mlp_inputs()
    tensor, weight = fetch_value(client, mlp_run, ids["w"])
    assert tensor["shape"] == [784, 256] and tensor["summary"]["full_value"] == "kept"
    np.testing.assert_array_equal(weight, w)  # bit for bit: float32 written in shortest form
    _, gradient = fetch_value(client, mlp_run, ids["grad_w"])
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    expected = x64.T @ (2.0 * np.maximum(x64 @ w64, 0.0))  # d/dw sum(relu(xw)^2)
    np.testing.assert_allclose(gradient, expected, rtol=1e-4, atol=1e-4)
    for i, j in [(0, 0), (300, 17), (783, 255)]:  # central differences in float64
        step = np.zeros_like(w64)
        step[i, j] = 1e-6
        numeric = (mlp_loss(x64, w64 + step) - mlp_loss(x64, w64 - step)) / 2e-6
        assert gradient[i, j] == pytest.approx(numeric, rel=1e-3, abs=1e-3)


def test_without_value_true_the_value_is_left_out_but_said_available(client, mlp_run):
    ids = tensor_ids(client, mlp_run)
    plain = client.get(f"/api/runs/{mlp_run}/tensors/{ids['w']}").json()
    assert plain["summary"]["value"] is None and plain["value_available"] is True
    assert plain["summary"]["histogram"] is not None  # the summary is unchanged


def test_the_capture_json_stays_small(client, mlp_run):
    capture = client.get(f"/api/runs/{mlp_run}/capture")
    assert len(capture.content) < 100_000  # the 1.6 MB of kept values are not in it
    tensors = capture.json()["tensors"]
    assert all(t["summary"].get("value") is None for t in tensors if t["summary"]["size"] > 1024)


def test_nan_and_inf_are_written_as_the_capture_writes_them(client):
    summary = run(
        client,
        """import numpy as np
import tensorflow as tf
values = np.arange(2000, dtype=np.float32) / 7
values[:3] = [np.nan, np.inf, -np.inf]
doubled = tf.constant(values) * 2.0
""",
    )
    ids = tensor_ids(client, summary["id"])
    response = client.get(
        f"/api/runs/{summary['id']}/tensors/{ids['doubled']}", params={"value": "true"}
    )
    value = response.json()["summary"]["value"]
    assert value[:3] == ["nan", "inf", "-inf"]
    expected = np.arange(2000, dtype=np.float32) / np.float32(7) * np.float32(2)
    np.testing.assert_array_equal(np.array(value[3:], np.float32), expected[3:])
    assert value[3] == 0.85714287  # float32's shortest form, as inline values are written


def test_an_uploaded_capture_has_no_full_values_and_says_so(client, mlp_run):
    ids = tensor_ids(client, mlp_run)
    uploaded = client.post(
        "/api/captures",
        content=client.get(f"/api/runs/{mlp_run}/capture").content,
        headers={"content-type": "application/json"},
    )
    assert uploaded.status_code == 201, uploaded.text
    run_id = uploaded.json()["id"]
    plain = client.get(f"/api/runs/{run_id}/tensors/{ids['w']}").json()
    assert plain["value_available"] is False
    response = client.get(f"/api/runs/{run_id}/tensors/{ids['w']}", params={"value": "true"})
    assert response.status_code == 404
    body = response.json()
    assert body["error"] == "value_not_kept" and "uploaded (POST /api/captures)" in body["message"]
    # small values are in the JSON, so uploads still serve them
    assert client.get(f"/api/runs/{run_id}/tensors/{ids['loss']}", params={"value": "true"}).json()[
        "summary"
    ]["value"] == pytest.approx(mlp_loss(*(a.astype(np.float64) for a in mlp_inputs())), rel=1e-5)


def test_deleting_a_run_deletes_its_values(tmp_path):
    with make_client(tmp_path) as client:
        run_id = run(client, MLP)["id"]
        ids = tensor_ids(client, run_id)
        assert rows_for(tmp_path, run_id) > 0
        assert client.delete(f"/api/runs/{run_id}").status_code == 204
        assert rows_for(tmp_path, run_id) == 0
        gone = client.get(f"/api/runs/{run_id}/tensors/{ids['w']}", params={"value": "true"})
        assert gone.status_code == 404 and gone.json()["error"] == "not_found"


def rows_for(data_dir, run_id) -> int:
    with sqlite3.connect(data_dir / "tapescope.db") as connection:
        query = "SELECT count(*) FROM tensor_values WHERE run_id = ?"
        return connection.execute(query, (run_id,)).fetchone()[0]


def test_values_survive_a_restart(tmp_path):
    with make_client(tmp_path) as client:
        run_id = run(client, MLP)["id"]
        ids = tensor_ids(client, run_id)
    with make_client(tmp_path) as client:
        _, weight = fetch_value(client, run_id, ids["w"])
    np.testing.assert_array_equal(weight, mlp_inputs()[1])


def test_the_servers_caps_reach_the_worker_and_each_refusal_says_why(tmp_path):
    with make_client(tmp_path, kept_array_bytes=100_000, kept_total_bytes=100_000) as client:
        run_id = run(client, BUDGET)["id"]
        ids = tensor_ids(client, run_id)
        for name, fill in (("a", 1.0), ("b", 2.0)):
            _, value = fetch_value(client, run_id, ids[name])
            np.testing.assert_array_equal(value, np.full((100, 100), fill, np.float32))
        over_budget = client.get(f"/api/runs/{run_id}/tensors/{ids['c']}", params={"value": "true"})
        assert over_budget.status_code == 404
        assert over_budget.json()["error"] == "value_not_kept"
        assert "budget" in over_budget.json()["message"]
        assert "97.7 KiB" in over_budget.json()["message"]  # 100,000 bytes
        too_large = client.get(f"/api/runs/{run_id}/tensors/{ids['w']}", params={"value": "true"})
        assert too_large.status_code == 413
        assert too_large.json()["error"] == "value_too_large"
        message = too_large.json()["message"]
        assert "784 KiB" in message and "97.7 KiB" in message  # its size, and the cap


def test_keeping_no_values_says_keep_values_was_off(tmp_path):
    with make_client(tmp_path, kept_total_bytes=0) as client:
        run_id = run(client, BUDGET)["id"]
        ids = tensor_ids(client, run_id)
        response = client.get(f"/api/runs/{run_id}/tensors/{ids['a']}", params={"value": "true"})
        assert response.status_code == 404 and "keep_values=False" in response.json()["message"]
        assert rows_for(tmp_path, run_id) == 0


def test_the_server_enforces_its_caps_when_a_worker_ignores_them(tmp_path):
    """A worker that keeps an 800 kB array against a 100 kB cap: the server stores none of
    what it sent, and the capture's 'kept' is answered with the reason."""
    settings = Settings(
        data_dir=tmp_path,
        kept_array_bytes=100_000,
        kept_total_bytes=100_000,
        wall_seconds=5.0,
        cpu_seconds=6,
    )
    app = create_app(
        settings,
        capture=capture_ignoring_caps.capture_program,
        extra_paths=[ROOT / "tests"],  # the worker sees the project's code, not its tests
    )
    with TestClient(app, base_url="http://127.0.0.1") as client:
        run_id = run(client, BUDGET)["id"]
        capture = client.get(f"/api/runs/{run_id}/capture").json()
        kept = [t for t in capture["tensors"] if t["summary"].get("full_value") == "kept"]
        assert len(kept) == 4  # the worker kept all four
        assert rows_for(tmp_path, run_id) == 0
        ids = tensor_ids(client, run_id)
        response = client.get(f"/api/runs/{run_id}/tensors/{ids['w']}", params={"value": "true"})
        assert response.status_code == 404
        assert "server did not store it" in response.json()["message"]
        assert client.get("/api/health").status_code == 200


def test_tapescope_run_stores_the_values_locally(tmp_path):
    script = tmp_path / "mlp.py"
    script.write_text(MLP)
    data = tmp_path / "data"
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "run", str(script), "--data-dir", str(data)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    run_id = done.stdout.strip().splitlines()[-1].split()[1].rstrip(":")
    store = RunStore(Settings(data_dir=data).resolved_database_url)
    try:
        capture = store.capture(run_id)
        w = next(t for t in capture.tensors if t.name == "w")
        np.testing.assert_array_equal(store.value(run_id, w.id), mlp_inputs()[1])
        grad = next(t for t in capture.tensors if t.name == "grad_w")
        assert store.value(run_id, grad.id).shape == (784, 256)
    finally:
        store.close()
