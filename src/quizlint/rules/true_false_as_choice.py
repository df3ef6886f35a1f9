"""A single-answer item whose two options are just True/False, Yes/No (Doğru/Yanlış, Evet/Hayır).

## What it does
Reports a `single` item with exactly two options of which one is a bare "true" answer (True, Yes, Correct,
Right; Turkish Doğru, Doğrudur, Evet) and the other a bare "false" answer (False, No, Incorrect, Wrong; Turkish
Yanlış, Yanlıştır, Hayır) in any of the quiz's languages. Options in inline code (`` `True` ``, `` `False` ``)
are a programming language's values, not a true/false answer, and are left alone.

## Why it matters
It is a true/false item in disguise. Written as one, exporters produce the LMS's native true/false question
(with its own scoring and accessibility), the options cannot be shuffled into "False, True", and statistics
across the bank compare like with like. Translations of "True"/"False" are also provided by the LMS, so they
cannot drift out of sync (Haladyna, Downing & Rodriguez 2002 treat true-false as its own format).

## Example
```yaml
id: earth-round
type: single
stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
options:
  - text: {en: "True", tr: "Doğru"}
    correct: true
  - text: {en: "False", tr: "Yanlış"}
```

```yaml
id: dunya-yuvarlak
type: single
stem: {tr: "Dünya yuvarlak mıdır?"}
options:
  - text: {tr: "Evet"}
    correct: true
  - text: {tr: "Hayır"}
```

## Use instead
```yaml
id: earth-round
type: true_false
stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
answer: true
```

## How to fix
Change the item to `type: true_false`, delete its options and give it `answer: true` or `answer: false` (the
value of the option that was marked correct).

## Options
None.
"""

from quizlint import lexicon
from quizlint.rules._texts import code_spans, language_texts, option_categories

CODE = "W008"
NAME = "true-false-as-choice"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}
LEXICON = ("true-answers", "false-answers")


def _kind(text: str, lang: str) -> str | None:
    if code_spans(text):
        return None  # `True`, `False`: the values of a programming language, not a true/false answer
    if lexicon.matches("true-answers", text, lang):
        return "true"
    if lexicon.matches("false-answers", text, lang):
        return "false"
    return None


def _pair_language(item, languages: list[str]) -> tuple[str, list[str]] | None:
    """The first language in which the two options are a true answer and a false answer."""
    for lang in languages:
        texts = [dict(language_texts(option.text, [lang])).get(lang) for option in item.options]
        if None in texts:
            continue
        if sorted(_kind(text, lang) or "" for text in texts) == ["false", "true"]:
            return lang, texts
    return None


def check(ctx):
    item = ctx.item
    if item.type != "single" or len(item.options) != 2:
        return
    categories = option_categories(ctx)
    if "true-answers" not in categories or "false-answers" not in categories:
        return
    found = _pair_language(item, ctx.languages)
    if found:
        lang, texts = found
        answer = next((_kind(text, lang) for text, option in zip(texts, item.options) if option.correct), "true")
        yield ctx.problem(
            f'the options are just "{texts[0]}" and "{texts[1]}" ({lang}): make it `type: true_false` with '
            f"`answer: {answer}`",
            "options", at_key=True,
        )
