"""Numeric options are not in numerical order.

## What it does
Reports an item whose options are all numbers (three or more of them), possibly with a sign, a percent sign
(`50%`, Turkish `%50`), a currency sign or a unit (`4 GB`, `16 bits`, the same unit on every option), when they
are neither in ascending nor in descending order. Numbers are read the way the language writes them: a
decimal comma in Turkish and other decimal-comma languages (`0,5`, `1.000`), a decimal point in English
(`0.5`, `1,000`); a separator followed by other than three digits is always a decimal mark. Fractions (`1/4`)
and exponents (`1e-5`) are understood. Options with different units are left alone. The numbers are read from
the first language in which every option is a number.

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
ascending order and keeps the key and each option's feedback with its option.

## Options
None.
"""

from __future__ import annotations

import math
import re

from quizlint.model import text_in
from quizlint.rules import _lexicon as lexicon

CODE = "W009"
NAME = "numeric-order"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS: dict = {}

_NUMERIC = re.compile(
    r"\s*(?P<prefix>[%$€£¥₺])?\s*"
    r"(?P<number>[-+−]?(?:\d(?:[\d.,'’\u00a0\u202f ]*\d)?|[.,]\d+)(?:[eE][-+−]?\d+)?)"
    r"(?:\s*/\s*(?P<denominator>\d+))?"
    r"\s*(?P<unit>[^\d]{0,24}?)\s*[.]?\s*"
)
_PLAIN_NUMBER = re.compile(r"[-+]?[\d.,]+(?:[eE][-+]?\d+)?")
_GROUPING = re.compile(r"(?<=\d)['’\u00a0\u202f ](?=\d{3}(?!\d))")


def _decimal_point(number: str, lang: str) -> str:
    """Which of ``.`` and ``,`` is the decimal mark of ``number`` (``""`` when there is none)."""
    points, commas = number.count("."), number.count(",")
    if points and commas:
        return "." if number.rfind(".") > number.rfind(",") else ","
    mark = "." if points else "," if commas else ""
    if not mark or number.count(mark) > 1:
        return ""
    digits_after = len(re.split(r"[eE]", number.rsplit(mark, 1)[1])[0])
    if digits_after != 3:
        return mark
    return "," if lexicon.language_key(lang) in lexicon.DECIMAL_COMMA else "."


def parse_number(text: str, lang: str) -> tuple[float, str] | None:
    """(value, unit) of a numeric option, or None when it is not a plain number."""
    match = _NUMERIC.fullmatch(text)
    if match is None:
        return None
    number = _GROUPING.sub("", match.group("number")).replace("−", "-")
    if not _PLAIN_NUMBER.fullmatch(number):
        return None
    mark = _decimal_point(number, lang)
    other = "," if mark == "." else "."
    number = number.replace(other, "") if mark else number.replace(",", "").replace(".", "")
    number = number.replace(",", ".")
    try:
        value = float(number)
    except ValueError:
        return None
    if match.group("denominator"):
        denominator = int(match.group("denominator"))
        if denominator == 0:
            return None
        value /= denominator
    if not math.isfinite(value):
        return None
    unit = ((match.group("prefix") or "") + " " + match.group("unit")).strip()
    return value, lexicon.tokens(unit, lang).folded if unit.strip("%") else unit


def option_numbers(item, languages: list[str]) -> list[float] | None:
    """The options' values, read in the first language where every option is a number with one common unit."""
    if len(item.options) < 3:
        return None
    for lang in languages:
        parsed = [parse_number(text_in(option.text, lang) or "", lang) for option in item.options]
        if all(parsed) and len({unit for _, unit in parsed}) == 1:  # type: ignore[misc]
            return [value for value, _ in parsed]  # type: ignore[misc]
    return None


def is_ordered(values: list[float]) -> bool:
    pairs = list(zip(values, values[1:]))
    return all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)


def check(ctx):
    values = option_numbers(ctx.item, ctx.languages)
    if values is not None and not is_ordered(values):
        shown = ", ".join(f"{value:g}" for value in values)
        yield ctx.problem(f"numeric options are not in order ({shown}); sort them in ascending order", "options",
                          at_key=True, fixable=True)
