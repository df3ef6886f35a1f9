"""Two options of an item say the same thing.

## What it does
Compares the options of an item in every language, after Unicode NFC normalisation, casefolding (Turkish
aware: `İ`/`i` and `I`/`ı` fold as Turkish readers expect), collapsing whitespace and dropping the prose
punctuation (quotes, brackets, `.,;:!?`) and Markdown emphasis or code markers around words, so "Ankara",
" ankara.", "**ANKARA**" and "`ankara`" are the same option. Inline code keeps its case, as code is
case-sensitive: "`None`", "`none`" and "`NONE`" are different options, and so are "<code>None</code>" and
"<code>none</code>" (HTML inline code is code too; its tags are not case-sensitive). Code, formulas and symbols
are compared as written: a text with a code block, a word mixing letters and digits or with a capital after a
small letter, a quoted number or sign, a bracket after a word or an equals sign keeps its case, quotes, brackets
and indentation, so genotypes "AaBb" and "aaBb", formulas "CoCl2" and "COCl2", `'101'` and `101`, and two code
blocks that differ only in the indentation of `return` are different options. So are all the options of an
item whose stem shows code (inline or in a block: its options are its output or its code) and of an item that
asks which form is right, where three or more options, the key among them, would read the same as prose
("null", "NULL", '"null"'; "Şunları aldı: kalem silgi." and "Şunları aldı; kalem, silgi."). Signs and operators count:
"C#", "C++" and "C", "-1" and "1", "`i++`" and "`++i`" are different options. A Markdown backslash escape counts as the
character it shows: "\\*" is an asterisk, the same option as "*" and not as "\\```" or "\\*Paris\\*". Reports the
later option of a pair that is the same in **every** language in which both have a text, at that option's text.

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
from functools import partial

from quizlint.memo import Memo
from quizlint.model import is_neutral, option_letter, text_in
from quizlint.rules._texts import lang_path, option_texts
from quizlint.text import comparison_key, has_inline_code, prose_key, symbolic_key

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


def option_pairs(item, languages: list[str], texts: dict[str, list[str | None]]) -> list[OptionPair]:
    """Every pair of options that is the same in at least one language (``texts``: each option's text per
    language, see ``quizlint.rules._texts.option_texts``)."""
    if not _keys_may_repeat(texts, languages):
        return []  # the usual case, decided without working out each key
    keys = _keys(item.options, languages, item.stem)
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


def _keys(options, languages: list[str], stem=None) -> list[dict[str, str]]:
    """Per option, its comparison key in each language in which it has a text (and the key is not empty). When
    the stem shows code, or three or more options, the key among them, read the same as prose in some language
    (the item asks which form is right: "null", "NULL", '"null"'), the options are compared as written
    (``symbolic_key``)."""
    texts = {lang: [(index, text) for index, option in enumerate(options) if (text := text_in(option.text, lang))]
             for lang in languages}
    as_written = _about_form(options, texts, stem)
    keys: list[dict[str, str]] = [{} for _ in options]
    for lang, lang_texts in texts.items():
        for index, text in lang_texts:
            if key := (symbolic_key(text) if as_written else comparison_key(text, lang)):
                keys[index][lang] = key
    return keys


def _about_form(options, texts: dict[str, list[tuple[int, str]]], stem) -> bool:
    """Whether the item's options are about their own form: the stem shows code, or three or more options, the
    key among them, read the same as prose in some language."""
    for lang, lang_texts in texts.items():
        stem_text = text_in(stem, lang) if stem is not None else None
        if stem_text and has_code(stem_text):
            return True
        folded = [(index, prose_key(text, lang)) for index, text in lang_texts]
        if _three_alike([key for _, key in folded if key], {key for index, key in folded if options[index].correct}):
            return True
    return False


def _three_alike(keys: list[str], key_keys: set[str]) -> bool:
    """Whether three or more of ``keys`` are one of ``key_keys`` (the keys of the correct options)."""
    return len(keys) - len(set(keys)) >= 2 and any(keys.count(key) >= 3 for key in key_keys)


def has_code(text: str) -> bool:
    """Whether a stem shows code: a code block or inline code."""
    return "```" in text or "~~~" in text or has_inline_code(text)


def _keys_may_repeat(option_texts: dict[str, list[str | None]], languages: list[str]) -> bool:
    """Whether two options may have the same comparison key in some language: not when, in each language, the
    keys of their texts differ in their first words or else in their first and last words, the usual case. (A
    text's key is the non-empty keys of its chunks between spaces, one space apart: casefolding and NFC never join
    or split characters across whitespace, and without inline code each chunk's key depends on that chunk alone.
    So the first word of the key of a text's first chunk is the first word of the text's key, and so for the
    last. Inline code, whose case is kept, may span chunks: texts with a backtick or a ``<code>`` tag are always
    compared.)"""
    for lang in languages:
        if len(option_texts[lang]) < 2:
            return False  # (no two options: every language has a text, or None, per option)
        texts = [text for text in option_texts[lang] if text]
        ends_of = _key_ends[lang].__getitem__
        joined = " ".join(texts)  # (one test for the usual texts: no backtick nor "<" in any of them)
        if ("`" in joined or "<" in joined) and any(map(has_inline_code, texts)):
            return True
        firsts = [ends_of(text.partition(" ")[0])[0] for text in texts]
        if all(firsts) and len(set(firsts)) == len(firsts):
            continue
        lasts = [ends_of(text.rpartition(" ")[2])[1] for text in texts]
        # (an end chunk with no key: the key's end words lie further in)
        if not (all(firsts) and all(lasts)) or len(set(zip(firsts, lasts))) < len(texts):
            return True
    return False


def _first_and_last_words(text: str, lang: str) -> tuple[str, str]:
    """The first and the last word of ``comparison_key(text, lang)`` (empty when the key is)."""
    key = comparison_key(text, lang)
    return key.partition(" ")[0], key.rpartition(" ")[2]


# ``_first_and_last_words`` of the chunks of the texts, per language: a bank has far fewer distinct chunks than texts
_key_ends = Memo(lambda lang: Memo(partial(_first_and_last_words, lang=lang), limit=50_000), limit=100)


def option_pairs_of(ctx) -> list[OptionPair]:
    """``option_pairs`` of the context's item, worked out once for this rule and copied-option."""
    found = ctx.memo.get("option-pairs")
    if found is None:
        found = ctx.memo["option-pairs"] = option_pairs(ctx.item, ctx.languages, option_texts(ctx))
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
