"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import STRONG_CHOOSE_B, UNRELATED, example, quiz
from quizlint.rules._responses import (NEGATIVE_ALPHA, analysed_items, below_p, item_problem, significantly_below,
                                      significantly_negative, signed)

__doc__ = f"""The item hardly tells respondents who know more from those who know less.

## What it does
For each scored item (every type but essay) with at least `min-responses` responses, tests whether its
discrimination (the corrected point-biserial: the item's score against the total of the other items) is below
`threshold`, one-sided at level `alpha` (Fisher's z), and reports it when it is, e.g. `discrimination -0.35
over 10 responses, below 0.2 (one-sided p=0.067)`: a value below the threshold that chance explains (a good
item in a small class) is not reported. An item whose discrimination is significantly negative (at 0.05) is
left to negative-discrimination; an item everyone got right (or wrong) has no discrimination and is left to
too-easy and too-hard.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
Ebel's guidelines, repeated by Crocker & Algina (1986, ch. 14) and by Moodle's quiz statistics
documentation, read a discrimination below 0.2 as poor: the item adds little but noise to the total, and
usually has a flaw (a clue, an ambiguity, content nobody was taught).

## Example
{example(10, quiz(), UNRELATED, alpha=0.1)}

## Use instead
{example(10, quiz(), STRONG_CHOOSE_B, alpha=0.1)}

## How to fix
Read the item with its option statistics (`quizlint analyze --format html`): a distractor chosen by
strong respondents is arguable, one nobody chooses makes the item easier by elimination. Rewrite or replace
the item.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `threshold` (default `0.2`): a discrimination significantly below it is reported.
- `alpha` (default `0.05`): significance level of the one-sided test against `threshold`.
"""

CODE = "R003"
NAME = "low-discrimination"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-responses": 30, "threshold": 0.2, "alpha": 0.05}
OPTION_LIMITS = {"min-responses": (2, None), "threshold": (-1, 1), "alpha": (0, 1)}


def check(ctx):
    minimum, threshold, alpha = ctx.options["min-responses"], ctx.options["threshold"], ctx.options["alpha"]
    for item, analysed in analysed_items(ctx, minimum):
        r, n = analysed.discrimination, analysed.n
        if significantly_below(r, n, threshold, alpha) and not significantly_negative(r, n, NEGATIVE_ALPHA):
            yield item_problem(ctx, item, f"discrimination {signed(r)} over {n} responses, below {threshold:g} "
                                          f"(one-sided p={below_p(r, n, threshold):.3f})")
