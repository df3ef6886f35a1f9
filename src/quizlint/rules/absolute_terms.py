"""A distractor uses an absolute term such as "always", "never", "only" ("her zaman", "asla", "sadece").

## What it does
Reports a distractor (an option not marked correct) that contains a specific determiner: a word of absolute
frequency, extent or certainty, in any of the quiz's languages. English: always, never, only, all, every,
none, nothing, completely, entirely, absolutely, totally, invariably, guarantee(d/s), impossible, certainly;
Turkish: "her zaman", "hiçbir zaman", "asla", "daima", "sadece", "yalnızca", "tamamen", "kesinlikle",
"mutlaka", "tüm", "bütün", and "hiçbir", "hepsi", "tümü", "tamamı" with their case endings
("hiçbirini", "hepsini", "tümünü", "tamamına"; the full lists are below). Hedged uses are not
counted: "not always" (and "isn't always", "doesn't always", "cannot always"…), "almost all", "hemen hemen
her zaman", "neredeyse hiçbir", and "her zaman" (or "her durumda") with a negative predicate later in its
clause, where Turkish puts it ("her zaman gerekli değildir", "her zaman yardımcı olmaz": not always; but
"hiçbir zaman", never, is counted whatever follows, and a negation after a comma or "ama" belongs to another
clause); nor are technical terms such as all-reduce and read-only, nor words in inline code, nor Python's
`None`: "None" written so as the whole option or inside a sentence (a bare "None" is a legitimate answer in
programming questions). Options that are "all of the
above" or "none of the above" are left to the rules of those names.

A cue is an absolute word in a distractor that the key does not share: an absolute term the key uses too is
not reported, nor is any in an item about quantifiers: every option has one, or the key and most options do
(a logic question whose options say "all", "no" or "hiçbir"). Nor are amounts and compounds ("every 5 hours",
"all-in-one"), "none" / "hiçbiri" answering "how many" / "kaç", or nouns ("garanti", a warranty, is not on the
Turkish list).

The modal verbs "must" and "cannot" are deliberately not on the list: they are the ordinary way to state a
wrong technical claim ("the model must be retrained") and would drown the real cues in noise.

A term found only in a translation whose source text has none ("tamamı", "yaygın olarak" where the English
had nothing) is the translation's wording: it is reported at most as info, naming the language.

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

import re
from functools import partial

from quizlint.model import option_letter
from quizlint import lexicon
from quizlint.rules._texts import language_texts, option_categories, term_problems
from quizlint.text import nfc, primary_subtag

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
    with_terms = [_absolute_terms(option, ctx.languages) for option in ctx.item.options]
    key_terms = frozenset().union(*(terms for option, terms in zip(ctx.item.options, with_terms) if option.correct))
    if all(with_terms) or (key_terms and sum(map(bool, with_terms)) * 2 > len(with_terms)):
        return  # every option, or the key and most options, say "all", "only", "hiçbir": quantifiers are the subject
    asks_how_many = _asks_how_many(ctx)
    for index, option in enumerate(ctx.item.options):
        if (option.correct and not include_key) or _all_or_none(option, ctx.languages, categories):
            continue
        shared = frozenset() if option.correct else key_terms
        field = (("options", index, "text"), option.text,
                 f"{'the key' if option.correct else 'distractor'} {option_letter(index)}")
        yield from term_problems(ctx, "absolute-terms", [field], "the absolute term",
                                 partial(_innocent, shared=shared, asks_how_many=asks_how_many))


def _innocent(text, match, shared: frozenset[str], asks_how_many: bool) -> bool:
    """Not a cue: a term the key shares, Python's None, an amount or compound, "none" answering "how many"."""
    return (match.term in shared or is_python_none(text, match) or _fixed_expression(text, match)
            or (asks_how_many and match.term in _HOW_MANY_ANSWERS))


# "none" / "hiçbiri" answer "how many?": a number, not an absolute claim
_HOW_MANY_ANSWERS = frozenset({"none", "hiçbir*"})
_HOW_MANY = {"en": re.compile(r"\bhow many\b", re.IGNORECASE), "tr": re.compile(r"\bkaç\b", re.IGNORECASE)}
# "every 5 hours", "all 3 of them", "all-in-one", "only-child": an amount or a compound, not a determiner
_AMOUNT_AFTER = re.compile(r"\s+\d")


def _absolute_terms(option, languages: list[str]) -> set[str]:
    """The absolute terms (lexicon entries) an option's text has, in any language."""
    return {match.term for lang, text in language_texts(option.text, languages)
            for match in lexicon.find_all("absolute-terms", nfc(text), lang)}


def _asks_how_many(ctx) -> bool:
    return any(pattern.search(text) for lang, text in language_texts(ctx.item.stem, ctx.languages)
               if (pattern := _HOW_MANY.get(primary_subtag(lang))))


def _fixed_expression(text: str, match) -> bool:
    """Whether the match is part of an amount ("every 5 hours") or a hyphenated compound ("all-in-one")."""
    return (_AMOUNT_AFTER.match(text, match.end) is not None or text[match.end:match.end + 1] == "-"
            or text[max(match.start - 1, 0):match.start] == "-")


def is_python_none(text: str, match) -> bool:
    """Whether a match of "none" is Python's ``None``: written "None", and the whole option or inside a sentence
    (at the start of a sentence, "None" is the English word)."""
    if match.text != "None":
        return False
    before = text[:match.start].rstrip(" \t\n\"'“‘(*_")
    return text.strip(" \t\n.\"'“”‘’*_") == "None" or (before != "" and before[-1] not in ".!?:;")
