"""Every relative link in README.md, CHANGELOG.md and docs/*.md leads to a file that exists, and
every #anchor to a heading of that page: under GitHub's anchor rule (the pages read on the forge)
and under the server's (server/markdown.py, the pages the app serves), which must agree."""

import re
from pathlib import Path

import pytest

from server.markdown import heading_id

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def _prose(text: str) -> str:
    """The page without fenced code blocks and inline code (links there are not links)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _headings(text: str) -> list[str]:
    return [
        match.group(1).strip()
        for match in re.finditer(r"^#{1,6}\s+(.*)$", _without_code(text), re.M)
    ]


def _without_code(text: str) -> str:
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def github_anchor(heading: str) -> str:
    """GitHub's rule: the text lowercased, punctuation but - and _ dropped, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
    return "".join(ch for ch in text.lower() if ch.isalnum() or ch in " -_").replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Anchors that work both on GitHub and in the app (duplicates get GitHub's -1, -2)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in _headings(page.read_text()):
        anchor = github_anchor(heading)
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        if count == 0 and heading_id(heading) == anchor:
            found.add(anchor)
        elif count:
            found.add(f"{anchor}-{count}")
    return found


def links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(_prose(page.read_text()))
        if not SCHEME.match(target) and not target.startswith("/")
    ]


def test_the_pages_have_relative_links_to_check():
    assert sum(len(links(page)) for page in PAGES) > 50


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_resolve(page):
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            broken.append(f"{target}: no file {destination.relative_to(ROOT)}")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(
                f"{target}: no heading with the anchor #{anchor} in "
                f"{destination.relative_to(ROOT)} (GitHub and the app must agree)"
            )
    assert broken == []


def test_every_docs_page_is_linked_from_the_readme_or_the_index():
    linked = {
        (page.parent / target.partition("#")[0]).resolve()
        for page in (ROOT / "README.md", ROOT / "docs" / "index.md")
        for target in links(page)
        if target.partition("#")[0]
    }
    unlinked = [
        p.name
        for p in sorted((ROOT / "docs").glob("*.md"))
        if p.resolve() not in linked and p.name != "index.md"
    ]
    assert unlinked == []
