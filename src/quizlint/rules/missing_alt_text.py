"""An image has no alt text.

## What it does
Reports every image of an item's texts whose alt text (`![alt text](path)`, `<img alt="…">`) is empty or blank,
in each language: a translation that points at the same image needs its own alt text, in its own language.
Alt text is text: the translation rules (missing-translation, untranslated-copy, wrong-language,
glossary-term) read it with the rest of the text.

## Why it matters
A student who cannot see the image (a screen reader, an image that does not load) gets only its alt text.
WCAG 2.1 success criterion 1.1.1 (Non-text Content, level A): every image that carries information needs a
text alternative.

## Example
```yaml
id: chart
stem: {en: "What does the chart show? ![](img/chart.png)", tr: "Grafik neyi gösteriyor? ![](img/chart.png)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## Use instead
```yaml
id: chart
stem: {en: "What does the chart show? ![a bar chart rising each year](img/chart.png)", tr: "Grafik neyi gösteriyor? ![her yıl yükselen bir çubuk grafik](img/chart.png)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## How to fix
Describe what the image shows, as you would to someone on the phone, in every language of the quiz.

## Options
None.
"""

from quizlint.rules._media import references_of, where

CODE = "M003"
NAME = "missing-alt-text"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for field, path, lang, _, reference in references_of(ctx):
        if reference.kind == "image" and not (reference.alt or "").strip():
            yield ctx.problem(f"{where(field, lang)}: the image {reference.url!r} has no alt text (WCAG 1.1.1)",
                              *path)


check_quiz = check  # (the quiz's description is a text like any other)
