"""A throwaway PostgreSQL server (Debian's postgresql binaries) for tests: initdb in a temporary
directory, listening on a Unix socket and a free loopback port, trust authentication."""

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def postgres_binaries() -> Path | None:
    found = shutil.which("initdb") or next(
        iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))), None
    )
    return Path(found).parent if found else None


@contextlib.contextmanager
def postgres_server(max_connections: int = 100) -> Iterator[str]:
    """Yields a SQLAlchemy URL (psycopg 3) of an empty database; skips when PostgreSQL is not
    installed, fails (with its log) when it is but does not start."""
    binaries = postgres_binaries()
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
    data = base / "db"
    initdb = [str(binaries / "initdb"), "--no-sync", "-A", "trust", "-U", "postgres", "-D"]
    options = (
        f"-k {base} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off "
        f"-c max_connections={max_connections}"
    )
    try:
        subprocess.run([*as_postgres, *initdb, str(data)], check=True, capture_output=True)
        subprocess.run(
            [*as_postgres, str(binaries / "pg_ctl"), "-D", str(data), "-w", "-l"]
            + [str(base / "log"), "-o", options, "start"],
            check=True,
            capture_output=True,
        )
    except subprocess.CalledProcessError as error:
        log = (base / "log").read_text() if (base / "log").exists() else ""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {error.stderr.decode()}\n{log}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_postgres, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)
