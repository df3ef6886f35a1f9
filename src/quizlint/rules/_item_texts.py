"""What the translation rules find out about an item's texts, worked out once per item for all of them: whether
every text is there (missing-translation, empty-text, undeclared-language), and the translations text by text
(untranslated-copy, lost-markup, translation-length).

All of it is read from the item's text values (``text_values``), not from its ``TextField``s: a field is made
only for the message of a problem (``item_fields_of(ctx)[position]``), and most items have none."""

from __future__ import annotations

from quizlint.model.texts import item_text_fields
from quizlint.rules._markup import is_normalized, join_texts, normalized
from quizlint.text import MAY_START_BLANK, is_blank


def text_values(item) -> list:
    """The ``value`` of each of ``item_text_fields(item)``, in the same order (so a value's position is its
    field's): the stem, each option's text and feedback, the explanation (an absent feedback or explanation has
    no field). Read straight from the item, several times faster than making the fields."""
    if not item.is_choice:  # (the other types: read from their fields, in the same order)
        return [field.value for field in item_text_fields(item)]
    values = [item.stem]
    for option in item.options:
        values.append(option.text)
        if option.feedback is not None:
            values.append(option.feedback)
    if item.explanation is not None:
        values.append(item.explanation)
    return values


def text_values_of(ctx) -> list:
    """``text_values`` of the context's item, worked out once for all the rules of the item."""
    found = ctx.memo.get("text-values")
    if found is None:
        found = ctx.memo["text-values"] = text_values(ctx.item)
    return found


def texts_complete_of(ctx) -> bool:
    """Whether every text field of the item is written in each of the quiz's languages and in no other (a
    language-neutral string: whether it is not blank): then no text is missing, empty or in an undeclared
    language, the usual case."""
    return _texts_of(ctx)[0]


def text_pairs_of(ctx) -> tuple[tuple[int, str, str, str], ...]:
    """Every (position, language, source, target) of the item's localized fields whose source text and whose
    text in one of the target languages are both non-empty, in field order, then language order; ``position``
    is the field's in ``item_fields_of(ctx)`` (plain tuples: an item has a dozen of them, a bank hundreds of
    thousands)."""
    return _texts_of(ctx)[1]


def joined_texts_of(ctx) -> tuple[str, str]:
    """The source texts and the target texts of ``text_pairs_of(ctx)``, each joined by ``join_texts`` (apart: the
    texts of one language are often all ASCII, which the checks on them pass through much faster)."""
    return _texts_of(ctx)[2]


def _texts_of(ctx) -> tuple[bool, tuple, tuple[str, str]]:
    found = ctx.memo.get("item-texts")
    if found is None:
        languages = ctx.languages
        found = ctx.memo["item-texts"] = _read_texts(text_values_of(ctx), len(set(languages)), languages[0],
                                                     languages[1:])
    return found


def _read_texts(values: list, language_count: int, source_language: str,
                target_languages: list[str]) -> tuple[bool, tuple, tuple[str, str]]:
    """(whether the texts are complete, the text pairs, their texts joined) in one pass over the texts."""
    # (``has_text`` inlined: the texts of a localized field are strings or None. A mapping has a non-blank text
    # in each language and no other key when it has as many keys as there are languages and a non-blank text
    # in each of them: its source and target languages)
    complete = True
    pairs, sources, targets = [], [], []
    for position, value in enumerate(values):
        if isinstance(value, str):  # language-neutral: nothing to translate
            if not value or (value[0] in MAY_START_BLANK and is_blank(value)):
                complete = False
            continue
        if len(value) != language_count:
            complete = False
        source = value.get(source_language)
        if not source or (source[0] in MAY_START_BLANK and is_blank(source)):
            complete = False
            continue
        for lang in target_languages:
            target = value.get(lang)
            if target and (target[0] not in MAY_START_BLANK or not is_blank(target)):
                pairs.append((position, lang, source, target))
                sources.append(source)
                targets.append(target)
            else:
                complete = False
    return complete, tuple(pairs), (join_texts(sources), join_texts(targets))


def normalized_pairs_of(ctx) -> tuple[tuple[int, str, str, str], ...]:
    """``text_pairs_of(ctx)`` with the source and the target ``normalized`` (the same tuple when every text is
    normalized already, the usual case)."""
    found = ctx.memo.get("normalized-pairs")
    if found is None:
        found = text_pairs_of(ctx)
        if not all(map(is_normalized, joined_texts_of(ctx))):
            found = tuple((position, lang, normalized(source), normalized(target))
                          for position, lang, source, target in found)
        ctx.memo["normalized-pairs"] = found
    return found
