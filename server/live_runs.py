"""Runs still running: started by POST /api/runs with wait=false, read while they run, and
stopped by POST /api/runs/{id}/cancel. This process holds the task of each run it started; the
database holds a row per running run (store/running_runs.py), so that another replica over the
same database answers for the run and can ask for it to stop: while it has runs, this process
beats for them and stops those another replica was asked to cancel. Once finished, a run is in
the store like any other."""

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from .models import FindingCounts, RunSummary
from .store.run_store import run_url
from .store.running_runs import RunningRuns

# How often a replica with runs looks for cancel requests (the delay of a cancel sent to another
# replica: one small SELECT), and beats for its runs (an UPDATE); nothing when it has no runs.
POLL_SECONDS = 0.25
BEAT_SECONDS = 2.0  # well below Settings.replica_timeout_seconds


@dataclass
class LiveRun:
    task: asyncio.Task[None]
    created: datetime
    started: float  # time.monotonic()
    filename: str
    printed: Callable[[], str]  # its output so far
    stopping: bool = False  # cancelled once: a second cancel would interrupt storing the run


def _stop(live: LiveRun) -> None:
    if not live.stopping:
        live.stopping = True
        live.task.cancel()


def running_summary(
    run_id: str, created: datetime, filename: str, duration_ms: float, stdout: str = ""
) -> RunSummary:
    return RunSummary(
        id=run_id,
        url=run_url(run_id),
        created=created,
        origin="sandbox",
        status="running",
        filename=filename,
        stdout=stdout,
        duration_ms=round(duration_ms, 1),
        tensors=0,
        ops=0,
        tapes=[],
        calls=[],
        findings=FindingCounts(),
    )


class LiveRuns:
    def __init__(self, shared: RunningRuns) -> None:
        self._runs: dict[str, LiveRun] = {}
        self.shared = shared
        self.replica = secrets.token_hex(8)  # this process, among the replicas
        self._watcher: asyncio.Task[None] | None = None

    async def start(
        self,
        run_id: str,
        created: datetime,
        filename: str,
        source: str,
        work: Callable[[], Coroutine[Any, Any, None]],
        printed: Callable[[], str] = str,
    ) -> RunSummary:
        """Run `work` in the background under `run_id`; it must store the run before it ends.
        `printed()`: the program's output so far, for the running run's summary."""
        # the row first: storing the finished run deletes it
        await run_in_threadpool(self.shared.add, run_id, self.replica, created, filename, source)
        task: asyncio.Task[None] = asyncio.create_task(work())
        self._runs[run_id] = LiveRun(task, created, time.monotonic(), filename, printed)
        # removed only once the work (which stores the finished run) is over: a reader always
        # finds the run, running or stored
        task.add_done_callback(lambda _: self._runs.pop(run_id, None))
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch())
        return self.summary(run_id)  # type: ignore[return-value]

    def summary(self, run_id: str) -> RunSummary | None:
        live = self._runs.get(run_id)
        if live is None:
            return None
        return running_summary(
            run_id, live.created, live.filename, self.elapsed_ms(run_id), live.printed()
        )

    @staticmethod
    def elsewhere_summary(run_id: str, created: datetime, filename: str) -> RunSummary:
        """A run another replica runs: its duration by the wall clock."""
        return running_summary(
            run_id, created, filename, (datetime.now(UTC) - created).total_seconds() * 1000
        )

    def elapsed_ms(self, run_id: str) -> float:
        live = self._runs.get(run_id)
        return 0.0 if live is None else (time.monotonic() - live.started) * 1000

    async def cancel(self, run_id: str) -> bool:
        """Stop a run of this process and wait until its cancelled state is stored; False if
        this process is not running it."""
        live = self._runs.get(run_id)
        if live is None:
            return False
        _stop(live)
        await asyncio.gather(live.task, return_exceptions=True)
        return True

    async def _watch(self) -> None:
        """While this process has runs: beat for them, and stop those asked to stop."""
        next_beat = 0.0
        while self._runs:
            await asyncio.sleep(POLL_SECONDS)
            beat = time.monotonic() >= next_beat
            if beat:
                next_beat = time.monotonic() + BEAT_SECONDS
            try:
                asked = await run_in_threadpool(self.shared.poll, self.replica, beat)
            except SQLAlchemyError:  # the database is away: the runs go on, beats resume later
                logging.getLogger("tapescope").exception("running runs: heartbeat failed")
                continue
            for run_id in asked:
                live = self._runs.get(run_id)
                if live is not None:
                    _stop(live)  # stored as cancelled by the run's own work, as a local cancel

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
        for live in list(self._runs.values()):
            _stop(live)
        await asyncio.gather(*(live.task for live in self._runs.values()), return_exceptions=True)
