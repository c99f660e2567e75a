"""docs/*.md as HTML, by markdown-it-py (CommonMark with GitHub's tables), for the pages the
server renders (/docs/<name>).

What is ours on top of it:
- headings get ids the UI and the docs link to: a finding's heading (`not_watched` — ...) is
  `#not_watched`, any other a slug of its text (tests/docs/test_links.py checks that GitHub's
  anchors agree);
- links between the pages (`quickstart.md#memory`) become the app's URLs (`/docs/quickstart#memory`)
  and images in docs/images/ are served from /docs/images/; other relative links and images
  (files that are not pages) are shown as their text, since the app does not serve them;
- raw HTML is shown as text, except comments (left out) and <br> (a line break in a table cell).
"""

import html
import re
from collections.abc import Sequence
from itertools import pairwise

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

_INLINE_CODE = re.compile(r"`([^`]+)`")
_PAGE_LINK = re.compile(r"^([a-z0-9-]+)\.md(#\S*)?$")
_IMAGE = re.compile(r"^images/([A-Za-z0-9_.-]+\.png)$")
_KEPT_LINK = re.compile(r"^(?:https?://|/|#)")
_COMMENT = re.compile(r"^\s*<!--.*?-->\s*$", re.S)
_BREAK = re.compile(r"^<br\s*/?>$", re.I)


def heading_id(text: str) -> str:
    """`not_watched` headings get the id not_watched (the finding code); others a slug."""
    code = _INLINE_CODE.search(text)
    if code and re.fullmatch(r"[a-z][a-z0-9_]*", code.group(1)):
        return code.group(1)
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")


def _heading_ids(state: StateCore) -> None:
    tokens = state.tokens
    for opening, inline in pairwise(tokens):
        if opening.type == "heading_open":
            opening.attrSet("id", heading_id(inline.content))


def _app_links(state: StateCore) -> None:
    for token in state.tokens:
        if token.type == "inline" and token.children:
            token.children = _rewrite_links(token.children)


def _rewrite_links(children: list[Token]) -> list[Token]:
    """Page and image links to the app's URLs; any other relative link becomes its text."""
    kept: list[Token] = []
    dropped_opens: list[bool] = []  # one per open link: was its link_open dropped?
    for child in children:
        if child.type == "link_open":
            href = str(child.attrGet("href") or "")
            page = _PAGE_LINK.match(href)
            if page:
                child.attrSet("href", f"/docs/{page.group(1)}{page.group(2) or ''}")
            dropped = not page and not _KEPT_LINK.match(href)
            dropped_opens.append(dropped)
            if dropped:
                continue
        elif child.type == "link_close" and dropped_opens.pop():
            continue
        elif child.type == "image":
            image = _IMAGE.match(str(child.attrGet("src") or ""))
            if image:
                child.attrSet("src", f"/docs/images/{image.group(1)}")
            elif not _KEPT_LINK.match(str(child.attrGet("src") or "")):
                kept.append(Token("text", "", 0, content=child.content))
                continue
        kept.append(child)
    return kept


def _raw_html(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    content = tokens[idx].content
    if _COMMENT.match(content):
        return ""
    if _BREAK.match(content.strip()):
        return "<br>"
    escaped = html.escape(content, quote=True)
    return f"<p>{escaped}</p>\n" if tokens[idx].type == "html_block" else escaped


def _parser() -> MarkdownIt:
    # html=True so that comments and <br> are seen as HTML; _raw_html escapes the rest
    options = {"html": True, "xhtmlOut": False, "typographer": False}
    md = MarkdownIt("commonmark", options).enable("table")
    md.core.ruler.push("heading_ids", _heading_ids)
    md.core.ruler.push("app_links", _app_links)
    md.add_render_rule("html_block", _raw_html)
    md.add_render_rule("html_inline", _raw_html)
    return md


_MARKDOWN = _parser()


def render(markdown: str) -> str:
    return _MARKDOWN.render(markdown)
