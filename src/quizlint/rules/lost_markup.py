"""A translation lost or changed a number, code, a URL, math or Markdown markup of its source.

## What it does
Compares every translation with its source text and reports what the source has and the translation lacks:

- numbers: every number of the source must appear in the translation with the same value, each read the way
  its language writes numbers: "0,5" in Turkish matches "0.5" in English, "1.000" in Turkish "1,000" in
  English, and "1,000" in English is a thousand, never one (in a language whose decimal mark is not known, `.`
  and `,` may be either). A regional tag is read the way its region writes numbers where that differs from its
  language: Mexican Spanish (`es-MX`, also `es-419`, `es-US` and most of Central America) writes "0.5" and
  "1,024" like English, Swiss German (`de-CH`) "0.5", South African English (`en-ZA`) "0,5". Digits grouped by
  spaces are one number ("10 000"), unless the last group is glued to a word or a hyphen ("3 100-metre runs" are
  3 runs of 100 metres). Digits glued to letters (INT8, MP3, v2) are part of a name, not numbers. A minus sign
  glued to a number is part of it: "-5" is lost in "5 derece" (and "5" in "-5"), and kept as "-5" or "−5"
  (U+2212, the same sign); a hyphen after a word or a number ("COVID-19", "5-10", "5 -10") or a list marker
  ("- 5 items") is no sign. A number copied as written is lost when the two languages read it as
  different numbers: "2,500" is 2500 in English but 2.5 in Turkish, so a Turkish text must write "2.500" (a
  token that is a number in only one of them, such as a version "3.10.2", a date or "0.5" in a Turkish text, is
  kept as written). A number written in digits must stay in digits: "4" in the source is not matched by
  "dört" or "four" (number words are not recognised — write digits, or words, in both languages);
- inline code and fenced code blocks (`` `torch.save` ``): unchanged, character for character, but for their
  comments, which a translation may translate (`# an exception will be thrown` → `# se lanzará una excepción`),
  nor, in a code block of several lines, the messages in its strings (`print("Done")` → `print("Bitti")`);
- URLs, and the targets of Markdown links and images: unchanged;
- math (`$...$`, `$$...$$`): unchanged (whitespace aside);
- Markdown emphasis (`*…*`, `_…_`), strong emphasis (`**…**`), links and images: at least as many as in the
  source (their words are translated, so only their number is compared).

Extra numbers or markup in the translation are not reported. Language-neutral plain strings are not checked.

## Why it matters
A changed number changes the answer: an option that says "4 bit" in English and "8 bit" in Turkish makes the
item right in one language and wrong in the other. Lost code or URLs break the rendered quiz; lost
emphasis loses the **NOT** that a negative stem depends on.

## Example
```yaml
id: payload-ratio
stem:
  en: "How large is a **4-bit** payload compared with a 16-bit one?"
  tr: "8 bitlik bir yük, 16 bitlik bir yüke göre ne kadar büyüktür?"
options:
  - text: {en: "One quarter of it", tr: "Onun dörtte biri"}
    correct: true
  - text: {en: "Half of it", tr: "Onun yarısı"}
```

## Use instead
```yaml
id: payload-ratio
stem:
  en: "How large is a **4-bit** payload compared with a 16-bit one?"
  tr: "**4 bitlik** bir yük, 16 bitlik bir yüke göre ne kadar büyüktür?"
options:
  - text: {en: "One quarter of it", tr: "Onun dörtte biri"}
    correct: true
  - text: {en: "Half of it", tr: "Onun yarısı"}
```

## How to fix
Copy the number, code, URL or math from the source into the translation unchanged, and put the emphasis
back around the translated words.

## Options
None.
"""

import re

from quizlint.lexicon import decimal_mark
from quizlint.rules._item_texts import joined_texts_of, text_pairs_of
from quizlint.rules._markup import (code_pieces, extract_markup, has_markup_or_emphasis, has_number_token,
                                   lost_counts, misread_values, missing_numbers, missing_verbatim, number_tokens,
                                   squeezed)
from quizlint.rules._translation import item_fields_of
from quizlint.text import has_digit

CODE = "T006"
NAME = "lost-markup"
SEVERITY = "warning"
SCOPE = "item"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}

_KIND_NAMES = {"strong": "strong emphasis", "emphasis": "emphasis", "link": "links", "image": "images"}


def _quoted(pieces, left, right=None):
    right = left if right is None else right
    return ", ".join(f"{left}{piece}{right}" for piece in pieces)


def lost_parts(source_text: str, target_text: str, source_lang: str, target_lang: str) -> list[str]:
    """What the target lost, described for a message (empty: nothing lost)."""
    source = extract_markup(source_text)
    if not (source.numbers or source.code or source.urls or source.math or source.counts):
        return []  # nothing to lose
    target = extract_markup(target_text)
    lost = []
    if source.numbers and (numbers := _lost_numbers(source, target, source_lang, target_lang)):
        lost.append(("number " if len(numbers) == 1 else "numbers ") + ", ".join(numbers))
    if source.code and (code := missing_code(source_text, target_text, source.code, target.code)):
        lost.append("code " + _quoted(code, "`"))
    if source.urls and (urls := missing_verbatim(source.urls, target.urls)):
        lost.append(("URL " if len(urls) == 1 else "URLs ") + ", ".join(urls))
    if source.math and (math := missing_verbatim(source.math, target.math)):
        lost.append("math " + _quoted(math, "$"))
    if source.counts:
        for kind, (had, has) in lost_counts(source, target).items():
            lost.append(f"{_KIND_NAMES[kind]} ({had} in {source_lang}, {has} in {target_lang})")
    return lost


# What a translator may translate inside code: comments (# …, // …, -- …, /* … */, <!-- … -->), and in a code block
# of several lines the messages in its strings (print("Done") → print("Bitti")); not the strings of inline code,
# whose contents are what the item asks about ("codescracker".endswith("er"))
_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)|<!--.*?(?:-->|\Z)|(?:(?<=\s)|^)(?:#|//|--)(?!-)[^\n]*",
                      re.DOTALL | re.MULTILINE)


def code_skeleton(code: str, block: bool) -> str:
    """``code`` (as written) without what a translation may change in it: its comments, and in a code block the
    contents of its strings; its runs of whitespace as one space."""
    code = _COMMENT.sub("", code)
    return squeezed(_STRING.sub('""', code) if block else code)


def missing_code(source_text: str, target_text: str, source: tuple[str, ...], target: tuple[str, ...]) -> list[str]:
    """The source's code pieces that the target does not have, comments aside (``code_skeleton``): a translated
    comment ("# an exception will be thrown" → "# se lanzará una excepción"), or a message in a code block, is not
    lost code; a changed name, operator or number is, and so is a changed string of inline code."""
    if not missing_verbatim(source, target):
        return []
    present = {code_skeleton(piece, block) for piece, block in code_pieces(target_text)}
    return [squeezed(piece) for piece, block in code_pieces(source_text)
            if code_skeleton(piece, block) not in present]


def _lost_numbers(source, target, source_lang: str, target_lang: str) -> list[str]:
    """The source's numbers that the target lost, a number copied as written but read differently with what it
    reads as in each language: "2,500 (2500 in en, 2.5 in tr)"."""
    source_mark, target_mark = decimal_mark(source_lang), decimal_mark(target_lang)
    lost = []
    for token in missing_numbers(source, target, source_mark, target_mark):
        misread = misread_values(token, source_mark, target_mark) if token in target.numbers else None
        lost.append(f"{token} ({misread[0]} in {source_lang}, {misread[1]} in {target_lang})" if misread else token)
    return lost


def check(ctx):
    source_language = ctx.source_language
    source_mark = decimal_mark(source_language)
    sources = joined_texts_of(ctx)[0]
    # the usual case: no markup or emphasis in any source text, so a target can only lose a source's numbers
    numbers_only = not has_markup_or_emphasis(sources)
    if numbers_only and not has_digit(sources):
        return  # (and no source has a number to lose)
    pairs = text_pairs_of(ctx)
    if numbers_only:  # (a source without a digit has no number to lose: most of them, passed over in one sweep)
        pairs = [pair for pair in pairs if has_digit(pair[2])]
    for position, lang, source, target in pairs:
        if numbers_only and _numbers_kept(source, target, source_mark, decimal_mark(lang)):
            continue
        lost = lost_parts(source, target, source_language, lang)
        if lost:
            field = item_fields_of(ctx)[position]
            yield ctx.problem(f"{field.label}: the {lang} text lost {'; '.join(lost)} of the "
                              f"{source_language} source", *field.lang_path(lang))


def _numbers_kept(source: str, target: str, source_mark: str | None, target_mark: str | None) -> bool:
    """Whether ``target`` kept the numbers of ``source``, a text without markup, as far as can be told at once:
    ``source`` has no digit, or ``target`` has no markup either and every number token of ``source`` is also one
    of ``target``'s as written and read the same (the usual case, decided without finding every number of the
    target)."""
    return not has_digit(source) or (not has_markup_or_emphasis(target)
                                     and all(has_number_token(target, token)
                                             and (("," not in token and "." not in token)  # (read alike)
                                                  or not misread_values(token, source_mark, target_mark))
                                             for token in number_tokens(source)))
