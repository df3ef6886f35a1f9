"""An option is "none of the above".

## What it does
Reports an option whose whole text means "none of the above" in any of the quiz's languages: "None of the
above", "None of these", "Neither of these", Turkish "Hiçbiri", "Yukarıdakilerin hiçbiri", "Hiçbiri doğru
değildir" (the full lists are below). A bare "None" is not reported: it is a legitimate answer, for example
the value a Python function returns.

## Why it matters
"None of the above" turns a best-answer question into a question about what is *not* listed: when it is the
key, the student only has to reject the options, and the item says nothing about whether they know the right
answer; when it is a distractor, it is rarely plausible (Haladyna, Downing & Rodriguez 2002: "use
none-of-the-above carefully"; NBME item-writing guide advises against it).

## Example
```yaml
id: largest-planet
type: single
stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
options:
  - text: {en: "Jupiter", tr: "Jüpiter"}
    correct: true
  - text: {en: "Saturn", tr: "Satürn"}
  - text: {en: "Neptune", tr: "Neptün"}
  - text: {en: "None of the above", tr: "Hiçbiri"}
    fixed: true
```

```yaml
id: en-buyuk-gezegen
type: single
stem: {tr: "Güneş sistemindeki en büyük gezegen hangisidir?"}
options:
  - text: {tr: "Jüpiter"}
    correct: true
  - text: {tr: "Satürn"}
  - text: {tr: "Yukarıdakilerin hiçbiri"}
```

## Use instead
```yaml
id: largest-planet
type: single
stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
options:
  - text: {en: "Jupiter", tr: "Jüpiter"}
    correct: true
  - text: {en: "Saturn", tr: "Satürn"}
  - text: {en: "Neptune", tr: "Neptün"}
  - text: {en: "Uranus", tr: "Uranüs"}
```

## How to fix
Replace the option with a plausible distractor (a typical mistake of students). If you keep it, run
`quizlint fix`: it moves the option to the last place and marks it `fixed: true`, so that shuffling (and the
rebalancing of key positions) never moves it. Until then the finding is marked fixable (`[*]`). The fix does
not make the option a good one, so the rule still reports it afterwards, as a plain warning: only rewriting
the item removes the finding (or a `# quizlint: disable=W002 -- reason` comment on the item's `id:` line,
when you keep it on purpose). An option that is already `fixed`, or that has a `fixed` option after it, is
never moved by `quizlint fix`: place it by hand.

## Options
None.
"""

from quizlint.rules.all_of_the_above import phrase_problems

CODE = "W002"
NAME = "none-of-the-above"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS: dict = {}
LEXICON = ("none-of-the-above",)


def check(ctx):
    yield from phrase_problems(ctx, "none-of-the-above", '"none of the above"')
