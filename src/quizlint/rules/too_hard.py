"""Few respondents answer the item right (off by default).

## What it does
For each item with at least `min-responses` responses, reports a facility (the mean score, 0–1)
below `min-facility`, e.g. `facility 0.12 over 8 responses (below 0.3)`. Off by default: turn it on with
`extend-select = ["R006"]`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
An item that few answer right, on a four-option item barely above guessing, tells little about who
knows more, and is often flawed (content not taught, an ambiguous stem, a wrong key; Crocker & Algina 1986,
ch. 14; Moodle's statistics documentation reads a facility below 0.2 as "very hard").

## Example
```yaml
# options: {min-responses: 8}
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
s2,q1,B
s2,q2,A
s2,q3,A
s3,q1,C
s3,q2,A
s3,q3,B
s4,q1,B
s4,q2,A
s4,q3,A
s5,q1,C
s5,q2,B
s5,q3,B
s6,q1,D
s6,q2,A
s6,q3,C
s7,q1,B
s7,q2,C
s7,q3,A
s8,q1,B
s8,q2,B
s8,q3,C
```

## Use instead
```yaml
# options: {min-responses: 8}
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
s3,q1,A
s3,q2,A
s3,q3,B
s4,q1,B
s4,q2,A
s4,q3,A
s5,q1,A
s5,q2,B
s5,q3,B
s6,q1,C
s6,q2,A
s6,q3,C
s7,q1,B
s7,q2,C
s7,q3,A
s8,q1,A
s8,q2,B
s8,q3,C
```

## How to fix
Check the key, then the stem and whether the content was taught; see which distractor drew the
respondents (`quizlint analyze --format html`).

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `min-facility` (default `0.3`): a facility below it is reported.
"""

from quizlint.rules._responses import analysed_items, item_problem

CODE = "R006"
NAME = "too-hard"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS = {'min-responses': 30, 'min-facility': 0.3}
OPTION_LIMITS = {'min-responses': (2, None), 'min-facility': (0, 1)}


def check(ctx):
    minimum, least = ctx.options["min-responses"], ctx.options["min-facility"]
    for item, analysed in analysed_items(ctx, minimum):
        if analysed.facility is not None and analysed.facility < least:
            yield item_problem(ctx, item, f"facility {analysed.facility:.2f} over {analysed.n} responses "
                                          f"(below {least:g})")
