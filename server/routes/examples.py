"""GET /api/examples: the gallery."""

from fastapi import APIRouter

from ..deps import GalleryDep
from ..models import ExamplePublic, ExpectedFindingPublic

router = APIRouter(prefix="/api", tags=["examples"])


@router.get("/examples", response_model=list[ExamplePublic])
def examples(gallery: GalleryDep) -> list[ExamplePublic]:
    """Every gallery program with its title, summary, tags, expected findings and code."""
    return [
        ExamplePublic(
            id=e.id,
            title=e.title,
            summary=e.summary,
            tags=list(e.tags),
            expect=[ExpectedFindingPublic(code=f.code, line=f.line) for f in e.expect],
            code=e.code,
        )
        for e in gallery
    ]
