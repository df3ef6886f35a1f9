"""A choice item has fewer than two options.

## What it does
Reports a `single` or `multiple` item with no option or with only one. (A `true_false` item has no options
at all; options on one are reported by `answer-mismatch`.)

## Why it matters
With one option there is nothing to choose: the item measures nothing and every student scores the point.
An item with no options at all is usually a half-written or badly imported question. Multiple-choice means
at least two options, in practice three or four plausible ones (Haladyna, Downing & Rodriguez 2002: "develop
as many effective choices as you can, but research suggests three is adequate").

## Example
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
```

## Use instead
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
  - text: İstanbul
  - text: İzmir
```

## How to fix
Write plausible distractors (typical misconceptions make the best ones), or turn a statement to judge into
a `true_false` item with an `answer`.

## Options
`min-options` (default `2`, an integer from 2 to 26): the fewest options a `single` or `multiple` item may
have. Raise it to 3 if your house style asks for at least three options.
"""

CODE = "K003"
NAME = "too-few-options"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-options": 2}
OPTION_LIMITS = {"min-options": (2, 26)}


def check(ctx):
    item = ctx.item
    if item.type not in ("single", "multiple"):  # (true_false has none; the other types have no options)
        return
    minimum = ctx.options["min-options"]
    count = len(item.options)
    if count < minimum:
        what = "no options" if count == 0 else f"only {count} option{'s' if count != 1 else ''}"
        path = ("options",) if count else ()
        yield ctx.problem(f"{item.type}-answer item has {what}; it needs at least {minimum}", *path, at_key=True)
