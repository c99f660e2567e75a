"""Runs still running, as every replica over the database sees them: the replica that started a
run (wait=false) adds its row and beats for it while it runs; any replica reads it (a run is
`running` on all of them) and asks for it to stop; the row leaves in the transaction that
stores the finished run (RunStore.add).

A replica beats every few seconds while it has runs (between beats it only reads, looking for
cancel requests), with its own clock: a row whose beat is `orphan_seconds` old belongs to a
replica that was killed or hung, and the first reader stores that run as crashed, so a run a
replica acknowledged is never lost with it. Clocks of replicas need only agree to within
seconds, as NTP keeps them."""

import time
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .run_store import _utc
from .tables import RunningRunRow


@dataclass(frozen=True)
class RunningRun:
    id: str
    replica: str
    created: datetime
    filename: str
    source: str
    cancel_requested: bool
    orphaned: bool  # its replica has stopped beating


class RunningRuns:
    def __init__(self, engine: Engine, orphan_seconds: float):
        self._engine = engine
        self.orphan_seconds = orphan_seconds

    def orphaned_before(self) -> float:
        """Runs whose last beat is older than this are orphans."""
        return time.time() - self.orphan_seconds

    def add(self, run_id: str, replica: str, created: datetime, filename: str, source: str):
        with Session(self._engine) as session, session.begin():
            session.add(
                RunningRunRow(
                    id=run_id,
                    replica=replica,
                    created=created,
                    filename=filename[:500],
                    source=source,
                    heartbeat=time.time(),
                    cancel_requested=False,
                )
            )

    def get(self, run_id: str) -> RunningRun | None:
        with Session(self._engine) as session:
            row = session.get(RunningRunRow, run_id)
            if row is None:
                return None
            return RunningRun(
                row.id,
                row.replica,
                _utc(row.created),
                row.filename,
                row.source,
                row.cancel_requested,
                row.heartbeat < self.orphaned_before(),
            )

    def request_cancel(self, run_id: str) -> bool:
        """Ask the replica running the run to stop it; False if it is not running."""
        with Session(self._engine) as session, session.begin():
            result = session.execute(
                update(RunningRunRow)
                .where(RunningRunRow.id == run_id)
                .values(cancel_requested=True)
                .returning(RunningRunRow.id)
            )
            return result.first() is not None

    def poll(self, replica: str, beat: bool) -> list[str]:
        """The ids of `replica`'s runs asked to stop; with `beat`, first say that it is alive
        for all its runs (a write: on SQLite, a sync to disk)."""
        with Session(self._engine) as session, session.begin():
            if beat:
                session.execute(
                    update(RunningRunRow)
                    .where(RunningRunRow.replica == replica)
                    .values(heartbeat=time.time())
                )
            return list(
                session.scalars(
                    select(RunningRunRow.id).where(
                        RunningRunRow.replica == replica, RunningRunRow.cancel_requested
                    )
                )
            )
