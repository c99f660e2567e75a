"""Opening the database: SQLite gets WAL and full syncs so a crash loses nothing committed."""

from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url

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
    Base.metadata.create_all(engine)
    return engine
