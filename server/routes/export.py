"""GET /api/runs/{id}/export: the run as one self-contained HTML file (the UI's Download)."""

from fastapi import APIRouter, Response
from starlette.concurrency import run_in_threadpool

from ..deps import RunId, RunsDep
from ..models import ErrorBody

router = APIRouter(prefix="/api/runs", tags=["runs"])


@router.get(
    "/{run_id}/export",
    response_class=Response,
    responses={
        200: {"content": {"text/html": {}}, "description": "the HTML file"},
        404: {"model": ErrorBody},
        422: {"model": ErrorBody},
        503: {"model": ErrorBody},
    },
)
async def export_run(run_id: RunId, runs: RunsDep) -> Response:
    """The run's graph, stepper, diagnosis and plots in one HTML file that works from disk with
    no server (`tapescope export RUN_ID --html FILE` writes the same file)."""
    filename, page = await run_in_threadpool(runs.export_html, run_id)
    return Response(
        page,
        media_type="text/html; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
