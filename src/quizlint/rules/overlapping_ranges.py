"""Two answers of a numerical item accept the same numbers for different credit.

## What it does
Reports an answer of a `numerical` item whose range (`value ± tolerance`) overlaps the range of an earlier
answer that gives a different `credit`.

## Why it matters
A number in both ranges gets whichever answer the LMS tries first: Moodle takes the first in the order
written, a QTI export the one with the highest credit. The same response then scores differently depending on
where the quiz runs, and the author's intention is unclear.

## Example
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 500
    tolerance: 10
  - value: 505
    tolerance: 10
    credit: 50
```

## Use instead
```yaml
id: bytes-4bit
type: numerical
stem: {en: "How many bytes do 1000 weights of 4 bits take?", tr: "4 bitlik 1000 ağırlık kaç bayt tutar?"}
answers:
  - value: 500
    tolerance: 2
  - value: 510
    tolerance: 5
    credit: 50
```

## How to fix
Narrow the tolerances so the ranges no longer meet, or give the overlapping answers the same credit.

## Options
None.
"""

CODE = "K012"
NAME = "overlapping-ranges"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def _range(answer) -> tuple[float, float]:
    width = abs(answer.tolerance)
    return answer.value - width, answer.value + width


def check(ctx):
    if ctx.item.type != "numerical":
        return
    answers = ctx.item.answers
    for later in range(1, len(answers)):
        low, high = _range(answers[later])
        for first in range(later):
            other_low, other_high = _range(answers[first])
            if answers[first].credit != answers[later].credit and low <= other_high and other_low <= high:
                yield ctx.problem(
                    f"answer {later + 1} ({low:g} to {high:g}, {answers[later].credit:g}%) overlaps answer {first + 1} "
                    f"({other_low:g} to {other_high:g}, {answers[first].credit:g}%): narrow a tolerance or give both "
                    "the same credit", "answers", later, "value")
                break
