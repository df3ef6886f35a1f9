"""An item has a different number of options than most items of the bank.

## What it does
Finds the most common number of options among the single- and multiple-answer items (on a tie, the larger
number) and reports, at its `id:` line, each item with a different number, e.g. `item has 3 options; 14 of
this quiz's 16 items have 4`. An item is compared with its own quiz file when the file has five or more such
items — a quiz that uses five options throughout, in a bank of four-option quizzes, is a choice, not an
accident (one finding per item would say it hundreds of times) — and with the whole bank otherwise. True/false items and items with fewer than two options (see
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


# A quiz file with this many eligible items has a usual option count of its own
OWN_USUAL_FROM = 5


def check(ctx):
    items = [item for item in ctx.items if item.type in ("single", "multiple") and item.n_options >= 2]
    bank = Counter(item.n_options for item in items)
    if len(bank) < 2:
        return
    by_file: dict[str, list] = {}
    for item in items:
        by_file.setdefault(item.file, []).append(item)
    for file_items in by_file.values():
        counts, where = Counter(item.n_options for item in file_items), "this quiz's"
        if len(file_items) < OWN_USUAL_FROM:
            counts, where = bank, "the bank's"
        usual, usual_count = _usual(counts)
        total = sum(counts.values())
        for item in file_items:
            if item.n_options != usual:
                verb = "has" if usual_count == 1 else "have"
                yield ctx.problem(f"item has {item.n_options} options; {usual_count} of {where} {total} items "
                                  f"{verb} {usual}", item.file, item.line, item.column, item.item)


def _usual(counts: Counter) -> tuple[int, int]:
    """The most common option count (on a tie, the larger) and how many items have it."""
    return max(counts.items(), key=lambda entry: (entry[1], entry[0]))
