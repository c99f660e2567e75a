"""A small Markdown-to-HTML renderer for the pages in docs/: headings (with ids the UI links to),
paragraphs, lists (items may continue on indented lines), fenced code, tables, inline code, bold,
italics, links and images. Everything is escaped first.

Links between the pages (`quickstart.md#memory`) become the app's URLs (`/docs/quickstart#memory`)
and images in docs/images/ are served from /docs/images/; other relative links (to files that
are not pages) are shown as their text, since the app does not serve them.
"""

import html
import re

_INLINE_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])")
_IMAGE = re.compile(r"!\[([^\]]*)\]\(images/([A-Za-z0-9_.-]+\.png)\)")
_LINK = re.compile(r"\[([^\]]+)\]\(((?:https?://|/|#)[^)\s]*)\)")
_PAGE_LINK = re.compile(r"\[([^\]]+)\]\(([a-z0-9-]+)\.md(#[^)\s]*)?\)")
_OTHER_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]+\)")
_AUTOLINK = re.compile(r"&lt;(https?://[^\s&]+)&gt;")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s+(.*)$")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|(\s*:?-+:?\s*\|)+\s*$")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


def heading_id(text: str) -> str:
    """`not_watched` headings get the id not_watched (the finding code); others a slug."""
    code = _INLINE_CODE.search(text)
    if code and re.fullmatch(r"[a-z][a-z0-9_]*", code.group(1)):
        return code.group(1)
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")


def _inline(text: str) -> str:
    text = html.escape(text, quote=True)
    code_spans: list[str] = []

    def keep_code(match):  # code is shown as written: no bold, links or italics inside it
        code_spans.append(f"<code>{match.group(1)}</code>")
        return f"\x00{len(code_spans) - 1}\x00"

    text = _INLINE_CODE.sub(keep_code, text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    text = _ITALIC.sub(r"<em>\1</em>", text)
    text = _IMAGE.sub(r'<img src="/docs/images/\2" alt="\1">', text)
    text = _LINK.sub(r'<a href="\2">\1</a>', text)
    text = _PAGE_LINK.sub(
        lambda m: f'<a href="/docs/{m.group(2)}{m.group(3) or ""}">{m.group(1)}</a>', text
    )
    text = _OTHER_LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r'<a href="\1">\1</a>', text)
    text = text.replace("&lt;br&gt;", "<br>")  # line breaks inside table cells
    return re.sub("\x00(\\d+)\x00", lambda m: code_spans[int(m.group(1))], text)


def _cells(row: str) -> list[str]:
    match = _TABLE_ROW.match(row)
    assert match is not None, row  # only rows the table scan matched come here
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", match.group(1))]


def _table(rows: list[str]) -> str:
    header, body = _cells(rows[0]), [_cells(row) for row in rows[2:]]
    head = "".join(f"<th>{_inline(cell)}</th>" for cell in header)
    lines = "".join(
        "<tr>" + "".join(f"<td>{_inline(cell)}</td>" for cell in row) + "</tr>" for row in body
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table>"


def render(markdown: str) -> str:
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    table: list[str] = []
    in_code = False

    def flush():
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in items) + "</ul>")
            items.clear()
        if table:
            out.append(
                _table(table)
                if len(table) >= 2 and _TABLE_RULE.match(table[1])
                else f"<p>{_inline(' '.join(table))}</p>"
            )
            table.clear()

    for line in markdown.splitlines():
        if line.startswith("```"):
            if in_code:
                out.append("</code></pre>")
            else:
                flush()
                out.append("<pre><code>")
            in_code = not in_code
        elif in_code:
            out.append(html.escape(line) + "\n")
        elif _COMMENT.match(line):
            continue
        elif heading := _HEADING.match(line):
            flush()
            level, text = len(heading.group(1)), heading.group(2).strip()
            out.append(f'<h{level} id="{html.escape(heading_id(text))}">{_inline(text)}</h{level}>')
        elif _TABLE_ROW.match(line):
            if not table:
                flush()
            table.append(line)
        elif item := _LIST_ITEM.match(line):
            if paragraph or table:
                flush()
            items.append(item.group(1))
        elif not line.strip():
            flush()
        elif items and line.startswith(" "):
            items[-1] += " " + line.strip()  # an item continued on an indented line
        else:
            if items or table:
                flush()
            paragraph.append(line.strip())
    if in_code:
        out.append("</code></pre>")
    flush()
    # no newline right after <pre><code>: it would show as an empty first line
    return "".join(
        part if part.endswith("\n") or part == "<pre><code>" else part + "\n" for part in out
    )
