"""What a translation must carry over unchanged, and what is left of a text once that is taken away.

``extract_markup(text)`` finds the parts of a Markdown text that are not translated: numbers, inline code
and fenced code, URLs (bare, autolinks, link and image targets), math (``$...$``, ``$$...$$``), and counts
emphasis and links (their words are translated, their markup is not). ``prose(text)`` is the opposite: the
natural-language words of a text with code, URLs, math, numbers and identifier-like tokens (acronyms such as
CSV or QLoRA, words with digits such as MP3 or INT8, snake_case, file.names) removed; the translation rules
use it to decide whether a text is language-neutral and to feed the language identifier.

Numbers: a number token may use `.` or `,` as decimal mark or digit grouping, so "0,5" (Turkish) equals
"0.5" and "1.000" (Turkish) equals "1,000" (English). A minus sign glued to a number ("-5", "−5", U+2212: the
same sign) is part of it; a hyphen after a word or a number ("COVID-19", "5-10") is not. Digits attached to
letters (INT8, MP3, v2) belong to a name, not to a number. Number words ("four") are not numbers: a digit in the
source must stay a digit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from quizlint.memo import Memo
from quizlint.text import INLINE_CODE as _INLINE_CODE
from quizlint.text import MARKDOWN_ESCAPABLE, has_digit, nfc, outside_inline_code, stand_ins_back, with_escapes_shown

_FENCED = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.DOTALL | re.MULTILINE)
_DISPLAY_MATH = re.compile(r"\$\$(.+?)\$\$", re.DOTALL)
# Pandoc's rule: no space after the opening `$`, none before the closing one, no digit right after it
# (so "$5 and $10" is money, not math).
_INLINE_MATH = re.compile(r"(?<![\\$\w])\$(?=\S)([^$\n]+?)(?<=\S)(?<!\\)\$(?![\w$])")
_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\[\]\"'`]+|\bwww\.[^\s<>()\[\]\"'`]+", re.IGNORECASE)
_URL_TRAILING = ".,;:!?"
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1", re.DOTALL)
_EMPHASIS = re.compile(r"(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])"
                       r"|(?<![_\w])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![_\w])", re.DOTALL)
# (a digit, then what must not come before it: written with the digit first, the regex engine looks for digits
# instead of trying the look-behinds at every position; then the rest of the number: 1 to 3 digits followed by
# groups of three after a space, as "10 000" is written in many languages (not a group glued to a word or a hyphen:
# "3 100-metre runs" are 3 runs), or any digits; then groups after a point or a comma)
_NUMBER = re.compile(r"\d(?<![^\W\d_]\d)(?<![\d.,]\d)(?:\d{0,2}(?:[ \u00a0\u202f]\d{3}(?![\w-]))+|\d*)(?:[.,]\d+)*")
# the same for an ASCII text, in which it finds the same tokens faster (its \d and \w are those of ASCII)
_ASCII_NUMBER = re.compile(_NUMBER.pattern, re.ASCII)
# A minus sign ("-" or U+2212) glued to the digits after it is part of their number, unless it follows a word, a
# digit, a point, a comma or another minus ("COVID-19", "5-10", "1e-5", "--5") or a digit and a space (the range
# "5 -10"); a list marker is followed by a space, never glued to a digit.
_MINUS_SIGN = re.compile(r"(?<![\w.,\-\u2212])(?<!\d[ \u00a0\u202f])[-\u2212]")
_SPACE = re.compile(r"\s+")
_WORD_LETTERS = re.compile(r"[^\W\d_]+")
_NOT_LETTERS = re.compile(r"[\W\d_]+")
_APOSTROPHE = re.compile(r"['’]")
_WWW = re.compile(r"www\.", re.IGNORECASE)
# What ``strip_untranslatable`` looks for first: without any of these, it leaves a text as it is.
_MARKUP_HINT = re.compile(r"[`$<]|~~~|\]\(|://|(?i:www\.)")
# ... and ``extract_markup``, which also counts emphasis.
_MARKUP_OR_EMPHASIS_HINT = re.compile(r"[`$<*_]|~~~|\]\(|://|(?i:www\.)")
_EDGE_PUNCTUATION = "\"'“”‘’«»()[]{}<>.,;:!?…*_~#|/\\-–—"
_SENTENCE_END = ".!?:…"
_AFTER_SENTENCE_END = "\"'”’»)]}*_~"  # (what may follow a sentence's end in its token: "said.\"", "**Note:**")
# A token that marks an item of a list at the start of a line ("-", "*", "1)", "a)"): the word after it starts one
_LIST_MARKER = re.compile(r"[-*+•>#]+|\w{1,3}[.)]")


@dataclass(frozen=True)
class Markup:
    """The untranslatable parts of one text."""

    numbers: tuple[str, ...] = ()  # number tokens as written, in order
    code: tuple[str, ...] = ()  # inline code and fenced code contents
    urls: tuple[str, ...] = ()
    math: tuple[str, ...] = ()
    counts: Counter = field(default_factory=Counter)  # "strong", "emphasis", "link", "image"


_NO_MARKUP = Markup()
# the markup of texts with numbers only, by their numbers (shared like _NO_MARKUP: most texts of a bank)
_NUMBERS_ONLY = Memo(Markup, limit=10_000)


def _squeeze(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _clean_url(url: str) -> str:
    return url.rstrip(_URL_TRAILING)


def _take(pattern: re.Pattern, text: str, group, found: list[str]) -> str:
    """Remove every match of ``pattern`` from ``text`` (replaced by a space), collecting ``group`` of each."""

    def keep(match: re.Match) -> str:
        value = group(match) if callable(group) else match.group(group)
        found.append(_squeeze(value))
        return " "

    return pattern.sub(keep, text)


def code_pieces(text: str) -> list[tuple[str, bool]]:
    """The code of ``text`` as written, each piece with whether it is a code block (fenced) or inline code."""
    blocks: list[str] = []
    inline: list[str] = []
    rest = _FENCED.sub(lambda match: blocks.append(match.group(2)) or " ", text)
    _INLINE_CODE.sub(lambda match: inline.append(match.group(2)) or " ", rest)
    return [(block, True) for block in blocks] + [(piece, False) for piece in inline]


def squeezed(text: str) -> str:
    """``text`` with its runs of whitespace as one space, as the pieces of ``extract_markup`` are."""
    return _squeeze(text)


def _without_code_and_math(text: str, code: list[str], math: list[str]) -> str:
    if "`" in text or "~~~" in text:
        text = _take(_FENCED, text, 2, code)
        text = _take(_INLINE_CODE, text, 2, code)
    if "$" in text:
        text = _take(_DISPLAY_MATH, text, 1, math)
        text = _take(_INLINE_MATH, text, 1, math)
    return text


def _without_links_and_urls(text: str, urls: list[str], counts: Counter) -> str:
    def link(match: re.Match) -> str:
        counts["image" if match.group(1) else "link"] += 1
        urls.append(_clean_url(match.group(3)))
        return f" {match.group(2)} "

    if "](" in text:
        text = _LINK.sub(link, text)
    if "://" in text or _WWW.search(text) is not None:
        text = _take(_URL, text, lambda match: _clean_url(match.group(0)), urls)
    return _HTML_TAG.sub(" ", text) if "<" in text else text


def _count_emphasis(text: str, counts: Counter) -> None:
    if "*" not in text and "_" not in text:
        return
    strong = _STRONG.findall(text)
    counts["strong"] += len(strong)
    counts["emphasis"] += len(_EMPHASIS.findall(_STRONG.sub(lambda match: f" {match.group(2)} ", text)))


def extract_markup(text: str) -> Markup:
    if not has_markup_or_emphasis(text):  # the common case: at most numbers
        return _NUMBERS_ONLY[tuple(number_tokens(text))] if has_digit(text) else _NO_MARKUP
    code: list[str] = []
    math: list[str] = []
    urls: list[str] = []
    counts: Counter = Counter()
    rest = _without_code_and_math(text, code, math)
    rest = _without_links_and_urls(rest, urls, counts)
    _count_emphasis(rest, counts)
    numbers = tuple(number_tokens(rest))
    return Markup(numbers, tuple(code), tuple(urls), tuple(math), counts)


def number_tokens(text: str) -> list[str]:
    """The number tokens of ``text`` as written (with their minus sign), in order."""
    pattern = _ASCII_NUMBER if text.isascii() else _NUMBER
    if "-" not in text and "\u2212" not in text:  # (most texts)
        return pattern.findall(text)
    return [text[match.start() - 1:match.end()] if _has_minus_sign(text, match.start()) else match.group()
            for match in pattern.finditer(text)]


def _has_minus_sign(text: str, digits_at: int) -> bool:
    """Whether the number whose digits start at ``digits_at`` of ``text`` has a minus sign (see ``_MINUS_SIGN``)."""
    return digits_at > 0 and _MINUS_SIGN.match(text, digits_at - 1) is not None


def has_number_token(text: str, token: str) -> bool:
    """Whether ``token``, a number token, is one of ``number_tokens(text)``: looked for where it is written, not by
    finding every token of ``text``. (A token's digits start where ``_NUMBER`` matches: its look-behinds see the
    text before the match, so no token runs into it from the left; it has a minus sign exactly when
    ``_has_minus_sign``; and it ends where the match ends.)"""
    signed = token[0] in _MINUS_SIGNS
    at = text.find(token)
    while at >= 0:
        digits_at = at + 1 if signed else at
        match = _NUMBER.match(text, digits_at)
        if match is not None and match.end() == at + len(token) and _has_minus_sign(text, digits_at) == signed:
            return True
        at = text.find(token, at + 1)
    return False


def _plain_decimal(digits: str) -> str:
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return digits
    return format(value.normalize(), "f")


@lru_cache(maxsize=4096)
def number_values(token: str, decimal_mark: str | None = None) -> frozenset[str]:
    """The values a number token can mean: "0,5" → {0.5}; "1,000" → {1000, 1}; "1.234,5" → {1234.5}; "10 000"
    → {10000}.

    A separator is digit grouping when every group after it has three digits; the last separator can be the
    decimal mark. With the ``decimal_mark`` of the text's language ("." in English, "," in Turkish), only that
    one is: "1,000" in English is 1000 alone. Tokens that fit no reading (2.1.1) are compared as written.
    """
    return number_readings(token, decimal_mark) or frozenset({token})


@lru_cache(maxsize=4096)
def number_readings(token: str, decimal_mark: str | None = None) -> frozenset[str]:
    """``number_values`` without the fallback: empty when the token fits no reading (2.1.1, or "0.5" in Turkish)."""
    compact = token.translate(_AS_DECIMAL)
    separators = re.findall(r"[.,]", compact)
    groups = re.split(r"[.,]", compact)
    if not separators:
        return frozenset({_plain_decimal(compact)})
    values = set()
    if len(set(separators)) == 1 and separators[0] != decimal_mark and all(len(group) == 3 for group in groups[1:]):
        values.add(_plain_decimal("".join(groups)))
    last = separators[-1]
    if decimal_mark in (None, last) and all(mark != last for mark in separators[:-1]) \
            and all(len(group) == 3 for group in groups[1:-1]):
        values.add(_plain_decimal("".join(groups[:-1]) + "." + groups[-1]))
    return frozenset(values)


@lru_cache(maxsize=4096)
def misread_values(token: str, source_mark: str | None, target_mark: str | None) -> tuple[str, str] | None:
    """When ``token``, copied as written from a text whose language has ``source_mark`` into one with
    ``target_mark``, means a number in each and not the same one ("2,500": 2500 in English, 2.5 in Turkish):
    its value in each (the smallest of several), else None. A token that is a number in only one of them
    (3.10.2, "0.5" in Turkish) is not misread: it is a version, a date or a name, kept as written."""
    if source_mark == target_mark or ("," not in token and "." not in token):
        return None
    source, target = number_readings(token, source_mark), number_readings(token, target_mark)
    if not source or not target or source & target:
        return None
    return min(source, key=Decimal), min(target, key=Decimal)


_MINUS_SIGNS = "-\u2212"
# a token as ``Decimal`` reads it: without the spaces that group its digits, and "-" for either minus sign
_AS_DECIMAL = {**dict.fromkeys(map(ord, " \u00a0\u202f")), ord("\u2212"): "-"}


def missing_numbers(source: Markup, target: Markup, source_mark: str | None = None,
                    target_mark: str | None = None) -> list[str]:
    """Source number tokens with no number of the same value in the target (each distinct token once), each read
    with the decimal mark of its language (see ``number_values``): a token copied as written is kept unless it
    is ``misread_values`` in the target's language ("2,500" from English in a Turkish text)."""
    written = set(target.numbers)
    if written.issuperset(source.numbers) and (source_mark == target_mark or not any(
            misread_values(token, source_mark, target_mark) for token in source.numbers if "," in token or "." in token)):
        return []  # the usual case: every token copied as it is, and read the same
    target_values = [number_values(token, target_mark) for token in written]
    missing: list[str] = []
    for token in dict.fromkeys(source.numbers):
        if token in written and not misread_values(token, source_mark, target_mark):
            continue
        values = number_values(token, source_mark)
        if not any(values & candidate for candidate in target_values):
            missing.append(token)
    return missing


def missing_verbatim(source: tuple[str, ...], target: tuple[str, ...]) -> list[str]:
    """Source pieces (code, URLs, math) that do not appear, unchanged, in the target."""
    present = set(target)
    return [piece for piece in dict.fromkeys(source) if piece not in present]


def lost_counts(source: Markup, target: Markup) -> dict[str, tuple[int, int]]:
    """Kinds of markup (emphasis, links…) that the target has fewer of: kind → (source count, target count)."""
    return {kind: (count, target.counts[kind]) for kind, count in sorted(source.counts.items())
            if target.counts[kind] < count}


# ---------------------------------------------------------------------------------------------- prose


def _is_identifier(token: str) -> bool:
    """A name rather than a word: has a digit, `_`, an inner `.`, or two capitals (CSV, QLoRA, GPU'da)."""
    base = _APOSTROPHE.split(token, 1)[0]
    if any(ch.isdigit() for ch in base) or "_" in base or "." in base.strip("."):
        return True
    return sum(1 for ch in base if ch.isupper()) >= 2


def strip_untranslatable(text: str) -> str:
    """``text`` without code, math, URLs, link targets and HTML tags (link words are kept)."""
    rest = _without_code_and_math(text, [], [])
    return _without_links_and_urls(rest, [], Counter())


def _prose_word(token: str) -> str:
    """The token as a word of prose, or "" when it is not one (a name, a number, code, punctuation)."""
    token = token.strip(_EDGE_PUNCTUATION)
    if token.isalpha() and (len(token) == 1 or token[1:].islower()):
        return token  # an ordinary word (the common case, decided without a regex)
    if token and not _is_identifier(token) and _WORD_LETTERS.search(token):
        return token
    return ""


# per whitespace-separated token: texts of a bank share most of their words
_PROSE_WORDS = Memo(_prose_word)
_LETTER_COUNTS = Memo(lambda token: len(_NOT_LETTERS.sub("", token)))


def prose(text: str) -> str:
    """The natural-language words of ``text`` (already stripped of glossary names by the caller, if wanted)."""
    return " ".join(prose_words(text))


def prose_words(text: str) -> list[str]:
    """``prose(text).split()``, without the join and the split (a word of ``prose`` has no whitespace)."""
    rest = strip_untranslatable(text) if has_markup(text) else text
    return list(filter(None, map(_PROSE_WORDS.__getitem__, rest.split())))


def prose_letters(text: str) -> int:
    """How many letters of real words ``prose(text)`` has."""
    return sum(map(_LETTER_COUNTS.__getitem__, text.split()))


def without_proper_names(text: str, apostrophe_names: bool = False) -> str:
    """``text`` (without markup) without its proper names, for a language that does not capitalise common nouns:
    a word that starts with a capital letter and does not start a sentence (the text, a line, a list item, or
    the word after one that ends in . ! ? : or …) is a name, except the English pronoun "I" ("I'm"). With
    ``apostrophe_names`` (Turkish), a capitalised word with a suffix after an apostrophe ("Ankara'nın") is a name
    wherever it stands."""
    kept: list[str] = []
    for line in text.splitlines():
        starts_sentence = True
        for token in line.split():
            if not _is_proper_name(token, starts_sentence, apostrophe_names):
                kept.append(token)
            starts_sentence = (token.rstrip(_AFTER_SENTENCE_END)[-1:] in _SENTENCE_END
                               or (starts_sentence and _LIST_MARKER.fullmatch(token) is not None))
    return " ".join(kept)


def _is_proper_name(token: str, starts_sentence: bool, apostrophe_names: bool) -> bool:
    word = token.strip(_EDGE_PUNCTUATION)
    if not word[:1].isupper():
        return False
    before_apostrophe, *suffix = _APOSTROPHE.split(word, 1)
    if suffix and apostrophe_names:
        return True
    return not starts_sentence and before_apostrophe != "I"


def visible_text(text: str) -> str:
    """What a student sees of a Markdown text: link and image texts without their targets, inline code
    without its backticks, no emphasis markers, no HTML tags, and a backslash escape as the character it shows
    ("\\*" is an asterisk, "\\*word\\*" no emphasis); the text itself when it has none of them."""
    if is_shown_as_written(text):  # (most texts)
        return text
    if "\\" in text:
        return stand_ins_back(_visible_markup(with_escapes_shown(text, MARKDOWN_ESCAPABLE)))
    return _visible_markup(text)


def is_shown_as_written(text: str) -> bool:
    """Whether ``visible_text(text)`` is ``text`` itself, as it is for most texts (a quick test: may say no when
    it is)."""
    return "\\" not in text and not has_markup_or_emphasis(text)


def _visible_markup(text: str) -> str:
    if "](" in text:
        text = _LINK.sub(lambda match: match.group(2), text)
    return outside_inline_code(text, _visible_prose, 2)  # (code is shown as written)


def _visible_prose(text: str) -> str:
    if "<" in text:
        text = _HTML_TAG.sub(_shown_unless_html, text)
    if "*" in text or "_" in text:
        text = _STRONG.sub(lambda match: match.group(2), text)
        text = _EMPHASIS.sub(lambda match: match.group(1) or match.group(2), text)
    return text


def _shown_unless_html(tag: re.Match) -> str:
    """A tag-like piece of text as students see it: nothing for an HTML tag, the text itself for what the exports
    show as written (``vector<int>``, ``List<Object>``: see ``render.is_html``)."""
    from quizlint.render import is_html

    return "" if is_html(tag.group()) else tag.group()


def has_hidden_text(text: str) -> bool:
    """Whether ``text`` may have words a student does not see (link targets, HTML tags): words that
    ``visible_text`` leaves out."""
    return "<" in text or ("]" in text and "](" in text)


def has_markup(text: str) -> bool:
    """Whether ``strip_untranslatable`` may change ``text`` other than by its whitespace."""
    # (``_MARKUP_HINT.search``, with substring tests, which are several times faster than the regex; a test for
    # one character, much faster than one for several, goes first)
    return ("`" in text or "$" in text or "<" in text or ("]" in text and "](" in text)
            or ("/" in text and "://" in text) or ("~" in text and "~~~" in text)
            or ("." in text and ("w." in text or "W." in text) and _WWW.search(text) is not None))


def has_markup_or_emphasis(text: str) -> bool:
    """Whether ``extract_markup`` may find more than numbers in ``text`` (``_MARKUP_OR_EMPHASIS_HINT.search``,
    with substring tests)."""
    return "*" in text or "_" in text or has_markup(text)


def normalized(text: str) -> str:
    """NFC with runs of whitespace collapsed: the form in which two texts are "the same text"."""
    if is_normalized(text):  # most texts: no new string to make
        return text
    return " ".join(nfc(text).split())  # = _squeeze: str.split and the regex \s agree on whitespace


def join_texts(texts: Iterable[str]) -> str:
    """The texts in one string, for checks made on all of them at once: joined by spaces, which NFC never
    combines with a neighbour and which no substring test or hint contains (none is found across two texts).
    So non-empty texts joined are ``is_normalized`` only when each of them is (and exactly when, unless one of
    them has unprintable characters that are not whitespace)."""
    return " ".join(texts)


def is_normalized(text: str) -> bool:
    """Whether ``text`` is plainly ``normalized`` already: NFC, and no whitespace but single spaces between words."""
    if "  " in text or text[:1] == " " or text[-1:] == " ":
        return False
    if text.isascii():  # NFC; its whitespace other than the space by substring tests (faster than isprintable)
        return not ("\n" in text or "\t" in text or "\r" in text or "\x0b" in text or "\x0c" in text
                    or "\x1c" in text or "\x1d" in text or "\x1e" in text or "\x1f" in text)
    # (``isprintable`` is false for every whitespace character except the space; a text with other unprintable
    # characters, rare, is not said to be normalized even when it is. ``nfc`` is faster than
    # ``unicodedata.is_normalized``)
    return text.isprintable() and nfc(text) == text
