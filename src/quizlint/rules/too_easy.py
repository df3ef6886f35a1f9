"""Nearly every respondent answers the item right (off by default).

## What it does
For each item with at least `min-responses` responses, reports a facility (the mean score, 0–1)
above `max-facility`, e.g. `facility 1.00 over 8 responses (above 0.9)`. Off by default: an easy item is
often wanted (a warm-up, a mastery check); turn it on with `extend-select = ["R005"]`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
An item nearly everyone gets right says little about who knows more: its variance, and with it its
contribution to the quiz's reliability, is small (Crocker & Algina 1986, ch. 14; Moodle's statistics
documentation reads a facility above 0.9 as "very easy").

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
s2,q1,A
s2,q2,A
s2,q3,A
s3,q1,A
s3,q2,A
s3,q3,B
s4,q1,A
s4,q2,A
s4,q3,A
s5,q1,A
s5,q2,B
s5,q3,B
s6,q1,A
s6,q2,A
s6,q3,C
s7,q1,A
s7,q2,C
s7,q3,A
s8,q1,A
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
s4,q1,A
s4,q2,A
s4,q3,A
s5,q1,A
s5,q2,B
s5,q3,B
s6,q1,B
s6,q2,A
s6,q3,C
s7,q1,A
s7,q2,C
s7,q3,A
s8,q1,C
s8,q2,B
s8,q3,C
```

## How to fix
Make the distractors more plausible (mistakes students really make), or ask about the same content at
a higher level (apply, not recall). Or keep it on purpose and suppress the rule for the item.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `max-facility` (default `0.9`): a facility above it is reported.
"""

from quizlint.rules._responses import analysed_items, item_problem

CODE = "R005"
NAME = "too-easy"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS = {'min-responses': 30, 'max-facility': 0.9}
OPTION_LIMITS = {'min-responses': (2, None), 'max-facility': (0, 1)}


def check(ctx):
    minimum, most = ctx.options["min-responses"], ctx.options["max-facility"]
    for item, analysed in analysed_items(ctx, minimum):
        if analysed.facility is not None and analysed.facility > most:
            yield item_problem(ctx, item, f"facility {analysed.facility:.2f} over {analysed.n} responses "
                                          f"(above {most:g})")
