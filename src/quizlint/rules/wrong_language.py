"""A text is written in another of the quiz's languages than the one it is filed under.

## What it does
Identifies the language of every text of every language of the item — the source language included — with
a language identifier (lingua) restricted to the languages the quiz declares, and reports a text filed
under one language that reads as another: English left in the `tr` field, a Turkish sentence pasted into
`en`. It reports only when the other language wins by at least `margin` of confidence.

Names, numbers and code never raise an alarm: before identification the text loses its code, URLs, math,
numbers, acronyms and identifiers (CSV, MP3, QLoRA, INT8, `snake_case`), the glossary's do-not-translate
terms and its proper names, so "Where is Çanakkale?" and "Treaty of Sèvres" are English. A proper name is a
word that starts with a capital letter but not a sentence (the text, a line, a list item, or the word after
one ending in `.` `!` `?` `:` `…`), other than the pronoun "I"; and, in a Turkish text, a capitalised word with a
suffix after an apostrophe ("Ankara'nın"), wherever it stands. A Title Case text ("Optimizer State") keeps its
first word only. In a quiz with German (or Luxembourgish) among its languages, no text loses its capitalised
words: those languages capitalise every noun, and a German text pasted into another language's field would
lose its nouns (names may then count there). Before all that, quotations ("…", “…”, «…»), formulas and
numbers ("2H2 + O2 → 2H2O", "CoCl2") and names that start a sentence before another name ("John Locke'un",
"Truman Doktrini") are left out, and a text of which a third of the words are code (flags, paths, calls,
`camelCase`: "aws lambda invoke --function-name Fn out.txt") is code, not a language.

A text with fewer than `min-letters` letters of ordinary words left is not checked statistically. A short text
of two to four words (two of them of three letters or more, once names and code are left out) is checked on its
own terms: it is in another language when it has none of its field's own letters (ı, ş, ğ… for Turkish), has the
other language's own letters when that language has some, and the identifier gives the other language a lead of
0.2 — or, for English, any lead and an English function word ("the session layer", "none of these answers").
A short text of three words or more in a translation's field that is a copy of the source text ("Data link
layer" under `tr` in an en/tr quiz) is the source language left untranslated: an error here (untranslated-copy, a warning, reports
longer copies too). So is a short title or description copied so. "Truman Doktrini", "Bir kitap", a name copied
("Tim Berners-Lee"), code and a single word ("Other", "Tablet") are not reported. Plain strings
are language-neutral and are not checked. Languages lingua does not know, and quizzes with fewer than two
identifiable languages, are skipped.

## Why it matters
A text that was never translated, or was pasted into the wrong field, is invisible to the other checks:
it is present, not empty and not a copy of the source. The students of that language get a question they
may not be able to read — the seed quizzes of this project had half their questions left in English under
`tr`. lingua is the measured choice for short texts (100% on the seed strings).

## Example
```yaml
id: resume-state
stem:
  en: "Which extra state is needed to resume training?"
  tr: "Which extra state is needed to resume training?"
options:
  - text: {en: "Optimizer and scheduler state", tr: "Optimize edici ve zamanlayıcı durumu"}
    correct: true
  - text: {en: "A screenshot of the dashboard", tr: "Kontrol panelinin ekran görüntüsü"}
```

## Use instead
```yaml
id: resume-state
stem:
  en: "Which extra state is needed to resume training?"
  tr: "Eğitime devam etmek için hangi ek durum bilgileri gerekir?"
options:
  - text: {en: "Optimizer and scheduler state", tr: "Optimize edici ve zamanlayıcı durumu"}
    correct: true
  - text: {en: "A screenshot of the dashboard", tr: "Kontrol panelinin ekran görüntüsü"}
```

## How to fix
Translate the text, or move it to the field of the language it is written in.

## Options
- `min-letters` (default 10): texts with fewer letters of ordinary words are not checked (too short to
  identify reliably).
- `margin` (default 0.5): how much more confident (0–1) the identifier must be in the other language than
  in the declared one.
"""

from collections.abc import Sequence

from quizlint.language.identify import identifiable_languages, language_name
from quizlint.lexicon import CAPITALISED_NOUNS
from quizlint.model.texts import quiz_text_fields
from quizlint.rules._glossary import matcher_for
from quizlint.rules._item_texts import text_pairs_of, text_values
from quizlint.rules._language_text import (identification_words, long_plain_words, plain_identification_words,
                                            short_sample, short_text_language)
from quizlint.rules._markup import (has_markup, prose, prose_letters, prose_words, strip_untranslatable,
                                    without_proper_names)
from quizlint.rules._translation import item_fields_of, neutral_prose_function
from quizlint.rules.base import TextToIdentify
from quizlint.text import is_turkic, lower_after_first, primary_subtag

CODE = "T004"
NAME = "wrong-language"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-letters": 10, "margin": 0.5}
OPTION_LIMITS = {"min-letters": (0, None), "margin": (0, 1)}


def texts_to_identify(ctx) -> list[TextToIdentify]:
    """Which texts of the quiz the engine identifies for this rule, and what it reads of each: the prose words
    of every localized text of an item (names, code, numbers and do-not-translate terms taken out), in each
    identifiable language, when they hold ``min-letters`` letters. The one place that decides it."""
    codes = identifiable_languages(ctx.languages)
    if len(codes) < 2:
        return []
    texts: list[TextToIdentify] = []
    languages = [lang for lang in ctx.languages if primary_subtag(lang) in codes]
    prose_words_of = _prose_words_function(ctx.glossary)
    # per language: how its texts lose their names (None: they keep them), and whether an apostrophe marks one;
    # in a quiz with a language that capitalises its nouns, a text of it may stand in another's field: none
    capitalising = any(primary_subtag(lang) in CAPITALISED_NOUNS for lang in languages)
    names = {lang: None if capitalising else _names_function(ctx.glossary, lang) for lang in languages}
    apostrophe_names = {lang: is_turkic(lang) for lang in languages}
    min_letters = ctx.options["min-letters"]
    plain_texts = not matcher_for(ctx.glossary)  # (a glossary's names are taken out of plain prose too)
    for index, item in enumerate(ctx.quiz.items):
        # (the fields' values, not the fields: a field is made only for a text the quick look does not confirm)
        for position, value in enumerate(text_values(item)):
            if isinstance(value, str) or value is None:  # language-neutral (or absent): nothing to identify
                continue
            for lang in languages:
                text = value.get(lang)
                if not text:
                    continue
                if plain_texts and (words := _plain_long_text_words(text)) is not None:  # (never a blank text)
                    if len("".join(words)) >= min_letters:
                        texts.append(TextToIdentify(words, lang, index, position))
                    continue
                if text.isspace():
                    continue
                if (sample := short_sample(text, lang)) is not None:  # judged by ``short_text_language``
                    texts.append(TextToIdentify(sample.split(), lang, index, position))
                    continue
                text = " ".join(identification_words(text, names=not capitalising))
                # (inlined: no capital letter after the first one, the case of most texts, means no name)
                if names[lang] is None or (lower_after_first(text) and not (
                        apostrophe_names[lang] and ("'" in text or "’" in text))):
                    words = prose_words_of(text)
                else:
                    words = names[lang](text)
                if words and _letters(words) >= min_letters:
                    texts.append(TextToIdentify(words, lang, index, position))
    return texts


def _plain_long_text_words(text: str) -> Sequence[str] | None:
    """What ``texts_to_identify`` reads of ``text`` when it is plain prose of letters too long to be a short phrase
    (most texts), without a glossary: its identification words, which are words of letters, their own prose
    words, without proper names; else None (the general way)."""
    if text.count(" ") < 4:  # (at most four tokens, so at most four words: neither way below can take it)
        return None
    if (words := long_plain_words(text)) is not None:  # (most texts)
        return words
    words = plain_identification_words(text)
    return words if words is not None and len(words) > 4 else None


def _names_function(glossary, lang: str):
    """What the identifier gets of a text filed under ``lang`` that may hold proper names: the words of
    ``neutral_prose(text, glossary).split()`` without its proper names (``without_proper_names``)."""
    matcher, apostrophe_names = matcher_for(glossary), is_turkic(lang)

    def words_without_names(text: str) -> list[str]:
        if matcher:
            text = matcher.without_names(text)
        if has_markup(text):
            text = strip_untranslatable(text)
        return prose_words(without_proper_names(text, apostrophe_names))

    return words_without_names


def _prose_words_function(glossary):
    """``neutral_prose(text, glossary).split()``, with ``glossary`` bound."""
    prose_of = neutral_prose_function(glossary)
    return prose_words if prose_of is prose else lambda text: prose_of(text).split()


def _letters(words: list[str]) -> int:
    """``prose_letters`` of the words: for words of letters only (the usual case), their length."""
    compact = "".join(words)
    return len(compact) if compact.isalpha() else prose_letters(" ".join(words))


def check(ctx):
    # ``ctx.identified``: the texts of the item (from ``texts_to_identify``) whose declared language the engine's
    # quick look did not confirm, with their confidences per language
    reported = set()
    for text, confidences in ctx.identified:
        field = item_fields_of(ctx)[text.field]
        sample = " ".join(text.words)
        if short_sample(sample, text.lang) == sample:  # a short text (see ``texts_to_identify``)
            best = short_text_language(sample, text.lang, ctx.languages, lambda _: confidences)
            message = best and _short_message(field.label, text.lang, best, confidences)
        else:
            message = _message(field.label, text.lang, confidences, ctx.options["margin"])
        if message:
            path = field.lang_path(text.lang)
            reported.add(path)
            yield ctx.problem(message, *path)
    # the copies, read from the item's text pairs (worked out once for the translation rules: a blank text, which
    # they leave out, is no short sample); a field is made only for a finding
    for position, lang, source, target in text_pairs_of(ctx):
        if _is_short_copy(source, target, lang):
            field = item_fields_of(ctx)[position]
            if field.lang_path(lang) not in reported:
                yield _copy_problem(ctx, field, lang)


def check_quiz(ctx):
    """A short title or description left in the source language in a translation's field."""
    if len(ctx.languages) < 2:
        return
    source_lang = ctx.languages[0]
    for field in quiz_text_fields(ctx.quiz):
        if isinstance(field.value, str) or field.value is None:
            continue
        source = field.value.get(source_lang) or ""
        for lang in ctx.languages[1:]:
            if _is_short_copy(source, field.value.get(lang) or "", lang):
                yield _copy_problem(ctx, field, lang)


def _is_short_copy(source: str, text: str, lang: str) -> bool:
    """Whether ``text``, filed under ``lang``, is a short text of three words or more that is a copy of its source
    text ``source`` (see the module doc)."""
    text = text.strip()
    if not text or text != source.strip():
        return False
    sample = short_sample(text, lang)
    return sample is not None and len(sample.split()) >= 3


def _copy_problem(ctx, field, lang: str):
    source_lang = ctx.languages[0]
    return ctx.problem(f"{field.label}: the {lang} text is the {source_lang} source, untranslated "
                       f"({language_name(primary_subtag(source_lang))} in the "
                       f"{language_name(primary_subtag(lang))} field)", *field.lang_path(lang))


def _short_message(label: str, lang: str, best: str, confidences: dict[str, float]) -> str:
    declared = primary_subtag(lang)
    return (f"{label}: the {lang} text looks like {language_name(best)}, not {language_name(declared)} "
            f"(a short text: confidence {best} {confidences.get(best, 0.0):.2f}, "
            f"{declared} {confidences.get(declared, 0.0):.2f})")


def _message(label: str, lang: str, confidences: dict[str, float], margin: float) -> str | None:
    """The finding's message when another language wins by ``margin``, else None (``confidences``: per
    identifiable language, in the order of their codes)."""
    declared = primary_subtag(lang)
    best = max(confidences, key=lambda code: (confidences[code], code == declared))
    if best == declared or confidences[best] - confidences.get(declared, 0.0) < margin:
        return None
    return (f"{label}: the {lang} text looks like {language_name(best)}, not {language_name(declared)} "
            f"(confidence {best} {confidences[best]:.2f}, {declared} {confidences.get(declared, 0.0):.2f})")
