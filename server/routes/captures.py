"""POST /api/captures: store a capture written by engine.debug on someone's own machine."""

from fastapi import APIRouter, Request

from ..deps import RunsDep
from ..models import ErrorBody, RunSummary

router = APIRouter(prefix="/api", tags=["runs"])
CAPTURE_BODY = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Capture"}}},
    }
}


@router.post(
    "/captures",
    response_model=RunSummary,
    status_code=201,
    openapi_extra=CAPTURE_BODY,
    responses={400: {"model": ErrorBody}, 413: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)
async def upload_capture(request: Request, runs: RunsDep) -> RunSummary:
    """Store an uploaded capture (engine.debug's JSON) as a run; its program is not run here."""
    return await runs.upload_json(await request.body())
