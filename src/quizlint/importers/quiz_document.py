"""Building the quiz file: the plain data of a quiz file for a draft (languages resolved, item ids claimed,
control characters left out, options pinned, translation states of the texts found)."""

from __future__ import annotations

from typing import Any

from quizlint.importers.draft import NEUTRAL, DraftItem, DraftQuiz, ImportOptions, Texts, draft_texts
from quizlint.importers.identifiers import ItemIds, readable_id, slugify
from quizlint.importers.log import ImportLog
from quizlint.text import without_control_characters


def resolve_languages(draft: DraftQuiz, options: ImportOptions, log: ImportLog, where: str) -> tuple[str, list[str]]:
    """The language of unmarked texts and the quiz's languages (source first). ``--languages`` is taken as
    given (the command checks that it holds ``--lang``); languages found in the texts are never dropped."""
    found: list[str] = []
    for texts in draft_texts(draft):
        for lang in texts:
            if lang not in (None, NEUTRAL) and lang not in found:
                found.append(lang)
    declared = list(dict.fromkeys(draft.languages + found))
    lang = options.lang or (options.languages[0] if options.languages else None) or draft.default_lang \
        or (declared[0] if declared else None)
    if lang is None:
        lang = "en"
        if any(None in texts for texts in draft_texts(draft)):
            log.warn(where, "the texts' language is not declared: they go into 'en' (choose with --lang)")
    languages = list(options.languages) or list(dict.fromkeys([lang] + declared))
    for extra in found:
        if extra not in languages:
            log.warn(where, f"texts in language '{extra}' are kept although --languages does not list it")
            languages.append(extra)
    return lang, languages


def _resolve_texts(texts: Texts | None, lang: str) -> Any:
    """Draft texts → a quiz-file text: a plain string (neutral) or ``{lang: text}`` in a stable order."""
    if not texts:
        return None
    if NEUTRAL in texts:
        return texts[NEUTRAL]
    resolved = {key: value for key, value in texts.items() if key is not None and value}
    if texts.get(None) and lang not in resolved:  # a text that says its language wins over an unmarked one
        resolved[lang] = texts[None]
    return dict(sorted(resolved.items())) or None


def _ordered(texts: Any, languages: list[str]) -> Any:
    """Language fields in the order of the quiz's languages."""
    if not isinstance(texts, dict):
        return texts
    return {lang: texts[lang] for lang in sorted(texts, key=lambda key: (languages.index(key), "")
                                                   if key in languages else (len(languages), key))}


def _text_value(texts: Texts | None, lang: str, languages: list[str]) -> Any:
    return _ordered(_resolve_texts(texts, lang), languages)


def _item_data(item: DraftItem, item_id: str, lang: str, languages: list[str]) -> dict:
    data: dict[str, Any] = {"id": item_id, "type": item.type, "stem": _text_value(item.stem, lang, languages) or ""}
    if item.type == "true_false":
        if item.answer is not None:
            data["answer"] = item.answer
    else:
        options = []
        for option in item.options:
            entry: dict[str, Any] = {"text": _text_value(option.text, lang, languages) or ""}
            if option.correct:
                entry["correct"] = True
            feedback = _text_value(option.feedback, lang, languages)
            if feedback is not None:
                entry["feedback"] = feedback
            if option.fixed:
                entry["fixed"] = True
            options.append(entry)
        data["options"] = options
    explanation = _text_value(item.explanation, lang, languages)
    if explanation is not None:
        data["explanation"] = explanation
    tags = list(dict.fromkeys(tag.strip() for tag in item.tags if tag and tag.strip()))
    if tags:
        data["tags"] = tags
    if item.points != 1:
        data["points"] = int(item.points) if float(item.points).is_integer() else item.points
    return data


def _translation_states(data: dict, languages: list[str]) -> dict:
    """Target languages the item has texts in, as ``draft`` translations of the current source."""
    from quizlint.model import Item, item_text_fields, source_digest

    item = Item.model_validate(data)
    states = {}
    for target in languages[1:]:
        if any(isinstance(f.value, dict) and f.value.get(target) for f in item_text_fields(item)):
            states[target] = {"status": "draft", "source": source_digest(item, languages[0])}
    return states


def _pin_options(data: dict, languages: list[str]) -> None:
    """The options of an item the source never shuffles, all ``fixed`` (a quiz file's way to say that no option
    may move), unless their order already means something to quizlint, which then never moves them either
    (numbers, "all of the above": the items quizlint's own exports mark so)."""
    from quizlint.model import Item
    from quizlint.model.order import order_is_meaningful

    if data.get("options") and not order_is_meaningful(Item.model_validate(data), languages):
        for option in data["options"]:
            option["fixed"] = True


def quiz_document(draft: DraftQuiz, options: ImportOptions, log: ImportLog, where: str, stem: str,
                  ids: ItemIds | None = None) -> dict:
    """The plain data of the quiz file for ``draft``, its item ids not among ``ids`` (which gets them)."""
    lang, languages = resolve_languages(draft, options, log, where)
    removed: list[int] = []
    title = _text_value(draft.title, lang, languages) or {lang: draft.fallback_title or stem}
    title = _without_control_characters(title, removed)
    title_text = title if isinstance(title, str) else title.get(languages[0]) or next(iter(title.values()))
    suffix = _language_suffix(draft, languages)
    quiz_id = options.quiz_id or readable_id(_without(draft.id_hint, suffix)) or slugify(title_text) or slugify(stem) \
        or "imported-quiz"
    document: dict[str, Any] = {"quizlint": 1, "id": quiz_id, "languages": languages, "title": title}
    description = _text_value(draft.description, lang, languages)
    if description is not None:
        document["description"] = _without_control_characters(description, removed)
    ids = ItemIds() if ids is None else ids
    items = []
    for item in draft.items:
        source_ids = tuple(_without(source_id, suffix) for source_id in item.source_ids)
        data = _item_data(item, ids.claim(source_ids, f"{quiz_id}-q{item.number}"), lang, languages)
        data = _without_control_characters(data, removed)
        if item.keeps_order:
            _pin_options(data, languages)
        states = _translation_states(data, languages)
        if states:
            data["translations"] = states
        items.append(data)
    document["items"] = items
    if removed:
        log.warn(where, f"{sum(removed)} control character(s) left out: no text can hold them (NUL, bell, escape…)")
    return document


def _language_suffix(draft: DraftQuiz, languages: list[str]) -> str:
    """``-<lang>`` when the draft is quizlint's export of one language other than its quiz's source language,
    whose quiz and items are named ``<id>-<lang>`` (``quizlint.export._common.language_suffix``): every item's
    first id, and the quiz's id where the source gives one, end so. Such an import gives back the ids of the
    quiz file it was exported from."""
    suffix = f"-{languages[0]}" if len(languages) == 1 else ""
    named = [item.source_ids[0] for item in draft.items if item.source_ids]
    ids = named + ([draft.id_hint] if draft.id_hint else [])
    if suffix and named and all(value.casefold().endswith(suffix.casefold()) and len(value) > len(suffix)
                                for value in ids):
        return suffix
    return ""


def _without(value: str | None, suffix: str) -> str | None:
    return value[:-len(suffix)] if value and suffix and value.casefold().endswith(suffix.casefold()) else value


def _without_control_characters(value: Any, removed: list[int]) -> Any:
    """``value`` (texts, or mappings and lists of them) without the characters no text can hold; how many each
    text lost is appended to ``removed``."""
    if isinstance(value, str):
        cleaned = without_control_characters(value)
        if len(cleaned) != len(value):
            removed.append(len(value) - len(cleaned))
        return cleaned
    if isinstance(value, dict):
        return {key: _without_control_characters(child, removed) for key, child in value.items()}
    if isinstance(value, list):
        return [_without_control_characters(child, removed) for child in value]
    return value
