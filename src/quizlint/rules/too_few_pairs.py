"""A matching item has fewer than two pairs.

## What it does
Reports a `matching` item with no `pairs` or with one.

## Why it matters
With one prompt there is nothing to match: the only answer is given away (distractors do not change that,
since a student matches each prompt once). Moodle refuses a matching question with fewer than two pairs
(and fewer than three answers).

## Example
```yaml
id: match-dtypes
type: matching
stem: {en: "Match each data type with its size.", tr: "Her veri türünü boyutuyla eşleştirin."}
pairs:
  - prompt: fp32
    match: {en: "4 bytes", tr: "4 bayt"}
```

## Use instead
```yaml
id: match-dtypes
type: matching
stem: {en: "Match each data type with its size.", tr: "Her veri türünü boyutuyla eşleştirin."}
pairs:
  - prompt: fp32
    match: {en: "4 bytes", tr: "4 bayt"}
  - prompt: bf16
    match: {en: "2 bytes", tr: "2 bayt"}
```

## How to fix
Add pairs (three or more make a better item), or turn the item into a `single` question.

## Options
None.
"""

CODE = "K015"
NAME = "too-few-pairs"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type == "matching" and len(item.pairs) < 2:
        what = "no pairs" if not item.pairs else "only one pair"
        yield ctx.problem(f"matching item has {what}; it needs at least 2 (add `- prompt: … match: …` entries "
                          "under `pairs:`)", *(("pairs",) if item.pairs else ()), at_key=True)
