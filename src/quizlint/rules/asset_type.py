"""An image or media file is of a type quizlint does not package, or its content is not what its name says.

## What it does
Reads the first bytes of every local image and media file of an item's texts (their magic numbers) and reports
a file whose extension is not one of png, jpg/jpeg, gif, webp, svg, mp3, ogg, wav, mp4, webm, or whose content
is another type than its extension says (a JPEG named `.png`, a text file named `.mp3`). An SVG is read whole
and must be safe to show: no `script`, no event handler (`onload`), no `foreignObject`, no DTD or entities, and
no reference outside the file (`href` to another file or a URL, a style's `url()`).

## Why it matters
An LMS and a browser decide how to show a file by its type: a mislabelled file shows as a broken image, and a
script in an SVG runs in the student's browser. Checked by content, not only by name (WCAG aside, this is what
a browser's content sniffing would do, too late).

## Example
```yaml
# files: {img/chart.png: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'}
id: chart
stem: {en: "What does the chart show? ![a bar chart](img/chart.png)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](img/chart.png)"}
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
Convert the file to a supported type, rename it after what it holds, or remove the script or external
reference from the SVG.

## Options
None.
"""

from quizlint.media import inspect
from quizlint.rules._media import described, local_files_of, where

CODE = "M002"
NAME = "asset-type"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for field, path, lang, reference, file in local_files_of(ctx):
        try:
            facts = inspect(file)
        except OSError:
            continue  # (missing-asset reports a file that cannot be read)
        if facts.problem is not None:
            yield ctx.problem(f"{where(field, lang)}: the {described(reference)} {facts.problem}", *path)


check_quiz = check  # (the quiz's description is a text like any other)
