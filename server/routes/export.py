"""GET /api/runs/{id}/export: the run as one self-contained HTML file (the UI's Download)."""

from fastapi import APIRouter, Response
from starlette.concurrency import run_in_threadpool

from ..deps import RunId, RunsDep, SettingsDep
from ..errors import ApiError, not_found
from ..export_html import ExportUnavailable, export_stored_run
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
async def export_run(run_id: RunId, runs: RunsDep, settings: SettingsDep) -> Response:
    """The run's graph, stepper, diagnosis and plots in one HTML file that works from disk with
    no server (`tapescope export RUN_ID --html FILE` writes the same file)."""
    try:
        filename, page = await run_in_threadpool(
            export_stored_run, runs.store, run_id, settings.resolved_static_dir
        )
    except LookupError:
        raise not_found(f"run {run_id}") from None
    except ExportUnavailable as error:
        raise ApiError(503, "export_unavailable", str(error)) from None
    return Response(
        page,
        media_type="text/html; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
