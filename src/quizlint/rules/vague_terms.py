"""The stem or an option uses a vague frequency word such as "usually", "often" ("genellikle", "bazen").

## What it does
Reports the stem's question sentence (the last sentence that ends with "?", else the last sentence: not a
reading passage or scenario before it) and each option that contains a vague frequency word in any of the
quiz's languages.
English: usually, often, sometimes, frequently, generally, typically, rarely, commonly, mostly, seldom,
occasionally, "most of the time", "in most cases"; Turkish: "genellikle", "genelde", "bazen", "sıklıkla",
"sık sık", "çoğunlukla", "nadiren", "çoğu zaman", "tipik olarak", "yaygın olarak", "ara sıra", "zaman zaman"
(the full lists are below). Words in inline code are skipped, and so is a question about a frequency:
"How often does the Trainer save a checkpoint?", "ne sıklıkla".

A term found only in a translation whose source text has none ("tamamı", "yaygın olarak" where the English
had nothing) is the translation's wording: it is reported at most as info, naming the language.

## Why it matters
Readers put very different numbers on "often" or "usually" (anything from 30% to 90%), so whether such an
option is right depends on how the student reads the word, not on what they know; in the stem the word makes
the question ambiguous (NBME item-writing guide: vague frequency terms are a source of irrelevant
difficulty; Haladyna, Downing & Rodriguez 2002: keep the key correct and unambiguous).

## Example
```yaml
id: extra-state
type: single
stem: {en: "Which extra state is typically needed to resume training?", tr: "Eğitimi sürdürmek için genellikle hangi ek durum gerekir?"}
options:
  - text: {en: "Optimizer and scheduler state", tr: "Optimize edici ve zamanlayıcı durumu"}
    correct: true
  - text: {en: "A screenshot of the dashboard", tr: "Panonun ekran görüntüsü"}
  - text: {en: "The final accuracy score", tr: "Son doğruluk puanı"}
```

```yaml
id: ek-durum
type: single
stem: {tr: "Eğitimi sürdürmek için hangi ek durum gerekir?"}
options:
  - text: {tr: "Optimize edici ve zamanlayıcı durumu"}
    correct: true
  - text: {tr: "Bazen panonun ekran görüntüsü"}
  - text: {tr: "Son doğruluk puanı"}
```

## Use instead
```yaml
id: extra-state
type: single
stem: {en: "Beyond the weights, which state is needed to resume training exactly?", tr: "Ağırlıkların yanı sıra, eğitimi tam olarak sürdürmek için hangi durum gerekir?"}
options:
  - text: {en: "Optimizer and scheduler state", tr: "Optimize edici ve zamanlayıcı durumu"}
    correct: true
  - text: {en: "A screenshot of the dashboard", tr: "Panonun ekran görüntüsü"}
  - text: {en: "The final accuracy score", tr: "Son doğruluk puanı"}
```

## How to fix
Say exactly what is meant: a condition ("when the batch size is above 1"), a proportion, or nothing at all
when the statement holds without the qualifier.

## Options
None.
"""

from quizlint.rules._texts import option_categories, question_sentence, stem_categories, term_problems
from quizlint.rules._translation import item_fields_of

CODE = "W005"
NAME = "vague-terms"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}
LEXICON = ("vague-terms",)


def check(ctx):
    if "vague-terms" not in stem_categories(ctx) and "vague-terms" not in option_categories(ctx):
        return
    for field in item_fields_of(ctx):
        if field.path == ("stem",):
            # a reading passage or scenario before the question is not the question's wording
            yield from term_problems(ctx, "vague-terms", [(field.path, field.value, field.label)], "the vague term",
                                     outside_question_sentence)
        elif field.path[-1] == "text":
            yield from term_problems(ctx, "vague-terms", [(field.path, field.value, field.label)], "the vague term")


def outside_question_sentence(text: str, match) -> bool:
    """Whether ``match`` lies outside the question sentence of the stem ``text`` (``question_sentence``)."""
    start, end = question_sentence(text)
    return not start <= match.start < end
