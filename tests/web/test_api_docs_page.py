"""/docs is Swagger UI from the server's own files (the web build's copy of swagger-ui-dist): it
renders the API's operations with no request beyond the server and no console error."""

from urllib.parse import urlparse


def test_api_docs_render_from_local_files_only(server, page):
    requests = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(server + "/docs")
    page.wait_for_selector(".swagger-ui .opblock-summary-path")
    paths = page.locator(".swagger-ui .opblock-summary-path").all_inner_texts()
    assert any("/api/runs/{run_id}/export" in p.replace("\u200b", "") for p in paths)
    origin = urlparse(server).netloc
    assert [u for u in requests if urlparse(u).netloc != origin and not u.startswith("data:")] == []
