"""The store: SQLite always (WAL, transactional, survives restarts and a killed writer), and
PostgreSQL when its server binaries are installed here (Debian's postgresql)."""

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from engine.debug.schema import Capture, ErrorInfo, ProgramInfo
from server.store import RunStore, StoredRun
from server.summary import summarize

ROOT = Path(__file__).resolve().parents[2]


def stored_run(run_id: str, minutes: int = 0, source: str = "print(1)") -> StoredRun:
    capture = Capture(
        program=ProgramInfo(filename="main.py", source=source),
        stdout="1\n",
        error=ErrorInfo(type="ValueError", message="boom", line=1) if "raise" in source else None,
    )
    created = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=minutes)
    summary = summarize(run_id, created, "sandbox", "error" if capture.error else "ok", capture)
    return StoredRun(
        summary=summary, title=source.splitlines()[0], capture_json=capture.to_json().encode()
    )


def _postgres_binaries():
    found = shutil.which("initdb") or next(
        iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))), None
    )
    return Path(found).parent if found else None


@pytest.fixture(scope="module")
def postgres_url():
    binaries = _postgres_binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed here (Debian: apt-get install postgresql)")
    base = Path(tempfile.mkdtemp(prefix="tapescope-pg-"))  # pytest's own tmp is root-only
    as_postgres = []
    if os.getuid() == 0:  # initdb refuses to run as root
        shutil.chown(base, "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    subprocess.run(
        as_postgres
        + [
            str(binaries / "initdb"),
            "--no-sync",
            "-A",
            "trust",
            "-U",
            "postgres",
            "-D",
            str(base / "db"),
        ],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        as_postgres
        + [
            str(binaries / "pg_ctl"),
            "-D",
            str(base / "db"),
            "-w",
            "-l",
            str(base / "log"),
            "-o",
            f"-k {base} -p {port} -c listen_addresses='' -c fsync=off",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    yield f"postgresql+psycopg://postgres@/postgres?host={base}&port={port}"
    subprocess.run(
        as_postgres + [str(binaries / "pg_ctl"), "-D", str(base / "db"), "-m", "immediate", "stop"],
        capture_output=True,
    )
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'runs.db'}"
    url = request.getfixturevalue("postgres_url")
    store = RunStore(url)  # each test starts from an empty table
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM runs"))
    store.close()
    return url


def test_add_read_list_delete(database_url):
    store = RunStore(database_url)
    for i in range(5):
        store.add(stored_run(f"run{i}", minutes=i, source=f"print({i})"))
    assert store.summary("run3").id == "run3"
    assert store.capture("run3").program.source == "print(3)"
    items, count = store.list(offset=1, limit=2)
    assert count == 5 and [item.id for item in items] == ["run3", "run2"]  # newest first
    assert items[0].created == datetime(2026, 1, 1, 0, 3, tzinfo=UTC)
    assert store.delete("run3") and not store.delete("run3")
    assert store.summary("run3") is None and store.capture("run3") is None
    assert store.list(0, 10)[1] == 4
    store.close()


def test_runs_survive_a_restart(database_url):
    first = RunStore(database_url)
    first.add(stored_run("kept", source="raise ValueError('boom')"))
    first.close()
    second = RunStore(database_url)
    summary = second.summary("kept")
    assert summary.status == "error" and summary.error.message == "boom"
    assert second.capture("kept").error.line == 1
    second.close()


def test_a_failed_write_changes_nothing(database_url):
    store = RunStore(database_url)
    store.add(stored_run("one"))
    with pytest.raises(IntegrityError):
        store.add(stored_run("one", source="print('other')"))
    assert store.capture("one").program.source == "print(1)"
    assert store.list(0, 10)[1] == 1
    store.close()


def test_sqlite_uses_wal(tmp_path):
    store = RunStore(f"sqlite:///{tmp_path / 'runs.db'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    store.close()


WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    from tests.server.test_store import stored_run
    from server.store import RunStore
    store = RunStore({url!r})
    for i in range(100000):
        store.add(stored_run(f"run{{i}}", minutes=i, source="x = 1\\n" * 20000))
        print(f"run{{i}}", flush=True)
""")


def test_a_killed_writer_loses_nothing_already_stored(tmp_path):
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(root=str(ROOT), url=url)],
        stdout=subprocess.PIPE,
        text=True,
    )
    committed = [writer.stdout.readline().strip() for _ in range(20)]
    writer.send_signal(signal.SIGKILL)  # mid-write: it was adding the next runs
    writer.wait()
    store = RunStore(url)
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    for run_id in committed:
        assert store.capture(run_id).program.source.count("x = 1") == 20000
    store.close()
