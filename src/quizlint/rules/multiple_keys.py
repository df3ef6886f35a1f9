"""A single-answer item has more than one correct option.

## What it does
Reports a `type: single` item (or one without `type`) with two or more options marked `correct: true`, at
the second one, and says that `type: multiple` is the way to allow several.

## Why it matters
A single-answer item must have exactly one best answer (Haladyna, Downing & Rodriguez 2002; NBME
item-writing guide). With two keys, LMSs either refuse the item or silently keep only one of them, and
students who chose the other are marked wrong.

## Example
```yaml
id: even-prime
type: single
stem: {en: "Which number is an even prime?", tr: "Hangi sayı çift bir asal sayıdır?"}
options:
  - text: 2
    correct: true
  - text: 3
    correct: true
  - text: 9
```

## Use instead
```yaml
id: even-prime
type: single
stem: {en: "Which number is an even prime?", tr: "Hangi sayı çift bir asal sayıdır?"}
options:
  - text: 2
    correct: true
  - text: 3
  - text: 9
```

## How to fix
Keep `correct: true` on the one best answer, or make the item `type: multiple` if several answers are meant
to be chosen together.

## Options
None.
"""

from quizlint.model import option_letter

CODE = "K002"
NAME = "multiple-keys"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}
MULTIPLE_HINT = "to ask for every correct option, write `type: multiple`; else keep `correct: true` on the best one"


def check(ctx):
    if ctx.item.type != "single":
        return
    keys = [index for index, option in enumerate(ctx.item.options) if option.correct]
    if len(keys) > 1:
        letters = ", ".join(option_letter(index) for index in keys)
        yield ctx.problem(
            f"single-answer item has {len(keys)} correct options ({letters}); exactly one is allowed: "
            f"{MULTIPLE_HINT}",
            "options", keys[1], "correct", at_key=True,
        )
