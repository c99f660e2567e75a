"""POST /api/captures: store a capture written by engine.debug on someone's own machine."""
from fastapi import APIRouter

from engine.debug.schema import Capture

from ..deps import RunsDep
from ..models import ErrorBody, RunSummary

router = APIRouter(prefix="/api", tags=["runs"])


@router.post("/captures", response_model=RunSummary, status_code=201,
             responses={413: {"model": ErrorBody}})
def upload_capture(capture: Capture, runs: RunsDep) -> RunSummary:
    """Store an uploaded capture as a run (its program is not run here)."""
    return runs.upload(capture)
