"""A small Markdown-to-HTML renderer for docs/findings.md: headings (with ids the UI links to),
paragraphs, lists, fenced code, inline code, bold and links. Everything is escaped first."""
import html
import re

_INLINE_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_LINK = re.compile(r"\[([^\]]+)\]\(((?:https?://|/|#)[^)\s]*)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s+(.*)$")


def heading_id(text: str) -> str:
    """`not_watched` headings get the id not_watched (the finding code); others a slug."""
    code = _INLINE_CODE.search(text)
    if code and re.fullmatch(r"[a-z][a-z0-9_]*", code.group(1)):
        return code.group(1)
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")


def _inline(text: str) -> str:
    text = html.escape(text, quote=True)
    text = _INLINE_CODE.sub(r"<code>\1</code>", text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    return _LINK.sub(r'<a href="\2">\1</a>', text)


def render(markdown: str) -> str:
    out: list[str] = []
    paragraph: list[str] = []
    in_list = in_code = False

    def flush():
        nonlocal in_list
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if in_list:
            out.append("</ul>")
            in_list = False

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
        elif heading := _HEADING.match(line):
            flush()
            level, text = len(heading.group(1)), heading.group(2).strip()
            out.append(f'<h{level} id="{html.escape(heading_id(text))}">{_inline(text)}</h{level}>')
        elif item := _LIST_ITEM.match(line):
            if paragraph:
                flush()
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{_inline(item.group(1))}</li>")
        elif not line.strip():
            flush()
        else:
            paragraph.append(line.strip())
    if in_code:
        out.append("</code></pre>")
    flush()
    return "".join(part if part.endswith("\n") else part + "\n" for part in out)
