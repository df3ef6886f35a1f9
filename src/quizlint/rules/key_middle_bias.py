"""The keys sit in the middle positions (neither first nor last) more often than chance.

## What it does
Over the single-answer items with three or more options, counts the items whose key is in a middle position
(B or C of four options; B, C or D of five) and tests the count with a one-sided exact binomial test against
the chance rate (2 of 4, 3 of 5, …; a Poisson-binomial test when option counts differ). A p-value below
`alpha` is reported, e.g. `the key is in a middle position (neither first nor last) in 7 of 8 items in this
quiz (chance: 4 of 8), binomial p=0.035`.

The bank is tested as a whole, and each quiz file on its own with Holm's correction over the files tested
(the message says so: "in this quiz, Holm-corrected over 13 quiz files"), so that a bank without bias stays
silent however many files it has. A file significant after correction is reported at its quiz `id:` line;
when none is, a significant bank is reported at the first file's quiz `id:` line ("across the bank").
A bank of one file is tested at `alpha`, uncorrected. Items with a `fixed` option, with no key or with several keys take no part; quizzes (or banks)
with fewer than `min-items` such items are not tested.

## Why it matters
The middle is where item writers hide keys and where guessing students look for them: Attali & Bar-Hillel
(2003, "Guess where", *Journal of Educational Measurement* 40(2)) found both prefer the middle positions to
the edges by up to 3 or 4 to 1 in single questions, and that questions with middle keys are easier and less
discriminating. This test targets that one well-known bias, so it detects it with fewer items than the
general key-position-bias test.

## Example
```yaml
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Turkey?", options: [{text: Izmir}, {text: Ankara, correct: true}, {text: Bursa}, {text: Konya}]}
  - {id: q2, stem: "Capital of France?", options: [{text: Lyon}, {text: Nice}, {text: Paris, correct: true}, {text: Lille}]}
  - {id: q3, stem: "Capital of Italy?", options: [{text: Milan}, {text: Rome, correct: true}, {text: Turin}, {text: Naples}]}
  - {id: q4, stem: "Capital of Spain?", options: [{text: Seville}, {text: Bilbao}, {text: Madrid, correct: true}, {text: Malaga}]}
  - {id: q5, stem: "Capital of Japan?", options: [{text: Osaka}, {text: Tokyo, correct: true}, {text: Kyoto}, {text: Nagoya}]}
  - {id: q6, stem: "Capital of Egypt?", options: [{text: Giza}, {text: Luxor}, {text: Cairo, correct: true}, {text: Aswan}]}
  - {id: q7, stem: "Capital of Canada?", options: [{text: Toronto}, {text: Ottawa, correct: true}, {text: Quebec}, {text: Calgary}]}
  - {id: q8, stem: "Capital of Brazil?", options: [{text: Recife}, {text: Salvador}, {text: Manaus}, {text: Brasilia, correct: true}]}
```

## Use instead
```yaml
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Izmir}, {text: Bursa}, {text: Konya}]}
  - {id: q2, stem: "Capital of France?", options: [{text: Lyon}, {text: Paris, correct: true}, {text: Nice}, {text: Lille}]}
  - {id: q3, stem: "Capital of Italy?", options: [{text: Milan}, {text: Turin}, {text: Rome, correct: true}, {text: Naples}]}
  - {id: q4, stem: "Capital of Spain?", options: [{text: Seville}, {text: Bilbao}, {text: Malaga}, {text: Madrid, correct: true}]}
  - {id: q5, stem: "Capital of Japan?", options: [{text: Osaka}, {text: Tokyo, correct: true}, {text: Kyoto}, {text: Nagoya}]}
  - {id: q6, stem: "Capital of Egypt?", options: [{text: Giza}, {text: Luxor}, {text: Aswan}, {text: Cairo, correct: true}]}
  - {id: q7, stem: "Capital of Canada?", options: [{text: Ottawa, correct: true}, {text: Toronto}, {text: Quebec}, {text: Calgary}]}
  - {id: q8, stem: "Capital of Brazil?", options: [{text: Recife}, {text: Salvador}, {text: Brasilia, correct: true}, {text: Manaus}]}
```

## How to fix
Run `quizlint fix`: it moves the keys to balanced positions (options marked `fixed: true` stay where they
are; items whose option order means something, such as numbers, and items where this rule or
key-position-bias is disabled by a suppression comment or `per-file-ignores` count but never move: a finding is
marked fixable, `[*]`, only when the fix would move a key for it). By hand: move some keys to the first and last
positions.

## Options
- `alpha` (default `0.05`): significance level; a p-value below it is reported.
- `min-items` (default `8`): fewest eligible items worth testing.
"""

from quizlint.rules._bank_scope import STATISTICAL_LIMITS, Rate, movable_items, one_group, rate_problems

CODE = "B003"
NAME = "key-middle-bias"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS = {"alpha": 0.05, "min-items": 8}
OPTION_LIMITS = STATISTICAL_LIMITS


def items_with_a_middle(items):
    return [item for item in movable_items(items) if item.n_options >= 3]


def keys_in_middle(items) -> Rate:
    """How many keys are neither first nor last, and the chance of that for each item: (n - 2) / n."""
    return Rate(sum(1 for item in items if 0 < item.keys[0] < item.n_options - 1),
                [(item.n_options - 2) / item.n_options for item in items])


def check(ctx):
    # (imported here: the rules of a worker, which never runs bank rules, start without the planner)
    from quizlint.fix.balance import fixable_groups

    yield from rate_problems(ctx, one_group(items_with_a_middle), keys_in_middle,
                             "the key is in a middle position (neither first nor last)", fixable=fixable_groups)
