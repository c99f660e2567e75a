"""Runs still running: started by POST /api/runs with wait=false, read while they run, and
stopped by POST /api/runs/{id}/cancel. They live in this process only (a replica answers for the
runs it started); once finished a run is in the store like any other."""

import asyncio
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .models import FindingCounts, RunSummary
from .store.runs import run_url


@dataclass
class LiveRun:
    task: asyncio.Task[None]
    created: datetime
    started: float  # time.monotonic()
    filename: str


class LiveRuns:
    def __init__(self) -> None:
        self._runs: dict[str, LiveRun] = {}

    def start(
        self,
        run_id: str,
        created: datetime,
        filename: str,
        work: Callable[[], Coroutine[Any, Any, None]],
    ) -> RunSummary:
        """Run `work` in the background under `run_id`; it must store the run before it ends."""
        task: asyncio.Task[None] = asyncio.create_task(work())
        self._runs[run_id] = LiveRun(task, created, time.monotonic(), filename)
        # removed only once the work (which stores the finished run) is over: a reader always
        # finds the run, running or stored
        task.add_done_callback(lambda _: self._runs.pop(run_id, None))
        return self.summary(run_id)  # type: ignore[return-value]

    def summary(self, run_id: str) -> RunSummary | None:
        live = self._runs.get(run_id)
        if live is None:
            return None
        return RunSummary(
            id=run_id,
            url=run_url(run_id),
            created=live.created,
            origin="sandbox",
            status="running",
            filename=live.filename,
            stdout="",
            duration_ms=round((time.monotonic() - live.started) * 1000, 1),
            tensors=0,
            ops=0,
            tapes=[],
            calls=[],
            findings=FindingCounts(),
        )

    def elapsed_ms(self, run_id: str) -> float:
        live = self._runs.get(run_id)
        return 0.0 if live is None else (time.monotonic() - live.started) * 1000

    async def cancel(self, run_id: str) -> bool:
        """Stop a running run and wait until its cancelled state is stored; False if not running."""
        live = self._runs.get(run_id)
        if live is None:
            return False
        live.task.cancel()
        await asyncio.gather(live.task, return_exceptions=True)
        return True

    async def close(self) -> None:
        for live in list(self._runs.values()):
            live.task.cancel()
        await asyncio.gather(*(live.task for live in self._runs.values()), return_exceptions=True)
