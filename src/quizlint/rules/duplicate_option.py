"""Two options of an item say the same thing.

## What it does
Compares the options of an item in every language, after Unicode NFC normalisation, casefolding (Turkish
aware: `İ`/`i` and `I`/`ı` fold as Turkish readers expect) and collapsing whitespace and punctuation, so
"Ankara", " ankara." and "ANKARA" are the same option. Reports the later option of a pair that is the same in
**every** language in which both have a text, at that option's text.

A pair that is the same in some languages but different in others is not a duplicate as written: one of its
translations was copied from the other option. `copied-option` reports that case, so each pair is reported
by exactly one of the two rules.

## Why it matters
A duplicate is a wasted distractor, and when the key is duplicated the item has two right answers (one of
them marked wrong). Test-wise students also know that two identical options cannot both be right and so
eliminate them (Haladyna, Downing & Rodriguez 2002: "keep choices independent; choices should not be
overlapping").

## Example
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
  - text: İstanbul
  - text: istanbul
```

## Use instead
```yaml
id: capital
type: single
stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
options:
  - text: Ankara
    correct: true
  - text: İstanbul
  - text: İzmir
```

## How to fix
Replace one of the two options with a new plausible distractor (or delete it).

## Options
None.
"""

from __future__ import annotations

from dataclasses import dataclass

from quizlint.model import is_neutral, option_letter, text_in
from quizlint.rules._texts import lang_path
from quizlint.text import casefold, comparison_key

CODE = "K004"
NAME = "duplicate-option"
SEVERITY = "error"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


@dataclass(frozen=True)
class OptionPair:
    """Options ``first`` < ``second`` compared language by language."""

    first: int
    second: int
    same: tuple[str, ...]  # languages in which both have a text and the texts compare equal
    different: tuple[str, ...]  # languages in which both have a text and the texts differ
    neutral: bool  # both texts are language-neutral strings

    @property
    def duplicate(self) -> bool:
        """The same option in every language (or both neutral and the same in some language's folding)."""
        return bool(self.same) and (self.neutral or not self.different)


# Put between the texts of several options to work out their keys in one call: a letter (which comparison keys
# keep) that NFC and casefolding leave as it is and never combine with a neighbour, and that nobody writes.
_JOINER = "\ua66e"  # ꙮ CYRILLIC LETTER MULTIOCULAR O
_SPACE_JOINER, _JOINER_SPACE = " " + _JOINER, _JOINER + " "


def option_pairs(item, languages: list[str]) -> list[OptionPair]:
    """Every pair of options that is the same in at least one language."""
    if not any(_may_repeat(_texts_in(item.options, lang), lang) for lang in languages):
        return []  # the usual case, decided without working out each key
    keys = _keys(item.options, languages)
    pairs = []
    for second in range(len(keys)):
        for first in range(second):
            shared = [lang for lang in languages if lang in keys[first] and lang in keys[second]]
            same = tuple(lang for lang in shared if keys[first][lang] == keys[second][lang])
            if same:
                different = tuple(lang for lang in shared if lang not in same)
                neutral = is_neutral(item.options[first].text) and is_neutral(item.options[second].text)
                pairs.append(OptionPair(first, second, same, different, neutral))
    return pairs


def _texts_in(options, lang: str) -> dict[int, str]:
    """The texts of the options that have one in ``lang``, by option index."""
    return {index: text for index, option in enumerate(options)
            if (text := text_in(option.text, lang)) and not text.isspace()}


def _may_repeat(texts: dict[int, str], lang: str) -> bool:
    """Whether two of the texts may have the same comparison key: not when, casefolded together, each is its own
    key already (words of letters and digits, one space apart; ``isalnum`` is the keys' ``[^\\W_]``) and all
    of them differ."""
    if len(texts) < 2:
        return False
    folded = casefold(_JOINER.join(texts.values()), lang)
    if not (folded.replace(" ", "").isalnum() and "  " not in folded and _SPACE_JOINER not in folded
            and _JOINER_SPACE not in folded and folded[:1] != " " != folded[-1:]):
        return True
    keys = folded.split(_JOINER)
    return len(keys) != len(texts) or len(set(keys)) < len(keys)


def _keys(options, languages: list[str]) -> list[dict[str, str]]:
    """Per option, its comparison key in each language in which it has a text (and the key is not empty)."""
    keys: list[dict[str, str]] = [{} for _ in options]
    for lang in languages:
        texts = _texts_in(options, lang)
        for index, key in zip(texts, _comparison_keys(list(texts.values()), lang)):
            if key:
                keys[index][lang] = key
    return keys


def _comparison_keys(texts: list[str], lang: str) -> list[str]:
    """``comparison_key(text, lang)`` of each text, in one call."""
    keys = comparison_key(_JOINER.join(texts), lang).split(_JOINER)
    if len(keys) != len(texts):  # a text with the joiner in it
        return [comparison_key(text, lang) for text in texts]
    return [key.strip() for key in keys]


def option_pairs_of(ctx) -> list[OptionPair]:
    """``option_pairs`` of the context's item, worked out once for this rule and copied-option."""
    found = ctx.memo.get("option-pairs")
    if found is None:
        found = ctx.memo["option-pairs"] = option_pairs(ctx.item, ctx.languages)
    return found


def check(ctx):
    reported = set()
    for pair in option_pairs_of(ctx):
        if not pair.duplicate or pair.second in reported:
            continue
        reported.add(pair.second)
        option = ctx.item.options[pair.second]
        lang = pair.same[0]
        yield ctx.problem(
            f"option {option_letter(pair.second)} duplicates option {option_letter(pair.first)}",
            *lang_path(("options", pair.second, "text"), option.text, lang),
        )
