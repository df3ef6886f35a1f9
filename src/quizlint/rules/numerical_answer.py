"""A numerical item has no answer that gives full marks.

## What it does
Reports a `numerical` item without `answers`, or whose answers all give less than 100 % credit.

## Why it matters
With no answer nobody can score the item; with only partial answers nobody can score it fully. LMSs refuse
such a question on import (Moodle asks for at least one answer worth 100 %) or grade every attempt wrong.

## Example
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 4000
    credit: 50
```

## Use instead
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 500
  - value: 4000
    credit: 50
```

## How to fix
Add the right value under `answers:` (its `credit` is 100 by default), with a `tolerance` if answers near it
count too.

## Options
None.
"""

CODE = "K010"
NAME = "numerical-answer"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type != "numerical":
        return
    if not item.answers:
        yield ctx.problem("numerical item has no answer: add the right value under `answers:` (e.g. `- value: 42`)")
    elif all(answer.credit < 100 for answer in item.answers):
        yield ctx.problem("no answer of this numerical item gives full marks: give the right value `credit: 100` "
                          "(the default)", "answers", at_key=True)
