"""An option is "all of the above".

## What it does
Reports an option whose whole text means "all of the above" in any of the quiz's languages: "All of the
above", "All of these are correct", "Both of the above", Turkish "Hepsi", "Hepsi doğrudur", "Yukarıdakilerin
hepsi", "Tümü" (the full lists are below). A phrase inside a longer option ("All of the above layers are
frozen") is not reported.

## Why it matters
"All of the above" is among the most criticised option types (Haladyna, Downing & Rodriguez 2002: "avoid
all-of-the-above"; NBME item-writing guide). A student who recognises two options as correct can choose it
without knowing the rest, and one who spots a single wrong option can rule it out: the item rewards partial
knowledge and test-wiseness. It also makes the item depend on the option order, which defeats shuffling.

## Example
```yaml
id: mammals
type: single
stem: {en: "Which of these animals is a mammal?", tr: "Bu hayvanlardan hangisi memelidir?"}
options:
  - text: {en: "Whale", tr: "Balina"}
  - text: {en: "Bat", tr: "Yarasa"}
  - text: {en: "Dolphin", tr: "Yunus"}
  - text: {en: "All of the above", tr: "Hepsi"}
    correct: true
    fixed: true
```

```yaml
id: memeliler
type: single
stem: {tr: "Aşağıdakilerden hangileri memelidir?"}
options:
  - text: {tr: "Balina"}
  - text: {tr: "Yarasa"}
  - text: {tr: "Yukarıdakilerin hepsi doğrudur"}
    correct: true
```

## Use instead
```yaml
id: mammals
type: multiple
stem: {en: "Which of these animals are mammals? Select every mammal.", tr: "Bu hayvanlardan hangileri memelidir? Memeli olanların hepsini seçin."}
options:
  - text: {en: "Whale", tr: "Balina"}
    correct: true
  - text: {en: "Bat", tr: "Yarasa"}
    correct: true
  - text: {en: "Shark", tr: "Köpek balığı"}
  - text: {en: "Penguin", tr: "Penguen"}
```

## How to fix
Make the item `type: multiple` and let students select every right option, or replace the option with a
plausible distractor and ask for the single best answer. If you keep it, run `quizlint fix`: it moves the
option to the last place and marks it `fixed: true`, so that shuffling (and the rebalancing of key positions)
never puts it above the options it refers to. Until then the finding is marked fixable (`[*]`). The fix does
not make the option a good one, so the rule still reports it afterwards, as a plain warning: the option is
then where it belongs, and only rewriting the item removes the finding (or a `# quizlint: disable=W001 --
reason` comment on the item's `id:` line, when you keep it on purpose). An option that is already `fixed`, or
that has a `fixed` option after it, is never moved by `quizlint fix`: place it by hand.

## Options
None.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from quizlint.model import Item
from quizlint.rules._texts import option_phrase_problems
from quizlint.rules.base import Problem

CODE = "W001"
NAME = "all-of-the-above"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = True
OPTIONS: dict = {}
LEXICON = ("all-of-the-above",)


def can_move_last(item: Item, index: int) -> bool:
    """Whether `quizlint fix` moves option ``index`` (an "all/none of the above") last and marks it ``fixed``:
    it is not ``fixed`` yet, and no ``fixed`` option comes after it (those never move, so it could not pass
    them). Shared by W001, W002 (their fixable mark) and the fix itself, so that they always agree."""
    options = item.options
    return not options[index].fixed and not any(option.fixed for option in options[index + 1:])


def phrase_problems(ctx, category: str, what: str) -> Iterator[Problem]:
    """The options that are a phrase of ``category``, marked fixable where `quizlint fix` repairs them."""
    for problem in option_phrase_problems(ctx, category, what):
        index = problem.path[1]  # ("options", index, "text", …)
        yield dataclasses.replace(problem, fixable=can_move_last(ctx.item, index))


def check(ctx):
    yield from phrase_problems(ctx, "all-of-the-above", '"all of the above"')
