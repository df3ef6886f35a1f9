"""The documentation (below) is put together from the shared examples of the response rules."""

from quizlint.rules._response_examples import STRONG_CHOOSE_B, example, quiz
from quizlint.rules._responses import analysed_items, item_problem, signed

__doc__ = f"""A distractor draws the stronger respondents more than the key does: the key may be wrong.

## What it does
For each single-answer or true/false item with at least `min-responses` responses, compares the
point-biserial of each option (choosing it, against the respondent's total on the other items) with the
key's. A distractor whose point-biserial is positive and higher than the key's by at least `margin`, and which
the upper 27 % of respondents (by total score) chose more often than the key, is reported at the item's `id:`
line, e.g. `option B (point-biserial +0.74) draws the stronger respondents more than the key A (-0.52) over 10
responses: check the key`.

Reads the statistics of `quizlint lint --responses FILE…` (see `quizlint analyze` and docs/analyze.md); without
responses it finds nothing. An item with fewer than `min-responses` responses is never reported: small samples
say nothing.

## Why it matters
A key that is wrong in the bank is wrong in every delivery and every export: the respondents who know
the subject choose the right answer, which the bank scores as a distractor. Item analysis has long used this
pattern to find miskeyed items (Crocker & Algina 1986, *Introduction to Classical and Modern Test Theory*,
ch. 14: "a distractor with a positive discrimination index"; Moodle's quiz statistics report flags the same).
The second condition keeps apart an item that discriminates negatively because the stronger respondents
spread over several distractors (an ambiguous stem: see negative-discrimination) from one where they agree on
a single "distractor" (a wrong key).

## Example
{example(10, quiz("Sydney"), STRONG_CHOOSE_B)}

## Use instead
{example(10, quiz(), STRONG_CHOOSE_B)}

## How to fix
Check the key against a source. If the distractor is right, mark it `correct: true` and the old key
false (regrade the delivered quiz in the LMS); if the key is right, rewrite the distractor that looks right to
those who know more (it is often partly true).

## Options
- `min-responses` (default `30`): fewest responses to the item before it is judged.
- `margin` (default `0.2`): how much higher the distractor's point-biserial must be than the key's.
"""

CODE = "R001"
NAME = "possible-miskey"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-responses": 30, "margin": 0.2}
OPTION_LIMITS = {"min-responses": (2, None), "margin": (0, 2)}


def check(ctx):
    minimum, margin = ctx.options["min-responses"], ctx.options["margin"]
    for item, analysed in analysed_items(ctx, minimum):
        keys = analysed.key_options
        if analysed.type not in ("single", "true_false") or len(keys) != 1 or keys[0].discrimination is None:
            continue
        key = keys[0]
        rivals = [option for option in analysed.distractors if option.discrimination is not None
                  and option.chosen > 0 and option.discrimination > 0
                  and option.discrimination - key.discrimination >= margin and option.upper > key.upper]
        if rivals:
            best = max(rivals, key=lambda option: option.discrimination)
            yield item_problem(ctx, item, f"option {best.label} (point-biserial {signed(best.discrimination)}) draws "
                                          f"the stronger respondents more than the key {key.label} "
                                          f"({signed(key.discrimination)}) over {analysed.n} responses: check the key")
