"""The REST API through the app: every endpoint, its models, paging, and the one error shape."""

import gzip
import json

import pytest

from engine.debug import capture_program
from engine.debug.schema import Capture

from .conftest import run

TWO_SOURCES = """import tensorflow as tf
x = tf.Variable(2.0, name="x")
z = tf.Variable(5.0, name="z")
with tf.GradientTape() as tape:
    y = tf.exp(x) * 3.0
    w = tf.square(z)
print(tape.gradient(y, [x, z]))
"""
RAISES = """import tensorflow as tf
x = tf.constant([1.0, 2.0])
print("before")
y = tf.reshape(x, [3])
"""


@pytest.fixture(scope="module")
def two_sources(client):
    return run(client, TWO_SOURCES)


def test_health_reports_the_sandbox(client):
    health = client.get("/api/health").json()
    assert health["status"] == "ok"
    assert health["sandbox"] in ("bubblewrap", "none")
    assert health["workers"] >= 1


def test_a_run_summary_has_stdout_tapes_calls_and_findings(two_sources):
    summary = two_sources
    assert summary["status"] == "ok" and summary["error"] is None
    assert summary["origin"] == "sandbox" and summary["filename"] == "main.py"
    assert summary["stdout"].endswith("None]\n")
    assert "numpy=22.16" in summary["stdout"]  # 3 * e**2, as TF prints it
    assert summary["tapes"] == [
        {"id": 0, "persistent": False, "watch_accessed_variables": True, "records": 3, "line": 4}
    ]
    call = summary["calls"][0]
    assert (call["line"], call["sources"], call["none_gradients"], call["steps"]) == (7, 2, 1, 2)
    assert summary["findings"]["warning"] == 1
    assert summary["url"] == f"/#run={summary['id']}"


def test_a_program_that_raises_is_a_successful_run_with_type_message_and_line(client):
    summary = run(client, RAISES)
    assert summary["status"] == "error"
    assert summary["error"]["type"] == "InvalidArgumentError"
    assert summary["error"]["line"] == 4
    assert "reshape" in summary["error"]["message"].lower() or "3" in summary["error"]["message"]
    assert summary["stdout"] == "before\n"  # what ran before the error is kept
    assert summary["ops"] >= 0


def test_a_syntax_error_is_reported_at_its_line(client):
    summary = run(client, "x = 1\ny = (\n")
    assert summary["status"] == "error"
    assert summary["error"]["type"] == "SyntaxError"
    assert summary["error"]["line"] in (2, 3)


def test_get_run_returns_the_stored_summary(client, two_sources):
    assert client.get(f"/api/runs/{two_sources['id']}").json() == two_sources


def test_the_capture_round_trips_through_the_schema(client, two_sources):
    response = client.get(f"/api/runs/{two_sources['id']}/capture")
    assert response.status_code == 200
    capture = Capture.from_json(response.text)
    assert capture.program.source == TWO_SOURCES
    assert [op.type for op in capture.ops] == ["Exp", "Mul", "Square"]
    assert capture.calls[0].results[1].none_cause == "unconnected"


def test_the_capture_is_sent_gzip_compressed_when_accepted(client, two_sources):
    raw = client.get(f"/api/runs/{two_sources['id']}/capture", headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    assert json.loads(raw.content)["program"]["filename"] == "main.py"  # httpx decodes it


def test_there_is_no_graph_endpoint(client, two_sources):
    """The web app builds the graph from the capture (one graph model, issue 15)."""
    response = client.get(f"/api/runs/{two_sources['id']}/graph")
    assert response.status_code == 404


def test_steps_are_paged_in_engine_order(client, two_sources):
    base = f"/api/runs/{two_sources['id']}/calls/0/steps"
    everything = client.get(base).json()
    assert everything["count"] == 2 and [s["index"] for s in everything["data"]] == [0, 1]
    assert [s["op"] for s in everything["data"]] == [1, 0]  # Mul first, then Exp
    second = client.get(base, params={"offset": 1, "limit": 1}).json()
    assert second["data"] == everything["data"][1:] and second["count"] == 2
    assert client.get(f"/api/runs/{two_sources['id']}/calls/5/steps").status_code == 404


def test_tensor_value_only_on_request(client, two_sources):
    base = f"/api/runs/{two_sources['id']}/tensors/0"
    plain = client.get(base).json()
    assert plain["name"] == "x" and plain["summary"]["value"] is None
    assert plain["value_available"] is True
    full = client.get(base, params={"value": "true"}).json()
    assert full["summary"]["value"] == 2.0
    assert client.get(f"/api/runs/{two_sources['id']}/tensors/999").status_code == 404


def test_diagnosis_and_memory(client, two_sources):
    findings = client.get(f"/api/runs/{two_sources['id']}/diagnosis").json()["findings"]
    assert [(f["code"], f["line"], f["source_index"]) for f in findings] == [("unconnected", 7, 1)]
    memory = client.get(f"/api/runs/{two_sources['id']}/memory").json()
    assert memory["peak"] > 0 and memory["points"]


def test_runs_are_listed_newest_first_and_paged(client):
    ids = [run(client, f"print({i})")["id"] for i in range(3)]
    page = client.get("/api/runs", params={"limit": 2}).json()
    assert page["count"] >= 3 and page["limit"] == 2 and page["offset"] == 0
    assert [item["id"] for item in page["data"]] == ids[::-1][:2]
    assert page["data"][0]["title"] == "print(2)"
    rest = client.get("/api/runs", params={"offset": 1, "limit": 1}).json()
    assert rest["data"][0]["id"] == ids[1]


def test_delete_removes_the_run_and_its_capture(client):
    run_id = run(client, "print('bye')")["id"]
    assert client.delete(f"/api/runs/{run_id}").status_code == 204
    for path in ("", "/capture", "/diagnosis", "/memory"):
        response = client.get(f"/api/runs/{run_id}{path}")
        assert response.status_code == 404 and response.json()["error"] == "not_found"
    assert client.delete(f"/api/runs/{run_id}").status_code == 404


def test_uploaded_capture_becomes_a_run(client):
    capture = capture_program(TWO_SOURCES, "mine.py")
    response = client.post(
        "/api/captures", content=capture.to_json(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 201
    summary = response.json()
    assert summary["origin"] == "upload" and summary["filename"] == "mine.py"
    assert summary["status"] == "ok" and summary["calls"][0]["none_gradients"] == 1
    stored = Capture.from_json(client.get(f"/api/runs/{summary['id']}/capture").text)
    assert stored.model_dump(exclude={"created"}) == capture.model_dump(exclude={"created"})


def test_an_invalid_capture_upload_is_a_422_in_the_error_shape(client):
    response = client.post("/api/captures", json={"tensors": "not a list"})
    assert response.status_code == 422
    assert set(response.json()) == {"error", "message"}
    assert response.json()["error"] == "invalid_request"


def test_examples_list_the_gallery(client):
    from server.gallery import load_examples

    examples = client.get("/api/examples").json()
    assert [e["id"] for e in examples] == [e.id for e in load_examples()]
    for example in examples:
        assert example["title"] and example["code"]


@pytest.mark.parametrize(
    "method,path,status,code",
    [
        ("GET", "/api/nope", 404, "not_found"),
        ("GET", "/api/runs/no-such-run", 404, "not_found"),
        ("GET", "/api/runs/bad id!", 422, "invalid_request"),
        ("PUT", "/api/runs", 405, "method_not_allowed"),
        ("GET", "/api/runs?limit=0", 422, "invalid_request"),
        ("GET", "/api/runs?offset=-1", 422, "invalid_request"),
    ],
)
def test_every_error_has_one_shape(client, method, path, status, code):
    response = client.request(method, path)
    assert response.status_code == status
    assert response.json().keys() == {"error", "message"}
    assert response.json()["error"] == code


def test_malformed_json_is_a_422(client):
    response = client.post(
        "/api/runs", content=b'{"code": ', headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["error"] == "invalid_request"


def test_code_over_100_kb_is_a_413(client):
    response = client.post("/api/runs", json={"code": "#" * 100_001})
    assert response.status_code == 413 and response.json()["error"] == "code_too_large"
    assert client.post("/api/runs", json={"code": "#" * 100_000}).status_code == 201


def test_a_huge_body_is_refused_before_it_is_read(client):
    response = client.post(
        "/api/runs", content=b"x" * 2_000_000, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.json()["error"] == "body_too_large"


def test_run_ids_are_unguessable(client):
    ids = {run(client, "pass")["id"] for _ in range(3)}
    assert len(ids) == 3
    assert all(len(run_id) >= 22 for run_id in ids)  # 128 random bits, url-safe base64


def test_openapi_and_docs(client):
    schema = client.get("/openapi.json").json()
    assert "/api/runs/{run_id}/capture" in schema["paths"]
    assert "/api/runs/{run_id}/graph" not in schema["paths"]
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}
    for path in schema["paths"].values():
        for operation in path.values():
            if "422" in operation["responses"]:
                assert (
                    operation["responses"]["422"]["content"]["application/json"]["schema"]
                    == error_ref
                )
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    assert (
        "'unsafe-inline'"
        not in docs.headers["content-security-policy"].split("script-src")[1].split(";")[0]
    )


def test_pages_carry_security_headers_and_no_cors(client):
    for path in ("/", "/api/health"):
        response = client.get(path, headers={"Origin": "https://elsewhere.example"})
        headers = response.headers
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        csp = headers["content-security-policy"]
        script_src = csp.split("script-src")[1].split(";")[0]
        assert script_src.strip() == "'self'"
        assert "access-control-allow-origin" not in headers
    preflight = client.options(
        "/api/runs",
        headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in preflight.headers


def test_another_host_name_is_refused_on_loopback(client):
    response = client.get("/api/health", headers={"Host": "attacker.example:8765"})
    assert response.status_code == 400 and response.json()["error"] == "bad_host"


def test_stored_capture_is_gzip_in_the_database(client, two_sources):
    compressed = client.app.state.runs.store.capture_gzip(two_sources["id"])
    assert json.loads(gzip.decompress(compressed))["program"]["source"] == TWO_SOURCES
