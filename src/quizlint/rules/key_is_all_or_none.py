"""The key is "all of the above" or "none of the above".

## What it does
Reports an option marked `correct: true` whose whole text is "all of the above" or "none of the above" (in
English, Turkish or any declared language; see the word lists below), at that option.

## Why it matters
Such a key rewards partial knowledge: a student who sees two true options picks "all of the above" without
knowing the third, and a "none of the above" key only shows that the student can reject the distractors, not
that they know the answer (Haladyna, Downing & Rodriguez 2002: "avoid all-of-the-above", "use
none-of-the-above carefully"; NBME item-writing guide). `all-of-the-above` and `none-of-the-above` report the
option itself; this rule adds that it is the key, which is worse.

## Example
```yaml
id: prime-numbers
type: single
stem: {en: "Which of these numbers is prime?", tr: "Bu sayılardan hangisi asaldır?"}
options:
  - text: 2
  - text: 3
  - text: 5
  - text: {en: "All of the above", tr: "Hepsi"}
    correct: true
    fixed: true
```

```yaml
id: prime-numbers-tr
type: single
stem: {en: "Which of these numbers is prime?", tr: "Bu sayılardan hangisi asaldır?"}
options:
  - text: 4
  - text: 6
  - text: 8
  - text: {en: "Something else", tr: "Yukarıdakilerin hiçbiri"}
    correct: true
    fixed: true
```

## Use instead
```yaml
id: prime-numbers
type: single
stem: {en: "Which of these numbers is prime?", tr: "Bu sayılardan hangisi asaldır?"}
options:
  - text: 4
  - text: 5
    correct: true
  - text: 6
  - text: 9
```

## How to fix
Ask for the one best answer, or make the item `type: multiple` and let students select every true option.

## Options
None.
"""

from quizlint.model import option_letter
from quizlint import lexicon
from quizlint.rules._texts import hits_by_language, lang_path, option_categories, quoted_by_language

CODE = "K006"
NAME = "key-is-all-or-none"
SEVERITY = "info"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}
LEXICON = ("all-of-the-above", "none-of-the-above")
_PHRASES = frozenset(LEXICON)


def _all_or_none(text: str, lang: str):
    return lexicon.first("all-of-the-above", text, lang) or lexicon.first("none-of-the-above", text, lang)


def check(ctx):
    if not _PHRASES & option_categories(ctx):
        return
    for index, option in enumerate(ctx.item.options):
        if not option.correct:
            continue
        hits = hits_by_language(option.text, ctx.languages, _all_or_none)
        if hits:
            shown = quoted_by_language([(lang, match.text) for lang, match in hits])
            yield ctx.problem(f"the key (option {option_letter(index)}) is {shown}",
                              *lang_path(("options", index, "text"), option.text, hits[0][0]))
