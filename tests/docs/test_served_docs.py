"""Every page in docs/ is served by the app (/docs/<name>), rendered: its links between pages and
to images lead to pages the app serves, and each #anchor to a heading id on the target page."""

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(path.stem for path in DOCS.glob("*.md"))
HREF = re.compile(r'(?:href|src)="(/docs/[^"]*)"')


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    settings = Settings(data_dir=tmp_path_factory.mktemp("data"), sandbox="none")
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        yield client


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_served_and_its_links_resolve_in_the_app(client, name):
    page = client.get(f"/docs/{name}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert client.get(f"/docs/{name}.md").text == (DOCS / f"{name}.md").read_text()
    for target in sorted(set(HREF.findall(page.text))):
        path, _, anchor = target.partition("#")
        answer = client.get(path)
        assert answer.status_code == 200, target
        if anchor:
            assert f'id="{anchor}"' in answer.text, target


def test_tables_images_and_code_are_rendered(client):
    page = client.get("/docs/quickstart").text
    assert '<img src="/docs/images/stepper.png"' in page
    assert client.get("/docs/images/stepper.png").headers["content-type"] == "image/png"
    coverage = client.get("/docs/tf-coverage").text
    assert "<table>" in coverage and "<td><code>tf.image.adjust_contrast</code></td>" in coverage
    assert "|" not in coverage.split("<table>", 1)[1].split("</table>", 1)[0].replace("\\|", "")


def test_names_outside_docs_are_refused(client):
    assert client.get("/docs/..%2Fpyproject").status_code in (404, 422)
    assert client.get("/docs/images/..%2F..%2Fpyproject.toml").status_code in (404, 422)
    assert client.get("/docs/no-such-page").json()["error"] == "not_found"
