"""Moodle's multilang markup (``<span lang="tr" class="multilang">`` and ``{mlang tr}``): one text per
language."""

from __future__ import annotations

import re
from dataclasses import dataclass

from quizlint.importers.identifiers import language_tag

_SPAN_LANG_OPEN = re.compile(
    r"""<span\s+(?:lang\s*=\s*["']([A-Za-z0-9_-]+)["']\s+class\s*=\s*["']multilang["']|"""
    r"""class\s*=\s*["']multilang["']\s+lang\s*=\s*["']([A-Za-z0-9_-]+)["'])\s*>""",
    re.IGNORECASE,
)
_SPAN_TAG = re.compile(r"<(/?)span\b[^>]*>", re.IGNORECASE)
_MLANG = re.compile(r"\{\s*mlang\s+([A-Za-z0-9_,\s-]+?)\s*\}(.*?)\{\s*mlang\s*\}", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class _LangBlock:
    start: int
    end: int
    langs: frozenset
    inner: str


def _closing_span(text: str, start: int) -> re.Match | None:
    """The ``</span>`` that closes a span whose content starts at ``start``: spans inside it (a styled word in a
    multilang span) are counted, so that their ``</span>`` does not end it. None when it is never closed."""
    depth = 1
    for tag in _SPAN_TAG.finditer(text, start):
        if tag.group(0).endswith("/>") and not tag.group(1):
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag
    return None


def _span_blocks(text: str) -> list[_LangBlock]:
    """The multilang spans of ``text``, each with its content as written (inner markup kept)."""
    blocks, position = [], 0
    while (opening := _SPAN_LANG_OPEN.search(text, position)) is not None:
        closing = _closing_span(text, opening.end())
        if closing is None:  # never closed: not a language block
            position = opening.end()
            continue
        blocks.append(_LangBlock(opening.start(), closing.end(),
                                 frozenset({language_tag(opening.group(1) or opening.group(2))}),
                                 text[opening.end():closing.start()]))
        position = closing.end()
    return blocks


def _language_blocks(text: str) -> list[_LangBlock]:
    blocks = _span_blocks(text)
    blocks += [_LangBlock(m.start(), m.end(),
                          frozenset(language_tag(code.strip()) for code in m.group(1).split(",") if code.strip()),
                          m.group(2))
               for m in _MLANG.finditer(text)]
    blocks.sort(key=lambda block: block.start)
    kept, last_end = [], -1
    for block in blocks:  # a {mlang} inside a span (or the reverse) is left to the outer one
        if block.start >= last_end:
            kept.append(block)
            last_end = block.end
    return kept


def split_languages(text: str) -> dict[str | None, str]:
    """``{lang: text}`` for each language of the multilang markup in ``text`` (``{None: text}`` when there is
    none). Text outside the markup belongs to every language; ``{mlang other}`` blocks make the text of the
    language ``"other"`` (the importer files it under ``--lang``)."""
    blocks = _language_blocks(text)
    if not blocks:
        return {None: text}
    languages: list[str] = []
    for block in blocks:
        for lang in sorted(block.langs):
            if lang not in languages:
                languages.append(lang)
    languages.sort(key=lambda lang: lang == "other")
    result = {}
    for lang in languages:
        out, position = [], 0
        for block in blocks:
            out.append(text[position:block.start])
            if lang in block.langs:
                out.append(block.inner)
            position = block.end
        out.append(text[position:])
        result[lang] = "".join(out)
    return result
