"""Options combine numbered statements: "I and II", "Only I", "Yalnız I", "I, II ve III" (K-type). Off by default.

## What it does
Reports an item with an option that only combines references to statements or to other options: Roman
numerals I–X or capital letters A–H joined by "and", "or", commas (Turkish "ve", "veya", "ya da", "ile",
"hem … hem"), or singled out by "only", "both" (Turkish "yalnız", "yalnızca", "sadece"): "I and II",
"I, II, and III", "II and III only", "Only I", "Both A and B", "Yalnız I", "I ve III", "I, II ve III". The item
is reported once, at its options.

Off by default: combination items are the standard format of Turkish national exams (ÖSYM) and many
certification exams, so whether they are a flaw is a house-style decision. Enable it with
`extend-select = ["k-type"]`.

## Why it matters
The complex multiple-choice (type K) format lets students reach the key by logic rather than knowledge:
knowing that statement I is false eliminates every option containing I. Such items are also harder to read,
take longer, and discriminate less (Haladyna, Downing & Rodriguez 2002: "avoid the complex MC (Type K)
format"; the NBME item-writing guide dropped K-type items for the same reasons).

## Example
```yaml
id: quantization-facts
type: single
stem:
  en: "Which statements are true? I. INT8 uses 8 bits. II. FP16 uses 16 bits. III. INT4 uses 8 bits."
  tr: "Hangi ifadeler doğrudur? I. INT8 8 bit kullanır. II. FP16 16 bit kullanır. III. INT4 8 bit kullanır."
options:
  - text: {en: "Only I", tr: "Yalnız I"}
  - text: {en: "I and II", tr: "I ve II"}
    correct: true
  - text: {en: "II and III", tr: "II ve III"}
  - text: {en: "I, II and III", tr: "I, II ve III"}
```

## Use instead
```yaml
id: quantization-facts
type: multiple
stem: {en: "Which statements are true? Select all that apply.", tr: "Hangi ifadeler doğrudur? Doğru olanların hepsini seçin."}
options:
  - text: {en: "INT8 uses 8 bits", tr: "INT8 8 bit kullanır"}
    correct: true
  - text: {en: "FP16 uses 16 bits", tr: "FP16 16 bit kullanır"}
    correct: true
  - text: {en: "INT4 uses 8 bits", tr: "INT4 8 bit kullanır"}
```

## How to fix
Make the item `type: multiple` with one option per statement, or split it into one item per statement.

## Options
None.
"""

from quizlint.model import option_letter
from quizlint.model.order import is_combination
from quizlint.rules._texts import hits_by_language, quoted_by_language

CODE = "W007"
NAME = "k-type"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = False
FIXABLE = False
OPTIONS: dict = {}
LEXICON = ("k-type-only", "k-type-joiners")


def check(ctx):
    combined = []
    for index, option in enumerate(ctx.item.options):
        hits = hits_by_language(option.text, ctx.languages, lambda text, lang: text if is_combination(text, lang) else None)
        if hits:
            combined.append((index, hits))
    if combined:
        index, hits = combined[0]
        letters = ", ".join(option_letter(i) for i, _ in combined)
        yield ctx.problem(f"combination (K-type) options {letters}, e.g. {quoted_by_language(hits)}; "
                          "use one option per statement (type: multiple)", "options", at_key=True)
