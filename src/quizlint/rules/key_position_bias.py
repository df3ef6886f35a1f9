"""The keys sit in some answer positions far more often than chance allows.

## What it does
Counts where the key sits (A, B, C, …) over the single-answer items with the same number of options, and
tests the counts against equal chances for every position: an exact multinomial test (the probability of
every outcome no more likely than the observed one) for ordinary banks, Pearson's chi-square for very large
ones. A p-value below `alpha` is reported with the counts, e.g. `keys A:6 B:1 C:1 D:0 over 8 four-option
items in this quiz, exact multinomial p=0.027`.

The bank is tested as a whole, and each quiz file on its own with Holm's correction over the files tested
(the message says so: "in this quiz, Holm-corrected over 13 quiz files"), so that a bank without bias stays
silent however many files it has. A file significant after correction is reported at its quiz `id:` line;
when none is, a significant bank is reported at the first file's quiz `id:` line ("across the bank").
A bank of one file is tested at `alpha`, uncorrected. Items with a `fixed` option, with no key
or with several keys take no part. A quiz (or bank) with fewer than `min-items` eligible items is not tested:
small samples say nothing. "Three keys in a row" is never reported: random keys produce runs all the time.

## Why it matters
Item writers do not place keys at random, and test-wise students know it. Attali & Bar-Hillel (2003,
"Guess where: the position of correct answers in multiple-choice test items as a psychometric variable",
*Journal of Educational Measurement* 40(2)) show that test makers hide the key, and test takers look for
it, in the middle positions, preferring them to the edges by up to 3 or 4 to 1 in single questions. Keys
that cluster in any position let a student score above chance without knowing the content.

## Example
```yaml
quizlint: 1
id: capitals
languages: [en]
title: Capitals
items:
  - {id: q1, stem: "Capital of Turkey?", options: [{text: Ankara, correct: true}, {text: Izmir}, {text: Bursa}, {text: Konya}]}
  - {id: q2, stem: "Capital of France?", options: [{text: Paris, correct: true}, {text: Lyon}, {text: Nice}, {text: Lille}]}
  - {id: q3, stem: "Capital of Italy?", options: [{text: Rome, correct: true}, {text: Milan}, {text: Turin}, {text: Naples}]}
  - {id: q4, stem: "Capital of Spain?", options: [{text: Madrid, correct: true}, {text: Seville}, {text: Bilbao}, {text: Malaga}]}
  - {id: q5, stem: "Capital of Japan?", options: [{text: Tokyo, correct: true}, {text: Osaka}, {text: Kyoto}, {text: Nagoya}]}
  - {id: q6, stem: "Capital of Egypt?", options: [{text: Cairo, correct: true}, {text: Giza}, {text: Luxor}, {text: Aswan}]}
  - {id: q7, stem: "Capital of Canada?", options: [{text: Toronto}, {text: Ottawa, correct: true}, {text: Quebec}, {text: Calgary}]}
  - {id: q8, stem: "Capital of Brazil?", options: [{text: Recife}, {text: Salvador}, {text: Brasilia, correct: true}, {text: Manaus}]}
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
Run `quizlint fix`: it moves the keys to balanced positions (options marked `fixed: true`, such as
"None of the above", stay where they are). Items whose option order means something (every option a number,
"all/none of the above", "I and II") count but never move, nor do the options of an item where this rule or
key-middle-bias is disabled (a `# quizlint: disable=B001` comment on its `id:` line or at the top of its file,
`per-file-ignores`); a finding is marked fixable (`[*]`) only when the fix would move a key for it. By hand:
move keys out of the over-used positions. Do not aim for perfectly even counts either (see key-over-balanced).

## Options
- `alpha` (default `0.05`): significance level; a p-value below it is reported.
- `min-items` (default `8`): fewest eligible items (with the same number of options) worth testing.
"""

from quizlint.rules._bank_scope import STATISTICAL_LIMITS, key_count_problems
from quizlint.rules._stats import format_p, uniformity_test

CODE = "B001"
NAME = "key-position-bias"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS = {"alpha": 0.05, "min-items": 8}
OPTION_LIMITS = STATISTICAL_LIMITS


def conclusion(result) -> str:
    return f", {result.method} {format_p(result.p_value)}"


def check(ctx):
    # (imported here: the rules of a worker, which never runs bank rules, start without the planner)
    from quizlint.fix.balance import fixable_groups

    yield from key_count_problems(ctx, uniformity_test, conclusion, fixable=fixable_groups)
