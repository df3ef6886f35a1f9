"""A text is empty, blank or null.

## What it does
Reports a stem, option, feedback or explanation whose text is empty, only whitespace (zero-width spaces and
joiners included), or `null` — in any
language, the source language included, and for a language-neutral plain string too. A language key that
is absent altogether is reported by `missing-translation`. The quiz's own `title` and `description` are
checked the same way.

## Why it matters
An empty text is an option a student cannot read or a question without a question; an empty key in one
language usually means a translation was started and never finished, or a merge went wrong. LMS importers
reject empty answers or, worse, accept them.

## Example
```yaml
id: int8-bits
stem: {en: "How many bits does an INT8 weight use?", tr: "  "}
options:
  - text: "8"
    correct: true
  - text: {en: "Sixteen", tr: null}
```

## Use instead
```yaml
id: int8-bits
stem: {en: "How many bits does an INT8 weight use?", tr: "Bir INT8 ağırlığı kaç bit kullanır?"}
options:
  - text: "8"
    correct: true
  - text: {en: "Sixteen", tr: "On altı"}
```

## How to fix
Write the text, or delete the field if it is optional (feedback, explanation).

## Options
None.
"""

from quizlint.model import is_neutral, quiz_text_fields
from quizlint.rules._item_texts import texts_complete_of
from quizlint.rules._translation import has_text, item_fields_of

CODE = "T002"
NAME = "empty-text"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    if not texts_complete_of(ctx):
        yield from _empty(ctx, item_fields_of(ctx))


def check_quiz(ctx):
    yield from _empty(ctx, quiz_text_fields(ctx.quiz))


def _empty(ctx, fields):
    for field in fields:
        if is_neutral(field.value):
            if not has_text(field.value):
                yield ctx.problem(f"{field.label} is empty", *field.path)
            continue
        for lang, text in field.value.items():
            if not has_text(text):
                what = "null" if text is None else "empty"
                yield ctx.problem(f"{field.label}: the {lang} text is {what}", *field.lang_path(lang))
