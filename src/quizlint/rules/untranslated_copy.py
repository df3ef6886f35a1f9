"""A translation is a copy of the source text.

## What it does
Reports a target-language text (of an item, or the quiz's title or description) identical to the
source-language text of the same field (after Unicode NFC
normalisation and collapsing whitespace), unless the text is language-neutral: once code, URLs, math,
numbers, acronyms and other identifiers (CSV, QLoRA, INT8, `snake_case`, file names) and the glossary's
do-not-translate terms are set aside, fewer than `min-letters` letters of ordinary words are left. So
`{en: "4 GB", tr: "4 GB"}` and `{en: "QLoRA", tr: "QLoRA"}` pass, `{en: "Dropout", tr: "Dropout"}` does not.

## Why it matters
A copied source text is the typical trace of a translation that was never done: the file was filled in by
copying the source so the schema would validate, or a machine-translation step failed silently. The item
then shows up in the target language with its question or options in the source language.

## Example
```yaml
id: regularisation
stem:
  en: "Which technique randomly zeroes activations during training?"
  tr: "Eğitim sırasında aktivasyonları rastgele sıfırlayan teknik hangisidir?"
options:
  - text: {en: "Dropout", tr: "Dropout"}
    correct: true
  - text: {en: "Batch normalization", tr: "Toplu normalleştirme"}
```

## Use instead
```yaml
id: regularisation
stem:
  en: "Which technique randomly zeroes activations during training?"
  tr: "Eğitim sırasında aktivasyonları rastgele sıfırlayan teknik hangisidir?"
options:
  - text: {en: "Dropout", tr: "Bırakma (dropout)"}
    correct: true
  - text: {en: "Batch normalization", tr: "Toplu normalleştirme"}
```

## How to fix
Translate the text. If it really is the same in every language (a name, a product, a number), write it as
a plain string (`text: Adam`) so that it is declared language-neutral, or add the term to the glossary
with `translate: false`.

## Options
- `min-letters` (default 4): a text with fewer letters of ordinary words than this is language-neutral.
"""

from quizlint.model.texts import is_neutral, quiz_text_fields
from quizlint.rules._item_texts import normalized_pairs_of, text_pairs_of
from quizlint.rules._markup import normalized, prose_letters
from quizlint.rules._translation import item_fields_of, neutral_prose

CODE = "T003"
NAME = "untranslated-copy"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-letters": 4}
OPTION_LIMITS = {"min-letters": (0, None)}


def check(ctx):
    min_letters = ctx.options["min-letters"]
    for index, (position, lang, source_form, target_form) in enumerate(normalized_pairs_of(ctx)):
        if source_form != target_form:
            continue
        source = text_pairs_of(ctx)[index][2]
        if prose_letters(neutral_prose(source, ctx.glossary)) < min_letters:
            continue
        field = item_fields_of(ctx)[position]
        yield ctx.problem(_message(field, lang, ctx.source_language), *field.lang_path(lang))


def check_quiz(ctx):
    min_letters = ctx.options["min-letters"]
    for field in quiz_text_fields(ctx.quiz):
        source = None if is_neutral(field.value) else field.value.get(ctx.source_language)
        if not source or not source.strip() or prose_letters(neutral_prose(source, ctx.glossary)) < min_letters:
            continue
        for lang in ctx.languages[1:]:
            target = field.value.get(lang)
            if target and normalized(target) == normalized(source):
                yield ctx.problem(_message(field, lang, ctx.source_language), *field.lang_path(lang))


def _message(field, lang: str, source_language: str) -> str:
    return (f"{field.label}: the {lang} text is a copy of the {source_language} source "
            "(translate it, or write a plain string if it is the same in every language)")
