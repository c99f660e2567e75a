"""GET /api/health."""

from fastapi import APIRouter

from ..deps import PoolDep
from ..models import Health
from ..version import __version__

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health", response_model=Health)
async def health(pool: PoolDep) -> Health:
    """Is the server up, does its worker pool answer, and how busy are its workers."""
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
