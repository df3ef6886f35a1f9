"""What the translation rules find out about an item's texts, worked out once per item for all of them: whether
every text is there (missing-translation, empty-text, undeclared-language), and the translations text by text
(untranslated-copy, lost-markup, translation-length)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quizlint.model import is_neutral
from quizlint.rules._markup import is_normalized, join_texts, normalized
from quizlint.rules._translation import item_fields_of, localized_fields_of

if TYPE_CHECKING:  # annotations only
    from quizlint.model import TextField


def texts_complete_of(ctx) -> bool:
    """Whether every text field of the item is written in each of the quiz's languages and in no other (a
    language-neutral string: whether it is not blank): then no text is missing, empty or in an undeclared
    language, the usual case."""
    found = ctx.memo.get("texts-complete")
    if found is None:
        found = ctx.memo["texts-complete"] = _complete(item_fields_of(ctx), set(ctx.languages))
    return found


def _complete(fields, languages: set[str]) -> bool:
    texts = []
    for field in fields:
        value = field.value
        if is_neutral(value):
            texts.append(value)
        elif value.keys() == languages:
            texts.extend(value.values())
        else:
            return False
    # (``has_text`` of every text in one go: the texts of a field are strings or None)
    return all(texts) and not any(map(str.isspace, texts))


def text_pairs_of(ctx) -> tuple[tuple[TextField, str, str, str], ...]:
    """Every (field, language, source, target) of the item's localized fields whose source text and whose
    text in one of the target languages are both non-empty, in field order, then language order (plain tuples:
    an item has a dozen of them, a bank hundreds of thousands)."""
    found = ctx.memo.get("text-pairs")
    if found is None:
        found = ctx.memo["text-pairs"] = _text_pairs(localized_fields_of(ctx), ctx.source_language,
                                                     ctx.target_languages)
    return found


def _text_pairs(fields, source_language: str,
                target_languages: list[str]) -> tuple[tuple[TextField, str, str, str], ...]:
    # (``has_text`` inlined: the texts of a localized field are strings or None)
    pairs = []
    for field in fields:
        value = field.value
        source = value.get(source_language)
        if not source or source.isspace():
            continue
        for lang in target_languages:
            target = value.get(lang)
            if target and not target.isspace():
                pairs.append((field, lang, source, target))
    return tuple(pairs)


def joined_texts_of(ctx) -> str:
    """The source and target texts of ``text_pairs_of(ctx)``, joined by ``join_texts``."""
    found = ctx.memo.get("joined-pair-texts")
    if found is None:
        found = ctx.memo["joined-pair-texts"] = join_texts([text for _, _, source, target in text_pairs_of(ctx)
                                                            for text in (source, target)])
    return found


def normalized_pairs_of(ctx) -> tuple[tuple[str, str], ...]:
    """``normalized`` (source, target) of each pair of ``text_pairs_of``, in the same order."""
    found = ctx.memo.get("normalized-pairs")
    if found is None:
        pairs = text_pairs_of(ctx)
        if is_normalized(joined_texts_of(ctx)):
            found = tuple((source, target) for _, _, source, target in pairs)  # the usual case
        else:
            found = tuple((normalized(source), normalized(target)) for _, _, source, target in pairs)
        ctx.memo["normalized-pairs"] = found
    return found
