"""An item has a different number of options than most items of the bank.

## What it does
Finds the most common number of options among the bank's single- and multiple-answer items (on a tie, the
larger number) and reports, at its `id:` line, each item with a different number, e.g. `item has 3 options;
14 of the bank's 16 items have 4`. True/false items and items with fewer than two options (see
too-few-options) are left out. Nothing is reported when all items agree.

## Why it matters
A bank that mixes option counts is legitimate (three well-written options are often as good as four:
Haladyna, Downing & Rodriguez 2002), so this is only information. But a stray count is often an accident — a
distractor lost in an edit or a translation merge — and mixed counts change the guessing rate from item to
item, which the position and length statistics must then take into account.

## Example
```yaml
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Izmir}, {text: Bursa}, {text: Konya}]}
  - {id: q2, stem: "Capital of France?", options: [{text: Lyon}, {text: Paris, correct: true}, {text: Nice}, {text: Lille}]}
  - {id: q3, stem: "Capital of Italy?", options: [{text: Milan}, {text: Rome, correct: true}, {text: Turin}]}
```

## Use instead
```yaml
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Izmir}, {text: Bursa}, {text: Konya}]}
  - {id: q2, stem: "Capital of France?", options: [{text: Lyon}, {text: Paris, correct: true}, {text: Nice}, {text: Lille}]}
  - {id: q3, stem: "Capital of Italy?", options: [{text: Milan}, {text: Rome, correct: true}, {text: Turin}, {text: Naples}]}
```

## How to fix
Add the missing distractor, or remove a weak one, so that the item matches the rest of the bank; if the
difference is deliberate, silence the rule for that item (`# quizlint: disable=D003 -- reason` on its `id:`
line) or for the bank (`ignore = ["D003"]`).

## Options
None.
"""

from collections import Counter

CODE = "D003"
NAME = "inconsistent-option-count"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    items = [item for item in ctx.items if item.type in ("single", "multiple") and item.n_options >= 2]
    counts = Counter(item.n_options for item in items)
    if len(counts) < 2:
        return
    usual, usual_count = max(counts.items(), key=lambda entry: (entry[1], entry[0]))
    for item in items:
        if item.n_options != usual:
            verb = "has" if usual_count == 1 else "have"
            yield ctx.problem(f"item has {item.n_options} options; {usual_count} of the bank's {len(items)} items "
                              f"{verb} {usual}", item.file, item.line, item.column, item.item)
