"""Pages beside the web app: the API docs (/docs), and docs/*.md rendered (/docs/<name>, with
/docs/<name>.md as written and /docs/images/<name>.png), e.g. /docs/findings#not_watched."""

from typing import Annotated

from fastapi import APIRouter, Path, Response
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse

from ..deps import SettingsDep
from ..pages import (
    IMAGE_NAME,
    PAGE_NAME,
    api_docs_missing_page,
    doc_markdown,
    doc_page,
    image_path,
    swagger_csp,
)

router = APIRouter(include_in_schema=False)
PageName = Annotated[str, Path(pattern=PAGE_NAME)]
ImageName = Annotated[str, Path(pattern=IMAGE_NAME)]


SWAGGER = "swagger"  # where the web build puts Swagger UI's files (web/scripts/copy-swagger.mjs)


@router.get("/docs")
def api_docs(settings: SettingsDep) -> Response:
    """Swagger UI for /openapi.json, from the web build's own copy."""
    static = settings.resolved_static_dir
    if static is None or not (static / SWAGGER / "swagger-ui-bundle.js").is_file():
        return HTMLResponse(api_docs_missing_page())
    page = get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="TapeScope API",
        swagger_js_url=f"/{SWAGGER}/swagger-ui-bundle.js",
        swagger_css_url=f"/{SWAGGER}/swagger-ui.css",
        swagger_favicon_url=f"/{SWAGGER}/favicon-32x32.png",
    )
    body = bytes(page.body)
    return HTMLResponse(body, headers={"Content-Security-Policy": swagger_csp(body)})


@router.get("/docs/images/{name}")
def doc_image(name: ImageName, settings: SettingsDep) -> FileResponse:
    """A screenshot the pages show."""
    return FileResponse(image_path(settings, name), media_type="image/png")


@router.get("/docs/{name}.md")
def doc_as_written(name: PageName, settings: SettingsDep) -> PlainTextResponse:
    """docs/<name>.md as written."""
    return PlainTextResponse(doc_markdown(settings, name), media_type="text/markdown")


@router.get("/docs/{name}")
def doc(name: PageName, settings: SettingsDep) -> HTMLResponse:
    """docs/<name>.md as a page; headings are anchors: /docs/findings#not_watched."""
    return HTMLResponse(doc_page(doc_markdown(settings, name)))
