"""The item hardly tells respondents who know more from those who know less.

## What it does
For each item with at least `min-responses` responses, reports a discrimination (the corrected
point-biserial: the item's score against the total of the other items) below `threshold`, e.g.
`discrimination -0.35 over 10 responses (below 0.2)`. An item whose discrimination is significantly
negative is left to negative-discrimination; an item everyone got right (or wrong) has no discrimination
and is left to too-easy and too-hard.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
Ebel's guidelines, repeated by Crocker & Algina (1986, ch. 14) and by Moodle's quiz statistics
documentation, read a discrimination below 0.2 as poor: the item adds little but noise to the total, and
usually has a flaw (a clue, an ambiguity, content nobody was taught).

## Example
```yaml
# options: {min-responses: 10}
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Australia?", options: [{text: Sydney, correct: true}, {text: Canberra}, {text: Melbourne}, {text: Perth}]}
  - {id: q2, stem: "Capital of Canada?", options: [{text: Ottawa, correct: true}, {text: Toronto}, {text: Montreal}, {text: Vancouver}]}
  - {id: q3, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Istanbul}, {text: Izmir}, {text: Bursa}]}
```

Responses (`respondent,item,response`):

```csv
respondent,item,response
s1,q1,A
s1,q2,A
s1,q3,A
s2,q1,A
s2,q2,A
s2,q3,A
s3,q1,B
s3,q2,A
s3,q3,A
s4,q1,B
s4,q2,A
s4,q3,A
s5,q1,A
s5,q2,A
s5,q3,B
s6,q1,B
s6,q2,A
s6,q3,A
s7,q1,A
s7,q2,B
s7,q3,B
s8,q1,A
s8,q2,C
s8,q3,B
s9,q1,B
s9,q2,B
s9,q3,C
s10,q1,A
s10,q2,B
s10,q3,C
```

## Use instead
```yaml
# options: {min-responses: 10}
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Australia?", options: [{text: Sydney}, {text: Canberra, correct: true}, {text: Melbourne}, {text: Perth}]}
  - {id: q2, stem: "Capital of Canada?", options: [{text: Ottawa, correct: true}, {text: Toronto}, {text: Montreal}, {text: Vancouver}]}
  - {id: q3, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Istanbul}, {text: Izmir}, {text: Bursa}]}
```

Responses (`respondent,item,response`):

```csv
respondent,item,response
s1,q1,B
s1,q2,A
s1,q3,A
s2,q1,B
s2,q2,A
s2,q3,A
s3,q1,B
s3,q2,A
s3,q3,A
s4,q1,B
s4,q2,A
s4,q3,A
s5,q1,B
s5,q2,A
s5,q3,B
s6,q1,A
s6,q2,A
s6,q3,A
s7,q1,A
s7,q2,B
s7,q3,B
s8,q1,A
s8,q2,C
s8,q3,B
s9,q1,A
s9,q2,B
s9,q3,C
s10,q1,C
s10,q2,B
s10,q3,C
```

## How to fix
Read the item with its option statistics (`quizlint analyze --format html`): a distractor chosen by
strong respondents is arguable, one nobody chooses makes the item easier by elimination. Rewrite or replace
the item.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `threshold` (default `0.2`): a discrimination below it is reported.
"""

from quizlint.rules._responses import NEGATIVE_ALPHA, analysed_items, item_problem, significantly_negative, signed

CODE = "R003"
NAME = "low-discrimination"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {'min-responses': 30, 'threshold': 0.2}
OPTION_LIMITS = {'min-responses': (2, None), 'threshold': (-1, 1)}


def check(ctx):
    minimum, threshold = ctx.options["min-responses"], ctx.options["threshold"]
    for item, analysed in analysed_items(ctx, minimum):
        r = analysed.discrimination
        if r is None or r >= threshold or significantly_negative(r, analysed.n, NEGATIVE_ALPHA):
            continue
        yield item_problem(ctx, item, f"discrimination {signed(r)} over {analysed.n} responses (below {threshold:g})")
