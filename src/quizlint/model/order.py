"""Whether an item's option order means something: the one answer shared by ``quizlint fix`` (which never
rebalances such items) and the exporters (which tell the LMS not to shuffle them).

An order means something when

- every option is a number (``4``, ``0,5``, ``%50``, ``16 GB``; three or more options with one unit): they
  are listed in numerical order, which the numeric-order rule (W009) asks for and ``quizlint fix`` makes.
  Options whose numerical order is doubtful are not numbers: version numbers (``3.9``, ``3.10``: see
  ``reads_as_versions``), and a set in which two options spelled differently have the same value (``3.1`` and
  ``3.10``);
- an option is "all of the above" / "none of the above": it refers to the options before it;
- an option combines other options or statements: "I and II", "Both A and B", "Yalnız I", "I, II ve III"
  (the letters and numerals refer to positions, and such options are conventionally ordered).

Numbers are read the way each language writes them (a decimal comma in Turkish, a decimal point in English);
the phrases and the combination words come from the word lists of :mod:`quizlint.lexicon`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from quizlint import lexicon
from quizlint.model.texts import language_texts, text_in
from quizlint.text import has_digit

if TYPE_CHECKING:  # annotations only
    from quizlint.model.types import Item

# Word lists (quizlint.lexicon) of options that refer to the options before them.
ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE = "all-of-the-above", "none-of-the-above"
REFERRING_PHRASES = (ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE)


def order_is_meaningful(item: Item, languages: list[str], phrases: Collection[str] | None = None,
                        texts: dict[str, list[str | None]] | None = None) -> bool:
    """Whether the options' order carries meaning, so that nothing may reorder them: every option is a number
    (as :func:`option_numbers` reads them), or an option is "all/none of the above" or a combination.

    (The linter asks this of every item, so quick tests of all the options at once come first: a number has a
    digit, a combination a reference such as "I" or "A", and a phrase the words its word list requires.
    ``phrases``: the word lists among ``REFERRING_PHRASES`` whose words the options have, when the caller knows
    them already; ``texts``: each option's text (None where it has none) per language of ``languages``, when the
    caller has them.)"""
    if texts is None:
        texts = {lang: [text_in(option.text, lang) for option in item.options] for lang in languages}
    if every_option_has_a_digit(texts, languages) and option_numbers(item, languages) is not None:
        return True
    if _A_REFERENCE.search("\n".join([text for lang in languages for text in texts[lang] if text])) \
            and any(is_combination_option(option.text, languages) for option in item.options):
        return True
    if phrases is None:
        phrases = _possible_phrases([list(language_texts(option.text, languages)) for option in item.options],
                                    languages)
    return any(is_phrase(option.text, languages, category) for category in phrases for option in item.options)


def every_option_has_a_digit(texts: dict[str, list[str | None]], languages: list[str]) -> bool:
    """Whether in some language every option's text (``texts``: each option's text, or None, per language) has a
    digit, as every number has: else ``option_numbers``, which parses them all, reads no numbers."""
    for lang in languages:
        for text in texts[lang]:
            if not (text and has_digit(text)):
                break
        else:
            return True
    return False


def _possible_phrases(texts: list[list[tuple[str, str]]], languages: list[str]) -> set[str]:
    """The referring phrases (``REFERRING_PHRASES``) that one of the options (their (language, text) pairs) may
    be, by the words in them (see :func:`quizlint.lexicon.possible_categories`)."""
    possible: set[str] = set()
    for lang in languages:
        joined = "\n".join(text for option in texts for text_lang, text in option if text_lang == lang)
        possible.update(lexicon.possible_categories(joined, lang).intersection(REFERRING_PHRASES))
    return possible


def refers_to_other_options(value: Any, languages: list[str]) -> bool:
    """Whether an option's text is "all/none of the above" or a combination ("I and II") in some language."""
    return any(is_phrase(value, languages, category) for category in REFERRING_PHRASES) \
        or is_combination_option(value, languages)


# --- phrases ----------------------------------------------------------------------------------------------


def is_phrase(value: Any, languages: list[str], category: str) -> bool:
    """Whether the whole text ``value`` is a phrase of the word list ``category`` in one of ``languages``."""
    return any(lexicon.first(category, text, lang) for lang, text in language_texts(value, languages))


# --- combinations ("I and II", "Yalnız I") ----------------------------------------------------------------

_REFERENCE = r"(?:\b(?:I{1,3}|IV|VI{0,3}|IX|X|[A-H])\b\)?)"
_A_REFERENCE = re.compile(r"[A-IVX](?<!\w.)[IVX]{0,3}(?!\w)")  # (a word _REFERENCE may be, found quickly)


def _alternatives(category: str, lang: str) -> str:
    return "|".join(r"\s+".join(map(re.escape, term.split())) for term in lexicon.terms(category, lang))


@lru_cache(maxsize=None)
def combination_pattern(lang: str) -> re.Pattern:
    """An option made only of statement references, joiners and "only" words, for ``lang``."""
    only, join = _alternatives("k-type-only", lang), _alternatives("k-type-joiners", lang)
    joiner = rf"(?:\s*,\s*(?:(?i:{join})\s+)?|\s+(?i:{join})\s+)"
    return re.compile(
        rf"\s*(?P<only>(?i:{only})\s+)?{_REFERENCE}(?P<more>(?:{joiner}(?:(?i:{only})\s+)?{_REFERENCE})*)"
        rf"(?P<only_after>\s+(?i:{only}))?\s*[.!]?\s*"
    )


def is_combination(text: str, lang: str) -> bool:
    """Whether ``text`` only combines or singles out references: "I and II", "Only I", "Both A and B"."""
    match = combination_pattern(lexicon.language_key(lang)).fullmatch(text)
    return bool(match and (match.group("more") or match.group("only") or match.group("only_after")))


def is_combination_option(value: Any, languages: list[str]) -> bool:
    return any(is_combination(text, lang) for lang, text in language_texts(value, languages))


# --- numbers ----------------------------------------------------------------------------------------------

_NUMERIC = re.compile(
    r"\s*(?P<prefix>[%$€£¥₺])?\s*"
    r"(?P<number>[-+−]?(?:\d(?:[\d.,'’\u00a0\u202f ]*\d)?|[.,]\d+)(?:[eE][-+−]?\d+)?)"
    r"(?:\s*/\s*(?P<denominator>\d+))?"
    r"\s*(?P<unit>[^\d]{0,24}?)\s*[.]?\s*"
)
_PLAIN_NUMBER = re.compile(r"[-+]?[\d.,]+(?:[eE][-+]?\d+)?")
_GROUPED = re.compile(r"[-+]?\d{1,3}(?:[.,]\d{3})*(?:[eE][-+]?\d+)?")
_VERSION = re.compile(r"\s*\d+\.(\d+)\s*")
_GROUPING = re.compile(r"(?<=\d)['’\u00a0\u202f ](?=\d{3}(?!\d))")


def _decimal_point(number: str, lang: str) -> str:
    """Which of ``.`` and ``,`` is the decimal mark of ``number`` (``""`` when there is none)."""
    points, commas = number.count("."), number.count(",")
    if points and commas:
        return "." if number.rfind(".") > number.rfind(",") else ","
    mark = "." if points else "," if commas else ""
    if not mark or number.count(mark) > 1:
        return ""
    digits_after = len(re.split(r"[eE]", number.rsplit(mark, 1)[1])[0])
    if digits_after != 3:
        return mark
    return "," if lexicon.decimal_mark(lang) == "," else "."


def parse_number(text: str, lang: str) -> tuple[float, str] | None:
    """(value, unit) of a numeric option, or None when it is not a plain number."""
    match = _NUMERIC.fullmatch(text)
    if match is None:
        return None
    number = _GROUPING.sub("", match.group("number")).replace("−", "-")
    if not _PLAIN_NUMBER.fullmatch(number):
        return None
    mark = _decimal_point(number, lang)
    if not mark and ("." in number or "," in number) and not _GROUPED.fullmatch(number):
        return None  # separators that are neither a decimal mark nor digit grouping: 1.2.3
    other = "," if mark == "." else "."
    number = number.replace(other, "") if mark else number.replace(",", "").replace(".", "")
    number = number.replace(",", ".")
    try:
        value = float(number)
    except ValueError:
        return None
    if match.group("denominator"):
        denominator = int(match.group("denominator"))
        if denominator == 0:
            return None
        value /= denominator
    if not math.isfinite(value):
        return None
    unit = ((match.group("prefix") or "") + " " + match.group("unit")).strip()
    return value, lexicon.tokens(unit, lang).folded if unit.strip("%") else unit


def option_numbers(item: Item, languages: list[str]) -> list[float] | None:
    """The options' values, read in the first language where every option is a number with one common unit
    (three or more options), else None."""
    reading = numeric_reading(item, languages)
    return reading[1] if reading is not None else None


def numeric_reading(item: Item, languages: list[str]) -> tuple[str, list[float]] | None:
    """(language, values) of ``option_numbers``: the language in which the options were read as numbers."""
    if len(item.options) < 3:
        return None
    for lang in languages:
        texts = [text_in(option.text, lang) or "" for option in item.options]
        parsed = [parse_number(text, lang) for text in texts]
        if all(parsed) and len({unit for _, unit in parsed}) == 1:  # type: ignore[misc]
            values = [value for value, _ in parsed]  # type: ignore[misc]
            if not reads_as_versions(texts, values) and not _same_value_spelled_twice(texts, values):
                return lang, values
    return None


def option_spelling(option, lang: str) -> str:
    """A numeric option as written in ``lang``, for a message: "3.10", never the value 3.1."""
    return (text_in(option.text, lang) or "").strip()


def reads_as_versions(texts: list[str], values: list[float]) -> bool:
    """Whether options written as digits, a dot and digits (3.8, 3.10) are version numbers rather than
    decimals: their decimal parts differ in length (decimals are written to one precision: 2.50, 3.75) and
    one of them has two digits or more and ends in 0 (3.10 beside 3.9; not 3.0, an ordinary decimal), or they
    share their major number and are in order as versions (3.9, 3.11, 3.12) but not as decimals (0.5, 0.25,
    1.0 are decimals)."""
    matches = [_VERSION.fullmatch(text) for text in texts]
    if not all(matches):
        return False
    minors = [match.group(1) for match in matches]  # type: ignore[union-attr]
    if len({len(minor) for minor in minors}) == 1:
        return False
    if any(len(minor) >= 2 and minor.endswith("0") for minor in minors):
        return True
    versions = [tuple(map(int, text.split("."))) for text in texts]
    same_major = len({major for major, _ in versions}) == 1
    return same_major and is_ordered(versions) and not is_ordered(values)  # type: ignore[arg-type]


def _same_value_spelled_twice(texts: list[str], values: list[float]) -> bool:
    """Whether two options written differently have the same value (3.1 and 3.10, 0.5 and 1/2): then
    which of them is "first" is no matter of numbers."""
    spellings: dict[float, str] = {}
    return any(spellings.setdefault(value, text.strip()) != text.strip() for text, value in zip(texts, values))


def is_ordered(values: list[float]) -> bool:
    """Ascending or descending (ties allowed)."""
    pairs = list(zip(values, values[1:]))
    return all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)
