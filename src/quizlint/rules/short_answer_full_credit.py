"""A short-answer item has no answer worth full marks in some language.

## What it does
Reports a `short_answer` item with no accepted answer of `credit: 100` (the default) in one of the quiz's
languages: no answers at all, only partial ones, or a full-credit answer written in other languages only. A
plain-string answer counts in every language.

## Why it matters
A student working in that language can never score the item: whatever they type is at best partly right. An
answer given only as `{en: …}` is easy to miss when the rest of the item is translated.

## Example
```yaml
id: fmt-name
type: short_answer
stem: {en: "Which format stores tensors without pickles?", tr: "Hangi biçim tensörleri pickle olmadan saklar?"}
answers:
  - text: {en: "safe tensors"}
  - text: safetensor
    credit: 50
```

## Use instead
```yaml
id: fmt-name
type: short_answer
stem: {en: "Which format stores tensors without pickles?", tr: "Hangi biçim tensörleri pickle olmadan saklar?"}
answers:
  - text: safetensors
  - text: safetensor
    credit: 50
```

## How to fix
Add the right answer with full credit: a plain string when it is the same in every language, else its text
in each language.

## Options
None.
"""

CODE = "K013"
NAME = "short-answer-full-credit"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    from quizlint.model import text_in

    item = ctx.item
    if item.type != "short_answer":
        return
    if not item.answers:
        yield ctx.problem("short-answer item has no answer: list the accepted answers under `answers:`")
        return
    missing = [lang for lang in ctx.languages
               if not any(answer.credit >= 100 and (text_in(answer.text, lang) or "").strip()
                          for answer in item.answers)]
    if missing:
        yield ctx.problem(f"no answer gives full marks in {', '.join(missing)}: add an answer with `credit: 100` "
                          "(the default) written in that language, or as a plain string for every language",
                          "answers", at_key=True)
