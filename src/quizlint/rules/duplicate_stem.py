"""Two items ask the same question.

## What it does
Compares the stems of all items of the bank, language by language, after Turkish-aware casefolding, NFC and
whitespace/punctuation normalisation (so "What is NAT?" and "what is  **NAT**" are the same stem; signs and
operators count, so "What is 7 + 3?" and "What is 7 - 3?" are not, and inline code, in backticks or in HTML
`<code>` tags, keeps its case, so "What does `None` mean?" and "What does `NONE` mean?" are not). A repeated
stem is reported once per pair of items, at the later item's stem (files in the order of their real paths,
wherever quizlint runs from, then line order), naming the first item and the languages in which the stems
are the same.

Stems with code, formulas or symbols are compared as written (see duplicate-option): "Which gametes does AaBb
form?" and "… aaBb form?" are different stems.

## Why it matters
A question asked twice tests the same thing twice and gives away answers when both items land in one
attempt; usually one copy is an outdated draft whose fixes never reached the other. Copy-paste is also how
a stem ends up unchanged over a new set of options that no longer fit it.

## Example
```yaml
quizlint: 1
id: networking
languages: [en, tr]
title: {en: Networking, tr: Ağlar}
items:
  - {id: nat, stem: {en: "What does NAT do?", tr: "NAT ne yapar?"}, options: [{text: {en: "Maps private addresses to a public one", tr: "Özel adresleri genel bir adrese eşler"}, correct: true}, {text: {en: "Encrypts traffic", tr: "Trafiği şifreler"}}]}
  - {id: nat-2, stem: {en: "What does NAT do?", tr: "NAT ne yapar?"}, options: [{text: {en: "Translates addresses", tr: "Adresleri çevirir"}, correct: true}, {text: {en: "Sorts files", tr: "Dosyaları sıralar"}}]}
```

## Use instead
```yaml
quizlint: 1
id: networking
languages: [en, tr]
title: {en: Networking, tr: Ağlar}
items:
  - {id: nat, stem: {en: "What does NAT do?", tr: "NAT ne yapar?"}, options: [{text: {en: "Maps private addresses to a public one", tr: "Özel adresleri genel bir adrese eşler"}, correct: true}, {text: {en: "Encrypts traffic", tr: "Trafiği şifreler"}}]}
  - {id: nat-why, stem: {en: "Why do home routers use NAT?", tr: "Ev yönlendiricileri neden NAT kullanır?"}, options: [{text: {en: "To share one public address", tr: "Tek bir genel adresi paylaşmak için"}, correct: true}, {text: {en: "To sort files", tr: "Dosyaları sıralamak için"}}]}
```

## How to fix
Delete the copy, or merge the two items into the better one; if both are wanted, make the stems ask
different things.

## Options
None.
"""

from itertools import chain
from operator import attrgetter
from typing import Iterator

from quizlint.rules._bank_scope import repeated

CODE = "D002"
NAME = "duplicate-stem"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}

_STEMS = attrgetter("stems")


def stem_keys(items) -> Iterator[tuple[str, str]]:
    """(language, stem key) of every stem of ``items``."""
    return chain.from_iterable(map(dict.items, map(_STEMS, items)))


def repeated_stem_keys(quizzes) -> set[tuple[str, str]]:
    items = list(chain.from_iterable(quiz.items for quiz in quizzes))
    if not repeated(list(chain.from_iterable(map(dict.values, map(_STEMS, items))))):
        return set()  # no stem key occurs twice, whatever the language
    return repeated(list(stem_keys(items)))


def check(ctx):
    quizzes = ctx.quizzes_in_path_order()
    repeated_keys = repeated_stem_keys(quizzes)
    if not repeated_keys:
        return
    # only the quizzes with a repeated stem can report one, or hold the first item of one
    quizzes = [quiz for quiz in quizzes if not repeated_keys.isdisjoint(stem_keys(quiz.items))]
    first_with_stem: dict[tuple[str, str], object] = {}  # (language, stem key) → first item
    for item in (item for quiz in quizzes for item in sorted(quiz.items, key=lambda entry: entry.line)):
        same_as: dict[tuple, list[str]] = {}  # first item's location → languages in which the stems match
        for lang, key in sorted(item.stems.items()):
            first = first_with_stem.setdefault((lang, key), item)
            if first is not item:
                same_as.setdefault((first.file, first.line, first.column, first.item), []).append(lang)
        for (file, line, column, other), languages in sorted(same_as.items()):
            yield ctx.problem(f"same stem as item {other!r} ({file}:{line}:{column}) in {', '.join(languages)}",
                              item.file, *item.stem_position, item.item)
