r"""A formula is LaTeX that cannot be converted to MathML.

## What it does
Converts every formula of an item's texts (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), in every language, with
latex2mathml, as the QTI exports and the preview do, and reports one that does not convert: an unknown
command, an unbalanced brace, a missing argument.

## Why it matters
A formula that does not convert reaches QTI players and the preview as raw LaTeX between dollars, and
MathJax in Moodle and Canvas shows it as an error: the student cannot read the question.

## Example
```yaml
id: memory
stem: {en: 'What does $\frac{p \times b}{8$ give?', tr: '$\frac{p \times b}{8$ neyi verir?'}
options:
  - text: {en: "Bytes", tr: "Bayt"}
    correct: true
  - text: {en: "Bits", tr: "Bit"}
```

## Use instead
```yaml
id: memory
stem: {en: 'What does $\frac{p \times b}{8}$ give?', tr: '$\frac{p \times b}{8}$ neyi verir?'}
options:
  - text: {en: "Bytes", tr: "Bayt"}
    correct: true
  - text: {en: "Bits", tr: "Bit"}
```

## How to fix
Balance the braces and use commands latex2mathml knows (the common ones of LaTeX math and amsmath).

## Options
None.
"""

from quizlint.media import formula_error
from quizlint.rules._media import formulas_of, where

CODE = "M005"
NAME = "invalid-math"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for field, path, lang, latex in formulas_of(ctx):
        error = formula_error(latex)
        if error is not None:
            shown = latex if len(latex) <= 60 else latex[:59] + "…"
            yield ctx.problem(f"{where(field, lang)}: the formula {shown!r} does not convert to MathML ({error})",
                              *path)


check_quiz = check  # (the quiz's description is a text like any other)
