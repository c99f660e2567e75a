"""Pages beside the web app: the API docs (/docs) and the findings reference (/docs/findings)."""
from fastapi import APIRouter, Response
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, PlainTextResponse

from ..deps import SettingsDep
from ..pages import findings_markdown, findings_page, swagger_csp

router = APIRouter(include_in_schema=False)


@router.get("/docs")
def api_docs() -> Response:
    """Swagger UI for /openapi.json."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="TapeScope API")
    return HTMLResponse(page.body, headers={"Content-Security-Policy": swagger_csp(page.body)})


@router.get("/docs/findings")
def findings_reference(settings: SettingsDep) -> HTMLResponse:
    """docs/findings.md as a page; each finding code is an anchor: /docs/findings#not_watched."""
    return HTMLResponse(findings_page(findings_markdown(settings)))


@router.get("/docs/findings.md")
def findings_reference_markdown(settings: SettingsDep) -> PlainTextResponse:
    """docs/findings.md as written."""
    return PlainTextResponse(findings_markdown(settings), media_type="text/markdown")
