"""An ordering item has the same step twice.

## What it does
Reports a step of an `ordering` item that is the same as an earlier step, language by language, compared as
options are (case, spacing and Markdown emphasis ignored; Turkish casefolding in Turkish).

## Why it matters
Two equal steps can be swapped without a student noticing, yet only one of the two orders is graded right.

## Example
```yaml
id: order-resume
type: ordering
stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
sequence:
  - {en: "Load a shard", tr: "Bir parça yükle"}
  - {en: "Load a shard", tr: "Bir parça yükle"}
  - {en: "Restore the optimizer state", tr: "Optimize edici durumunu geri yükle"}
```

## Use instead
```yaml
id: order-resume
type: ordering
stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
sequence:
  - {en: "Load the first shard", tr: "İlk parçayı yükle"}
  - {en: "Load the second shard", tr: "İkinci parçayı yükle"}
  - {en: "Restore the optimizer state", tr: "Optimize edici durumunu geri yükle"}
```

## How to fix
Say what tells the two steps apart, or merge them into one.

## Options
None.
"""

from quizlint.rules._typed import repeated_texts, same_text

CODE = "K018"
NAME = "repeated-step"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type != "ordering":
        return
    for first, later, langs in repeated_texts(item.sequence, ctx.languages, same_text):
        step = item.sequence[later]
        path = ("sequence", later) if isinstance(step, str) else ("sequence", later, langs[0])
        yield ctx.problem(f"step {later + 1} is the same as step {first + 1} ({', '.join(langs)}): make the steps "
                          "distinct", *path)
