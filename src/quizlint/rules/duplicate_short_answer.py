"""Two answers of a short-answer item are the same answer.

## What it does
Reports an accepted answer of a `short_answer` item that equals an earlier one in some language once both are
normalised as a student's response is compared with them: Unicode NFC, runs of spaces made one and, unless
the item is `case_sensitive`, case folded, the Turkish way in Turkish (`I`/`ı`, `İ`/`i`: "KIRMIZI" and
"kırmızı" are the same Turkish answer, "DİZİN" and "dizin" too).

## Why it matters
The LMS keeps the first and never reaches the second: a second credit or feedback written for it is dead, and
usually one of the two was meant to be something else.

## Example
```yaml
id: fmt-name
type: short_answer
stem: {en: "Which format stores tensors without pickles?", tr: "Hangi biçim tensörleri pickle olmadan saklar?"}
answers:
  - text: safetensors
  - text: "SafeTensors "
    credit: 50
```

## Use instead
```yaml
id: fmt-name
type: short_answer
stem: {en: "Which format stores tensors without pickles?", tr: "Hangi biçim tensörleri pickle olmadan saklar?"}
answers:
  - text: safetensors
  - text: safe tensors
    credit: 50
```

## How to fix
Delete the repeated answer, or set `case_sensitive: true` if the two spellings must score differently.

## Options
None.
"""

from quizlint.rules._typed import repeated_texts, short_answer_key

CODE = "K014"
NAME = "duplicate-short-answer"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type != "short_answer":
        return
    texts = [answer.text for answer in item.answers]
    key = lambda text, lang: short_answer_key(text, lang, item.case_sensitive)  # noqa: E731
    for first, later, langs in repeated_texts(texts, ctx.languages, key):
        path = ("answers", later, "text") if isinstance(texts[later], str) else ("answers", later, "text", langs[0])
        yield ctx.problem(f"answer {later + 1} is the same as answer {first + 1} ({', '.join(langs)}"
                          f"{'' if item.case_sensitive else ', ignoring case'}): delete one", *path)
