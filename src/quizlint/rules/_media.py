"""Helpers shared by the media and math (M) rules: the images, media links and formulas of an item's texts,
text by text and language by language, and what their files hold (``quizlint.media``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from quizlint.media import Reference, Resolved, bank_root, formulas, references, resolve
from quizlint.rules._item_texts import text_values_of
from quizlint.rules._markup import join_texts
from quizlint.rules._translation import item_fields_of

# What a text with media or math holds: one of "](", "<", "]:", "$", "\\(", "\\[" (one search of the text)
_HINTS = re.compile(r"\]\(|<|\]:|\$|\\\(|\\\[")


def _fields_of(ctx):
    """The item's text fields, or the quiz's own (title, description) for a rule's ``check_quiz``."""
    if hasattr(ctx, "item"):
        return item_fields_of(ctx)
    from quizlint.model import quiz_text_fields

    return tuple(quiz_text_fields(ctx.quiz))


def _memo(ctx) -> dict:
    memo = getattr(ctx, "memo", None)
    return memo if memo is not None else ctx.__dict__.setdefault("_media_memo", {})


def texts_of(ctx) -> Iterator[tuple]:
    """(field, path, language or None, text) of every non-empty text of the item (or the quiz's own texts) that
    may hold media or math (worked out once for all the rules of an item)."""
    if not hasattr(ctx, "item"):
        return iter(_texts_with_hints(ctx))
    found = ctx.memo.get("media-texts")
    if found is None:
        found = ctx.memo["media-texts"] = _texts_with_hints(ctx) if _any_hint_in(text_values_of(ctx)) else []
    return iter(found)


def _any_hint_in(values: list) -> bool:
    """Whether a text of ``values`` (strings, and mappings to strings or None: ``text_values_of``) has a hint
    of media or math. Most items have none: one look at their texts joined (``join_texts``: no hint is found across
    two texts) for a character every hint has, four scans faster than one search."""
    texts = []
    for value in values:
        if isinstance(value, str):
            texts.append(value)
        else:
            texts += value.values()
    joined = join_texts(filter(None, texts))
    return ("<" in joined or "$" in joined or "]" in joined or "\\" in joined) and _HINTS.search(joined) is not None


def _texts_with_hints(ctx) -> list[tuple]:
    found = []
    for field in _fields_of(ctx):
        value = field.value
        pairs = [(None, value)] if isinstance(value, str) else list(value.items())
        for lang, text in pairs:
            if isinstance(text, str) and _HINTS.search(text) is not None:
                found.append((field, field.lang_path(lang) if lang is not None else field.path, lang, text))
    return found


def where(field, lang: str | None) -> str:
    """How a message names a text: "stem (tr)" or "option A text"."""
    return field.label if lang is None else f"{field.label} ({lang})"


def references_of(ctx) -> Iterator[tuple]:
    """(field, path, language, text, reference) of every image and linked media file of the item's texts."""
    for field, path, lang, text in texts_of(ctx):
        for reference in references(text):
            yield field, path, lang, text, reference


def formulas_of(ctx) -> Iterator[tuple]:
    """(field, path, language, LaTeX) of every formula of the item's texts."""
    for field, path, lang, text in texts_of(ctx):
        for latex, _ in formulas(text):
            yield field, path, lang, latex


def resolved(ctx, reference: Reference) -> Resolved:
    """Where a local ``reference`` of the item's quiz file points (worked out once per file and path)."""
    memo = _memo(ctx)
    cache = memo.setdefault("media-resolved", {})
    key = reference.target
    if key not in cache:
        root = memo.get("media-root")
        if root is None:
            root = memo["media-root"] = bank_root(ctx.file.folder_path)
        cache[key] = resolve(ctx.file.folder_path, key, root)
    return cache[key]


def local_files_of(ctx) -> Iterator[tuple]:
    """(field, path, language, reference, file) of every local reference that names a file inside the bank."""
    for field, path, lang, _, reference in references_of(ctx):
        if reference.is_local:
            found = resolved(ctx, reference)
            if found.path is not None:
                yield field, path, lang, reference, found.path


def described(reference: Reference) -> str:
    return f"{'image' if reference.kind == 'image' else 'media file'} {reference.target!r}"
