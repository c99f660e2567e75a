"""GET /api/health."""

from fastapi import APIRouter

from ..deps import PoolDep
from ..models import Health
from ..version import __version__

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health", response_model=Health)
def health(pool: PoolDep) -> Health:
    """Is the server up, and how busy are its workers."""
    return Health(
        version=__version__,
        sandbox=pool.isolation if pool else "none",
        workers=pool.workers if pool else 0,
        running=pool.running if pool else 0,
        queued=pool.queued if pool else 0,
    )
