"""An item has no correct answer.

## What it does
Reports a `single` or `multiple` item none of whose options is marked `correct: true`, and a `true_false`
item whose `answer` is not `true` or `false`.

## Why it matters
An item without a key cannot be scored: an LMS imports it with every answer wrong, or refuses it. Every
item-writing guide starts here (Haladyna, Downing & Rodriguez 2002: "keep the key correct and unambiguous").

## Example
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
  - text: İstanbul
  - text: İzmir
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
Mark the right option with `correct: true` (or give a `true_false` item its `answer`).

## Options
None.
"""

CODE = "K001"
NAME = "missing-key"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type == "true_false":
        if item.answer is None:
            yield ctx.problem("true/false item has no `answer: true` or `answer: false`")
        return
    if item.options and not any(option.correct for option in item.options):
        kind = "single-answer" if item.type == "single" else "multiple-answer"
        yield ctx.problem(f"{kind} item has no correct option (mark the key with `correct: true`)", "options")
