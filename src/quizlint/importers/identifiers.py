"""Ids and language tags: readable ids from a source's names, slugs of titles (Turkish letters folded), item ids
unique in what one import writes, and BCP 47 language tags."""

from __future__ import annotations

import re
import unicodedata


_TURKISH_FOLD = str.maketrans({"ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ğ": "g", "Ğ": "G", "ü": "u", "Ü": "U",
                               "ö": "o", "Ö": "O", "ç": "c", "Ç": "C"})
_IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
_HEX_RUN = re.compile(r"[0-9a-fA-F]{16,}")
SLUG_MAX = 50


def ascii_fold(text: str) -> str:
    """Latin letters without accents (Turkish ı ş ğ ü ö ç İ folded by hand: NFKD leaves ı alone)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_TURKISH_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).encode("ascii", "ignore").decode()


def slugify(text: str, max_length: int = SLUG_MAX) -> str:
    """``Model Niceleme Sınavı`` → ``model-niceleme-sinavi``; empty when nothing Latin is left."""
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(text).lower()).strip("-")
    if len(slug) > max_length:
        cut = slug[:max_length]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut
    return slug


def is_identifier(value: str) -> bool:
    return bool(_IDENTIFIER.match(value)) and len(value) <= 200


def readable_id(value: str | None) -> str | None:
    """``value`` when it can serve as a quizlint id a person can read: valid, short, not a hash or a number."""
    if not value:
        return None
    value = value.strip()
    if not is_identifier(value) or len(value) > 64 or _HEX_RUN.search(value) or value.isdigit():
        return None
    return value


class ItemIds:
    """The item ids taken so far: in one quiz, or in all the quizzes of one import (``--split``), so that each is
    unique in the bank the import writes."""

    def __init__(self, used: set[str] | None = None) -> None:
        self.used: set[str] = set(used or ())

    def copy(self) -> "ItemIds":
        return ItemIds(self.used)

    def claim(self, candidates: tuple[str | None, ...], fallback: str) -> str:
        for candidate in candidates:
            value = readable_id(candidate)
            if value and value not in self.used:
                self.used.add(value)
                return value
        value, counter = fallback, 2
        while value in self.used:
            value, counter = f"{fallback}-{counter}", counter + 1
        self.used.add(value)
        return value


_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*\Z")


def is_language_tag(value: str) -> bool:
    return bool(_LANGUAGE_TAG.match(value))


def language_tag(code: str) -> str:
    """A language code as the BCP 47 tag a quiz file writes: Moodle's ``pt_br`` and QTI's ``en_US`` → ``pt-BR`` and
    ``en-US`` (a code that is no tag, ``english``, stays one: see ``is_language_tag``)."""
    head, *rest = code.replace("_", "-").split("-")
    return "-".join([head.lower()] + [part.upper() if len(part) == 2 else part.lower() for part in rest])
