"""An image or media file a text refers to is missing, unreadable or outside the bank.

## What it does
Resolves every local image (`![alt](img/chart.png)`, an HTML `<img>`) and every link to an audio or video file
(`[listen](sounds/a.mp3)`) of an item's texts, in every language, relative to the quiz file, and reports a path
that does not exist, is not a readable file, is absolute, or leads outside the bank root (the git repository
the quiz file is in, or, outside git, the quiz file's folder): through `..`, or through a link whose target is
outside it. Such a file is never read nor exported.

## Why it matters
A missing file is a broken image in the LMS: the question may be unanswerable without its figure. A path out
of the bank (`../../etc/passwd.png`) would package a file that is not part of the content.

## Example
```yaml
id: chart
stem: {en: "What does the chart show? ![a bar chart](img/missing.png)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](img/missing.png)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## Use instead
```yaml
# files: {img/chart.svg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'}
id: chart
stem: {en: "What does the chart show? ![a bar chart](img/chart.svg)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](img/chart.svg)"}
options:
  - text: {en: "Growth", tr: "Büyüme"}
    correct: true
  - text: {en: "Decline", tr: "Düşüş"}
```

## How to fix
Add the file, correct the path (relative to the quiz file, with `/`), or move the file into the bank.

## Options
None.
"""

import os

from quizlint.rules._media import described, references_of, resolved, where

CODE = "M001"
NAME = "missing-asset"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for field, path, lang, _, reference in references_of(ctx):
        if not reference.is_local:
            continue
        found = resolved(ctx, reference)
        if found.problem is not None:
            yield ctx.problem(f"{where(field, lang)}: the {described(reference)} {found.problem}", *path)
        elif not os.access(found.path, os.R_OK):
            yield ctx.problem(f"{where(field, lang)}: the {described(reference)} cannot be read", *path)


check_quiz = check  # (the quiz's description is a text like any other)
