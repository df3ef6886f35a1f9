"""Helpers shared by the answer-key and item-writing rules: texts per language, where to report, emphasis."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from quizlint import lexicon
from quizlint.model import is_neutral, option_letter
from quizlint.model.order import REFERRING_PHRASES, order_is_meaningful
from quizlint.model.texts import language_texts, text_in
from quizlint.rules._markup import has_hidden_text, is_shown_as_written, visible_text
from quizlint.text import nfc, visible_length

# **bold**, __bold__, *italic*, _italic_, and the HTML tags writers use to underline or stress a word.
_EMPHASIS = re.compile(
    r"\*\*(?=\S)(.+?)(?<=\S)\*\*"
    r"|(?<![\w])__(?=\S)(.+?)(?<=\S)__(?![\w])"
    r"|(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])"
    r"|(?<![\w])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w])"
    r"|<(u|b|strong|em|i|ins|mark)\b[^>]*>(.+?)</\5\s*>",
    re.DOTALL | re.IGNORECASE,
)
_CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)\]*_]*\s+|\n\s*\n")


def lang_path(path: tuple, value: Any, lang: str) -> tuple:
    """The path of ``value``'s text in ``lang`` (a language-neutral string has no per-language key)."""
    return path if is_neutral(value) else path + (lang,)


def hits_by_language(value: Any, languages: list[str], find: Callable[[str, str], Any]) -> list[tuple[str, Any]]:
    """(language, result) for each language where ``find(text, lang)`` returns something truthy."""
    hits = []
    for lang, text in language_texts(value, languages):
        result = find(text, lang)
        if result:
            hits.append((lang, result))
    return hits


def quoted_by_language(hits: list[tuple[str, str]]) -> str:
    """``"never" (en), "asla" (tr)``; a text found in several languages once (``"MP3" (en, tr)``), several texts
    of one language together (``"kontrol", "büyük" (tr)``)."""
    languages: dict[str, list[str]] = {}
    for lang, text in hits:
        langs = languages.setdefault(text, [])
        if lang not in langs:
            langs.append(lang)
    groups: dict[tuple[str, ...], list[str]] = {}
    for text, langs in languages.items():
        groups.setdefault(tuple(langs), []).append(f'"{text}"')
    return ", ".join([f"{', '.join(texts)} ({', '.join(langs)})" for langs, texts in groups.items()])


def distractor_indexes(item) -> list[int]:
    return [index for index, option in enumerate(item.options) if not option.correct]


def key_indexes(item) -> list[int]:
    return [index for index, option in enumerate(item.options) if option.correct]


def option_texts(ctx) -> dict[str, list[str | None]]:
    """Per language of the quiz, each option's text in it (None where it has none), read once for all the rules
    of the item (which must not change the lists)."""
    found = ctx.memo.get("option-texts")
    if found is None:
        values = [option.text for option in ctx.item.options]
        found = ctx.memo["option-texts"] = {lang: [text_in(value, lang) for value in values] for lang in ctx.languages}
    return found


def option_lengths(ctx) -> tuple[int, ...]:
    """How many characters each option's text in the source language has as students see it (``visible_lengths``),
    worked out once for longest-option-key and the item's summary."""
    found = ctx.memo.get("option-lengths")
    if found is None:
        found = ctx.memo["option-lengths"] = visible_lengths(option_texts(ctx)[ctx.source_language])
    return found


def visible_lengths(texts: list[str | None]) -> tuple[int, ...]:
    """``visible_length(visible_text(text or ""))`` of each text; at once when they are all there, ASCII and
    shown as written (the usual options: then each is shown as written, as their substring tests say of all of
    them joined by spaces, and has as many characters as it is long)."""
    if None not in texts:
        joined = " ".join(texts)
        if joined.isascii() and is_shown_as_written(joined):
            return tuple([len(text.strip()) for text in texts])
    return tuple([visible_length(visible_text(text or "")) for text in texts])


def lexicon_texts(ctx) -> list[tuple[str, lexicon.Texts]]:
    """(language, texts) for each of the quiz's languages: the item's stem (index 0) and option texts (index 1 +
    the option's index) as the word lists see them, worked out once for all the rules of the item."""
    found = ctx.memo.get("lexicon-texts")
    if found is None:
        stem, options = ctx.item.stem, option_texts(ctx)
        found = ctx.memo["lexicon-texts"] = [(lang, lexicon.Texts([text_in(stem, lang)] + options[lang], lang))
                                             for lang in ctx.languages]
    return found


def visible_lexicon_texts(ctx) -> list[tuple[str, lexicon.Texts]]:
    """``lexicon_texts(ctx)`` of the texts as students see them (``visible_text``: no link targets, no HTML
    tags), for rules that compare words; the same list when no text hides any words (the usual case)."""
    found = lexicon_texts(ctx)
    # (one test of each language's texts joined: a line break between two texts joins no "](" and holds no "<")
    if not any([has_hidden_text(texts.joined) for _, texts in found]):
        return found
    return [(lang, lexicon.Texts([visible_text(text) if text else text for text in texts.texts], lang))
            for lang, texts in found]


def stem_categories(ctx) -> frozenset[str]:
    """The word-list categories whose terms may occur in the item's stem, in any of the quiz's languages (a
    category left out certainly does not: a rule that looks only for it has nothing to report)."""
    return _item_categories(ctx)[0]


def option_categories(ctx) -> frozenset[str]:
    """The word-list categories whose terms may occur in the item's option texts (see ``stem_categories``)."""
    return _item_categories(ctx)[1]


def _item_categories(ctx) -> tuple[frozenset[str], frozenset[str]]:
    found = ctx.memo.get("lexicon-categories")
    if found is None:
        stem = options = frozenset()
        for _, texts in lexicon_texts(ctx):  # (the stem, then the option texts: see ``lexicon_texts``)
            stem_found, options_found = texts.first_and_rest_categories()
            stem, options = stem | stem_found, options | options_found
        found = ctx.memo["lexicon-categories"] = (stem, options)
    return found


def order_means_something(ctx) -> bool:
    """``order_is_meaningful`` of the item, with the word-list look-up its rules made (or make now)."""
    return order_is_meaningful(ctx.item, ctx.languages, option_categories(ctx).intersection(REFERRING_PHRASES),
                               option_texts(ctx))


def option_phrase_problems(ctx, category: str, what: str) -> Iterator:
    """Problems for options whose whole text is a phrase of ``category`` (W001, W002) in any language."""
    if category not in option_categories(ctx):
        return
    for index, option in enumerate(ctx.item.options):
        hits = hits_by_language(option.text, ctx.languages,
                                lambda text, lang: lexicon.first(category, text, lang))
        if hits:
            first_lang = hits[0][0]
            shown = quoted_by_language([(lang, match.text) for lang, match in hits])
            yield ctx.problem(f"option {option_letter(index)} is {what}: {shown}",
                              *lang_path(("options", index, "text"), option.text, first_lang))


def question_sentence(text: str) -> tuple[int, int]:
    """The span of the question sentence: the last sentence that ends with ``?``, else the last sentence."""
    starts = [0] + [match.end() for match in _SENTENCE_END.finditer(text)]
    sentences = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        if text[start:end].strip():
            sentences.append((start, end))
    if not sentences:
        return 0, len(text)
    questions = [span for span in sentences if text[span[0]:span[1]].rstrip(" \t\n\"'”’)]*_").endswith("?")]
    return (questions or sentences)[-1]


def emphasis_spans(text: str) -> list[tuple[int, int]]:
    """Spans of text inside Markdown bold/italic or HTML underline/bold/italic."""
    return [match.span() for match in _EMPHASIS.finditer(text)]


def is_all_caps(word: str) -> bool:
    letters = [ch for ch in word if ch.isalpha()]
    return len(letters) >= 2 and all(ch.isupper() for ch in letters)


def is_emphasised(text: str, start: int, end: int, spans: list[tuple[int, int]] | None = None) -> bool:
    """Whether ``text[start:end]`` is written in capitals or stands inside an emphasis span."""
    if is_all_caps(text[start:end]):
        return True
    return inside_any(start, end, emphasis_spans(text) if spans is None else spans)


def code_spans(text: str) -> list[tuple[int, int]]:
    """Spans of inline Markdown code (`like this`): words there are code, not prose."""
    return [match.span() for match in _CODE_SPAN.finditer(text)] if "`" in text else []


def inside_any(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(begin <= start and end <= finish for begin, finish in spans)


def prose_matches(category: str, text: str, lang: str) -> list[lexicon.Match]:
    """Terms of ``category`` in ``text``, leaving out those inside inline code."""
    text = text if text.isascii() else nfc(text)  # (the spans of ``find_all``'s matches are in the NFC text)
    found = lexicon.find_all(category, text, lang)
    code = code_spans(text) if found else []
    return [match for match in found if not inside_any(match.start, match.end, code)]


def term_problems(ctx, category: str, fields: list[tuple[tuple, Any, str]], what: str,
                  innocent: Callable[[str, lexicon.Match], bool] | None = None) -> Iterator:
    """One problem per field (path, value, label) that contains terms of ``category`` in any language (but for
    the matches that ``innocent(nfc(text), match)`` says are not the term)."""
    for path, value, label in fields:
        hits = [(lang, match.text) for lang, text in language_texts(value, ctx.languages)
                for match in prose_matches(category, text, lang) if innocent is None or not innocent(nfc(text), match)]
        if hits:
            problem = ctx.problem(f"{label} uses {what} {quoted_by_language(hits)}", *lang_path(path, value, hits[0][0]))
            yield translation_only(ctx, problem, value, hits)


def translation_only(ctx, problem, value: Any, hits: list[tuple[str, str]], source_flawed: bool = False):
    """``problem`` as at most info, naming the language, when its ``hits`` (language, word) are all in
    translations of a field whose source text has none: the flaw is the translation's wording ("tamamı",
    "hariç", "yaygın olarak" where the source had nothing), not the item's. ``source_flawed``: the rule found the
    flaw in the source too, though not worth reporting there (a negative word the source emphasises)."""
    source = ctx.languages[0] if ctx.languages and not source_flawed else None
    if source is None or isinstance(value, str) or not isinstance(value, dict) or not (value.get(source) or "").strip():
        return problem
    languages = sorted({lang for lang, _ in hits})
    if source in languages:
        return problem
    return replace(problem, at_most="info",
                   message=f"{problem.message} (only in the {', '.join(languages)} translation; the {source} source is clean)")
