"""The one Markdown renderer: quiz Markdown → sanitised, well-formed XHTML (and plain text).

Every exporter (and the preview) renders stems, options, feedback and explanations here, so what an LMS
receives is decided in one place:

1. markdown-it-py, CommonMark plus tables; ``$…$`` and ``$$…$$`` math is kept as written (never read as
   emphasis) and code is kept verbatim. Raw HTML stays HTML only where it is HTML: a comment, or a tag of an
   HTML element written in one case (``<b>``, ``<SPAN>``); anything else that looks like a tag (``vector<int>``,
   ``List<Object>``, ``<?php ?>``) is text, shown as written (``_raw_html_as_text``);
2. nh3 removes everything outside an allow-list of tags and attributes that QTI 2.1/3.0 XHTML also accepts
   (and ``start`` on ``ol``, which ``append_html`` leaves out for QTI: ``list_starts`` finds it): the tags of
   other elements go and their content stays, except ``script``/``style``, whose content goes too; no event
   handlers, no ``style``/``id`` attributes, and only ``http``, ``https`` and ``mailto`` URLs
   (``javascript:`` links lose their target). What a reader would miss (the text of a ``script``, an image with
   a ``data:`` URL) is named by ``left_out``, and exports warn about it;
3. the sanitised fragment is parsed with lxml and repaired to the XHTML content model QTI validates against
   (blocks are never inside inline elements, lists hold list items, tables have a body, links have an
   ``href``, images an ``alt``, URLs are valid URI references: ``normalize_url``), then serialised as XML.

``render_html`` gives the XHTML as a string (Canvas, Moodle, GIFT, the preview); ``append_html`` copies the
elements into an lxml tree in a namespace (QTI puts XHTML in its own namespace); ``render_plain`` gives
plain text (Aiken). Formats that hand the Markdown source on (GIFT ``[markdown]``) ask ``needs_sanitising``
first: a text with raw HTML or an unsafe link goes as sanitised HTML instead. Characters XML cannot carry (C0
controls other than tab and newline, lone surrogates, U+FFFE/U+FFFF) are dropped everywhere (``xml_safe``).

markdown-it, nh3 and lxml are imported inside functions: importing this module costs nothing.
"""

from __future__ import annotations

import functools
import re

# --- the allow-list (tags and attributes QTI 2.1 and 3.0 accept in item content) ---------------------------

INLINE_TAGS = frozenset({"a", "abbr", "b", "br", "cite", "code", "dfn", "em", "i", "img", "kbd", "q", "samp",
                         "small", "strong", "sub", "sup", "var"})
BLOCK_TAGS = frozenset({"address", "blockquote", "div", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "ol", "p",
                        "pre", "table", "ul"})
STRUCTURE_TAGS = frozenset({"dd", "dt", "li", "tbody", "td", "tfoot", "th", "thead", "tr"})
ALLOWED_TAGS = INLINE_TAGS | BLOCK_TAGS | STRUCTURE_TAGS
ALLOWED_ATTRIBUTES = {"a": {"href"}, "img": {"src", "alt"}, "code": {"class"}, "ol": {"start"}}
# Elements the sanitiser removes with their content (any other element outside the allow-list loses its tag only).
CONTENT_REMOVED_TAGS = frozenset({"script", "style"})
URL_SCHEMES = frozenset({"http", "https", "mailto"})
VOID_TAGS = frozenset({"br", "hr", "img"})

_FLOW = INLINE_TAGS | BLOCK_TAGS
# What each element may contain: a set of child tags, and whether text may appear directly inside.
_INLINE_ONLY = (INLINE_TAGS, True)
_CONTENT_MODEL: dict[str, tuple[frozenset, bool]] = {
    **{tag: _INLINE_ONLY for tag in INLINE_TAGS | {"p", "h1", "h2", "h3", "h4", "h5", "h6", "address", "dt"}},
    "a": (INLINE_TAGS - {"a"}, True),
    "pre": (INLINE_TAGS - {"img", "small", "sub", "sup"}, True),
    "div": (_FLOW, True),
    "li": (_FLOW, True),
    "dd": (_FLOW, True),
    "td": (_FLOW, True),
    "th": (_FLOW, True),
    "blockquote": (BLOCK_TAGS, False),
    "ul": (frozenset({"li"}), False),
    "ol": (frozenset({"li"}), False),
    "dl": (frozenset({"dt", "dd"}), False),
    "table": (frozenset({"thead", "tfoot", "tbody"}), False),
    "thead": (frozenset({"tr"}), False),
    "tbody": (frozenset({"tr"}), False),
    "tfoot": (frozenset({"tr"}), False),
    "tr": (frozenset({"th", "td"}), False),
}
# Element-only containers wrap stray content in their usual child; they are dropped when left empty.
_WRAPPER = {"ul": "li", "ol": "li", "dl": "dd", "table": "tbody", "thead": "tr", "tbody": "tr", "tfoot": "tr",
            "tr": "td", "blockquote": "p"}
_TABLE_ORDER = {"thead": 0, "tfoot": 1, "tbody": 2}
# Elements that mean something when empty; any other empty element is dropped.
_KEPT_EMPTY = VOID_TAGS | {"td", "th", "li", "dd", "dt"}

# --- characters -------------------------------------------------------------------------------------------

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry."""
    return _NOT_XML.sub("", text)


# --- Markdown ---------------------------------------------------------------------------------------------

# Pandoc's rule for inline math: no space just inside the dollars, no word character or digit right after the
# closing one (so "$5 and $10" stays money).
_INLINE_MATH = re.compile(r"\$(?=[^\s$])((?:\\.|[^$\\\n])+?)(?<=[^\s\\])\$(?![\w$])")
_DISPLAY_MATH = re.compile(r"\$\$(.+?)\$\$", re.DOTALL)


def _math_at(src: str, pos: int, end: int) -> re.Match | None:
    """The math (``$…$`` or ``$$…$$``) that starts at ``pos`` of ``src`` and ends by ``end``, if any."""
    if src[pos] != "$" or (pos > 0 and (src[pos - 1] == "\\" or src[pos - 1].isalnum())):
        return None
    return _DISPLAY_MATH.match(src, pos, end) or _INLINE_MATH.match(src, pos, end)


def math_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each math of ``text`` read as plain text (outside code): what the parser keeps as
    written (for code that must not change it, such as escaping a text for Markdown)."""
    spans, at = [], text.find("$")
    while at >= 0:
        match = _math_at(text, at, len(text))
        if match is not None:
            spans.append(match.span())
        at = text.find("$", match.end() if match is not None else at + 1)
    return spans


# Formulas: ``$…$`` and ``$$…$$`` (read by mdit-py-plugins' dollarmath, guarded by Pandoc's rule above), ``\\(…\\)``
# and ``\\[…\\]``. Each becomes one token of type ``math`` whose ``content`` is the formula as written and whose
# ``meta`` holds its LaTeX and whether it is displayed.
MATH_TOKEN = "math"
MATH_MODES = ("source", "mathjax", "mathml")
_BRACKET_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
# (in ``mathml`` mode a formula is rendered as a placeholder, replaced by MathML once the fragment is repaired)
_MATH_OPEN, _MATH_CLOSE = "\ue000", "\ue001"
_MATH_PLACEHOLDER = re.compile("\ue000([id])(.*?)\ue001", re.DOTALL)


@functools.lru_cache(maxsize=1)
def _dollar_rule():
    from mdit_py_plugins.dollarmath.index import math_inline_dollar

    return math_inline_dollar(allow_space=False, allow_digits=False, allow_double=True)


def _math_rule(state, silent: bool) -> bool:
    """markdown-it inline rule: a formula becomes one ``math`` token (see ``MATH_TOKEN``)."""
    src, pos = state.src, state.pos
    if src[pos] == "\\":
        return _bracket_math(state, silent)
    if src[pos] != "$" or (pos > 0 and (src[pos - 1] == "\\" or src[pos - 1].isalnum())):
        return False
    count = len(state.tokens)
    if not _dollar_rule()(state, silent):
        return False
    end = state.pos
    if end > state.posMax or (end < len(src) and (src[end].isalnum() or src[end] in "_$")) or src[end - 2] == "\\":
        del state.tokens[count:]  # (beyond this span, such as a link's text, or not Pandoc's math: "$x$y")
        state.pos = pos
        return False
    if not silent:
        parsed = state.tokens[-1]
        state.tokens[-1] = _math_token(state, src[pos:end], parsed.content, parsed.type == "math_inline_double")
    return True


def _bracket_math(state, silent: bool) -> bool:
    match = _BRACKET_MATH.match(state.src, state.pos, state.posMax)
    if match is None:
        return False
    if not silent:
        if state.pending:
            state.pushPending()
        state.tokens.append(_math_token(state, match.group(0), match.group(1) or match.group(2),
                                        match.group(2) is not None))
    state.pos = match.end()
    return True


def _math_token(state, written: str, latex: str, display: bool):
    from markdown_it.token import Token

    token = Token(MATH_TOKEN, "", 0)
    token.content, token.meta = written, {"latex": latex.strip(), "display": display}
    token.level = state.level
    return token


def _math_renderer(mode: str):
    from markdown_it.common.utils import escapeHtml

    def render(self, tokens, idx, options, env) -> str:
        token = tokens[idx]
        latex, display = token.meta["latex"], token.meta["display"]
        if mode == "mathjax":
            return escapeHtml(f"\\[{latex}\\]" if display else f"\\({latex}\\)")
        if mode == "mathml":
            return _MATH_OPEN + ("d" if display else "i") + escapeHtml(latex.replace(_MATH_CLOSE, "")) + _MATH_CLOSE
        return escapeHtml(token.content)

    return render


@functools.lru_cache(maxsize=None)
def _markdown(any_link: bool = False, math: str = "source"):
    """The Markdown parser. ``any_link``: links and images keep every URL, which markdown-it otherwise turns
    back into text when their scheme is unsafe (``javascript:``); used to find them, never to render. ``math``:
    how formulas are rendered (``MATH_MODES``): as written, as MathJax's ``\\(…\\)``/``\\[…\\]``, or as MathML."""
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import escapeHtml

    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    md.normalizeLink = normalize_url
    md.inline.ruler.before("escape", "math", _math_rule)
    md.core.ruler.push("raw_html_as_text", _raw_html_as_text)
    md.add_render_rule(MATH_TOKEN, _math_renderer(math))
    md.add_render_rule(_HTML_AS_TEXT, lambda self, tokens, idx, options, env: escapeHtml(tokens[idx].content))
    if any_link:
        md.validateLink = lambda url: True
    return md


def markdown_parser():
    """The markdown-it parser quiz Markdown is read with, for code that must read a text exactly as the exports
    do (before sanitising)."""
    return _markdown()


_HTML_AS_TEXT = "html_as_text"  # the token of raw HTML shown as written
_TAG_NAME = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)")


def _raw_html_as_text(state) -> None:
    """markdown-it core rule: raw HTML that is not HTML (see ``is_html``) becomes text, shown as written; in an
    HTML block, each such tag is escaped and the rest kept."""
    for token in state.tokens:
        if token.type == "html_block":
            token.content = _escape_non_html(token.content)
        for child in token.children or ():
            if child.type == "html_inline" and not is_html(child.content):
                child.type = _HTML_AS_TEXT


def _escape_non_html(html: str) -> str:
    """``html`` with every tag markdown-it finds in it that is not HTML escaped."""
    from markdown_it.common.html_re import HTML_TAG_RE
    from markdown_it.common.utils import escapeHtml

    pieces, kept_from = [], 0
    at = html.find("<")
    while at >= 0:
        match = HTML_TAG_RE.match(html, at)
        if match is not None and not is_html(match.group(0)):
            pieces += [html[kept_from:at], escapeHtml(match.group(0))]
            kept_from = match.end()
        at = html.find("<", match.end() if match is not None else at + 1)
    return "".join(pieces) + html[kept_from:]


def is_html(raw: str) -> bool:
    """Whether ``raw``, what markdown-it takes for raw HTML, is HTML to the sanitiser: a comment, or the tag of an
    element HTML has, its name in one case (``<b>``, ``<SPAN>``). A name HTML does not have (``<int>``,
    ``<String>``), one written as a type is (``<Object>``, ``<Option>``), a declaration, processing instruction
    or CDATA section is what the author means to show."""
    if raw.startswith("<!--"):
        return True
    match = _TAG_NAME.match(raw)
    if match is None:
        return False
    name = match.group(1)
    return (name.islower() or name.isupper()) and name.lower() in _html_element_names()


@functools.lru_cache(maxsize=None)
def _html_element_names() -> frozenset:
    from lxml.html.defs import tags

    return frozenset(tags) | ALLOWED_TAGS


def normalize_url(url: str) -> str:
    """``url`` as a valid URI reference (``xs:anyURI``, which QTI's ``href`` and ``src`` are): markdown-it's
    normalisation of link destinations (percent-encoding a ``%`` without two hex digits after it, spaces,
    non-ASCII and the characters URIs cannot hold, such as ``]`` and ``>``, keeping ``%XX`` escapes; host names
    in punycode), and a ``#`` inside the fragment, which it keeps, as ``%23``. Markdown links and images get it
    as they are parsed, every ``href`` and ``src`` (raw HTML ones too) again once sanitised; a second pass changes
    nothing."""
    from markdown_it.common.normalize_url import normalizeLink

    before_fragment, mark, fragment = normalizeLink(url).partition("#")
    return before_fragment + mark + fragment.replace("#", "%23")


@functools.lru_cache(maxsize=None)
def _cleaner():
    import nh3

    return nh3.Cleaner(tags=set(ALLOWED_TAGS), clean_content_tags=set(CONTENT_REMOVED_TAGS),
                       attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
                       attribute_filter=_attribute_filter, link_rel=None, url_schemes=set(URL_SCHEMES),
                       strip_comments=True)


_VALID_VALUE = {"class": re.compile(r"language-[A-Za-z0-9_+#.-]{1,40}"), "start": re.compile(r"[0-9]{1,9}")}


def _attribute_filter(tag: str, attribute: str, value: str) -> str | None:
    """Only the allow-listed attributes (nh3 also lets ``lang`` and ``title`` through on every tag), with a value
    of their kind (a ``language-`` class, a list's start number)."""
    if attribute not in ALLOWED_ATTRIBUTES.get(tag, ()):
        return None
    valid = _VALID_VALUE.get(attribute)
    return value if valid is None or valid.fullmatch(value) else None


# Text with none of these characters, not starting like a list, heading or code block, renders as one
# paragraph of escaped text: the fast path skips the Markdown parser and the sanitiser for it.
_MARKUP_CHARS = re.compile(r"[\\`*_\[\]<>&!#|$~\n\r\t]|^[-+=>0-9 ]|\s$")


def is_plain_paragraph(text: str) -> bool:
    return bool(text) and _MARKUP_CHARS.search(text) is None


def _sanitised_html(markdown: str, math: str = "source") -> str:
    return _cleaner().clean(_markdown(math=math).render(markdown))


def needs_sanitising(markdown: str | None) -> bool:
    """Whether ``markdown``, handed on as Markdown source (GIFT ``[markdown]``), could carry what the sanitiser
    removes: raw HTML, or a link or image whose URL has a scheme other than ``http``, ``https`` or ``mailto``.
    Formats that pass Markdown on write such a text as sanitised HTML instead."""
    if not markdown or not ("<" in markdown or "[" in markdown):  # no HTML, no link, no image
        return False
    return any(_is_active(token) for token in _walk(_markdown(any_link=True).parse(xml_safe(markdown))))


def _walk(tokens):
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


_URL_ATTRIBUTE = {"link_open": "href", "image": "src"}


def _is_active(token) -> bool:
    """Raw HTML, or a link or image to a URL the sanitiser would not keep."""
    if token.type in ("html_block", "html_inline", _HTML_AS_TEXT):
        return True
    url = token.attrGet(_URL_ATTRIBUTE[token.type]) if token.type in _URL_ATTRIBUTE else None
    return url is not None and _url_scheme(url) not in URL_SCHEMES | {""}


def _url_scheme(url: str) -> str:
    """The scheme of ``url`` as a browser reads it, ignoring control characters and spaces (a tab inside
    ``javascript:`` does not hide it); ``""`` for a relative URL."""
    match = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", re.sub(r"[\x00-\x20]", "", url))
    return match.group(1).lower() if match else ""


# --- what the sanitiser leaves out ------------------------------------------------------------------------


def left_out(markdown: str | None) -> list[str]:
    """What a reader of ``markdown`` would miss in its rendering, described for a warning: text the sanitiser
    removes (the content of ``script`` and ``style``), and images whose URL it does not keep (``data:``,
    ``file:``). Empty for nearly every text (and at once for one without raw HTML or an image)."""
    if not markdown or not ("<" in markdown or "](" in markdown):
        return []
    return list(_left_out(xml_safe(markdown).strip()))


_QUOTED_MAX = 60


@functools.lru_cache(maxsize=1024)
def _left_out(markdown: str) -> tuple[str, ...]:
    import lxml.html

    rendered = _markdown().render(markdown)
    if not rendered.strip():
        return ()
    before = lxml.html.fragment_fromstring(rendered, create_parent="div")
    lost = [f"the image {_quoted(image.get('alt') or image.get('src'))} (a {_url_scheme(image.get('src'))}: URL)"
            for image in before.iter("img") if _url_scheme(image.get("src") or "") not in URL_SCHEMES | {""}]
    text = _missing_text(before.text_content(), "".join(_fragment(markdown, False).itertext()))
    if text:
        lost.insert(0, f"the text {_quoted(text)}")
    return tuple(lost)


def _missing_text(before: str, after: str) -> str:
    """The runs of ``before`` that ``after`` lacks, joined by " … " ("" when ``after`` has every character of
    ``before``, in whatever order and spacing: the repairs move text and add spaces, never remove any)."""
    from collections import Counter
    from difflib import SequenceMatcher

    if not Counter("".join(before.split())) - Counter("".join(after.split())):
        return ""
    before, after = " ".join(before.split()), " ".join(after.split())
    runs = [before[start:end].strip() for tag, start, end, _, _ in
            SequenceMatcher(None, before, after, autojunk=False).get_opcodes() if tag in ("delete", "replace")]
    return " … ".join(run for run in runs if run)


def _quoted(text: str) -> str:
    return repr(text if len(text) <= _QUOTED_MAX else text[:_QUOTED_MAX - 1] + "…")


def list_starts(markdown: str | None) -> list[int]:
    """The numbers the ordered lists of ``markdown`` start at, for those that do not start at 1 (Markdown's
    ``3. …``, HTML's ``<ol start="3">``)."""
    if not markdown:
        return []
    return [int(start) for start in (ol.get("start") for ol in _fragment(markdown, False).iter("ol"))
            if start is not None and int(start) != 1]


# --- repairing the fragment -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def lxml_etree():
    """``lxml.etree``, imported on first use (for hot paths: cheaper than an import statement per call)."""
    from lxml import etree

    return etree


def _new_element(tag: str):
    return lxml_etree().Element(tag)


def _unwrap(element) -> None:
    """Replace ``element`` by its content (text, children, tail), in place."""
    parent = element.getparent()
    index = parent.index(element)
    children = list(element)
    _add_text(parent, index, element.text)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)
    if children:
        children[-1].tail = (children[-1].tail or "") + (element.tail or "") or None
    else:
        _add_text(parent, index, element.tail)
    element.tail = None
    parent.remove(element)


def _add_text(parent, index: int, text: str | None) -> None:
    """Append ``text`` just before the child at ``index`` (after the previous sibling, or as parent text)."""
    if not text:
        return
    if index == 0:
        parent.text = (parent.text or "") + text
    else:
        previous = parent[index - 1]
        previous.tail = (previous.tail or "") + text


def _wrap(child, tag: str) -> None:
    """Put ``child`` (and its tail) inside a new ``tag`` element, in its place."""
    wrapper = _new_element(tag)
    child.addprevious(wrapper)
    wrapper.append(child)


def _fix_children(element) -> None:
    """Make the children of ``element`` fit its content model, then repair them recursively."""
    allowed, text_allowed = _CONTENT_MODEL.get(element.tag, (_FLOW, True))
    if not text_allowed:
        _wrap_stray_text(element)
    changed = True
    while changed:  # unwrapping promotes grandchildren, which must be checked in turn
        changed = False
        for child in list(element):
            if child.tag in allowed:
                continue
            changed = True
            if element.tag in _WRAPPER and child.tag in _FLOW | STRUCTURE_TAGS:
                _wrap(child, _WRAPPER[element.tag])
            else:
                _separate_block(child, element)
                _unwrap(child)
        if not text_allowed:
            _wrap_stray_text(element)
    for child in list(element):
        _fix_element(child)
    if element.tag == "table":
        _order_table(element)


def _separate_block(child, parent) -> None:
    """Keep words apart when a block is flattened into inline content."""
    if child.tag in BLOCK_TAGS | STRUCTURE_TAGS and parent.tag not in _WRAPPER:
        child.tail = " " + (child.tail or "")


def _wrap_stray_text(element) -> None:
    """In an element-only container, drop whitespace and wrap any other text in the usual child."""
    wrapper_tag = _WRAPPER.get(element.tag, "p")
    if element.text and element.text.strip():
        wrapper = _new_element(wrapper_tag)
        wrapper.text = element.text
        element.insert(0, wrapper)
    element.text = None
    for child in list(element):
        if child.tail and child.tail.strip():
            wrapper = _new_element(wrapper_tag)
            wrapper.text = child.tail
            child.addnext(wrapper)
        child.tail = None


_URL_OF_TAG = {"a": "href", "img": "src"}


def _fix_element(element) -> None:
    if element.tag == "a" and not element.get("href"):
        _unwrap(element)
        return
    if element.tag == "img":
        if not element.get("src"):
            _drop(element)
            return
        element.set("alt", element.get("alt", ""))
    if element.tag in _URL_OF_TAG:
        attribute = _URL_OF_TAG[element.tag]
        element.set(attribute, normalize_url(element.get(attribute)))
    if element.tag in VOID_TAGS:
        for child in list(element):
            element.remove(child)
        element.text = None
        return
    _fix_children(element)
    if len(element) == 0 and (element.tag in _WRAPPER or _is_empty(element)):
        _drop(element)


def _is_empty(element) -> bool:
    return element.tag not in _KEPT_EMPTY and not (element.text or "").strip()


def _drop(element) -> None:
    """Remove ``element`` and its content, keeping its tail."""
    parent = element.getparent()
    _add_text(parent, parent.index(element), element.tail)
    parent.remove(element)


def _order_table(table) -> None:
    """thead, tfoot, then tbody (at least one); a head without a body becomes the body."""
    sections = list(table)
    seen: set[str] = set()
    for section in sections:
        if section.tag in seen and section.tag != "tbody":
            section.tag = "tbody"
        seen.add(section.tag)
    if sections and "tbody" not in seen:
        sections[-1].tag = "tbody"
    for section in sorted(sections, key=lambda part: _TABLE_ORDER[part.tag]):
        table.append(section)


def _fragment_from_html(html: str):
    """Parse sanitised HTML into a ``div`` holding the repaired fragment."""
    import lxml.html
    from lxml import etree

    wrapper = etree.Element("div")
    if html.strip():
        parsed = lxml.html.fragment_fromstring(html, create_parent="div")
        wrapper.text = parsed.text
        for child in parsed:
            if isinstance(child.tag, str):
                wrapper.append(_plain_copy(child))
            else:  # a comment or processing instruction that slipped through: keep only its tail
                _add_text(wrapper, len(wrapper), child.tail)
    _fix_children(wrapper)
    _strip_outer_whitespace(wrapper)
    return wrapper


def _plain_copy(html_element):
    """A plain ``etree`` copy of an lxml.html element (no HtmlElement classes, no comments)."""
    from lxml import etree

    copy = etree.Element(html_element.tag, {key: xml_safe(value) for key, value in html_element.attrib.items()})
    copy.text = html_element.text
    for child in html_element:
        if isinstance(child.tag, str):
            copy.append(_plain_copy(child))
        else:
            _add_text(copy, len(copy), child.tail)
    copy.tail = html_element.tail
    return copy


def _strip_outer_whitespace(wrapper) -> None:
    if wrapper.text:
        wrapper.text = wrapper.text.lstrip() or None
    if len(wrapper):
        last = wrapper[-1]
        last.tail = last.tail.rstrip() if last.tail else None
        last.tail = last.tail or None
    elif wrapper.text:
        wrapper.text = wrapper.text.rstrip() or None


@functools.lru_cache(maxsize=8192)
def _fragment(markdown: str, compact: bool, math: str = "source"):
    """The repaired fragment of ``markdown`` in a ``div`` (shared: callers copy, never change it); formulas as
    ``math`` says (``MATH_MODES``)."""
    markdown = xml_safe(markdown).strip()
    if is_plain_paragraph(markdown):
        wrapper = _new_element("div")
        if compact:
            wrapper.text = markdown
        else:
            paragraph = _new_element("p")
            paragraph.text = markdown
            wrapper.append(paragraph)
        return wrapper
    wrapper = _fragment_from_html(_sanitised_html(markdown.replace(_MATH_OPEN, "").replace(_MATH_CLOSE, ""), math))
    if math == "mathml":
        _insert_mathml(wrapper)
    if compact:
        _unwrap_single_paragraph(wrapper)
    return wrapper


MATHML_NS = "http://www.w3.org/1998/Math/MathML"


def mathml_element(latex: str, display: bool):
    """The MathML ``math`` element of ``latex`` (latex2mathml), or None when it does not convert. The LaTeX goes
    with it as a TeX annotation (``semantics``), from which an import gets the formula back as written."""
    from latex2mathml.converter import convert

    try:
        math = lxml_etree().fromstring(convert(latex, display="block" if display else "inline"))
    except Exception:  # noqa: BLE001 (latex2mathml raises many kinds of errors on LaTeX it cannot read)
        return None
    etree, ns = lxml_etree(), f"{{{MATHML_NS}}}"
    semantics = etree.Element(ns + "semantics")
    shown = list(math)
    if len(shown) == 1:
        semantics.append(shown[0])
    else:
        row = etree.SubElement(semantics, ns + "mrow")
        row.extend(shown)
    etree.SubElement(semantics, ns + "annotation", encoding="application/x-tex").text = latex
    math.append(semantics)
    return math


def _insert_mathml(wrapper) -> None:
    """Replace the formula placeholders in the texts of ``wrapper`` by MathML (a formula latex2mathml cannot
    convert stays as written, between dollars)."""
    for element in list(wrapper.iter()):
        if element.text and _MATH_OPEN in element.text:
            pieces = _MATH_PLACEHOLDER.split(element.text)
            element.text = pieces[0]
            _insert_pieces(element, 0, pieces)
        if element is not wrapper and element.tail and _MATH_OPEN in element.tail:
            pieces = _MATH_PLACEHOLDER.split(element.tail)
            element.tail = pieces[0]
            parent = element.getparent()
            _insert_pieces(parent, parent.index(element) + 1, pieces)


def _insert_pieces(parent, index: int, pieces: list[str]) -> None:
    """Insert at ``index`` of ``parent`` the formulas of ``pieces`` (split by ``_MATH_PLACEHOLDER``: text, kind,
    LaTeX, text…), each followed by its text."""
    for at in range(1, len(pieces), 3):
        kind, latex, after = pieces[at], pieces[at + 1], pieces[at + 2]
        math = mathml_element(latex, kind == "d")
        if math is None:
            delimiter = "$$" if kind == "d" else "$"
            _add_text(parent, index, f"{delimiter}{latex}{delimiter}{after}")
            continue
        math.tail = after or None
        parent.insert(index, math)
        index += 1


def _unwrap_single_paragraph(wrapper) -> None:
    if len(wrapper) == 1 and wrapper[0].tag == "p" and not wrapper.text and not wrapper[0].tail:
        _unwrap(wrapper[0])


# --- public API -------------------------------------------------------------------------------------------


def render_html(markdown: str | None, *, compact: bool = False, math: str = "source",
                urls: dict[str, str] | None = None) -> str:
    """``markdown`` as a sanitised, well-formed XHTML fragment (no namespace).

    ``compact``: a text that is one paragraph comes back without its ``<p>`` (for options and inline use).
    ``math``: how formulas are written (``MATH_MODES``). ``urls``: image sources and link targets to replace (as
    markdown-it normalised them: the media an export packages).
    """
    from xml.sax.saxutils import escape

    if not markdown:
        return ""
    wrapper = _with_urls(_fragment(markdown, compact, math), urls)
    tostring = lxml_etree().tostring
    return escape(wrapper.text or "") + "".join(tostring(child, encoding="unicode") for child in wrapper)


def append_html(parent, markdown: str | None, *, namespace: str | None = None, compact: bool = False,
                blocks: bool = False, list_start: bool = True, math: str = "source",
                urls: dict[str, str] | None = None) -> None:
    """Append the rendered ``markdown`` to the lxml element ``parent``, its elements in ``namespace``.

    ``blocks``: the place accepts block elements only (a QTI ``itemBody``): loose text and inline elements
    at the top level are wrapped in ``<p>``. ``list_start`` False: ordered lists lose the number they start at
    (QTI's XHTML has no ``start``). ``math`` and ``urls``: as for ``render_html`` (MathML keeps its namespace).
    """
    if not markdown:
        return
    wrapper = _with_urls(_fragment(markdown, compact and not blocks, math), urls)
    copy = _Copy(f"{{{namespace}}}" if namespace else "", list_start)
    if blocks:
        _copy_as_blocks(parent, wrapper, copy)
    else:
        _add_text(parent, len(parent), wrapper.text)
        for child in wrapper:
            copy.append(parent, child)


def _with_urls(wrapper, urls: dict[str, str] | None):
    """``wrapper``, or a copy of it whose image sources and link targets found in ``urls`` are replaced."""
    if not urls:
        return wrapper
    import copy

    if not any(element.get(_URL_OF_TAG[element.tag]) in urls for element in wrapper.iter("img", "a")):
        return wrapper
    changed = copy.deepcopy(wrapper)
    for element in changed.iter("img", "a"):
        attribute = _URL_OF_TAG[element.tag]
        if element.get(attribute) in urls:
            element.set(attribute, urls[element.get(attribute)])
    return changed


def _copy_as_blocks(target, source, copy: "_Copy") -> None:
    """Copy ``source``'s content into ``target``, gathering loose text and inline elements into paragraphs."""
    etree = lxml_etree()
    paragraph = None

    def add_text(text: str | None) -> None:
        nonlocal paragraph
        if text and text.strip():
            if paragraph is None:
                paragraph = etree.SubElement(target, copy.prefix + "p")
            _add_text(paragraph, len(paragraph), text)

    add_text(source.text)
    for child in source:
        if child.tag in INLINE_TAGS or child.tag == f"{{{MATHML_NS}}}math":
            if paragraph is None:
                paragraph = etree.SubElement(target, copy.prefix + "p")
            copy.append(paragraph, child).tail = child.tail
        else:
            paragraph = None
            copy.append(target, child).tail = None
            add_text(child.tail)


class _Copy:
    """How ``append_html`` copies elements: into a namespace (``prefix``), with or without lists' ``start``."""

    def __init__(self, prefix: str, list_start: bool):
        self.prefix, self.list_start = prefix, list_start

    def append(self, target, source):
        """A copy of ``source`` (its tail too) as the last child of ``target``."""
        attributes = dict(source.attrib)
        if not self.list_start and source.tag == "ol":
            attributes.pop("start", None)
        if source.tag == f"{{{MATHML_NS}}}math":  # MathML keeps its namespace, declared on its root
            copied = lxml_etree().SubElement(target, source.tag, attributes, nsmap={None: MATHML_NS})
        else:
            tag = source.tag if source.tag.startswith("{") else self.prefix + source.tag
            copied = lxml_etree().SubElement(target, tag, attributes)
        copied.text = source.text
        for child in source:
            self.append(copied, child)
        copied.tail = source.tail
        return copied


_PLAIN_BLOCKS = BLOCK_TAGS | {"li", "dt", "dd", "tr"}
_PARAGRAPH_BREAK, _LINE_BREAK = "\x00P", "\x00L"  # markers, resolved once the text is put together
_BREAKS = re.compile(r"[ \t]*(?:\x00[PL][ \t\n]*)+")


def render_plain(markdown: str | None) -> str:
    """``markdown`` as plain text after sanitising: a blank line between blocks, a line per list item (after
    ``- ``) or table row, code and math as written, a link as its text and ``<URL>``, an image as its alt."""
    if not markdown:
        return ""
    parts: list[str] = []
    _plain_parts(_fragment(markdown, False), parts, in_pre=False)
    return _BREAKS.sub(_resolve_breaks, "".join(parts)).strip()


def _resolve_breaks(match: re.Match) -> str:
    return "\n\n" if _PARAGRAPH_BREAK in match.group(0) else "\n"


def _plain_parts(element, parts: list[str], in_pre: bool) -> None:
    tag = element.tag
    line_like = tag in {"li", "dt", "dd", "tr"}
    if tag in _PLAIN_BLOCKS:
        parts.append(_LINE_BREAK if line_like else _PARAGRAPH_BREAK)
    parts.append({"li": _item_marker(element), "br": _LINE_BREAK, "img": element.get("alt", "")}.get(tag, ""))
    inside_pre = in_pre or tag == "pre"
    if element.text:
        parts.append(element.text if inside_pre else _collapse(element.text))
    for child in element:
        _plain_parts(child, parts, inside_pre)
        if child.tail:
            parts.append(child.tail if inside_pre else _collapse(child.tail))
    href = element.get("href") if tag == "a" else None
    if href and href != "".join(element.itertext()):
        parts.append(f" <{href}>")
    if tag in {"td", "th"}:
        parts.append("\t")
    if tag in _PLAIN_BLOCKS:
        parts.append(_LINE_BREAK if line_like else _PARAGRAPH_BREAK)


def _item_marker(item) -> str:
    parent = item.getparent()
    if parent is None or parent.tag != "ol":
        return "- "
    return f"{int(parent.get('start', 1)) + parent.index(item)}. "


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text)


__all__ = ["ALLOWED_ATTRIBUTES", "ALLOWED_TAGS", "URL_SCHEMES", "append_html", "is_plain_paragraph", "left_out",
           "list_starts", "lxml_etree", "markdown_parser", "math_spans", "needs_sanitising", "normalize_url",
           "render_html", "render_plain", "xml_safe"]
