"""Helpers shared by the translation (T) rules: which texts to compare, and what is language-neutral."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from quizlint.model.texts import TextField, is_neutral, item_text_fields

if TYPE_CHECKING:  # annotations only (a cached lint run loads no pydantic)
    from quizlint.model import Glossary, Item
from quizlint.rules._glossary import matcher_for
from quizlint.rules._markup import prose
from quizlint.text import is_blank


def has_text(text: str | None) -> bool:
    """Whether ``text`` is a string that shows something (see ``is_blank``)."""
    return isinstance(text, str) and not is_blank(text)


def target_languages_with_status(ctx, status: str) -> list[str]:
    """The target languages of the context's quiz whose translation state has ``status`` (a state recorded for
    the source language or an undeclared one is undeclared-language's finding)."""
    return [lang for lang, state in ctx.item.translations.items()
            if state.status == status and lang in ctx.target_languages]


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


def neutral_prose(text: str, glossary: Glossary | None) -> str:
    """The words of ``text`` that belong to a language: without code, URLs, numbers, acronyms, identifiers
    and the glossary's do-not-translate terms."""
    return neutral_prose_function(glossary)(text)


def neutral_prose_function(glossary: Glossary | None) -> Callable[[str], str]:
    """``neutral_prose`` with ``glossary`` bound (for loops over many texts)."""
    matcher = matcher_for(glossary)
    return matcher.prose_without_names if matcher else prose
