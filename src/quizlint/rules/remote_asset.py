"""An image is loaded from the web.

## What it does
Reports every image of an item's texts whose source is an `http` or `https` URL. Exports leave such an image
as a link to the URL: it is not packaged.

## Why it matters
The LMS, or the student during an exam (often on a locked-down network), may not reach the server; the image
may change or vanish after the quiz was reviewed; and loading it tells a third party who takes the quiz and
when.

## Example
```yaml
id: chart
stem: {en: "What does the chart show? ![a bar chart](https://example.com/chart.png)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](https://example.com/chart.png)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## Use instead
```yaml
id: chart
stem: {en: "What does the chart show? ![a bar chart](img/chart.png)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](img/chart.png)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## How to fix
Download the image (if its licence allows), put it in the bank beside the quiz and refer to it by its path.

## Options
None.
"""

from quizlint.rules._media import references_of, where

CODE = "M006"
NAME = "remote-asset"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for field, path, lang, _, reference in references_of(ctx):
        if reference.kind == "image" and reference.is_remote:
            yield ctx.problem(f"{where(field, lang)}: the image {reference.url!r} is loaded from the web, not "
                              "packaged with the quiz", *path)


check_quiz = check  # (the quiz's description is a text like any other)
