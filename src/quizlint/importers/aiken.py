"""Moodle's Aiken format, read the way Moodle's importer (``question/format/aiken/format.php``) reads it::

    What is the capital of Türkiye?
    A) İstanbul
    B. Ankara
    ANSWER: B

A question is one line; each choice is an upper-case letter, ``)`` or ``.`` and the text (a space after the
``)`` or ``.`` is optional, as in Moodle's importer since 2018: ``A)4`` is a choice, and so is a question line
such as ``U.S. capital?``, reported as a choice outside a question); ``ANSWER:`` with the letter of the right
choice ends the question. Lines shorter than two characters are ignored.
Moodle's errors are reproduced with their line numbers: a choice or ``ANSWER:`` outside a question
("question not started"), a new question before the previous one got its ``ANSWER:`` ("not completed"),
fewer than two choices, and an ``ANSWER:`` letter that names no choice.
The texts are plain text, as Moodle reads them: ``<u>`` or ``2*3*4`` in a choice is shown as written, so it is
escaped in the Markdown the quiz keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from quizlint.importers.draft import DraftItem, DraftOption, DraftQuiz
from quizlint.importers.html_markdown import plain_text_markdown
from quizlint.importers.log import ImportFailure, ImportLog
from quizlint.importers.reading import decode_text, read_bytes

_CHOICE = re.compile(r"^[A-Z][).][ \t]?")
_ANSWER = re.compile(r"^ANSWER:")


@dataclass
class _Open:
    number: int
    line: int
    stem: str
    choices: list[str] = field(default_factory=list)


class _Reader:
    def __init__(self, where: str, log: ImportLog):
        self.where, self.log = where, log
        self.question: _Open | None = None
        self.count = 0
        self.last_line = 1
        self.items: list[DraftItem] = []
        self.after_stray = False  # the previous line was a choice outside a question

    def error(self, message: str, line: int) -> None:
        self.log.error(ImportFailure(self.where, message, line, 1))

    def line(self, text: str, number: int) -> None:
        text = text.strip()
        if len(text) < 2:
            return
        self.last_line = number
        if _CHOICE.match(text):
            if self.question is None:
                self.stray_choice(text, number)
            else:
                self.question.choices.append(text[2:].strip())
            return
        self.after_stray = False
        if _ANSWER.match(text):
            self.answer(text, number)
        else:
            if self.question is not None:
                self.error(f"question {self.question.stem[:40]!r} (line {self.question.line}) not completed before "
                           "the next question starts: it has no ANSWER: line", number)
            self.count += 1
            self.question = _Open(self.count, number, text)

    def stray_choice(self, text: str, number: int) -> None:
        """A choice outside a question; the first of a run may be a question that starts like a choice."""
        hint = "" if self.after_stray else (" (a line that starts with a capital letter and '.' or ')' is a choice, "
                                            f"as in Moodle: reword a question that starts so, like {text[:12]!r})")
        self.error(f"question not started: a choice line outside a question{hint}", number)
        self.after_stray = True

    def answer(self, text: str, number: int) -> None:
        question, self.question = self.question, None
        if question is None:
            self.error("question not started: an ANSWER: line outside a question", number)
            return
        if len(question.choices) < 2:
            self.error(f"question {question.stem[:40]!r} must have at least 2 answers", number)
            return
        letter = text.split(":", 1)[1].strip()[:1]
        index = ord(letter) - ord("A") if letter else -1
        if not 0 <= index < len(question.choices):
            self.error(f"question {question.stem[:40]!r}: ANSWER: {letter or '(nothing)'} names no choice", number)
            return
        # Aiken texts are plain text (Moodle stores them through htmlspecialchars): "<u>" or "2*3*4" is no markup
        options = [DraftOption({None: plain_text_markdown(choice)}, correct=position == index)
                   for position, choice in enumerate(question.choices)]
        self.items.append(DraftItem(number=question.number, stem={None: plain_text_markdown(question.stem)},
                                    options=options))

    def finish(self) -> None:
        if self.question is not None:
            self.error(f"question {self.question.stem[:40]!r} (line {self.question.line}) not completed: the file "
                       "ends before its ANSWER: line", self.last_line)


def read(path: Path, log: ImportLog) -> DraftQuiz:
    where = str(path)
    lines = decode_text(read_bytes(path), where).split("\n")
    reader = _Reader(where, log)
    for number, line in enumerate(lines, start=1):
        reader.line(line, number)
    reader.finish()
    return DraftQuiz(items=reader.items, fallback_title=path.stem)
