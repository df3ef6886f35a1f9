"""Protect what a machine translation must not change, and check what it must contain.

Before a text goes to the provider, every span that must come back unchanged — fenced and inline code,
math, URLs and link targets, HTML tags, Markdown markup (emphasis markers, list and heading markers) and the
glossary's do-not-translate terms (the term, not a suffix after an apostrophe: the "'da" of "GPU'da" is
Turkish, to be translated with the rest) — is replaced by a placeholder ``[QZ1]``, ``[QZ2]``, … After translation
the placeholders are put back. A placeholder that comes back missing, doubled or mangled makes the text
unusable (:class:`DamagedPlaceholder`): it is reported, never written.

Texts are sent line by line (Markdown line breaks survive providers that re-flow text); lines with nothing
to translate (blank, only placeholders or punctuation) are not sent at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from quizlint.model.types import Glossary
from quizlint.rules import _markup
from quizlint.rules._glossary import SOURCE_ENDINGS, _names_pattern
from quizlint.text import primary_subtag

PLACEHOLDER = "[QZ{}]"
# What providers do to a placeholder and we can still read back: spaces inside, other case, full-width or
# double brackets are not accepted; those make the text damaged.
_PLACEHOLDER_READ = re.compile(r"\[\s*[Qq][Zz]\s*(\d+)\s*\]")
_PLACEHOLDER_TRACE = re.compile(r"[Qq]\s*[Zz]\s*\d")

# Spans protected as a whole, in priority order (an earlier pattern's span is never searched by a later one).
# Code, math, links, URLs and HTML are found by the same patterns the lost-markup rule (T006) checks, so what
# is protected here is exactly what the linter expects to find unchanged.


def _whole(match: re.Match) -> tuple[int, int]:
    return match.span()


def _link_target(match: re.Match) -> tuple[int, int]:
    return match.end(2), match.end()  # `](url "title")`: the words in brackets are translated


def _url(match: re.Match) -> tuple[int, int]:
    return match.start(), match.start() + len(match.group(0).rstrip(_markup._URL_TRAILING))


_MARKUP_PATTERNS: list[tuple[re.Pattern, Callable[[re.Match], tuple[int, int]]]] = [
    (_markup._FENCED, _whole),
    (_markup._INLINE_CODE, _whole),
    (_markup._DISPLAY_MATH, _whole),
    (re.compile(r"\\\(.+?\\\)|\\\[.+?\\\]", re.DOTALL), _whole),  # \( … \) and \[ … \]
    (_markup._INLINE_MATH, _whole),
    (_markup._LINK, _link_target),
    (_markup._URL, _url),
    (_markup._HTML_TAG, _whole),  # tags and autolinks <https://…>
]
_LAYOUT_PATTERNS = [
    re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)]|>|#{1,6})(?=[ \t])", re.MULTILINE),  # list, quote, heading markers
    re.compile(r"(?<![\w*])(?:\*{1,3}|_{1,3})(?=[^\s*_])|(?<=[^\s*_])(?:\*{1,3}|_{1,3})(?![\w*])"),  # emphasis
]
_LINE_BREAK = re.compile(r"(\r?\n)")
_LETTER = re.compile(r"[^\W\d_]")


class DamagedPlaceholder(Exception):
    """The translation lost, doubled or mangled a placeholder; the text cannot be restored."""


@dataclass(frozen=True)
class Protected:
    """A text with its protected spans replaced by placeholders."""

    original: str
    text: str  # with placeholders
    spans: tuple[str, ...]  # spans[n - 1] is what [QZn] stands for

    def units(self) -> list[tuple[str, bool]]:
        """The text cut into pieces, each with whether it is sent for translation.

        Line breaks and the leading/trailing blanks of each line are kept out of what is sent.
        """
        pieces: list[tuple[str, bool]] = []
        for part in _LINE_BREAK.split(self.text):
            if not part or _LINE_BREAK.fullmatch(part):
                pieces.append((part, False))
                continue
            core = part.strip()
            lead, trail = part[: len(part) - len(part.lstrip())], part[len(part.rstrip()):]
            pieces.extend([(lead, False), (core, _has_words(core)), (trail, False)])
        return [(piece, send) for piece, send in pieces if piece]

    def restore(self, translated: str) -> str:
        """Put the protected spans back into ``translated`` (the whole text, units joined)."""
        seen: list[int] = []

        def put_back(match: re.Match) -> str:
            number = int(match.group(1))
            if not 1 <= number <= len(self.spans):
                raise DamagedPlaceholder(f"the translation holds an unknown placeholder {match.group(0)!r}")
            seen.append(number)
            return self.spans[number - 1]

        restored = _PLACEHOLDER_READ.sub(put_back, translated)
        missing = sorted(set(range(1, len(self.spans) + 1)) - set(seen))
        doubled = sorted({number for number in seen if seen.count(number) > 1})
        if missing:
            lost = ", ".join(repr(self.spans[number - 1]) for number in missing[:3])
            raise DamagedPlaceholder(f"the translation lost protected text {lost}")
        if doubled:
            raise DamagedPlaceholder(f"the translation repeats protected text {self.spans[doubled[0] - 1]!r}")
        stripped = _PLACEHOLDER_READ.sub("", translated)
        if _PLACEHOLDER_TRACE.search(stripped) and not _PLACEHOLDER_TRACE.search(self.original):
            raise DamagedPlaceholder("the translation holds a mangled placeholder")
        return restored


def _has_words(text: str) -> bool:
    return bool(_LETTER.search(_PLACEHOLDER_READ.sub(" ", text)))


def keep_terms(glossary: Glossary | None, lang: str) -> re.Pattern | None:
    """One pattern for the glossary's do-not-translate terms in a source text in ``lang``: each term as a whole
    word, in any case (Turkish i/ı too) unless the term is case-sensitive ("Go", not the verb "go"), with one of
    the endings the linter accepts on a term in a source text of that language ("GPUs"), so a word that only
    starts like a term is translated ("same" is not the name SAM). In Turkish a name takes its suffixes after an
    apostrophe. The suffix after an apostrophe is left out: "GPU's", "GPU'da" protect "GPU" only, since the
    suffix belongs to the source language and is for the provider to translate (or drop)."""
    kept = [term for term in (glossary.terms if glossary else ()) if not term.translate]
    if not kept:
        return None
    exact = tuple(term.term for term in kept if term.case_sensitive)
    return _names_pattern(tuple(term.term for term in kept), SOURCE_ENDINGS.get(primary_subtag(lang), ()),
                          apostrophe_suffix=False, exact=exact)


def protect(text: str, terms: re.Pattern | None = None) -> Protected:
    """Replace code, math, URLs, markup and do-not-translate ``terms`` in ``text`` by placeholders."""
    # Text that already looks like a placeholder is protected first, so it cannot be confused with ours.
    patterns = [(_PLACEHOLDER_READ, _whole), *_MARKUP_PATTERNS, *([(terms, _whole)] if terms is not None else []),
                *((pattern, _whole) for pattern in _LAYOUT_PATTERNS)]
    taken: list[tuple[int, int]] = []  # protected spans, sorted
    for pattern, span_of in patterns:
        found = [span for gap in _gaps(taken, len(text)) for span in _matches_within(pattern, span_of, text, *gap)]
        taken = sorted(taken + found)
    taken = _merge_adjacent(taken)
    spans = tuple(text[start:end] for start, end in taken)
    out, cursor = [], 0
    for number, (start, end) in enumerate(taken, 1):
        out.append(text[cursor:start] + PLACEHOLDER.format(number))
        cursor = end
    out.append(text[cursor:])
    return Protected(text, "".join(out), spans)


def _merge_adjacent(taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``**`` + ``safetensors`` + ``**`` become one placeholder: fewer placeholders, fewer to lose."""
    merged: list[tuple[int, int]] = []
    for start, end in taken:
        if merged and merged[-1][1] == start:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _gaps(taken: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    gaps, cursor = [], 0
    for start, end in taken:
        if start > cursor:
            gaps.append((cursor, start))
        cursor = end
    if cursor < length:
        gaps.append((cursor, length))
    return gaps


def _matches_within(pattern: re.Pattern, span_of: Callable[[re.Match], tuple[int, int]], text: str, start: int,
                    end: int) -> Iterator[tuple[int, int]]:
    """Protected spans from ``pattern`` inside ``text[start:end]``, matched against the whole text (so
    lookarounds see the protected neighbours)."""
    position = start
    while position < end:
        match = pattern.search(text, position)
        if match is None or match.start() >= end:
            return
        if match.end() <= end:
            first, last = span_of(match)
            if first < last:
                yield first, last
            position = max(match.end(), position + 1)
        else:
            position = match.start() + 1


def glossary_problems(glossary: Glossary | None, source: str, translation: str, source_lang: str,
                      target_lang: str) -> list[str]:
    """Where ``translation`` breaks the glossary, according to the linter's own glossary-term rule (T005):
    a required rendering missing, a forbidden one present, a do-not-translate term changed. What the source text
    breaks is not reported here: the translation is not to blame for it."""
    if glossary is None or not glossary.terms:
        return []
    from quizlint.lint.context import ItemContext
    from quizlint.model import Item, Quiz, QuizFile
    from quizlint.rules.base import find_rule

    rule = find_rule("glossary-term")
    if rule is None:  # pragma: no cover - the rule ships with quizlint
        return []
    languages = [source_lang, target_lang]
    quiz = Quiz(quizlint=1, id="translation", languages=languages, title="")
    item = Item(id="translation", stem={source_lang: source, target_lang: translation})
    context = ItemContext(QuizFile(None, quiz), item, 0, {}, glossary)  # type: ignore[arg-type]
    # (only what the translation breaks: a problem of the source text is the linter's to report, not this text's)
    return [problem.message.removeprefix("stem: ") for problem in rule.check(context)
            if problem.path and problem.path[-1] == target_lang]
