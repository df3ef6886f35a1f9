"""Numeric options are not in numerical order.

## What it does
Reports an item whose options are all numbers (three or more of them), possibly with a sign, a percent sign
(`50%`, Turkish `%50`), a currency sign or a unit (`4 GB`, `16 bits`, the same unit on every option), when they
are neither in ascending nor in descending order. Numbers are read the way the language writes them: a
decimal comma in Turkish and other decimal-comma languages (`0,5`, `1.000`), a decimal point in English
(`0.5`, `1,000`); a separator followed by other than three digits is always a decimal mark. Fractions (`1/4`)
and exponents (`1e-5`) are understood. Options with different units are left alone. The numbers are read from
the first language in which every option is a number, and the message quotes the options as written there.

Options whose order as numbers is doubtful are left alone too: version numbers (digits, a dot, digits whose
decimal parts differ in length, with one of two digits or more ending in 0, as `3.9`, `3.10`, or with one
major number and in order as versions but not as decimals, as `3.9`, `3.11`, `3.12`; `0.5`, `0.25`, `1.0`
are decimals), two options spelled differently with one value (`3.1`, `3.10`), and a number with separators
that are neither a decimal mark nor digit grouping (`1.2.3`).

## Why it matters
Options in a logical or numerical order are faster to scan and remove a source of irrelevant difficulty;
shuffling numeric options only makes students hunt for the value they computed (Haladyna, Downing &
Rodriguez 2002: "place choices in logical or numerical order"; NBME item-writing guide: options in a
nonlogical order).

## Example
```yaml
id: bits-per-byte
type: single
stem: {en: "How many bits are in a byte?", tr: "Bir baytta kaç bit vardır?"}
options:
  - text: 16
  - text: 8
    correct: true
  - text: 4
  - text: 32
```

```yaml
id: yarim
type: single
stem: {tr: "1/2 kesrinin ondalık gösterimi hangisidir?"}
options:
  - text: {tr: "0,5"}
    correct: true
  - text: {tr: "0,25"}
  - text: {tr: "1,5"}
```

## Use instead
```yaml
id: bits-per-byte
type: single
stem: {en: "How many bits are in a byte?", tr: "Bir baytta kaç bit vardır?"}
options:
  - text: 4
  - text: 8
    correct: true
  - text: 16
  - text: 32
```

## How to fix
Put the options in ascending (or descending) order. `quizlint fix` does it for you: it sorts them in
ascending order and keeps the key and each option's feedback with its option. It never moves a `fixed` option,
so it leaves an item with one alone (the finding is then not marked fixable): order those by hand.

## Options
None.
"""

from __future__ import annotations

from quizlint.model.order import every_option_has_a_digit, is_ordered, numeric_reading, option_spelling
from quizlint.rules._texts import option_texts

CODE = "W009"
NAME = "numeric-order"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS: dict = {}

def can_sort(item) -> bool:
    """Whether `quizlint fix` may sort the options of ``item``: it never moves a ``fixed`` option, so it leaves an
    item with one alone (and the finding is not marked fixable)."""
    return not any(option.fixed for option in item.options)


def check(ctx):
    if not every_option_has_a_digit(option_texts(ctx), ctx.languages):
        return
    reading = numeric_reading(ctx.item, ctx.languages)
    if reading is not None and not is_ordered(reading[1]):
        shown = ", ".join(option_spelling(option, reading[0]) for option in ctx.item.options)
        yield ctx.problem(f"numeric options are not in order ({shown}); sort them in ascending order", "options",
                          at_key=True, fixable=can_sort(ctx.item))
