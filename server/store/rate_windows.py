"""The rate limit's sliding windows in PostgreSQL, shared by every replica over the database:
a client spread over N replicas by the load balancer still gets `limit` requests per window,
not N times as many.

Each request is a short transaction holding a lock on its client's key (a transaction-level
advisory lock, so concurrent requests of one client on different replicas count one after the
other, and other clients never wait): forget the client's hits older than the window, count the
rest, and add this one if there is room. Time is the database's clock, the same for every
replica. Rows stay at most a window; idle clients' rows are swept once per window.
"""

import logging
import time

from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..rate_limit import LocalWindows
from .tables import RateHitRow

RATE_LOCK_SPACE = 7406716732 % 2**31  # first key of the two-key advisory locks: ours
CLIENT_KEY_CHARS = 100  # RateHitRow.client's length


class SharedWindows:
    def __init__(self, engine: Engine, limit: int, window: float):
        self.engine, self.limit, self.window = engine, limit, window
        self.next_sweep = 0.0
        # while the database cannot be reached, each replica counts on its own
        self.fallback = LocalWindows(limit, window)

    def hit(self, client: str) -> float | None:
        """Count a request; None if it is within the limit, else seconds until it would be."""
        client = client[:CLIENT_KEY_CHARS]
        try:
            wait = self._hit(client)
            if time.monotonic() >= self.next_sweep:
                self._sweep()
            return wait
        except SQLAlchemyError:
            logging.getLogger("tapescope").exception("shared rate limit: counting locally")
            return self.fallback.hit(client)

    def _hit(self, client: str) -> float | None:
        with self.engine.begin() as connection:
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:space, hashtext(:client))"),
                {"space": RATE_LOCK_SPACE, "client": client},
            )
            now = connection.scalar(text("SELECT extract(epoch FROM clock_timestamp())::float8"))
            mine = RateHitRow.client == client
            connection.execute(delete(RateHitRow).where(mine, RateHitRow.at <= now - self.window))
            count, oldest = connection.execute(
                select(func.count(), func.min(RateHitRow.at)).where(mine)
            ).one()
            if count >= self.limit:
                return oldest + self.window - now
            connection.execute(insert(RateHitRow).values(client=client, at=now))
            return None

    def _sweep(self) -> None:
        """Forget the hits of clients that have not come back within a window."""
        self.next_sweep = time.monotonic() + self.window
        with self.engine.begin() as connection:
            now = connection.scalar(text("SELECT extract(epoch FROM clock_timestamp())::float8"))
            connection.execute(delete(RateHitRow).where(RateHitRow.at <= now - self.window))


def shared_windows(engine: Engine, limit: int, window: float) -> SharedWindows | None:
    """Windows in the database when it is one replicas can share (PostgreSQL) and a limit is
    set; None otherwise (one process counts in memory)."""
    if not limit or engine.dialect.name != "postgresql":
        return None
    return SharedWindows(engine, limit, window)
