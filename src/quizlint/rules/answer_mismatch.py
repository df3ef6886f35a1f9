"""An item's answer does not fit its type: `answer` on a choice item, options on a true/false item.

## What it does
Reports a `single` or `multiple` item that has an `answer:` (which only `true_false` items use), and a
`true_false` item that has `options:` (which it ignores). Both usually come from changing an item's `type`
without rewriting its answer.

## Why it matters
Exporters and LMSs read the field that belongs to the type and silently drop the other, so the key the
author wrote is not the key the students get. Keeping one answer per item is part of keeping the key correct
and unambiguous (Haladyna, Downing & Rodriguez 2002).

## Example
```yaml
id: earth-round
type: single
stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
answer: true
options:
  - text: {en: "True", tr: "Doğru"}
    correct: true
  - text: {en: "Round-ish", tr: "Yuvarlakça"}
```

```yaml
id: earth-round-tf
type: true_false
stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
answer: true
options:
  - text: {en: "True", tr: "Doğru"}
  - text: {en: "False", tr: "Yanlış"}
```

## Use instead
```yaml
id: earth-round-tf
type: true_false
stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
answer: true
```

## How to fix
Decide what the item is: a `true_false` item keeps `answer` and loses its options; a `single` or `multiple`
item keeps its options (with `correct: true` on the key) and loses `answer`.

## Options
None.
"""

CODE = "K007"
NAME = "answer-mismatch"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type == "true_false" and item.options:
        yield ctx.problem(
            f"true/false item has {len(item.options)} option(s), which are ignored; its key is `answer`",
            "options", at_key=True,
        )
    if item.type != "true_false" and item.answer is not None:
        yield ctx.problem(
            f"`answer` applies only to true_false items; this {item.type}-answer item is scored by the options "
            "marked `correct: true`",
            "answer", at_key=True,
        )
