"""A distractor uses an absolute term such as "always", "never", "only" ("her zaman", "asla", "sadece").

## What it does
Reports a distractor (an option not marked correct) that contains a specific determiner: a word of absolute
frequency, extent or certainty, in any of the quiz's languages. English: always, never, only, all, every,
none, nothing, completely, entirely, absolutely, totally, invariably, guarantee(d/s), impossible, certainly;
Turkish: "her zaman", "hiçbir zaman", "asla", "daima", "sadece", "yalnızca", "tamamen", "kesinlikle",
"mutlaka", "garanti", "tüm", "bütün", and "hiçbir", "hepsi", "tümü", "tamamı" with their case endings
("hiçbirini", "hepsini", "tümünü", "tamamına"; the full lists are below). Hedged uses are not
counted: "not always" (and "isn't always", "doesn't always", "cannot always"…), "almost all", "hemen hemen
her zaman", "neredeyse hiçbir", and "her zaman" (or "her durumda") with a negative predicate later in its
clause, where Turkish puts it ("her zaman gerekli değildir", "her zaman yardımcı olmaz": not always; but
"hiçbir zaman", never, is counted whatever follows, and a negation after a comma or "ama" belongs to another
clause); nor are technical terms such as all-reduce and read-only, nor words in inline code, nor Python's
`None`: "None" written so as the whole option or inside a sentence (a bare "None" is a legitimate answer in
programming questions). Options that are "all of the
above" or "none of the above" are left to the rules of those names.

The modal verbs "must" and "cannot" are deliberately not on the list: they are the ordinary way to state a
wrong technical claim ("the model must be retrained") and would drown the real cues in noise.

## Why it matters
Test-wise students know that sweeping statements are rarely true, so an absolute word marks an option as a
distractor without any knowledge of the content (Haladyna, Downing & Rodriguez 2002: avoid clues such as
"specific determiners including always, never, completely, and absolutely"; NBME item-writing guide, "absolute
terms" among the flaws that help test-wise students).

## Example
```yaml
id: overfitting
type: single
stem: {en: "What does dropout do during training?", tr: "Dropout eğitim sırasında ne yapar?"}
options:
  - text: {en: "It randomly zeroes activations to reduce overfitting", tr: "Aşırı öğrenmeyi azaltmak için aktivasyonları rastgele sıfırlar"}
    correct: true
  - text: {en: "It always doubles the learning rate", tr: "Öğrenme oranını her zaman iki katına çıkarır"}
  - text: {en: "It removes the biases of every layer", tr: "Katmanların sapma terimlerini siler"}
```

```yaml
id: dropout-tr
type: single
stem: {tr: "Dropout eğitim sırasında ne yapar?"}
options:
  - text: {tr: "Aşırı öğrenmeyi azaltmak için aktivasyonları rastgele sıfırlar"}
    correct: true
  - text: {tr: "Modelin asla aşırı öğrenmeyeceğini garanti eder"}
  - text: {tr: "Katmanların sapma terimlerini siler"}
```

## Use instead
```yaml
id: overfitting
type: single
stem: {en: "What does dropout do during training?", tr: "Dropout eğitim sırasında ne yapar?"}
options:
  - text: {en: "It randomly zeroes activations to reduce overfitting", tr: "Aşırı öğrenmeyi azaltmak için aktivasyonları rastgele sıfırlar"}
    correct: true
  - text: {en: "It doubles the learning rate at each epoch", tr: "Öğrenme oranını her epokta iki katına çıkarır"}
  - text: {en: "It removes the bias terms of the layers", tr: "Katmanların sapma terimlerini siler"}
```

## How to fix
State the distractor as a plausible, specific claim without the absolute word, so that only knowledge of the
content rules it out.

## Options
`include-key` (default `false`): also check the options marked correct. An absolute key is a reverse cue
that test-wise students learn too, but the guideline is about distractors.
"""

from quizlint.model import option_letter
from quizlint import lexicon
from quizlint.rules._texts import language_texts, option_categories, term_problems

CODE = "W004"
NAME = "absolute-terms"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"include-key": False}
LEXICON = ("absolute-terms",)
_PHRASES = frozenset({"all-of-the-above", "none-of-the-above"})


def _all_or_none(option, languages: list[str], categories: frozenset[str]) -> bool:
    """ "All/none of the above" options are all-of-the-above's and none-of-the-above's business."""
    if not _PHRASES & categories:
        return False
    return any(lexicon.matches("all-of-the-above", text, lang) or lexicon.matches("none-of-the-above", text, lang)
               for lang, text in language_texts(option.text, languages))


def check(ctx):
    include_key = ctx.options["include-key"]
    categories = option_categories(ctx)
    if "absolute-terms" not in categories:
        return
    fields = [
        (("options", index, "text"), option.text, f"{'the key' if option.correct else 'distractor'} "
         f"{option_letter(index)}")
        for index, option in enumerate(ctx.item.options)
        if (include_key or not option.correct) and not _all_or_none(option, ctx.languages, categories)
    ]
    yield from term_problems(ctx, "absolute-terms", fields, "the absolute term", is_python_none)


def is_python_none(text: str, match) -> bool:
    """Whether a match of "none" is Python's ``None``: written "None", and the whole option or inside a sentence
    (at the start of a sentence, "None" is the English word)."""
    if match.text != "None":
        return False
    before = text[:match.start].rstrip(" \t\n\"'“‘(*_")
    return text.strip(" \t\n.\"'“”‘’*_") == "None" or (before != "" and before[-1] not in ".!?:;")
