"""Respondents who did well on the rest of the quiz got the item wrong more often than those who did badly.

## What it does
For each item with at least `min-responses` responses, tests its discrimination (the corrected
point-biserial: the item's score against the total of the other items) for being below zero, one-sided at
level `alpha` (Fisher's z). A significantly negative item is reported at its `id:` line with its
discrimination, e.g. `discrimination -0.52 over 10 responses (one-sided p=0.064): the respondents who did well
on the other items got it wrong more often`. A negative value that chance explains is left to
low-discrimination.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
An item should be answered right more often by those who know more. When it is the other way round,
the item measures something else: a wrong key, an ambiguous stem that the better prepared read differently, a
distractor that is defensible. Such an item lowers the reliability of the whole quiz (Crocker & Algina 1986,
ch. 14; Moodle's quiz statistics documentation: "a negative discrimination index … the question should be
looked at").

## Example
```yaml
# options: {min-responses: 10, alpha: 0.1}
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

## Use instead
```yaml
# options: {min-responses: 10, alpha: 0.1}
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
Check the key first (see possible-miskey), then the stem: is there a reading under which a distractor is
right? Rewrite the item, or drop it from scoring in the LMS until it is fixed.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `alpha` (default `0.05`): significance level of the one-sided test for a negative discrimination.
"""

from quizlint.rules._responses import analysed_items, item_problem, negative_p, significantly_negative, signed

CODE = "R002"
NAME = "negative-discrimination"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {'min-responses': 30, 'alpha': 0.05}
OPTION_LIMITS = {'min-responses': (2, None), 'alpha': (0, 1)}


def check(ctx):
    minimum, alpha = ctx.options["min-responses"], ctx.options["alpha"]
    for item, analysed in analysed_items(ctx, minimum):
        r = analysed.discrimination
        if significantly_negative(r, analysed.n, alpha):
            yield item_problem(ctx, item, f"discrimination {signed(r)} over {analysed.n} responses "
                                          f"(one-sided p={negative_p(r, analysed.n):.3f}): the respondents who did "
                                          f"well on the other items got it wrong more often")
