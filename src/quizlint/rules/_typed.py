"""Helpers of the rules about numerical, short-answer, matching and ordering items: how two of their texts
count as the same, language by language."""

from __future__ import annotations

from quizlint.model import text_in
from quizlint.text import comparison_key, short_answer_key  # noqa: F401  (short_answer_key: used by the rules)


def repeated_texts(values: list, languages: list[str], key) -> list[tuple[int, int, list[str]]]:
    """(first, later, languages) for each later value of ``values`` whose text is the same as an earlier one's in
    some languages (``key(text, lang)`` says what counts as the same; blank texts never do)."""
    found: dict[tuple[int, int], list[str]] = {}
    for lang in languages:
        seen: dict[str, int] = {}
        for index, value in enumerate(values):
            text = text_in(value, lang)
            if text is None or not text.strip():
                continue
            first = seen.setdefault(key(text, lang), index)
            if first != index:
                found.setdefault((first, index), []).append(lang)
    return [(first, later, langs) for (first, later), langs in sorted(found.items(), key=lambda pair: pair[0][1])]


def same_text(text: str, lang: str) -> str:
    """Two prompts, matches or steps are the same when their ``comparison_key``s are."""
    return comparison_key(text, lang)
