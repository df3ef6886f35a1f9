"""Language-aware text helpers shared by every stage: NFC, Turkish casefolding, comparison keys."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_TURKIC = {"tr", "az", "crh", "tt", "ba", "kk"}
_PUNCT_OR_SPACE = re.compile(r"[\W_]+", re.UNICODE)
_END_PUNCTUATION = "?.!:;,"  # (not word characters: at the end of a text they fold away)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@lru_cache(maxsize=1024)  # asked for the same few tags for every text of a bank
def primary_subtag(lang: str) -> str:
    return lang.split("-", 1)[0].split("_", 1)[0].lower()


@lru_cache(maxsize=1024)
def is_turkic(lang: str | None) -> bool:
    return lang is not None and primary_subtag(lang) in _TURKIC


def casefold(text: str, lang: str | None = None) -> str:
    """Casefold ``text``; Turkic languages map I→ı and İ→i before folding."""
    text = nfc(text)
    if is_turkic(lang):
        text = text.replace("I", "ı").replace("İ", "i")
        # Python's casefold would turn a dotted capital into i + combining dot; we already mapped it.
    return nfc(text.casefold())


def comparison_key(text: str, lang: str | None = None) -> str:
    """Key under which two texts count as the same option or stem.

    NFC, language-aware casefolding, and every run of whitespace or punctuation collapsed to one space.
    """
    folded = casefold(text, lang)
    words = folded.rstrip(_END_PUNCTUATION).split()
    if "".join(words).isalnum():  # only letters and digits between the spaces (the usual case): no regex
        return " ".join(words)
    return _PUNCT_OR_SPACE.sub(" ", folded).strip()


def words(text: str, lang: str | None = None) -> list[str]:
    """The words of ``text``, casefolded; a Turkish suffix after an apostrophe stays with its word."""
    return _WORD.findall(casefold(text, lang))


def letter_count(text: str) -> int:
    return sum(1 for ch in text if ch.isalpha())
