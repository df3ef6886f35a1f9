"""Helpers shared by the translation (T) rules: which texts to compare, and what is language-neutral."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from typing import TYPE_CHECKING

from quizlint.model.texts import TextField, is_neutral, item_text_fields

if TYPE_CHECKING:  # annotations only (a cached lint run loads no pydantic)
    from quizlint.model import Glossary, Item
from quizlint.rules._glossary import matcher_for
from quizlint.rules._markup import prose


def has_text(text: str | None) -> bool:
    return isinstance(text, str) and bool(text.strip())


def localized_fields(item: Item) -> Iterator[TextField]:
    """The fields written per language (a plain string is language-neutral: nothing to translate)."""
    return (field for field in item_text_fields(item) if not is_neutral(field.value))


def item_fields_of(ctx) -> tuple[TextField, ...]:
    """``item_text_fields`` of the context's item, worked out once for all the rules of the item."""
    found = ctx.memo.get("text-fields")
    if found is None:
        found = ctx.memo["text-fields"] = tuple(item_text_fields(ctx.item))
    return found


def localized_fields_of(ctx) -> tuple[TextField, ...]:
    """``localized_fields`` of the context's item, worked out once for all the rules of the item."""
    found = ctx.memo.get("localized-fields")
    if found is None:
        found = ctx.memo["localized-fields"] = tuple(field for field in item_fields_of(ctx)
                                                     if not is_neutral(field.value))
    return found


@dataclass(frozen=True)
class Pair:
    """One field's source text and its translation into one target language, both non-empty."""

    field: TextField
    lang: str
    source: str
    target: str

    @property
    def path(self) -> tuple:
        return self.field.lang_path(self.lang)


def translation_pairs(item: Item, source_language: str, target_languages: list[str],
                      fields: tuple[TextField, ...] | None = None) -> Iterator[Pair]:
    for field in fields if fields is not None else localized_fields(item):
        source = field.value.get(source_language)
        if not has_text(source):
            continue
        for lang in target_languages:
            target = field.value.get(lang)
            if has_text(target):
                yield Pair(field, lang, source, target)


def translation_pairs_of(ctx) -> tuple[Pair, ...]:
    """``translation_pairs`` of the context's item, worked out once for all the rules of the item."""
    found = ctx.memo.get("translation-pairs")
    if found is None:
        found = ctx.memo["translation-pairs"] = tuple(
            translation_pairs(ctx.item, ctx.source_language, ctx.target_languages, localized_fields_of(ctx)))
    return found


def language_texts(item: Item, languages: list[str]) -> Iterator[tuple[TextField, str, str]]:
    """Every non-empty (field, language, text) of the item's localized fields, source language included."""
    for field in localized_fields(item):
        for lang in languages:
            text = field.value.get(lang)
            if has_text(text):
                yield field, lang, text


def neutral_prose(text: str, glossary: Glossary | None) -> str:
    """The words of ``text`` that belong to a language: without code, URLs, numbers, acronyms, identifiers
    and the glossary's do-not-translate terms."""
    matcher = matcher_for(glossary)
    return matcher.prose_without_names(text) if matcher else prose(text)
