"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import ALL_RIGHT, MOSTLY_RIGHT, example, quiz
from quizlint.rules._responses import facility_problems

__doc__ = f"""Nearly every respondent answers the item right (off by default).

## What it does
For each scored item (every type but essay) with at least `min-responses` responses, reports a facility (the
mean score, 0–1) above `max-facility`, e.g. `facility 1.00 over 8 responses (above 0.9)`. Off by default: an
easy item is often wanted (a warm-up, a mastery check); turn it on with `extend-select = ["R005"]`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
An item nearly everyone gets right says little about who knows more: its variance, and with it its
contribution to the quiz's reliability, is small (Crocker & Algina 1986, ch. 14; Moodle's statistics
documentation reads a facility above 0.9 as "very easy").

## Example
{example(8, quiz(), ALL_RIGHT)}

## Use instead
{example(8, quiz(), MOSTLY_RIGHT)}

## How to fix
Make the distractors more plausible (mistakes students really make), or ask about the same content at
a higher level (apply, not recall). Or keep it on purpose and suppress the rule for the item.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `max-facility` (default `0.9`): a facility above it is reported.
"""

CODE = "R005"
NAME = "too-easy"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS = {"min-responses": 30, "max-facility": 0.9}
OPTION_LIMITS = {"min-responses": (2, None), "max-facility": (0, 1)}


def check(ctx):
    bound = ctx.options["max-facility"]
    yield from facility_problems(ctx, lambda facility: facility > bound, f"above {bound:g}")
