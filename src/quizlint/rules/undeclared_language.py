"""A text or translation state is in a language the quiz does not declare.

## What it does
Reports a text written per language (of an item, or the quiz's title or description) that has an entry for a
language missing from the quiz's `languages` (often a typo: `tk` for `tr`, `EN` for `en`, `tr-TR` beside
`tr`), and a `translations.<lang>` state for a language that is not one of the quiz's target languages (the
source language has no translation state).

## Why it matters
Every other translation check works on the declared languages, so a text filed under an undeclared tag is
never exported, never checked, and the declared language is reported as missing — while the text the
translator wrote sits unused in the file.

## Example
```yaml
id: dropout-effect
stem: {en: "What does dropout do during training?", tr: "Bırakma, eğitim sırasında ne yapar?"}
options:
  - text: {en: "It zeroes random activations", tr: "Rastgele aktivasyonları sıfırlar", tk: "Sıfırlar"}
    correct: true
  - text: {en: "It adds layers", tr: "Katman ekler"}
translations:
  en: {status: reviewed}
```

## Use instead
```yaml
id: dropout-effect
stem: {en: "What does dropout do during training?", tr: "Bırakma, eğitim sırasında ne yapar?"}
options:
  - text: {en: "It zeroes random activations", tr: "Rastgele aktivasyonları sıfırlar"}
    correct: true
  - text: {en: "It adds layers", tr: "Katman ekler"}
translations:
  tr: {status: reviewed}
```

## How to fix
Correct the language tag, add the language to the quiz's `languages`, or delete the entry.

## Options
None.
"""

from quizlint.model.texts import is_neutral, quiz_text_fields
from quizlint.rules._item_texts import texts_complete_of
from quizlint.rules._translation import localized_fields_of

CODE = "T010"
NAME = "undeclared-language"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    declared = ", ".join(ctx.languages)
    if not texts_complete_of(ctx):
        yield from _undeclared_texts(ctx, localized_fields_of(ctx), declared)
    for lang in ctx.item.translations:
        if lang == ctx.source_language:
            yield ctx.problem(f"translations.{lang}: {lang} is the source language, it has no translation state",
                              "translations", lang, at_key=True)
        elif lang not in ctx.languages:
            yield ctx.problem(f"translations.{lang}: the quiz does not declare {lang} (languages: {declared})",
                              "translations", lang, at_key=True)


def check_quiz(ctx):
    fields = [field for field in quiz_text_fields(ctx.quiz) if not is_neutral(field.value)]
    yield from _undeclared_texts(ctx, fields, ", ".join(ctx.languages))


def _undeclared_texts(ctx, fields, declared: str):
    for field in fields:
        for lang in field.value:
            if lang not in ctx.languages:
                yield ctx.problem(f"{field.label} has a text in {lang}, which the quiz does not declare "
                                  f"(languages: {declared})", *field.lang_path(lang), at_key=True)
