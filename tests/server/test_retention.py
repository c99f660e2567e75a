"""Retention (max runs, max bytes, expiry; pinned runs kept) and the per-client rate limit."""

import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update

from server.store.tables import RunRow
from tests.server.conftest import make_client


def upload(client, text: str = "x") -> str:
    response = client.post("/api/captures", json={"stdout": text})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def exists(client, run_id: str) -> bool:
    return client.get(f"/api/runs/{run_id}").status_code == 200


def test_max_runs_deletes_the_oldest_unpinned_first(tmp_path):
    with make_client(tmp_path, max_runs=3) as client:
        first, second = upload(client), upload(client)
        assert client.post(f"/api/runs/{first}/pin").json() == {"id": first, "pinned": True}
        third, fourth, fifth = upload(client), upload(client), upload(client)
        # three kept: the pinned first, and the newest unpinned two... plus nothing else
        assert [exists(client, r) for r in (first, second, third, fourth, fifth)] == [
            True,
            False,
            False,
            True,
            True,
        ]
        assert client.get("/api/runs").json()["count"] == 3
        assert client.get(f"/api/runs/{first}/pin").json()["pinned"] is True
        assert client.delete(f"/api/runs/{first}/pin").json()["pinned"] is False
        upload(client)
        assert not exists(client, first)


def test_max_stored_bytes_counts_what_is_stored(tmp_path):
    limit = 40_000
    with make_client(tmp_path, max_stored_bytes=limit) as client:
        # random text barely compresses: each run stores about 9 kB
        ids = [upload(client, secrets.token_hex(8000)) for _ in range(8)]
        kept = [exists(client, r) for r in ids]
        assert kept[-1] and not kept[0]
        assert kept == sorted(kept), kept  # the oldest went first
        store = client.app.state.runs.store
        with store.engine.begin() as connection:
            sizes = connection.execute(select(RunRow.stored_bytes)).scalars().all()
        assert len(sizes) == sum(kept) and sum(sizes) <= limit
        assert sum(sizes) + min(sizes) > limit  # no more was deleted than needed


def test_a_run_over_the_byte_limit_on_its_own_is_still_stored(tmp_path):
    with make_client(tmp_path, max_stored_bytes=10) as client:
        run_id = upload(client)
        assert exists(client, run_id)


def test_expiry_deletes_old_unpinned_runs(tmp_path):
    with make_client(tmp_path, expire_days=1) as client:
        old, old_pinned, new = upload(client), upload(client), upload(client)
        client.post(f"/api/runs/{old_pinned}/pin")
        store = client.app.state.runs.store
        with store.engine.begin() as connection:
            connection.execute(
                update(RunRow)
                .where(RunRow.id.in_([old, old_pinned]))
                .values(created=datetime.now(UTC) - timedelta(days=2))
            )
        assert client.app.state.runs.retain() == (old,)
        assert not exists(client, old) and exists(client, old_pinned) and exists(client, new)


def test_pinning_an_unknown_run_is_404(client):
    assert client.post("/api/runs/nope/pin").status_code == 404
    assert client.delete("/api/runs/nope/pin").status_code == 404


def test_the_rate_limit_answers_429_with_retry_after(tmp_path):
    with make_client(tmp_path, rate_limit=3, rate_window_seconds=30) as client:
        for _ in range(3):
            upload(client)
        response = client.post("/api/captures", json={"stdout": "x"})
        assert response.status_code == 429 and response.json()["error"] == "rate_limited"
        assert 1 <= int(response.headers["Retry-After"]) <= 30
        assert client.post("/api/runs", json={"code": "print(1)"}).status_code == 429
        # reading is never limited
        assert client.get("/api/runs").status_code == 200


def test_the_rate_limit_is_per_client(tmp_path):
    with make_client(tmp_path, rate_limit=1, trust_forwarded_for=True) as client:
        a = {"X-Forwarded-For": "10.0.0.1"}
        b = {"X-Forwarded-For": "10.0.0.1, 10.0.0.2"}  # a forged first entry does not count
        assert client.post("/api/captures", json={}, headers=a).status_code == 201
        assert client.post("/api/captures", json={}, headers=a).status_code == 429
        assert client.post("/api/captures", json={}, headers=b).status_code == 201


def test_a_database_from_before_pins_gains_the_new_columns(tmp_path):
    """A store created before retention (no `pinned`, no `stored_bytes`) is upgraded in place,
    its runs kept, unpinned and counted as 0 bytes."""
    import sqlite3

    from server.store import RunStore

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE runs (id VARCHAR(40) PRIMARY KEY, created DATETIME, origin VARCHAR(16),"
            " status VARCHAR(16), filename VARCHAR(500), title VARCHAR(200),"
            " error_type VARCHAR(200), summary TEXT, capture_gzip BLOB)"
        )
        db.execute(
            "INSERT INTO runs VALUES ('old', '2026-01-01 00:00:00', 'upload', 'ok', 'u.py', 't',"
            " NULL, '{}', x'')"
        )
    store = RunStore(f"sqlite:///{path}")
    try:
        assert store.is_pinned("old") is False
        assert store.pin("old", True) and store.is_pinned("old") is True
        assert store.retain(max_runs=1) == ()
    finally:
        store.close()
