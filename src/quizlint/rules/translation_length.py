"""A translation is much shorter or much longer than its source.

## What it does
Compares the length (in characters, whitespace collapsed) of every translation with its source text and
reports a ratio below `min-ratio` or above `max-ratio`. Short texts vary too much to judge — "Evet" is
"Yes", "Bırakma" is "Dropout" — so a pair is only checked when one of the two texts has at least
`min-length` characters; and a short source kept in its translation with a gloss ("String" → "String (Chaîne de
caractères)", "mean" → "moyenne arithmétique (mean)") is not reported. Language-neutral plain strings are not checked.

## Why it matters
A translation half as long as its source has usually lost a clause (a condition, a negation, the
"only" that makes a distractor wrong); one twice as long has usually gained an explanation the source does
not give, which can cue the answer. Either way the item no longer measures the same thing in both
languages. English and Turkish texts of the same content are within ±35% of each other in this project's
own bank.

## Example
```yaml
id: resume-benefit
stem:
  en: "What is the main benefit of resumable training for long jobs on shared clusters?"
  tr: "Ana fayda nedir?"
options:
  - text:
      en: "A crash does not force a restart from scratch"
      tr: "Bir çökme, sıfırdan yeniden başlamayı gerektirmez"
    correct: true
  - text: {en: "It removes the need for a validation set", tr: "Doğrulama kümesine gerek bırakmaz"}
```

## Use instead
```yaml
id: resume-benefit
stem:
  en: "What is the main benefit of resumable training for long jobs on shared clusters?"
  tr: "Paylaşılan kümelerdeki uzun işler için kaldığı yerden devam eden eğitimin temel faydası nedir?"
options:
  - text:
      en: "A crash does not force a restart from scratch"
      tr: "Bir çökme, sıfırdan yeniden başlamayı gerektirmez"
    correct: true
  - text: {en: "It removes the need for a validation set", tr: "Doğrulama kümesine gerek bırakmaz"}
```

## How to fix
Check the translation against the source for a dropped or added clause. If the lengths legitimately differ
for a language pair, widen `min-ratio` / `max-ratio`.

## Options
- `min-ratio` (default 0.5): the shortest acceptable translation, as a fraction of the source's length.
- `max-ratio` (default 2.0): the longest acceptable translation, as a multiple of the source's length.
- `min-length` (default 20): pairs whose texts are both shorter than this many characters are not checked.
"""

from quizlint.rules._item_texts import normalized_pairs_of
from quizlint.rules._translation import item_fields_of

CODE = "T007"
NAME = "translation-length"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"min-ratio": 0.5, "max-ratio": 2.0, "min-length": 20}
OPTION_LIMITS = {"min-ratio": (0, None), "max-ratio": (0, None), "min-length": (0, None)}


def options_error(options: dict) -> str | None:
    if options["min-ratio"] > options["max-ratio"]:
        return f"min-ratio ({options['min-ratio']:g}) is above max-ratio ({options['max-ratio']:g}): no length would pass"
    return None


def check(ctx):
    low, high, min_length = ctx.options["min-ratio"], ctx.options["max-ratio"], ctx.options["min-length"]
    for position, lang, source_form, target_form in normalized_pairs_of(ctx):
        source, target = len(source_form), len(target_form)
        if source < min_length and (target < min_length or source_form.casefold() in target_form.casefold()):
            continue  # short texts vary; a short source kept with a gloss ("String (Chaîne de caractères)") is fine
        ratio = target / source
        if low <= ratio <= high:
            continue
        how = "shorter" if ratio < low else "longer"
        field = item_fields_of(ctx)[position]
        yield ctx.problem(
            f"{field.label}: the {lang} text is much {how} than the {ctx.source_language} source "
            f"({target} vs {source} characters, ratio {ratio:.2f}; allowed {low:g}–{high:g})",
            *field.lang_path(lang),
        )
