"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import D_UNCHOSEN, example, quiz
from quizlint.rules._responses import analysed_items, item_problem, percent

__doc__ = f"""A distractor almost nobody chooses.

## What it does
For each single- or multiple-answer item with at least `min-responses` responses, reports the
distractors (options that are not keys) chosen by fewer than `max-share` of the respondents shown the item,
e.g. `option D chosen by 0 % of 10 respondents (below 5 %): a distractor nobody believes`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
A distractor that nobody picks does not distract: a four-option item with one dead distractor is a
three-option item, easier to guess. Haladyna & Downing (1993, "How many options is enough for a
multiple-choice test item?", *Educational and Psychological Measurement* 53(4)) define a functioning
distractor as one chosen by at least 5 % of examinees, and found most items have one or more that are not.

## Example
{example(8, quiz(options={"q2": 3, "q3": 3}), D_UNCHOSEN)}

## Use instead
{example(8, quiz(options={"q1": 3, "q2": 3, "q3": 3}), D_UNCHOSEN)}

## How to fix
Replace the distractor with a mistake students really make (their wrong answers to an open version of
the question are the best source), or drop it: three good options are better than four with a dead one.

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `max-share` (default `0.05`): a distractor chosen by a smaller share of respondents is reported.
"""

CODE = "R004"
NAME = "non-functioning-distractor"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-responses": 30, "max-share": 0.05}
OPTION_LIMITS = {"min-responses": (2, None), "max-share": (0, 1)}


def check(ctx):
    minimum, most = ctx.options["min-responses"], ctx.options["max-share"]
    for item, analysed in analysed_items(ctx, minimum):
        if analysed.type not in ("single", "multiple") or not analysed.key_options:
            continue
        dead = [option for option in analysed.distractors if option.chosen < most]
        if not dead:
            continue
        shares = ", ".join(f"{option.label} {percent(option.chosen)}" for option in dead)
        what = (f"option {dead[0].label} chosen by {percent(dead[0].chosen)}" if len(dead) == 1
                else f"options {shares} chosen")
        yield item_problem(ctx, item, f"{what} of {analysed.n} respondents (below {percent(most)}): "
                                      f"{'a distractor' if len(dead) == 1 else 'distractors'} nobody believes")
