"""Adding, reading, listing and deleting runs. Runs never change once stored.

A run's full values kept beside its capture (values.py) are rows of their own, written in the
run's transaction and deleted in its transaction: a run is never stored or deleted by halves.
"""

import gzip
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

import numpy as np
from sqlalchemy import CursorResult, delete, func, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from engine.debug.schema import Capture

from ..models import RunListItem, RunSummary
from .database import open_database
from .tables import PredictionRow, RunningRunRow, RunRow, TensorValueRow
from .values import StoredValue, array_of, shape_text

# captures are repetitive JSON: level 3 gets most of the gain at a fraction of the time
GZIP_LEVEL = 3


@dataclass(frozen=True)
class StoredRun:
    summary: RunSummary
    title: str
    capture_json: bytes
    values: tuple[StoredValue, ...] = ()


class RunStore:
    def __init__(self, url: str, cache_bytes: int = 64 * 1024**2):
        self.engine = open_database(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Parsed captures of recently viewed runs: the graph, steps and tensor endpoints all
        # need the whole capture, and parsing a large one costs far more than a query. Bounded
        # by the captures' JSON size (their parsed form is several times larger).
        self._cache: OrderedDict[str, tuple[Capture, int]] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._lock = threading.Lock()

    def close(self) -> None:
        self.engine.dispose()

    def add(self, run: StoredRun, orphaned_before: float | None = None) -> bool:
        """Store a run, and end its row among the running runs in the same transaction (every
        replica sees it running or stored, never neither). With `orphaned_before`, only if it
        is still running with its last heartbeat before that time: the run of a replica that
        died, stored by whichever replica claims it first; False for the others."""
        summary = run.summary
        compressed = gzip.compress(run.capture_json, GZIP_LEVEL, mtime=0)
        row = RunRow(
            id=summary.id,
            created=summary.created,
            origin=summary.origin,
            status=summary.status,
            filename=summary.filename[:500],
            title=run.title[:200],
            error_type=summary.error.type[:200] if summary.error else None,
            summary=summary.model_dump_json(),
            capture_gzip=compressed,
            pinned=False,
            stored_bytes=len(compressed) + sum(len(value.data) for value in run.values),
        )
        with self._sessions.begin() as session:
            running = delete(RunningRunRow).where(RunningRunRow.id == summary.id)
            if orphaned_before is not None:
                running = running.where(RunningRunRow.heartbeat < orphaned_before)
            claimed = cast(CursorResult, session.execute(running)).rowcount
            if orphaned_before is not None and not claimed:
                return False
            session.add(row)
            if run.values:
                session.flush()  # the run's row first: the values refer to it
                session.execute(
                    insert(TensorValueRow),
                    [
                        {
                            "run_id": summary.id,
                            "tensor_id": value.tensor_id,
                            "dtype": value.dtype,
                            "shape": shape_text(value.shape),
                            "nbytes": value.nbytes,
                            "encoding": value.encoding,
                            "data": value.data,
                        }
                        for value in run.values
                    ],
                )
        return True

    def summary(self, run_id: str) -> RunSummary | None:
        with Session(self.engine) as session:
            text = session.scalar(select(RunRow.summary).where(RunRow.id == run_id))
        return None if text is None else RunSummary.model_validate_json(text)

    def capture_gzip(self, run_id: str) -> bytes | None:
        with Session(self.engine) as session:
            return session.scalar(select(RunRow.capture_gzip).where(RunRow.id == run_id))

    def value(self, run_id: str, tensor_id: int) -> np.ndarray | None:
        """A tensor's full value kept beside the run's capture, or None."""
        with Session(self.engine) as session:
            row = session.execute(
                select(
                    TensorValueRow.dtype,
                    TensorValueRow.shape,
                    TensorValueRow.nbytes,
                    TensorValueRow.encoding,
                    TensorValueRow.data,
                ).where(TensorValueRow.run_id == run_id, TensorValueRow.tensor_id == tensor_id)
            ).first()
        return None if row is None else array_of(*row)

    def has_value(self, run_id: str, tensor_id: int) -> bool:
        with Session(self.engine) as session:
            return (
                session.scalar(
                    select(TensorValueRow.tensor_id).where(
                        TensorValueRow.run_id == run_id, TensorValueRow.tensor_id == tensor_id
                    )
                )
                is not None
            )

    def value_ids(self, run_id: str) -> list[int]:
        """Ids of the tensors whose full values are kept beside the run's capture."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TensorValueRow.tensor_id)
                    .where(TensorValueRow.run_id == run_id)
                    .order_by(TensorValueRow.tensor_id)
                )
            )

    def exists(self, run_id: str) -> bool:
        with Session(self.engine) as session:
            return session.scalar(select(RunRow.id).where(RunRow.id == run_id)) is not None

    def capture(self, run_id: str) -> Capture | None:
        with self._lock:
            cached = self._cache.get(run_id)
            if cached is not None:
                self._cache.move_to_end(run_id)
        if cached is not None:
            # another replica may have deleted the run since: one primary-key lookup says
            if self.exists(run_id):
                return cached[0]
            with self._lock:
                self._cache.pop(run_id, None)
            return None
        compressed = self.capture_gzip(run_id)
        if compressed is None:
            return None
        text = gzip.decompress(compressed)
        capture = Capture.model_validate_json(text)
        with self._lock:
            self._cache[run_id] = (capture, len(text))
            while (
                sum(size for _, size in self._cache.values()) > self._cache_bytes
                and len(self._cache) > 1
            ):
                self._cache.popitem(last=False)
        return capture

    def list(self, offset: int, limit: int) -> tuple[list[RunListItem], int]:
        """Newest first."""
        with Session(self.engine) as session:
            count = session.scalar(select(func.count()).select_from(RunRow)) or 0
            rows = session.execute(
                select(
                    RunRow.id,
                    RunRow.created,
                    RunRow.origin,
                    RunRow.status,
                    RunRow.filename,
                    RunRow.title,
                    RunRow.error_type,
                )
                .order_by(RunRow.created.desc(), RunRow.id)
                .offset(offset)
                .limit(limit)
            ).all()
        items = [
            RunListItem(
                id=row.id,
                url=run_url(row.id),
                created=_utc(row.created),
                origin=row.origin,
                status=row.status,
                filename=row.filename,
                title=row.title,
                error_type=row.error_type,
            )
            for row in rows
        ]
        return items, count

    def delete(self, run_id: str) -> bool:
        with self._sessions.begin() as session:
            session.execute(delete(TensorValueRow).where(TensorValueRow.run_id == run_id))
            session.execute(delete(PredictionRow).where(PredictionRow.run_id == run_id))
            result = session.execute(delete(RunRow).where(RunRow.id == run_id))
            deleted = cast(CursorResult, result).rowcount  # a DELETE's result is a cursor's
        with self._lock:
            self._cache.pop(run_id, None)
        return deleted > 0

    def pin(self, run_id: str, pinned: bool) -> bool:
        """Keep a run through retention (or let it go again); False if there is no such run."""
        with self._sessions.begin() as session:
            result = session.execute(
                update(RunRow).where(RunRow.id == run_id).values(pinned=pinned)
            )
            return cast(CursorResult, result).rowcount > 0

    def is_pinned(self, run_id: str) -> bool | None:
        with Session(self.engine) as session:
            return session.scalar(select(RunRow.pinned).where(RunRow.id == run_id))

    def retain(
        self,
        max_runs: int = 0,
        max_bytes: int = 0,
        created_before: datetime | None = None,
        keep: str | None = None,
    ) -> tuple[str, ...]:
        """Delete unpinned runs, oldest first, until at most `max_runs` runs and `max_bytes`
        stored bytes remain (0: no limit), and every unpinned run created before
        `created_before`; never `keep` (the run just added). Returns the ids deleted."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(RunRow.id, RunRow.created, RunRow.pinned, RunRow.stored_bytes).order_by(
                    RunRow.created.desc(), RunRow.id
                )
            ).all()
        # Pinned runs (and the run just added) count towards the limits and always stay.
        stays = [row for row in rows if row.pinned or row.id == keep]
        kept_runs, kept_bytes = len(stays), sum(row.stored_bytes for row in stays)
        doomed = []
        for row in rows:  # newest first: keep while within the limits
            if row.pinned or row.id == keep:
                continue
            expired = created_before is not None and _utc(row.created) < created_before
            over = (max_runs and kept_runs + 1 > max_runs) or (
                max_bytes and kept_bytes + row.stored_bytes > max_bytes
            )
            if expired or over:
                doomed.append(row.id)
            else:
                kept_runs += 1
                kept_bytes += row.stored_bytes
        for run_id in doomed:
            self.delete(run_id)
        return tuple(doomed)


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def run_url(run_id: str) -> str:
    return f"/#run={run_id}"
