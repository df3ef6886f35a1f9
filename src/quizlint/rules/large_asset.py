"""An image or media file is larger than it should be for a quiz.

## What it does
Reports every local image and media file of an item's texts whose size is over `max-size` bytes (1 MiB by
default). The size is read from the file system: a large file is never read for it. A file over 16 MiB is
neither read nor packaged by any export (which names it in a warning).

## Why it matters
Every student downloads every image of the quiz, often on a phone; LMSs limit upload sizes (Moodle's default
course limit is often a few MB) and a package with a 50 MB video may not import at all.

## Example
```yaml
# options: {max-size: 16}
# files: {img/chart.svg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'}
id: chart
stem: {en: "What does the chart show? ![a bar chart](img/chart.svg)", tr: "Grafik neyi gösteriyor? ![bir çubuk grafik](img/chart.svg)"}
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
Scale the image down, compress it (PNG to WebP or JPEG for photographs), or link to the video instead.

## Options
- `max-size` (default 1048576): the largest size in bytes that is not reported.
"""

from quizlint.media import READ_LIMIT, size_in_words
from quizlint.rules._media import described, local_files_of, where

CODE = "M004"
NAME = "large-asset"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"max-size": 1024 * 1024}
OPTION_LIMITS = {"max-size": (1, None)}


def check(ctx):
    limit = ctx.options["max-size"]
    for field, path, lang, reference, file in local_files_of(ctx):
        try:
            size = file.stat().st_size
        except OSError:
            continue
        if size > limit:
            never = f" (over {size_in_words(READ_LIMIT)}: never read nor exported)" if size > READ_LIMIT else ""
            yield ctx.problem(f"{where(field, lang)}: the {described(reference)} is {size_in_words(size)}, over "
                              f"{size_in_words(limit)}{never}", *path)


check_quiz = check  # (the quiz's description is a text like any other)
