"""The keys are spread over the answer positions more evenly than chance makes likely (off by default).

## What it does
Counts where the key sits (A, B, C, …) over the single-answer items with the same number of options, and
asks how likely keys placed at random would be to come out at least this even: the lower tail of the exact
multinomial distribution of Pearson's X² (chi-square's lower tail for very large banks). A p-value below
`alpha` is reported with the counts. Only quizzes and banks with at least `min-items` eligible items are
tested: in a short quiz, perfectly even keys are a harmless habit.

The bank is tested as a whole, and each quiz file on its own with Holm's correction over the files tested
(the message says so: "in this quiz, Holm-corrected over 13 quiz files"), so that a bank without bias stays
silent however many files it has. A file significant after correction is reported at its quiz `id:` line;
when none is, a significant bank is reported at the first file's quiz `id:` line ("across the bank").
A bank of one file is tested at `alpha`, uncorrected. Items with a `fixed` option, with no key or with several keys take
no part. The rule is off by default; turn it on with `extend-select = ["key-over-balanced"]`.

## Why it matters
Attali & Bar-Hillel (2003, "Guess where", *Journal of Educational Measurement* 40(2)) found that test makers
"routinely, deliberately, and excessively balance the answer key". Over-balancing is exploitable too: a
student who knows the key is exactly even can, near the end of a test, infer the answers still missing
from each position. Random keys are uneven in a characteristic way; a 40-item, four-option key with exactly
10 in each position has a probability of about 0.4%.

## Example
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
  - {id: q9, stem: "Capital of Germany?", options: [{text: Munich}, {text: Hamburg}, {text: Berlin, correct: true}, {text: Cologne}]}
  - {id: q10, stem: "Capital of Australia?", options: [{text: Canberra, correct: true}, {text: Sydney}, {text: Perth}, {text: Darwin}]}
  - {id: q11, stem: "Capital of India?", options: [{text: Mumbai}, {text: Kolkata}, {text: Chennai}, {text: New Delhi, correct: true}]}
  - {id: q12, stem: "Capital of China?", options: [{text: Shanghai}, {text: Beijing, correct: true}, {text: Wuhan}, {text: Xian}]}
  - {id: q13, stem: "Capital of Russia?", options: [{text: Kazan}, {text: Omsk}, {text: Sochi}, {text: Moscow, correct: true}]}
  - {id: q14, stem: "Capital of Mexico?", options: [{text: Cancun}, {text: Tijuana}, {text: Mexico City, correct: true}, {text: Puebla}]}
  - {id: q15, stem: "Capital of Greece?", options: [{text: Patras}, {text: Athens, correct: true}, {text: Larissa}, {text: Volos}]}
  - {id: q16, stem: "Capital of Poland?", options: [{text: Warsaw, correct: true}, {text: Krakow}, {text: Gdansk}, {text: Lodz}]}
  - {id: q17, stem: "Capital of Norway?", options: [{text: Oslo, correct: true}, {text: Bergen}, {text: Tromso}, {text: Bodo}]}
  - {id: q18, stem: "Capital of Kenya?", options: [{text: Mombasa}, {text: Kisumu}, {text: Nairobi, correct: true}, {text: Nakuru}]}
  - {id: q19, stem: "Capital of Peru?", options: [{text: Cusco}, {text: Lima, correct: true}, {text: Arequipa}, {text: Trujillo}]}
  - {id: q20, stem: "Capital of Chile?", options: [{text: Arica}, {text: Temuco}, {text: Iquique}, {text: Santiago, correct: true}]}
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
  - {id: q3, stem: "Capital of Italy?", options: [{text: Rome, correct: true}, {text: Milan}, {text: Turin}, {text: Naples}]}
  - {id: q4, stem: "Capital of Spain?", options: [{text: Seville}, {text: Bilbao}, {text: Malaga}, {text: Madrid, correct: true}]}
  - {id: q5, stem: "Capital of Japan?", options: [{text: Osaka}, {text: Kyoto}, {text: Tokyo, correct: true}, {text: Nagoya}]}
  - {id: q6, stem: "Capital of Egypt?", options: [{text: Cairo, correct: true}, {text: Giza}, {text: Luxor}, {text: Aswan}]}
  - {id: q7, stem: "Capital of Canada?", options: [{text: Toronto}, {text: Ottawa, correct: true}, {text: Quebec}, {text: Calgary}]}
  - {id: q8, stem: "Capital of Brazil?", options: [{text: Recife}, {text: Salvador}, {text: Brasilia, correct: true}, {text: Manaus}]}
  - {id: q9, stem: "Capital of Germany?", options: [{text: Berlin, correct: true}, {text: Munich}, {text: Hamburg}, {text: Cologne}]}
  - {id: q10, stem: "Capital of Australia?", options: [{text: Sydney}, {text: Perth}, {text: Canberra, correct: true}, {text: Darwin}]}
  - {id: q11, stem: "Capital of India?", options: [{text: New Delhi, correct: true}, {text: Mumbai}, {text: Kolkata}, {text: Chennai}]}
  - {id: q12, stem: "Capital of China?", options: [{text: Shanghai}, {text: Wuhan}, {text: Xian}, {text: Beijing, correct: true}]}
  - {id: q13, stem: "Capital of Russia?", options: [{text: Kazan}, {text: Moscow, correct: true}, {text: Omsk}, {text: Sochi}]}
  - {id: q14, stem: "Capital of Mexico?", options: [{text: Mexico City, correct: true}, {text: Cancun}, {text: Tijuana}, {text: Puebla}]}
  - {id: q15, stem: "Capital of Greece?", options: [{text: Patras}, {text: Larissa}, {text: Athens, correct: true}, {text: Volos}]}
  - {id: q16, stem: "Capital of Poland?", options: [{text: Krakow}, {text: Gdansk}, {text: Lodz}, {text: Warsaw, correct: true}]}
  - {id: q17, stem: "Capital of Norway?", options: [{text: Oslo, correct: true}, {text: Bergen}, {text: Tromso}, {text: Bodo}]}
  - {id: q18, stem: "Capital of Kenya?", options: [{text: Mombasa}, {text: Nairobi, correct: true}, {text: Kisumu}, {text: Nakuru}]}
  - {id: q19, stem: "Capital of Peru?", options: [{text: Cusco}, {text: Arequipa}, {text: Trujillo}, {text: Lima, correct: true}]}
  - {id: q20, stem: "Capital of Chile?", options: [{text: Arica}, {text: Temuco}, {text: Santiago, correct: true}, {text: Iquique}]}
```

## How to fix
Let chance place the keys: shuffle the movable options of a few items (options marked `fixed: true` stay
where they are) instead of hand-tuning the key so that every letter is used equally often.
`quizlint fix` balances positions as evenly as possible (it answers B001/B003), so a rebalanced bank of 20
or more items is usually reported here when this rule is on. That is intended where options are shuffled
at delivery (the QTI, Canvas and Moodle exports mark them shuffleable); teams that deliver the stored order
and enable this rule should run `quizlint fix --ignore B001,B003`.

## Options
- `alpha` (default `0.05`): significance level; a lower-tail p-value below it is reported.
- `min-items` (default `20`): fewest eligible items (with the same number of options) worth testing.
"""

from quizlint.rules._bank_scope import STATISTICAL_LIMITS, key_count_problems
from quizlint.rules._stats import evenness_test, format_p

CODE = "B002"
NAME = "key-over-balanced"
SEVERITY = "info"
SCOPE = "bank"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS = {"alpha": 0.05, "min-items": 20}
OPTION_LIMITS = STATISTICAL_LIMITS


def conclusion(result) -> str:
    return (f" are more even than random placement makes likely ({result.method} lower tail "
            f"{format_p(result.p_value)})")


def check(ctx):
    yield from key_count_problems(ctx, evenness_test, conclusion)
