"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import STRONG_CHOOSE_B, example, quiz
from quizlint.rules._responses import analysed_items, item_problem, negative_p, significantly_negative, signed

__doc__ = f"""Respondents who did well on the rest of the quiz got the item wrong more often than those who did badly.

## What it does
For each scored item (every type but essay) with at least `min-responses` responses, tests its discrimination
(the corrected point-biserial: the item's score against the total of the other items) for being below zero,
one-sided at level `alpha` (Fisher's z). A significantly negative item is reported at its `id:` line with its
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
{example(10, quiz("Sydney"), STRONG_CHOOSE_B, alpha=0.1)}

## Use instead
{example(10, quiz(), STRONG_CHOOSE_B, alpha=0.1)}

## How to fix
Check the key first (see possible-miskey), then the stem: is there a reading under which a distractor is
right? Rewrite the item, or drop it from scoring in the LMS until it is fixed.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `alpha` (default `0.05`): significance level of the one-sided test for a negative discrimination.
"""

CODE = "R002"
NAME = "negative-discrimination"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-responses": 30, "alpha": 0.05}
OPTION_LIMITS = {"min-responses": (2, None), "alpha": (0, 1)}


def check(ctx):
    minimum, alpha = ctx.options["min-responses"], ctx.options["alpha"]
    for item, analysed in analysed_items(ctx, minimum):
        r = analysed.discrimination
        if significantly_negative(r, analysed.n, alpha):
            yield item_problem(ctx, item, f"discrimination {signed(r)} over {analysed.n} responses "
                                          f"(one-sided p={negative_p(r, analysed.n):.3f}): the respondents who did "
                                          f"well on the other items got it wrong more often")
