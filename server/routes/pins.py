"""/api/runs/{id}/pin: keep a run whose link was shared through the retention limits."""

from fastapi import APIRouter

from ..deps import RunId, RunsDep
from ..models import ErrorBody, PinPublic

router = APIRouter(
    prefix="/api/runs",
    tags=["runs"],
    responses={404: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)


@router.post("/{run_id}/pin", response_model=PinPublic)
def pin_run(run_id: RunId, runs: RunsDep) -> PinPublic:
    """Pin a run: retention (max runs, max bytes, expiry) never deletes it."""
    return runs.pin(run_id, True)


@router.delete("/{run_id}/pin", response_model=PinPublic)
def unpin_run(run_id: RunId, runs: RunsDep) -> PinPublic:
    """Unpin a run: retention may delete it again, oldest first."""
    return runs.pin(run_id, False)


@router.get("/{run_id}/pin", response_model=PinPublic)
def get_pin(run_id: RunId, runs: RunsDep) -> PinPublic:
    """Whether a run is pinned."""
    return runs.pinned(run_id)
