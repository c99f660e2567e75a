"""/api/runs: run a program, and read, page through and delete stored runs."""

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from ..deps import RunId, RunsDep, StoredJsonDep
from ..models import (
    Capture,
    Diagnosis,
    ErrorBody,
    MemoryTimeline,
    RunCreate,
    RunsPublic,
    RunSummary,
    StepsPublic,
    TensorPublic,
    TrainingStepsPublic,
)

router = APIRouter(
    prefix="/api/runs",
    tags=["runs"],
    responses={404: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)
Offset = Annotated[int, Query(ge=0, le=10**9)]


@router.post(
    "",
    response_model=RunSummary,
    status_code=201,
    responses={400: {"model": ErrorBody}, 413: {"model": ErrorBody}, 503: {"model": ErrorBody}},
)
async def create_run(body: RunCreate, runs: RunsDep) -> RunSummary:
    """Run a program in the sandbox and store its capture; its own errors are part of the run.
    With wait=false, answer at once with status running."""
    return await (
        runs.run_program(body.code, body.keep)
        if body.wait
        else runs.start_program(body.code, body.keep)
    )


@router.post("/{run_id}/cancel", response_model=RunSummary)
async def cancel_run(run_id: RunId, runs: RunsDep) -> RunSummary:
    """Stop a running run (its worker is killed); a finished run is answered unchanged."""
    return await runs.cancel(run_id)


@router.get("", response_model=RunsPublic)
def list_runs(
    runs: RunsDep, offset: Offset = 0, limit: Annotated[int, Query(ge=1, le=200)] = 50
) -> RunsPublic:
    """Stored runs, newest first."""
    return runs.list(offset, limit)


@router.get("/{run_id}", response_model=RunSummary)
def get_run(run_id: RunId, runs: RunsDep) -> RunSummary:
    """One run's summary: status, stdout, error with its line, tapes and gradient calls."""
    return runs.summary(run_id)


@router.get("/{run_id}/capture", response_model=Capture)
def get_capture(run_id: RunId, runs: RunsDep, send: StoredJsonDep) -> Response:
    """The whole capture (sent gzip-compressed to clients that accept it)."""
    return send(runs.capture_gzip(run_id))


@router.get("/{run_id}/calls/{call_id}/steps", response_model=StepsPublic)
def get_steps(
    run_id: RunId,
    call_id: Annotated[int, Path(ge=0, le=2**31)],
    runs: RunsDep,
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=5000)] = 500,
) -> StepsPublic:
    """The backward steps of one gradient call, in the order the engine ran them."""
    return runs.steps(run_id, call_id, offset, limit)


@router.get("/{run_id}/steps", response_model=TrainingStepsPublic)
def get_training_steps(
    run_id: RunId,
    runs: RunsDep,
    site: Annotated[int | None, Query(ge=0, le=2**31)] = None,
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=10000)] = 1000,
) -> TrainingStepsPublic:
    """A long run's per-step records (losses, gradient norms, update ratios, what was kept)."""
    return runs.training_steps(run_id, site, offset, limit)


@router.get(
    "/{run_id}/tensors/{tensor_id}",
    response_model=TensorPublic,
    responses={413: {"model": ErrorBody}},
)
def get_tensor(
    run_id: RunId,
    tensor_id: Annotated[int, Path(ge=0, le=2**31)],
    runs: RunsDep,
    value: bool = False,
) -> TensorPublic:
    """One tensor; `value=true` adds its full value (inline in the capture, or kept beside it)
    or answers 404 value_not_kept / 413 value_too_large saying why it was not kept."""
    return runs.tensor(run_id, tensor_id, value)


@router.get("/{run_id}/diagnosis", response_model=Diagnosis)
def get_diagnosis(run_id: RunId, runs: RunsDep) -> Diagnosis:
    """The findings: what went wrong with which gradient, where, and the fix."""
    return runs.diagnosis(run_id)


@router.get("/{run_id}/memory", response_model=MemoryTimeline)
def get_memory(run_id: RunId, runs: RunsDep) -> MemoryTimeline:
    """Bytes held by each tape and by gradients in flight, over the whole run."""
    return runs.memory(run_id)


@router.delete("/{run_id}", status_code=204, response_class=Response)
def delete_run(run_id: RunId, runs: RunsDep) -> Response:
    """Delete a run and its capture."""
    runs.delete(run_id)
    return Response(status_code=204)
