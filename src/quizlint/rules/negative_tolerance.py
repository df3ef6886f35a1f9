"""A numerical answer has a negative tolerance.

## What it does
Reports an answer of a `numerical` item whose `tolerance` is below 0.

## Why it matters
A tolerance is how far an answer may be from the value and still count: a negative one is no range at all.
Moodle and QTI engines read it differently (as its absolute value, or as an empty range that nothing
matches), so the item scores differently depending on where it is published.

## Example
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 500
    tolerance: -2
```

## Use instead
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 500
    tolerance: 2
```

## How to fix
Write the tolerance as a positive number (`tolerance: 2` accepts 498 to 502), or leave it out for an exact
answer.

## Options
None.
"""

CODE = "K011"
NAME = "negative-tolerance"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    if ctx.item.type != "numerical":
        return
    for index, answer in enumerate(ctx.item.answers):
        if answer.tolerance < 0:
            yield ctx.problem(f"answer {index + 1} has a negative tolerance ({answer.tolerance:g}): write "
                              f"`tolerance: {-answer.tolerance:g}`", "answers", index, "tolerance")
