"""Web hardening: the Host header, the body's media type and the request's Origin."""

import pytest

from tests.server.conftest import make_client

CAPTURE = b'{"stdout": "hello\\n"}'


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with make_client(
        tmp_path_factory.mktemp("data"),
        allowed_hosts=["lecture-host"],
        allowed_origins=["https://course.example"],
    ) as client:
        yield client


@pytest.mark.parametrize(
    "host",
    ["127.evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "evil", "", "[::1"],
)
def test_a_host_that_is_not_a_loopback_literal_is_refused(client, host):
    response = client.get("/api/health", headers={"Host": host})
    assert response.status_code == 400 and response.json()["error"] == "bad_host"


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "127.0.0.1:8765", "[::1]:8765", "localhost:80", "LOCALHOST", "lecture-host"],
)
def test_loopback_literals_localhost_and_configured_names_pass(client, host):
    assert client.get("/api/health", headers={"Host": host}).status_code == 200


def test_without_configured_names_only_loopback_passes(tmp_path):
    with make_client(tmp_path) as client:
        assert client.get("/api/health", headers={"Host": "lecture-host"}).status_code == 400
        assert client.get("/api/health", headers={"Host": "localhost:1"}).status_code == 200


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",  # what an HTML form with enctype=text/plain sends: the CSRF of issue 14
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json-patch+json",
        None,
    ],
)
def test_post_bodies_must_be_json(client, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post("/api/captures", content=CAPTURE, headers=headers)
    assert response.status_code == 415, response.text
    assert response.json()["error"] == "unsupported_media_type"
    response = client.post("/api/runs", content=b'{"code": "print(1)"}', headers=headers)
    assert response.status_code == 415


def test_json_with_a_charset_is_json(client):
    response = client.post(
        "/api/captures",
        content=CAPTURE,
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:9999",
        "http://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
        "file://",
    ],
)
def test_a_foreign_origin_may_not_post_or_delete(client, origin):
    headers = {"Origin": origin, "Content-Type": "application/json"}
    response = client.post("/api/captures", content=CAPTURE, headers=headers)
    assert response.status_code == 403 and response.json()["error"] == "foreign_origin"
    run = client.post(
        "/api/captures", content=CAPTURE, headers={"Content-Type": "application/json"}
    )
    response = client.delete(f"/api/runs/{run.json()['id']}", headers={"Origin": origin})
    assert response.status_code == 403
    assert client.get(f"/api/runs/{run.json()['id']}").status_code == 200


@pytest.mark.parametrize("origin", ["http://127.0.0.1", "https://course.example"])
def test_the_apps_own_origin_and_configured_origins_pass(client, origin):
    headers = {"Origin": origin, "Content-Type": "application/json"}
    assert client.post("/api/captures", content=CAPTURE, headers=headers).status_code == 201


def test_own_origin_follows_the_host_header(client):
    headers = {
        "Host": "localhost:8765",
        "Origin": "http://localhost:8765",
        "Content-Type": "application/json",
    }
    assert client.post("/api/captures", content=CAPTURE, headers=headers).status_code == 201
    headers["Origin"] = "http://localhost:8766"
    assert client.post("/api/captures", content=CAPTURE, headers=headers).status_code == 403


def test_scripts_without_an_origin_still_work(client):
    """curl, `tapescope run --server`, engine.debug.show: JSON, no Origin."""
    response = client.post("/api/runs", json={"code": "print(2)"})
    assert response.status_code == 201 and response.json()["stdout"] == "2\n"


def test_token_mode_is_unchanged(tmp_path):
    with make_client(tmp_path, token="sekrit") as client:
        assert client.get("/api/health").status_code == 401
        headers = {"Authorization": "Bearer sekrit"}
        assert client.get("/api/health", headers=headers).status_code == 200
        foreign = {**headers, "Origin": "http://evil.example", "Content-Type": "application/json"}
        assert client.post("/api/captures", content=CAPTURE, headers=foreign).status_code == 403
