"""The credits of a multiple-answer item do not add up to 100 %.

## What it does
Reports a `multiple` item where some option has a `credit` and the positive credits (what choosing every right
option gives; options without a credit count as the default: the keys share 100 equally, the others 0) do not
sum to 100. Also reports a credit on a `single` or `true_false` item, which no export uses.

## Why it matters
Below 100 nobody can score the item fully; above 100 a student scores more than the item's points. Moodle
refuses a multiple-answer question whose positive grades do not make 100 %.

## Example
```yaml
id: safe-formats
type: multiple
stem: {en: "Which formats store tensors without pickles?", tr: "Hangi biçimler tensörleri pickle olmadan saklar?"}
options:
  - text: safetensors
    correct: true
    credit: 50
  - text: GGUF
    correct: true
    credit: 30
  - text: pickle
    credit: -100
```

## Use instead
```yaml
id: safe-formats
type: multiple
stem: {en: "Which formats store tensors without pickles?", tr: "Hangi biçimler tensörleri pickle olmadan saklar?"}
options:
  - text: safetensors
    correct: true
    credit: 50
  - text: GGUF
    correct: true
    credit: 50
  - text: pickle
    credit: -100
```

## How to fix
Change the credits of the right options so they add up to 100 (negative credits, which take points away for
a wrong choice, do not count), or remove every `credit` to share the points equally.

## Options
None.
"""

from quizlint.model.credit import has_credits, option_credits, positive_credit

CODE = "K019"
NAME = "credit-sum"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    item = ctx.item
    if item.type in ("single", "true_false"):
        for index, option in enumerate(item.options):
            if option.credit is not None:
                yield ctx.problem(f"`credit` applies to multiple-answer items only; this {item.type} item ignores "
                                  "it: delete it (or make the item `type: multiple`)",
                                  "options", index, "credit", at_key=True)
        return
    if not has_credits(item):
        return
    total = positive_credit(option_credits(item))
    if abs(total - 100) > 0.01:
        yield ctx.problem(f"the positive credits of the options add up to {total:g}%, not 100%: a student who "
                          f"chooses every right option gets {total:g}% of the points", "options", at_key=True)
