"""Opening the database: SQLite gets WAL and full syncs so a crash loses nothing committed."""

from pathlib import Path

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url

from .tables import Base


def _sqlite_pragmas(connection, _record):
    cursor = connection.cursor()
    # WAL: readers never block the writer; synchronous=FULL: a committed run survives a crash.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def open_database(url: str) -> Engine:
    """An engine for `url` with the schema created; SQLite's directory is created if missing."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Replicas starting together: one creates the tables, the others wait for it.
            connection.execute(text("SELECT pg_advisory_xact_lock(7406716731)"))
        Base.metadata.create_all(connection)
        _add_new_columns(connection)
    return engine


# Columns added to `runs` since its first release: (name, type and default as DDL).
NEW_COLUMNS = {
    "pinned": "BOOLEAN NOT NULL DEFAULT false",
    "stored_bytes": "BIGINT NOT NULL DEFAULT 0",
}


def _add_new_columns(connection: Connection) -> None:
    present = {column["name"] for column in inspect(connection).get_columns("runs")}
    for name, ddl in NEW_COLUMNS.items():
        if name not in present:
            connection.execute(text(f"ALTER TABLE runs ADD COLUMN {name} {ddl}"))
