"""A text has no version in one of the quiz's languages.

## What it does
For every language the quiz declares in `languages`, reports a stem, option, feedback or explanation written
per language (a mapping such as `{en: ..., tr: ...}`) that has no entry for that language. A missing
target language is a missing translation; a missing source language (the first of `languages`) means the
item has no original to translate from, and is reported the same way. The quiz's own `title` and
`description` are checked the same way.

A plain string (`text: MP3`) is language-neutral, the same in every language, and is never missing. The
`translations:` state of an item does not matter here: only the texts do (a translation can be complete
without a review state, and a review state does not make up for a missing text). An entry that is present
but empty or `null` is reported by `empty-text` instead.

## Why it matters
A student taking the quiz in that language sees an empty stem or option, or the LMS export falls back to
another language in the middle of a question. Missing translations are the most common defect of a
bilingual bank, and the cheapest to catch before publishing.

## Example
```yaml
id: capital
stem: {en: "Which city is the capital of Turkey?"}
options:
  - text: Ankara
    correct: true
  - text: {en: "Istanbul, the largest city", tr: "İstanbul, en büyük şehir"}
```

## Use instead
```yaml
id: capital
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
  - text: {en: "Istanbul, the largest city", tr: "İstanbul, en büyük şehir"}
```

## How to fix
Add the text in that language (`quizlint translate` drafts machine translations marked `status: machine`),
or, if the text is the same in every language (a name, a number, code), write it as a plain string.

## Options
None.
"""

from quizlint.model import is_neutral, quiz_text_fields
from quizlint.rules._item_texts import texts_complete_of
from quizlint.rules._translation import localized_fields_of

CODE = "T001"
NAME = "missing-translation"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    if not texts_complete_of(ctx):
        yield from _missing(ctx, localized_fields_of(ctx))


def check_quiz(ctx):
    yield from _missing(ctx, (field for field in quiz_text_fields(ctx.quiz) if not is_neutral(field.value)))


def _missing(ctx, fields):
    for field in fields:
        for lang in ctx.languages:
            if lang in field.value:
                continue
            if lang == ctx.source_language:
                yield ctx.problem(f"{field.label} has no {lang} source text", *field.path)
            else:
                yield ctx.problem(f"{field.label} has no {lang} translation", *field.path)
