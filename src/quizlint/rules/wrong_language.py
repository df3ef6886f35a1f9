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
of two to four words (two of them of three letters or more) is checked on its own terms: it is in another
language when it has none of its field's own letters (ı, ş, ğ… for Turkish), has the other language's own letters
when that language has some, and lingua gives the other language a lead of 0.2 — or, for English, any lead and
an English function word ("the session layer", "none of these answers"). So "Data link layer" copied into the
Turkish field is an error, while "Truman Doktrini", "Bir kitap" and a single word ("Other", "Tablet") are not.
The quiz title and description are checked as the items' texts are. Plain strings
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

from bisect import bisect_right
from dataclasses import dataclass

from quizlint.lexicon import CAPITALISED_NOUNS
from quizlint.lint.services import DEFERRED, default_services, language_name
from quizlint.model.texts import item_text_fields, quiz_text_fields
from quizlint.rules._glossary import matcher_for
from quizlint.rules._language_text import identification_words, short_phrase, short_sample, short_text_language
from quizlint.rules._markup import (has_markup, prose, prose_letters, prose_words, strip_untranslatable,
                                    without_proper_names)
from quizlint.rules._translation import neutral_prose_function
from quizlint.text import is_turkic, primary_subtag

CODE = "T004"
NAME = "wrong-language"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-letters": 10, "margin": 0.5}
OPTION_LIMITS = {"min-letters": (0, None), "margin": (0, 1)}


def _texts(ctx, codes, items) -> tuple[list, list, list, list]:
    """The texts of ``items`` worth identifying, as (prose words, language) pairs for
    ``Services.confirm_languages``; the field of each; per item, how many texts the items up to it have; and per
    item, its short texts (``short_phrase``) as (field, language, text), which ``short_verdicts`` looks at.
    Names, formulas, quotations and code are masked first (``identification_words``)."""
    texts: list[tuple[list[str], str]] = []
    fields, ends, shorts = [], [], []
    languages = [lang for lang in ctx.languages if primary_subtag(lang) in codes]
    prose_words_of = _prose_words_function(ctx.glossary)
    # per language: how its texts lose their names (None: they keep them), and whether an apostrophe marks one;
    # in a quiz with a language that capitalises its nouns, a text of it may stand in another's field: none
    capitalising = any(primary_subtag(lang) in CAPITALISED_NOUNS for lang in languages)
    names = {lang: None if capitalising else _names_function(ctx.glossary, lang) for lang in languages}
    apostrophe_names = {lang: is_turkic(lang) for lang in languages}
    min_letters = ctx.options["min-letters"]
    for item in items:
        shorts.append([])
        for field in item_text_fields(item):
            value = field.value
            if isinstance(value, str) or value is None:  # language-neutral (or absent): nothing to identify
                continue
            for lang in languages:
                text = value.get(lang)
                if text and not text.isspace():
                    if short_phrase(text.split()):
                        shorts[-1].append((field, lang, text))
                    text = " ".join(identification_words(text, names=not capitalising))
                    # (inlined: no capital letter after the first one, the case of most texts, means no name)
                    if names[lang] is None or (_lower_after_first(text) and not (
                            apostrophe_names[lang] and ("'" in text or "’" in text))):
                        words = prose_words_of(text)
                    else:
                        words = names[lang](text)
                    if words and _letters(words) >= min_letters:
                        texts.append((words, lang))
                        fields.append(field)
        ends.append(len(texts))
    return texts, fields, ends, shorts


def _lower_after_first(text: str) -> bool:
    """``text[1:].islower()``; an ASCII text's bytes make the same test with a table instead of Unicode's look-ups
    per character."""
    return text.encode()[1:].islower() if text.isascii() else text[1:].islower()


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


def _verdicts(ctx, services, codes, items) -> list[list]:
    """Per item: (field, language, sample, confidences) for its texts that may raise a problem, those whose
    declared language is not confirmed (see ``Services.confirm_languages``). All texts of ``items`` go in one
    batch."""
    texts, fields, ends, shorts = _texts(ctx, codes, items)
    verdicts: list[list] = [[] for _ in items]
    for index, confidences in enumerate(services.confirm_languages(texts, ctx.languages, ctx.options["margin"])):
        if confidences:
            words, lang = texts[index]
            verdicts[bisect_right(ends, index)].append((fields[index], lang, " ".join(words), confidences))
    for index, found in enumerate(short_verdicts(services, ctx.languages, shorts)):
        if found:  # a short text's own verdict stands in for the statistical one
            short = {(field.path, lang) for field, lang, _, _ in found}
            verdicts[index] = [verdict for verdict in verdicts[index] if (verdict[0].path, verdict[1]) not in short]
            verdicts[index].extend(found)
    return verdicts


@dataclass(frozen=True)
class ShortVerdict:
    """A short text (two to four words) found in another language than its field's (``short_text_language``)."""

    best: str
    confidences: dict

    def message(self, label: str, lang: str) -> str:
        declared = primary_subtag(lang)
        return (f"{label}: the {lang} text looks like {language_name(self.best)}, not {language_name(declared)} "
                f"(a short text: confidence {self.best} {self.confidences.get(self.best, 0.0):.2f}, "
                f"{declared} {self.confidences.get(declared, 0.0):.2f})")


def short_verdicts(services, languages: list[str], shorts: list[list]) -> list[list]:
    """Per item, the (field, language, text, ShortVerdict) of its short texts in another language: the texts
    that still have words after masking names, formulas and code, identified in one batch."""
    samples = {sample for item_shorts in shorts for _, lang, text in item_shorts
               if (sample := short_sample(text, lang)) is not None}
    if not samples:
        return [[] for _ in shorts]
    ordered = sorted(samples)
    scores = dict(zip(ordered, services.language_confidences_many(ordered, languages)))
    found: list[list] = []
    for item_shorts in shorts:
        found.append([])
        for field, lang, text in item_shorts:
            best = short_text_language(text, lang, languages, lambda sample: scores.get(sample, {}))
            if best:
                found[-1].append((field, lang, text, ShortVerdict(best, scores[short_sample(text, lang)])))
    return found


def _item_verdicts(ctx, services, codes) -> list:
    """The verdicts of the current item: for the whole quiz at its first item (lingua is much faster on a
    batch), kept until the next file."""
    memo = services.memo(NAME)
    if ctx.index == 0:
        memo.clear()
        memo.update(file=ctx.file, glossary=ctx.glossary, options=dict(ctx.options),
                    verdicts=_verdicts(ctx, services, codes, ctx.quiz.items))
    if memo.get("file") is ctx.file and memo.get("glossary") is ctx.glossary and memo.get("options") == ctx.options:
        return memo["verdicts"][ctx.index]
    return _verdicts(ctx, services, codes, [ctx.item])[0]


def check(ctx):
    services = ctx.services or default_services()
    codes = services.identifiable(ctx.languages)
    if len(codes) < 2:
        return
    margin = ctx.options["margin"]
    for field, lang, sample, confidences in _item_verdicts(ctx, services, codes):
        if isinstance(confidences, ShortVerdict):
            yield ctx.problem(confidences.message(field.label, lang), *field.lang_path(lang))
            continue
        if confidences is DEFERRED:
            yield ctx.problem(Question(sample, tuple(ctx.languages), field.label, lang, codes, margin),
                              *field.lang_path(lang))
            continue
        message = _message(field.label, lang, codes, confidences, margin)
        if message:
            yield ctx.problem(message, *field.lang_path(lang))


def check_quiz(ctx):
    """The quiz's title and description, in each language, as the items' texts are looked at."""
    services = ctx.services or default_services()
    codes = services.identifiable(ctx.languages)
    if len(codes) < 2:
        return
    fields = [field for field in quiz_text_fields(ctx.quiz) if isinstance(field.value, dict)]
    shorts = [[(field, lang, text) for field in fields for lang in ctx.languages
               if primary_subtag(lang) in codes and (text := field.value.get(lang)) and short_phrase(text.split())]]
    reported = set()
    for field, lang, _, verdict in short_verdicts(services, ctx.languages, shorts)[0]:
        reported.add((field.path, lang))
        yield ctx.problem(verdict.message(field.label, lang), *field.lang_path(lang))
    long_texts = [(field, lang, words) for field in fields for lang in ctx.languages
                  if primary_subtag(lang) in codes and (text := field.value.get(lang))
                  and _letters(words := identification_words(text)) >= ctx.options["min-letters"]]
    all_confidences = services.language_confidences_many([" ".join(words) for _, _, words in long_texts],
                                                         ctx.languages)
    for (field, lang, _), confidences in zip(long_texts, all_confidences):
        message = _message(field.label, lang, codes, confidences, ctx.options["margin"])
        if message and (field.path, lang) not in reported:
            yield ctx.problem(message, *field.lang_path(lang))


def _message(label: str, lang: str, codes: tuple[str, ...], confidences: dict | None, margin: float) -> str | None:
    """The finding's message when another language wins by ``margin``, else None."""
    if not confidences:
        return None
    declared = primary_subtag(lang)
    best = max(codes, key=lambda code: (confidences.get(code, 0.0), code == declared))
    if best == declared or confidences[best] - confidences.get(declared, 0.0) < margin:
        return None
    return (f"{label}: the {lang} text looks like {language_name(best)}, not {language_name(declared)} "
            f"(confidence {best} {confidences[best]:.2f}, {declared} {confidences.get(declared, 0.0):.2f})")


@dataclass(frozen=True)
class Question:
    """A full look that a worker of a pool left to the process running the pool (``Services.defer_full_looks``):
    the problem's message once ``text`` is identified among ``languages``, or None when there is no problem."""

    text: str
    languages: tuple[str, ...]
    label: str
    lang: str
    codes: tuple[str, ...]
    margin: float

    def message(self, confidences: dict[str, float]) -> str | None:
        return _message(self.label, self.lang, self.codes, confidences, self.margin)
