"""Pages beside the web app: the API docs (/docs), and docs/*.md rendered (/docs/<name>, with
/docs/<name>.md as written and /docs/images/<name>.png), e.g. /docs/findings#not_watched."""

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse

from ..deps import DocsDep, ImageName, PageName

router = APIRouter(include_in_schema=False)


@router.get("/docs")
def api_docs(docs: DocsDep) -> Response:
    """Swagger UI for /openapi.json, from the web build's own copy."""
    return docs.api_docs()


@router.get("/docs/images/{name}")
def doc_image(name: ImageName, docs: DocsDep) -> FileResponse:
    """A screenshot the pages show."""
    return FileResponse(docs.image(name), media_type="image/png")


@router.get("/docs/{name}.md")
def doc_as_written(name: PageName, docs: DocsDep) -> PlainTextResponse:
    """docs/<name>.md as written."""
    return PlainTextResponse(docs.markdown(name), media_type="text/markdown")


@router.get("/docs/{name}")
def doc(name: PageName, docs: DocsDep) -> HTMLResponse:
    """docs/<name>.md as a page; headings are anchors: /docs/findings#not_watched."""
    return HTMLResponse(docs.page(name))
