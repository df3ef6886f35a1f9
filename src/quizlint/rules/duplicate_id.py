"""Two quizzes, or two items, share an id.

## What it does
Quiz ids and item ids must be unique across the whole bank (every file linted together). A repeated id is
reported at each later occurrence (files in path order, then line order), naming where the id was first
used, e.g. `item id 'dns' is already used in networking.quiz.yaml:12:5`.

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

CODE = "D001"
NAME = "duplicate-id"
SEVERITY = "error"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS: dict = {}


def _where(file: str, line: int, column: int) -> str:
    return f"{file}:{line}:{column}"


def check(ctx):
    quizzes = sorted(ctx.quizzes, key=lambda quiz: (quiz.file, quiz.line))
    first_quiz: dict[str, str] = {}
    first_item: dict[str, str] = {}
    for quiz in quizzes:
        here = _where(quiz.file, quiz.line, quiz.column)
        if quiz.quiz in first_quiz:
            yield ctx.problem(f"quiz id {quiz.quiz!r} is already used in {first_quiz[quiz.quiz]}",
                              quiz.file, quiz.line, quiz.column)
        else:
            first_quiz[quiz.quiz] = here
        for item in sorted(quiz.items, key=lambda item: (item.line, item.column)):
            here = _where(item.file, item.line, item.column)
            if item.item in first_item:
                yield ctx.problem(f"item id {item.item!r} is already used in {first_item[item.item]}",
                                  item.file, item.line, item.column, item.item)
            else:
                first_item[item.item] = here
