"""The app under test: a real sandbox pool (bubblewrap when it works here), a real SQLite file
in a temporary directory, driven through FastAPI's TestClient (the ASGI app in-process)."""

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

# Short wall and CPU limits keep the limit tests quick; everything else is as shipped.
FAST_LIMITS = {"wall_seconds": 3.0, "cpu_seconds": 5}


def make_client(data_dir, **overrides) -> TestClient:
    settings = Settings(data_dir=data_dir, **{**FAST_LIMITS, **overrides})
    return TestClient(create_app(settings), base_url="http://127.0.0.1")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with make_client(tmp_path_factory.mktemp("data")) as client:
        yield client


def run(client, code: str) -> dict:
    """POST a program; the request itself must succeed whatever the program did."""
    response = client.post("/api/runs", json={"code": code})
    assert response.status_code == 201, response.text
    return response.json()
