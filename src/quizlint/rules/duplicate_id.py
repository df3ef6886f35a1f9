"""Two quizzes, or two items, share an id.

## What it does
Quiz ids and item ids must be unique across the whole bank (every file linted together). A repeated id is
reported at each later occurrence (files in the order of their real paths, wherever quizlint runs from, then
line order), naming where the id was first used, e.g. `item id 'dns' is already used in
networking.quiz.yaml:12:5`. Ids that differ only in case (`DNS` and `dns`) are reported too: Moodle's
idnumbers and the file names of exports and previews do not tell them apart on case-insensitive systems.

## Why it matters
Ids are how everything else refers to an item: LMS exports and re-imports (QTI identifiers, Moodle idnumbers),
translation review states, suppressions and statistics. Two items with one id overwrite each other on
import, and a student's past attempts get attached to the wrong question.

## Example
```yaml
quizlint: 1
id: networking
languages: [en]
title: Networking
items:
  - {id: dns, stem: "What does DNS do?", options: [{text: "Translates host names into addresses", correct: true}, {text: "Encrypts e-mail"}]}
  - {id: dns, stem: "Which port does DNS use by default?", options: [{text: "53", correct: true}, {text: "80"}]}
```

## Use instead
```yaml
quizlint: 1
id: networking
languages: [en]
title: Networking
items:
  - {id: dns, stem: "What does DNS do?", options: [{text: "Translates host names into addresses", correct: true}, {text: "Encrypts e-mail"}]}
  - {id: dns-port, stem: "Which port does DNS use by default?", options: [{text: "53", correct: true}, {text: "80"}]}
```

## How to fix
Rename the later quiz or item. Choose ids that say what the item asks (`dns-port`), and keep them stable once
published: other systems refer to them.

## Options
None.
"""

from itertools import chain
from operator import attrgetter
from typing import Iterator

from quizlint.rules._bank_scope import repeated

CODE = "D001"
NAME = "duplicate-id"
SEVERITY = "error"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def _where(file: str, line: int, column: int) -> str:
    return f"{file}:{line}:{column}"


def _clash(kind: str, ident: str, first: tuple | None) -> str | None:
    """The message for an id met before (``first``: the id as first written, and its file, line and column),
    else None."""
    if first is None:
        return None
    spelled, where = first[0], _where(*first[1:])
    if spelled == ident:
        return f"{kind} id {ident!r} is already used in {where}"
    return (f"{kind} id {ident!r} differs only in case from {spelled!r} in {where} (LMSs and file systems that "
            "ignore case see one id)")


def lowered_ids(items) -> Iterator[str]:
    return map(str.lower, map(attrgetter("item"), items))


def check(ctx):
    quizzes = ctx.quizzes_in_path_order()
    repeated_ids = repeated(list(lowered_ids(chain.from_iterable(quiz.items for quiz in quizzes))))
    first_quiz: dict[str, tuple] = {}  # lower-cased id → (id as written, file, line, column)
    first_item: dict[str, tuple] = {}
    for quiz in quizzes:
        message = _clash("quiz", quiz.quiz, first_quiz.get(quiz.quiz.lower()))
        if message:
            yield ctx.problem(message, quiz.file, quiz.line, quiz.column)
        else:
            first_quiz[quiz.quiz.lower()] = (quiz.quiz, quiz.file, quiz.line, quiz.column)
        if not repeated_ids or repeated_ids.isdisjoint(lowered_ids(quiz.items)):
            continue  # every item id of the quiz is unique in the bank
        for item in sorted(quiz.items, key=lambda item: (item.line, item.column)):
            message = _clash("item", item.item, first_item.get(item.item.lower()))
            if message:
                yield ctx.problem(message, item.file, item.line, item.column, item.item)
            else:
                first_item[item.item.lower()] = (item.item, item.file, item.line, item.column)
