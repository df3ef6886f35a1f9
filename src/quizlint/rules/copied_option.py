"""Two options differ in one language but are the same in another: a translation was copied.

## What it does
Reports a pair of options whose texts are the same in one language (after the same normalisation as
`duplicate-option`: NFC, Turkish-aware casefolding outside inline code, whitespace, prose punctuation and
emphasis) while they differ in another language, at the later option's text in the language where they
coincide. For example, options that read "Ankara" and "İzmir" in English but "Ankara" and "Ankara" in Turkish:
the Turkish text of one option was copied over the other. One finding per language in which the pair coincides.

This is the "options that differ only in one language" check. A pair that is the same in every language is a
real duplicate and is reported by `duplicate-option` instead, never by both rules.

## Why it matters
The Turkish reader of the example sees two identical options; one of them may be the key, so the Turkish
version of the item has two right answers or none. Nothing in the source language shows it, so reviewers
reading only the source miss it (Haladyna, Downing & Rodriguez 2002: "keep choices independent").

## Example
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: {en: "Ankara, in Central Anatolia", tr: "İç Anadolu'daki Ankara"}
    correct: true
  - text: {en: "Izmir, on the Aegean coast", tr: "iç anadolu'daki ankara"}
  - text: {en: "Istanbul, on the Bosphorus", tr: "Boğaz kıyısındaki İstanbul"}
```

## Use instead
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: {en: "Ankara, in Central Anatolia", tr: "İç Anadolu'daki Ankara"}
    correct: true
  - text: {en: "Izmir, on the Aegean coast", tr: "Ege kıyısındaki İzmir"}
  - text: {en: "Istanbul, on the Bosphorus", tr: "Boğaz kıyısındaki İstanbul"}
```

## How to fix
Translate the option again from its own source text.

## Options
None.
"""

from quizlint.model import option_letter
from quizlint.rules._texts import lang_path
from quizlint.rules.duplicate_option import option_pairs_of

CODE = "K005"
NAME = "copied-option"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def check(ctx):
    for pair in option_pairs_of(ctx):
        if pair.duplicate:
            continue
        option = ctx.item.options[pair.second]
        differ = ", ".join(pair.different)
        for lang in pair.same:
            yield ctx.problem(
                f"options {option_letter(pair.first)} and {option_letter(pair.second)} are the same in {lang} "
                f"but differ in {differ}: the {lang} text was probably copied from the other option",
                *lang_path(("options", pair.second, "text"), option.text, lang),
            )
