"""What the routes call: run a program, store an upload, and read stored runs back."""

import asyncio
import secrets
import time
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import numpy as np
from starlette.concurrency import run_in_threadpool

from engine.debug.schema import Capture, ErrorInfo, MemoryTimeline, ProgramInfo
from engine.debug.step_rows import step_rows
from engine.debug.summaries import value_to_json

from .bounds import bound_capture
from .errors import ApiError, not_found
from .export_html import ExportUnavailable, export_stored_run
from .live_runs import LiveRuns
from .models import (
    AnswerCount,
    Diagnosis,
    Health,
    PinPublic,
    PredictionCreate,
    PredictionTally,
    RunsPublic,
    RunSummary,
    StepAnswers,
    StepsPublic,
    TensorPublic,
    TrainingStepsPublic,
)
from .sandbox.limits import format_bytes
from .sandbox.pool import RunOutcome, SandboxBusy, SandboxPool, SoFar
from .settings import Settings
from .store import RunStore, StoredRun
from .store.predictions import PredictionStore
from .store.running_runs import RunningRun, RunningRuns
from .summary import capture_of_cancel, capture_of_outcome, summarize, title_of
from .upload_parse import UploadParser
from .values import accept_values, value_not_kept, values_from_npz
from .version import __version__

PROGRAM_FILENAME = "main.py"
# A cancel sent to a replica that is not running the run waits this long for the one that is
# to stop it (it looks every live_runs.POLL_SECONDS), then answers the run as it stands.
CANCEL_ELSEWHERE_SECONDS = 10.0


def new_run_id() -> str:
    """128 random bits (ids cannot be guessed or enumerated), URL-safe, never starting with
    '-' (an id like '-x1...' would read as an option in `tapescope export ID`)."""
    while True:
        run_id = secrets.token_urlsafe(16)
        if not run_id.startswith("-"):
            return run_id


def _now() -> datetime:
    return datetime.now(UTC)


class RunService:
    def __init__(self, settings: Settings, store: RunStore, pool: SandboxPool | None):
        self.settings = settings
        self.store = store
        self.pool = pool
        self.parser = UploadParser()
        self.live = LiveRuns(RunningRuns(store.engine, settings.replica_timeout_seconds))
        self.predictions = PredictionStore(store.engine)

    def close(self) -> None:
        self.parser.close()

    async def health(self) -> Health:
        pool = self.pool
        state = await pool.check() if pool else "off"
        return Health(
            status="ok" if state in ("ready", "off") else "degraded",
            version=__version__,
            sandbox=pool.isolation if pool else "none",
            pool=state,
            isolation=pool.isolation_layers() if pool else [],
            memory_limit=pool.memory_limit() if pool else "",
            workers=pool.workers if pool else 0,
            running=pool.running if pool else 0,
            queued=pool.queued if pool else 0,
        )

    # Creating runs ----------------------------------------------------------------------------

    def _check_program(self, code: str) -> SandboxPool:
        size = len(code.encode("utf-8", "surrogatepass"))
        if size > self.settings.code_bytes:
            raise ApiError(
                413,
                "code_too_large",
                f"the program is {size:,} bytes; the limit is {self.settings.code_bytes:,} bytes",
            )
        try:
            code.encode("utf-8")
        except UnicodeEncodeError as bad:
            line = code.count("\n", 0, bad.start) + 1
            raise ApiError(
                422,
                "invalid_request",
                f"the program is not valid Unicode: a lone surrogate "
                f"U+{ord(code[bad.start]):04X} on line {line}",
            ) from None
        if self.pool is None:
            raise ApiError(503, "sandbox_unavailable", "this server does not run programs")
        return self.pool

    async def start_program(self, code: str, keep: str | None = None) -> RunSummary:
        """Answer at once with a running run; the program runs on and its run is stored when it
        ends (or is cancelled)."""
        pool = self._check_program(code)
        run_id, created = new_run_id(), _now()
        # what its worker sends while it runs: its summary's output, what a cancel keeps
        sofar = SoFar(pool.limits.stdout_bytes)
        work = lambda: self._run_in_background(code, keep, run_id, created, sofar)  # noqa: E731
        return await self.live.start(
            run_id, created, PROGRAM_FILENAME, code, work, sofar.output.getvalue
        )

    async def _run_in_background(
        self, code: str, keep: str | None, run_id: str, created: datetime, sofar: SoFar
    ) -> None:
        try:
            await self.run_program(code, keep, run_id, created, sofar)
        except asyncio.CancelledError:
            await self._store_cancelled(code, run_id, created, sofar)
        except ApiError as refused:  # busy: the run is stored, saying why it did not run
            busy = refused.message
            await self._store_stopped(code, run_id, created, "crashed", "ServerBusy", busy)

    async def _store_cancelled(self, code, run_id, created, sofar: SoFar) -> None:
        """A run the user stopped keeps what its worker had sent: output, last snapshot."""
        duration = self.live.elapsed_ms(run_id)
        outcome = sofar.kept(RunOutcome(duration))
        message = f"stopped by the user after {duration / 1000:.1f} s"
        await run_in_threadpool(self._store_partial, outcome, code, run_id, created, message)

    def _store_partial(self, outcome: RunOutcome, code, run_id, created, message) -> None:
        capture = capture_of_cancel(outcome, code, PROGRAM_FILENAME, message)
        bound_capture(capture)
        summary = summarize(
            run_id,
            created,
            "sandbox",
            "cancelled",
            capture,
            outcome.stdout_truncated,
            outcome.duration_ms,
        )
        self._store(summary, capture, None)

    async def _store_stopped(self, code, run_id, created, status, error_type, message) -> None:
        duration = self.live.elapsed_ms(run_id)
        run = _stopped_run(code, run_id, created, status, error_type, message, duration)
        await run_in_threadpool(self._add, run)

    async def cancel(self, run_id: str) -> RunSummary:
        """Stop a running run (its worker is killed), here or on the replica running it; a
        finished run is left as it is."""
        if not await self.live.cancel(run_id) and await run_in_threadpool(
            self.live.shared.request_cancel, run_id
        ):
            deadline = time.monotonic() + CANCEL_ELSEWHERE_SECONDS
            while time.monotonic() < deadline:
                await asyncio.sleep(0.05)
                if (await run_in_threadpool(self.summary, run_id)).status != "running":
                    break
        return await run_in_threadpool(self.summary, run_id)

    async def run_program(
        self,
        code: str,
        keep: str | None = None,
        run_id: str | None = None,
        created: datetime | None = None,
        sofar: SoFar | None = None,
    ) -> RunSummary:
        pool = self._check_program(code)
        try:
            outcome = await pool.run(code, PROGRAM_FILENAME, keep, sofar)
        except SandboxBusy as busy:
            raise ApiError(
                503,
                "busy",
                f"every worker is busy and the queue is full; retry in {busy.retry_after} s",
                headers={"Retry-After": str(busy.retry_after)},
            ) from None
        capture, status = capture_of_outcome(outcome, code, PROGRAM_FILENAME, pool.limits)
        cut = bound_capture(capture)
        summary = summarize(
            run_id or new_run_id(),
            created or _now(),
            "sandbox",
            status,
            capture,
            outcome.stdout_truncated,
            outcome.duration_ms,
        )
        usable = (
            status in ("ok", "error", "limit")
            and capture.program is not None
            and outcome.capture_json is not None
        )
        # the worker's JSON as it is, unless a cap cut something (then the capture's own)
        capture_json = outcome.capture_json if usable and not cut else None
        values_npz = outcome.values_npz if usable else None
        await run_in_threadpool(self._store_run, summary, capture, capture_json, values_npz)
        return summary

    def _store_run(
        self,
        summary: RunSummary,
        capture: Capture,
        capture_json: bytes | None,
        values_npz: bytes | None,
    ) -> None:
        """Off the event loop: reading and compressing kept values takes a while for large
        ones (a run without them pays nothing)."""
        self._store(
            summary, capture, capture_json, values_from_npz(values_npz, capture, self.settings)
        )

    async def upload_json(self, body: bytes) -> RunSummary:
        """Validated strictly (a capture is data a program wrote, nothing is coerced), with
        its caps applied, in the parser process: the server's own threads never parse it."""
        parsed = await self.parser.parse(body, new_run_id(), _now())
        summary = RunSummary.model_validate_json(parsed.summary_json)
        run = StoredRun(summary=summary, title=parsed.title, capture_json=parsed.capture_json)
        await run_in_threadpool(self._add, run)
        return summary

    def upload(
        self, capture: Capture, values: Mapping[int, np.ndarray] | None = None
    ) -> RunSummary:
        """Store a capture made elsewhere; `values` are the full values kept beside it
        (`tapescope run` passes capture.values; an upload over HTTP has none)."""
        status = "error" if capture.error is not None else "ok"
        bound_capture(capture)
        summary = summarize(new_run_id(), _now(), "upload", status, capture)
        self._store(
            summary, capture, None, accept_values(values, capture, self.settings) if values else []
        )
        return summary

    def _store(self, summary: RunSummary, capture: Capture, capture_json: bytes | None, values=()):
        payload = capture_json if capture_json is not None else capture.to_json().encode()
        self._add(
            StoredRun(
                summary=summary, title=title_of(capture), capture_json=payload, values=tuple(values)
            )
        )

    def _add(self, run: StoredRun) -> None:
        self.store.add(run)
        self.retain(keep=run.summary.id)

    def retain(self, keep: str | None = None) -> tuple[str, ...]:
        """Apply the retention settings (nothing to do when none is set)."""
        settings = self.settings
        if not (settings.max_runs or settings.max_stored_bytes or settings.expire_days):
            return ()
        created_before = (
            _now() - timedelta(days=settings.expire_days) if settings.expire_days else None
        )
        return self.store.retain(
            settings.max_runs, settings.max_stored_bytes, created_before, keep=keep
        )

    def pin(self, run_id: str, pinned: bool) -> PinPublic:
        if not self.store.pin(run_id, pinned):
            raise not_found(f"run {run_id}")
        return PinPublic(id=run_id, pinned=pinned)

    def pinned(self, run_id: str) -> PinPublic:
        pinned = self.store.is_pinned(run_id)
        if pinned is None:
            raise not_found(f"run {run_id}")
        return PinPublic(id=run_id, pinned=pinned)

    # Reading runs -----------------------------------------------------------------------------

    def summary(self, run_id: str) -> RunSummary:
        summary = (
            self.live.summary(run_id)
            or self.store.summary(run_id)
            or self._running_elsewhere(run_id)
        )
        if summary is None:
            raise not_found(f"run {run_id}")
        return summary

    def _running_elsewhere(self, run_id: str) -> RunSummary | None:
        """A run another replica over the database is running, or was until it died."""
        running = self.live.shared.get(run_id)
        if running is None:  # or it ended between the two reads: stored, then
            return self.store.summary(run_id)
        if running.orphaned:
            self._store_orphan(running)
            return self.store.summary(run_id)
        return self.live.elsewhere_summary(run_id, running.created, running.filename)

    def _store_orphan(self, running: RunningRun) -> None:
        """Store the run of a replica that stopped beating (killed, crashed, hung) as crashed;
        of several replicas reading it at once, one stores it."""
        duration = (_now() - running.created).total_seconds() * 1000
        message = (
            "the server running it stopped (killed or crashed) before the run ended; "
            "nothing it recorded was kept"
        )
        run = _stopped_run(
            running.source, running.id, running.created, "crashed", "ServerLost", message, duration
        )
        self.store.add(run, orphaned_before=self.live.shared.orphaned_before())

    def list(self, offset: int, limit: int) -> RunsPublic:
        items, count = self.store.list(offset, limit)
        return RunsPublic(data=items, count=count, offset=offset, limit=limit)

    def capture_gzip(self, run_id: str) -> bytes:
        compressed = self.store.capture_gzip(run_id)
        if compressed is None:
            raise not_found(f"run {run_id}")
        return compressed

    def capture(self, run_id: str) -> Capture:
        capture = self.store.capture(run_id)
        if capture is None:
            raise not_found(f"run {run_id}")
        return capture

    def export_html(self, run_id: str) -> tuple[str, str]:
        """(file name, page): the run as one self-contained HTML file (blocks: a thread's)."""
        try:
            return export_stored_run(self.store, run_id, self.settings.resolved_static_dir)
        except LookupError:
            raise not_found(f"run {run_id}") from None
        except ExportUnavailable as error:
            raise ApiError(503, "export_unavailable", str(error)) from None

    def steps(self, run_id: str, call_id: int, offset: int, limit: int) -> StepsPublic:
        capture = self.capture(run_id)
        call = next((c for c in capture.calls if c.id == call_id), None)
        if call is None:
            raise not_found(f"gradient call {call_id} of run {run_id}")
        return StepsPublic(
            call=call_id,
            data=call.steps[offset : offset + limit],
            count=len(call.steps),
            offset=offset,
            limit=limit,
        )

    def training_steps(
        self, run_id: str, site: int | None, offset: int, limit: int
    ) -> TrainingStepsPublic:
        capture = self.capture(run_id)
        if site is not None and not any(s.id == site for s in capture.sites):
            raise not_found(f"step site {site} of run {run_id}")
        rows, count = step_rows(capture, site, offset, limit)
        return TrainingStepsPublic(
            keep=capture.keep,
            sites=capture.sites,
            data=rows,
            count=count,
            offset=offset,
            limit=limit,
        )

    def tensor(self, run_id: str, tensor_id: int, with_value: bool) -> TensorPublic:
        capture = self.capture(run_id)
        tensor = next((t for t in capture.tensors if t.id == tensor_id), None)
        if tensor is None:
            raise not_found(f"tensor {tensor_id} of run {run_id}")
        if tensor.summary.value is None:
            return self._large_tensor(run_id, tensor, with_value, capture)
        available = True
        summary = (
            tensor.summary if with_value else tensor.summary.model_copy(update={"value": None})
        )
        return TensorPublic(
            **{**tensor.model_dump(exclude={"summary"}), "summary": summary},
            value_available=available,
        )

    def _large_tensor(self, run_id, tensor, with_value, capture) -> TensorPublic:
        """A tensor above the inline cap: its value, if kept, is a row beside the capture."""
        fields = tensor.model_dump(exclude={"summary"})
        if not with_value:
            return TensorPublic(
                **fields,
                summary=tensor.summary,
                value_available=self.store.has_value(run_id, tensor.id),
            )
        array = self.store.value(run_id, tensor.id)
        if array is None:
            raise value_not_kept(run_id, tensor, self.summary(run_id).origin, capture)
        summary = tensor.summary.model_copy(update={"value": value_to_json(array)})
        return TensorPublic(**fields, summary=summary, value_available=True)

    def diagnosis(self, run_id: str) -> Diagnosis:
        return Diagnosis(findings=self.capture(run_id).findings)

    def memory(self, run_id: str) -> MemoryTimeline:
        return self.capture(run_id).memory

    # Predict mode ------------------------------------------------------------------------------

    def add_prediction(self, run_id: str, body: PredictionCreate) -> None:
        """Store a student's answer, for a step that exists in the run's gradient call."""
        call = self._call(run_id, body.call)
        if body.step > len(call.steps):
            raise not_found(f"step {body.step} of gradient call {body.call} of run {run_id}")
        self.predictions.add(
            run_id, body.call, body.step, body.tensor, body.answer.strip(), body.correct
        )

    def prediction_tally(self, run_id: str, call_id: int, top: int = 5) -> PredictionTally:
        """The class's answers per step: how many, how many right, the most frequent."""
        self._call(run_id, call_id)
        tally = self.predictions.tally(run_id, call_id)
        return PredictionTally(
            call=call_id,
            steps=[
                StepAnswers(
                    step=step,
                    tensor=tensor,
                    answers=sum(counts.values()),
                    right=right,
                    top=[AnswerCount(answer=a, count=n) for a, n in counts.most_common(top)],
                )
                for (step, tensor), (counts, right) in sorted(tally.items())
            ],
        )

    def _call(self, run_id: str, call_id: int):
        call = next((c for c in self.capture(run_id).calls if c.id == call_id), None)
        if call is None:
            raise not_found(f"gradient call {call_id} of run {run_id}")
        return call

    def delete(self, run_id: str) -> None:
        if not self.store.delete(run_id):
            raise not_found(f"run {run_id}")


def _stopped_run(code, run_id, created, status, error_type, message, duration_ms) -> StoredRun:
    """A run that ended before its program did: its program and why, nothing recorded."""
    capture = Capture(
        program=ProgramInfo(filename=PROGRAM_FILENAME, source=code),
        error=ErrorInfo(type=error_type, message=message),
    )
    summary = summarize(run_id, created, "sandbox", status, capture, False, duration_ms)
    payload = capture.to_json().encode()
    return StoredRun(summary=summary, title=title_of(capture), capture_json=payload)


def upload_too_large(size: int, limit: int) -> ApiError:
    return ApiError(
        413,
        "body_too_large",
        f"the request body is {format_bytes(size)}; the limit is {format_bytes(limit)}",
    )
