"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import FEW_RIGHT, HALF_RIGHT, example, quiz
from quizlint.rules._responses import facility_problems

__doc__ = f"""Few respondents answer the item right (off by default).

## What it does
For each scored item (every type but essay) with at least `min-responses` responses, reports a facility (the
mean score, 0–1) below `min-facility`, e.g. `facility 0.12 over 8 responses (below 0.3)`. Off by default: turn
it on with `extend-select = ["R006"]`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
An item that few answer right, on a four-option item barely above guessing, tells little about who
knows more, and is often flawed (content not taught, an ambiguous stem, a wrong key; Crocker & Algina 1986,
ch. 14; Moodle's statistics documentation reads a facility below 0.2 as "very hard").

## Example
{example(8, quiz(), FEW_RIGHT)}

## Use instead
{example(8, quiz(), HALF_RIGHT)}

## How to fix
Check the key, then the stem and whether the content was taught; see which distractor drew the
respondents (`quizlint analyze --format html`).

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `min-facility` (default `0.3`): a facility below it is reported.
"""

CODE = "R006"
NAME = "too-hard"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS = {"min-responses": 30, "min-facility": 0.3}
OPTION_LIMITS = {"min-responses": (2, None), "min-facility": (0, 1)}


def check(ctx):
    bound = ctx.options["min-facility"]
    yield from facility_problems(ctx, lambda facility: facility < bound, f"below {bound:g}")
