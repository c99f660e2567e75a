"""Pages beside the web app: the API docs (/docs) and the findings reference (/docs/findings)."""
from fastapi import APIRouter, Response
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, PlainTextResponse

from ..deps import SettingsDep
from ..pages import api_docs_missing_page, findings_markdown, findings_page, swagger_csp

router = APIRouter(include_in_schema=False)


SWAGGER = "swagger"  # where the web build puts Swagger UI's files (web/scripts/copy-swagger.mjs)


@router.get("/docs")
def api_docs(settings: SettingsDep) -> Response:
    """Swagger UI for /openapi.json, from the web build's own copy."""
    static = settings.resolved_static_dir
    if static is None or not (static / SWAGGER / "swagger-ui-bundle.js").is_file():
        return HTMLResponse(api_docs_missing_page())
    page = get_swagger_ui_html(
        openapi_url="/openapi.json", title="TapeScope API",
        swagger_js_url=f"/{SWAGGER}/swagger-ui-bundle.js",
        swagger_css_url=f"/{SWAGGER}/swagger-ui.css",
        swagger_favicon_url=f"/{SWAGGER}/favicon-32x32.png")
    return HTMLResponse(page.body, headers={"Content-Security-Policy": swagger_csp(page.body)})


@router.get("/docs/findings")
def findings_reference(settings: SettingsDep) -> HTMLResponse:
    """docs/findings.md as a page; each finding code is an anchor: /docs/findings#not_watched."""
    return HTMLResponse(findings_page(findings_markdown(settings)))


@router.get("/docs/findings.md")
def findings_reference_markdown(settings: SettingsDep) -> PlainTextResponse:
    """docs/findings.md as written."""
    return PlainTextResponse(findings_markdown(settings), media_type="text/markdown")
