"""HTML → Markdown: the simple HTML of quiz sources (p, br, strong/b, em/i, code, pre, a, ul/ol/li, div) as
Markdown, the rest kept as inline HTML; plain text and Moodle's auto-format as Markdown that shows them
literally."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
         "wbr"}
_BLOCK_SIMPLE = {"p", "div", "ul", "ol", "pre"}
_BLOCK_HTML = {"address", "article", "aside", "blockquote", "details", "dl", "fieldset", "figure", "footer",
               "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "section", "table"}
_HTML_SPACE = re.compile(r"[ \t\n\r\f]+")
_MARKDOWN_SPECIAL = re.compile(r"[\\`*_\[\]<>&#!~|]")
_ESCAPABLE = re.compile(r"([\\`*_\[\]<>&!~|])")
# What would start a Markdown block at the start of a line of text: a heading, a quote, a list item (one with
# nothing after its marker too: an option "-" or "1."), a thematic break or a setext underline (a line of only
# "-", "*" or "_"), a code fence, a link reference definition (which would vanish).
_BLOCK_START = re.compile(r"^(#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|\d{1,9}(?=[.)](?:\s|$))|[-*_](?=[-*_ \t]*$)|`{3}|~{3}"
                          r"|\[(?=[^\]]*\]:))")
_SETEXT_EQUALS = re.compile(r"=+[ \t]*\Z")  # under a line of text, a line of "=" makes it a heading


@dataclass
class _Node:
    tag: str
    attrs: list[tuple[str, str | None]]
    children: list = field(default_factory=list)


MAX_HTML_DEPTH = 100  # elements inside one another; what is deeper keeps its text, not its tags


class _TreeBuilder(HTMLParser):
    """The element tree of an HTML text, at most ``MAX_HTML_DEPTH`` deep: the tags nested deeper are left out
    (their text is kept), so that no HTML makes the converters, which recurse, overflow the stack."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root", [])
        self.stack = [self.root]
        self.left_out: list[str] = []  # the open tags nested too deep, innermost last

    def handle_starttag(self, tag, attrs):
        if tag not in _VOID and len(self.stack) > MAX_HTML_DEPTH:
            self.left_out.append(tag)
            return
        node = _Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(_Node(tag, attrs))

    def handle_endtag(self, tag):
        if tag in self.left_out:
            del self.left_out[len(self.left_out) - 1 - self.left_out[::-1].index(tag):]
            return
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


_LIKELY_MARKUP = re.compile(r"""\\(?=[!-/:-@\[-`{-~])|[*`\[\]]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)""")


def escape_markdown(text: str) -> str:
    """``text`` such that Markdown shows it literally: escaped only where Markdown would read markup (checked by
    rendering it with the parser ``quizlint.render`` reads Markdown with), never inside math (``$…$``), which
    that parser keeps as written."""
    if not _MARKDOWN_SPECIAL.search(text):
        return text
    from markdown_it.common.utils import escapeHtml

    from quizlint.render import markdown_parser

    literal = escapeHtml(text)
    if markdown_parser().renderInline(text) == literal:
        return text
    minimal = _escaped_outside_math(_LIKELY_MARKUP, text)
    if markdown_parser().renderInline(minimal) == literal:
        return minimal
    return _escaped_outside_math(_ESCAPABLE, text)


def _escaped_outside_math(pattern: re.Pattern, text: str) -> str:
    """``text`` with a backslash before every match of ``pattern`` that is not inside math."""
    from quizlint.render import math_spans

    pieces, end = [], 0
    for start, stop in [*math_spans(text), (len(text), len(text))]:
        pieces += [pattern.sub(lambda match: "\\" + match.group(0), text[end:start]), text[start:stop]]
        end = stop
    return "".join(pieces)


def plain_text_markdown(text: str) -> str:
    """Plain text (Moodle's ``plain_text`` format, GIFT's ``[plain]``) as Markdown that shows it literally: what
    would be markup is escaped (``<br>`` stays the four characters, ``*none*`` is no emphasis), a line break stays
    one (Moodle shows plain text with ``nl2br``) and a blank line starts a paragraph."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return html_to_markdown("".join("<p>" + "<br>".join(html.escape(line, quote=False) for line in paragraph.split("\n"))
                                    + "</p>" for paragraph in paragraphs))


def moodle_auto_format_markdown(text: str) -> str:
    """Moodle's ``moodle_auto_format`` text as Markdown: HTML where it has tags, its line breaks kept and nothing
    else read as markup, as Moodle's ``text_to_html`` shows it (whitespace between tags and the line breaks
    next to a tag dropped, every other line break a ``<br>``)."""
    text = re.sub(r">\s+<", "><", text)
    text = re.sub(r"[\n\r]<", " <", text)
    text = re.sub(r">[\n\r]", "> ", text)
    return html_to_markdown("<br>".join(text.split("\n")))


def _serialize(node) -> str:
    """A node as HTML, verbatim (for what Markdown cannot say)."""
    if isinstance(node, str):  # no blank line: it would end an HTML block in Markdown
        return re.sub(r"\n[ \t\r\f]*\n[ \t\r\f\n]*", "\n", html.escape(node, quote=False))
    attrs = "".join(f' {name}="{html.escape(value, quote=True)}"' if value is not None else f" {name}"
                    for name, value in node.attrs)
    if node.tag in _VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{''.join(_serialize(child) for child in node.children)}</{node.tag}>"


def _text_only(node: _Node) -> str | None:
    if all(isinstance(child, str) for child in node.children):
        return "".join(node.children)
    return None


def _wrap(marker: str, inner: str) -> str:
    """``**inner**`` with the spaces of ``inner`` moved outside the markers (``** x**`` is not bold)."""
    stripped = inner.strip(" ")
    if not stripped:
        return inner
    lead = inner[: len(inner) - len(inner.lstrip(" "))]
    trail = inner[len(inner.rstrip(" ")):]
    return f"{lead}{marker}{stripped}{marker}{trail}"


def _code_span(code: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if code.startswith("`") or code.endswith("`") or (code.startswith(" ") and code.endswith(" ")) else ""
    return f"{fence}{pad}{code}{pad}{fence}"


def _link(node: _Node, inner: str) -> str | None:
    attrs = dict(node.attrs)
    href = attrs.get("href")
    if href is None or set(attrs) - {"href", "title"} or not inner.strip():
        return None
    target = f"<{href}>" if re.search(r"[\s()<>]", href) else href
    if re.search(r"[<>]", href):
        return None
    title = attrs.get("title")
    title_part = f' "{title.replace(chr(34), chr(92) + chr(34))}"' if title else ""
    return f"[{inner}]({target}{title_part})"


def _collapse(match: re.Match) -> str:
    return "\n" if "\n" in match.group(0) else " "


def _inline(nodes: list) -> str:
    out = []
    for node in nodes:
        if isinstance(node, str):  # a run of spaces is one space; a line break in the source stays one
            out.append(escape_markdown(_HTML_SPACE.sub(_collapse, node)))
        elif node.tag == "br":
            out.append("\\\n")
        elif node.tag in ("strong", "b"):
            out.append(_wrap("**", _inline(node.children)))
        elif node.tag in ("em", "i"):
            out.append(_wrap("*", _inline(node.children)))
        elif node.tag == "code" and _text_only(node) is not None:
            out.append(_code_span(_HTML_SPACE.sub(" ", _text_only(node))))
        elif node.tag == "a" and (link := _link(node, _inline(node.children))) is not None:
            out.append(link)
        else:
            out.append(_serialize(node))
    return "".join(out)


def _is_blank(node) -> bool:
    return (isinstance(node, str) and not _HTML_SPACE.sub("", node)) or (not isinstance(node, str) and node.tag == "br")


def _paragraph(nodes: list) -> str:
    start, end = 0, len(nodes)
    while start < end and _is_blank(nodes[start]):  # a hard break at the edge of a paragraph means nothing
        start += 1
    while end > start and _is_blank(nodes[end - 1]):
        end -= 1
    text = _inline(nodes[start:end])
    lines = [line.strip(" ") for line in text.split("\n") if line.strip(" ")]  # a blank line would end it
    lines = [_BLOCK_START.sub(lambda match: "\\" + match.group(0) if not match.group(0)[0].isdigit()
                              else match.group(0) + "\\", line, count=1) for line in lines]
    lines = lines[:1] + ["\\" + line if _SETEXT_EQUALS.match(line) else line for line in lines[1:]]
    return "\n".join(lines).strip()


def _list_start(node: _Node) -> int:
    start = str(dict(node.attrs).get("start") or "1")
    return int(start) if node.tag == "ol" and start.isdigit() else 1


def _list(node: _Node) -> str:
    ordered = node.tag == "ol"
    start = _list_start(node)
    items = []
    for child in node.children:
        if isinstance(child, str):
            if child.strip():
                items.append(escape_markdown(child.strip()))
            continue
        if child.tag != "li":
            items.append(_serialize(child))
            continue
        marker = f"{start + len(items)}. " if ordered else "- "
        tight = not any(not isinstance(node, str) and node.tag == "p" for node in child.children)
        body = _blocks(child.children, "\n" if tight else "\n\n") or ""
        indent = " " * len(marker)
        items.append(marker + body.replace("\n", "\n" + indent).replace("\n" + indent + "\n", "\n\n"))
    return "\n".join(items)


def _code_language(code: _Node) -> str:
    """The language of a ``<code class="language-python">`` (as Markdown renderers write a fence's info string),
    or "" without one (or with one a fence's info string cannot hold)."""
    classes = " ".join(value or "" for name, value in code.attrs if name == "class").split()
    language = next((name[len("language-"):] for name in classes if name.startswith("language-")), "")
    return language if re.fullmatch(r"[^\s`]+", language) else ""


def _pre(node: _Node) -> str | None:
    content, language = _text_only(node), ""
    if content is None and len(node.children) == 1 and not isinstance(node.children[0], str) \
            and node.children[0].tag == "code":
        content, language = _text_only(node.children[0]), _code_language(node.children[0])
    if content is None:
        return None
    content = content[1:] if content.startswith("\n") else content
    content = content.rstrip("\n")
    longest = max((len(run) for run in re.findall(r"`{3,}", content)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}{language}\n{content}\n{fence}"


def _block(node: _Node) -> str:
    if node.tag == "p":
        return _paragraph(node.children)
    if node.tag == "div":
        return _blocks(node.children)
    if node.tag in ("ul", "ol"):
        return _list(node)
    if node.tag == "pre":
        fenced = _pre(node)
        return fenced if fenced is not None else _serialize(node)
    return _serialize(node)


def _is_block(node) -> bool:
    return not isinstance(node, str) and (node.tag in _BLOCK_SIMPLE or node.tag in _BLOCK_HTML)


def _blocks(nodes: list, separator: str = "\n\n") -> str:
    blocks: list[str] = []
    run: list = []

    def flush() -> None:
        if run:
            blocks.append(_paragraph(run))
            run.clear()

    for node in nodes:
        if _is_block(node):
            flush()
            blocks.append(_block(node))
        else:
            run.append(node)
    flush()
    return separator.join(block for block in blocks if block)


def html_to_markdown(source: str) -> str:
    """Simple HTML (p, br, strong/b, em/i, code, pre, a, ul/ol/li, div) as Markdown; anything else stays as
    inline HTML, verbatim. Whitespace is collapsed as a browser would; comments are dropped."""
    builder = _TreeBuilder()
    builder.feed(source)
    builder.close()
    return _blocks(builder.root.children).strip()
