"""/api/runs/{id}/predictions: predict mode's answers, posted anonymously by students, and their
tally per step for the presenter."""

from typing import Annotated

from fastapi import APIRouter, Query, Response

from ..deps import RunId, RunsDep
from ..models import ErrorBody, PredictionCreate, PredictionTally

router = APIRouter(
    prefix="/api/runs",
    tags=["predict mode"],
    responses={404: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)


@router.post(
    "/{run_id}/predictions",
    status_code=204,
    response_class=Response,
    responses={400: {"model": ErrorBody}, 413: {"model": ErrorBody}},
)
def add_prediction(run_id: RunId, body: PredictionCreate, runs: RunsDep) -> Response:
    """Store one answer (anonymous: no account, no name)."""
    runs.add_prediction(run_id, body)
    return Response(status_code=204)


@router.get("/{run_id}/predictions", response_model=PredictionTally)
def get_predictions(
    run_id: RunId, runs: RunsDep, call: Annotated[int, Query(ge=0, le=2**31)] = 0
) -> PredictionTally:
    """The answers to one gradient call's steps: per step, how many, how many right, the most
    frequent."""
    return runs.prediction_tally(run_id, call)
