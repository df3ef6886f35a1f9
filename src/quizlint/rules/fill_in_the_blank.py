r"""The stem is a sentence with a blank to fill (`___`, `……`, `(...)`).

## What it does
Reports a stem that contains a blank in any of the quiz's languages: a run of three or more underscores
(`___`, also escaped as `\_\_\_`) that is not Markdown emphasis, two or more ellipsis characters (`……`),
four or more dots (`....`), or an empty pair of brackets holding only dots or an ellipsis (`(...)`, `[…]`).
Blanks inside inline code are skipped.

## Why it matters
A blank in the middle of a sentence makes the student hold an incomplete statement in mind while reading
each option, and invites options that fit the blank grammatically but not in meaning, or that give the key
away through grammar (Haladyna, Downing & Rodriguez 2002 prefer the question format and warn against blanks
inside the stem; NBME item-writing guide: write a closed question that can be answered without the options).
In Turkish exams the blank also forces awkward case suffixes on the options.

## Example
```yaml
id: capital-blank
type: single
stem: {en: "The capital of Turkey is ____.", tr: "Türkiye'nin başkenti ……'dır."}
options:
  - text: Ankara
    correct: true
  - text: İstanbul
  - text: İzmir
```

## Use instead
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
  - text: İstanbul
  - text: İzmir
```

## How to fix
Rewrite the stem as a direct question that a student could answer before reading the options.

## Options
None.
"""

import re

from quizlint.rules._texts import code_spans, inside_any, lang_path, language_texts, quoted_by_language

CODE = "W006"
NAME = "fill-in-the-blank"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}

_BLANK = re.compile(
    r"(?<![\w\\])(?:\\?_){3,}(?!\w)"  # ___ or \_\_\_, but not ___bold italic___
    r"|…{2,}|\.{4,}"  # …… and ....
    r"|[(\[]\s*(?:\.{2,}|…+)\s*[)\]]"  # (...) and […]
)


def blanks(text: str) -> list[str]:
    if not _may_have_blank(text):
        return []
    code = code_spans(text)
    return [match.group() for match in _BLANK.finditer(text) if not inside_any(*match.span(), code)]


def _may_have_blank(text: str) -> bool:
    """Every blank of ``_BLANK`` holds an underscore, an ellipsis or two dots: most stems have none."""
    return "_" in text or "…" in text or ".." in text


def check(ctx):
    hits = [(lang, blank) for lang, text in language_texts(ctx.item.stem, ctx.languages) for blank in blanks(text)]
    if hits:
        yield ctx.problem(f"the stem has a blank to fill: {quoted_by_language(hits)}; ask a direct question",
                          *lang_path(("stem",), ctx.item.stem, hits[0][0]))
