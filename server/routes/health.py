"""GET /api/health."""

from fastapi import APIRouter

from ..deps import RunsDep
from ..models import Health

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health", response_model=Health)
async def health(runs: RunsDep) -> Health:
    """Is the server up, does its worker pool answer, and how busy are its workers."""
    return await runs.health()
