"""A machine translation has not been reviewed yet.

## What it does
Reports every target language whose translation state is `status: machine`: the texts were drafted by a
machine-translation service (`quizlint translate`) and no person has checked them yet. A state recorded for
the source language or for a language the quiz does not declare is reported by `undeclared-language` instead.

## Why it matters
Machine translation of assessment items is a draft, not a translation: it renders product names literally
("safetensors" became "emniyet tensörleri" in this project's seed quizzes), loses negations, and changes how
hard a distractor is. Publishing it unreviewed puts those errors in front of students. The rule is a warning
so that drafts can live in the bank while CI (`--fail-on warning`) keeps them out of a release.

## Example
```yaml
id: qlora
stem:
  en: "Which technique fine-tunes a 4-bit quantized model through low-rank adapters?"
  tr: "Hangi teknik, 4 bitlik nicelenmiş bir modele düşük sıralı bağdaştırıcılarla ince ayar yapar?"
options:
  - text: QLoRA
    correct: true
  - text: {en: "Dropout", tr: "Bırakma"}
translations:
  tr: {status: machine}
```

## Use instead
```yaml
id: qlora
stem:
  en: "Which technique fine-tunes a 4-bit quantized model through low-rank adapters?"
  tr: "Hangi teknik, 4 bitlik nicelenmiş bir modele düşük sıralı bağdaştırıcılarla ince ayar yapar?"
options:
  - text: QLoRA
    correct: true
  - text: {en: "Dropout", tr: "Bırakma"}
translations:
  tr: {status: reviewed}
```

## How to fix
Have a speaker of the language review the texts (`quizlint review`), then set the status to `reviewed`.

## Options
None.
"""

from quizlint.rules._translation import target_languages_with_status

CODE = "T009"
NAME = "machine-unreviewed"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for lang in target_languages_with_status(ctx, "machine"):
        yield ctx.problem(f"the {lang} translation is a machine translation that has not been reviewed",
                          "translations", lang, "status")
