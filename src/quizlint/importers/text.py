"""Plain text quizzes, as the seed documents are written.

The format::

    Model Niceleme Sınavı                         ← title: the first non-blank line
                                                  ← optional introduction lines → description
    Testi çözdüğünüzde cevaplar görünür.          (blank lines separate its paragraphs)

    1. Quantizing a model mainly reduces what?    ← a question: a number, `.` or `)`, a space, the stem
       (more stem lines may follow)
       • Numerical precision                      ← options: lines starting with a bullet `•`, `-`, `*`
       * • The number of layers                     or a letter `a)`, `A)`, `a.`, `A.`
       •* The training data                       ← `*` just before the bullet (`* •`, `*a)`) or right
       - The language                               after it (`•*`, `a)*`) marks a correct option
    ANSWER: A                                     ← or the key as letters (`ANSWER: A, C`; also `Answer:`,
                                                    `Cevap:`, `Yanıt:`); several keys make a multiple item
    EXPLANATION: Because …                        ← optional (`Açıklama:` too) → explanation

A question without a key is imported with no correct option (the linter reports it). Texts are taken
byte for byte (only the marker and the spaces after it, and trailing spaces, are removed); they go into the
language given with ``--lang``: the importer never guesses a translation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from quizlint.importers.draft import DraftItem, DraftOption, DraftQuiz, add_items, texts_of
from quizlint.importers.log import ImportFailure, ImportLog
from quizlint.importers.reading import decode_text, read_bytes

_QUESTION = re.compile(r"^\s*(\d{1,4})[.)]\s+(\S.*?)\s*$")
_OPTION = re.compile(r"^(?P<indent>\s*)(?P<pre>\*\s*)?(?P<bullet>•|-|\*|[A-Za-z][.)])(?P<post>\*)?\s+(?P<text>\S.*?)\s*$")
_ANSWER = re.compile(r"^\s*(?:ANSWER|Answer|answer|CEVAP|Cevap|cevap|YANIT|Yanıt|yanıt)\s*:\s*(?P<keys>.*?)\s*$")
_EXPLANATION = re.compile(r"^\s*(?:EXPLANATION|Explanation|explanation|AÇIKLAMA|Açıklama|açıklama)\s*:\s*(?P<text>.*?)\s*$")
_KEY_LETTERS = re.compile(r"[A-Za-z]")


@dataclass
class _Question:
    number: int
    line: int
    stem: list[str]
    options: list[DraftOption] = field(default_factory=list)
    option_indent: int = 0
    answer: tuple[int, int, str] | None = None  # (line, column, letters)
    explanation: list[str] = field(default_factory=list)
    section: str = "stem"  # stem | options | explanation


def _paragraphs(lines: list[str]) -> str:
    """Lines joined with newlines; a blank line between them stays one blank line."""
    text = "\n".join(lines).strip("\n")
    return re.sub(r"\n{3,}", "\n\n", text)


class _Parser:
    def __init__(self, text: str, where: str, log: ImportLog):
        self.lines = text.split("\n")
        self.where, self.log = where, log
        self.title: str | None = None
        self.intro: list[str] = []
        self.questions: list[_Question] = []

    def fail(self, message: str, line: int, column: int = 1) -> ImportFailure:
        return ImportFailure(self.where, message, line, column)

    def parse(self) -> None:
        for number, line in enumerate(self.lines, start=1):
            line = line.rstrip(" \t")
            if self.title is None and not self.questions:
                if not line.strip():
                    continue
                if not _QUESTION.match(line):
                    self.title = line.strip()
                    continue
            self.line(line, number)

    def line(self, line: str, number: int) -> None:
        question = _QUESTION.match(line)
        current = self.questions[-1] if self.questions else None
        if question:
            self.questions.append(_Question(int(question.group(1)), number, [question.group(2)]))
            return
        if current is None:
            self.intro.append(line.strip())
            return
        self.question_line(current, line, number)

    def question_line(self, question: _Question, line: str, number: int) -> None:
        if not line.strip():
            if question.section == "stem":
                question.stem.append("")
            elif question.section == "explanation":
                question.explanation.append("")
            return
        if (answer := _ANSWER.match(line)) is not None:
            question.answer = (number, answer.start("keys") + 1, answer.group("keys"))
            question.section = "answer"
            return
        if (explanation := _EXPLANATION.match(line)) is not None:
            question.explanation = [explanation.group("text")]
            question.section = "explanation"
            return
        option = _OPTION.match(line)
        if option is not None and question.section in ("stem", "options"):
            self.add_option(question, option)
            return
        if question.section == "stem":
            question.stem.append(line.strip())
        elif question.section == "explanation":
            question.explanation.append(line.strip())
        elif question.section == "options" and len(line) - len(line.lstrip()) > question.option_indent:
            last = question.options[-1]
            last.text = {None: last.text[None] + "\n" + line.strip()}
        else:
            raise self.fail(f"question {question.number}: expected an option line (•, -, *, a), A.), an ANSWER: "
                            f"line or the next numbered question, got {line.strip()[:40]!r}", number,
                            len(line) - len(line.lstrip()) + 1)

    @staticmethod
    def add_option(question: _Question, option: re.Match) -> None:
        question.section = "options"
        question.option_indent = len(option.group("indent"))
        keyed = bool(option.group("pre") or option.group("post"))
        question.options.append(DraftOption({None: option.group("text")}, correct=keyed))


def _apply_answer_line(question: _Question, where: str) -> None:
    line, column, letters = question.answer
    found = [(match.start() + column, match.group().upper()) for match in _KEY_LETTERS.finditer(letters)]
    if not found or re.sub(r"[A-Za-z,;\s]", "", letters):
        raise ImportFailure(where, f"question {question.number}: ANSWER: expects option letters such as B or "
                            f"A, C, got {letters!r}", line, column)
    keys = set()
    for position, letter in found:
        index = ord(letter) - ord("A")
        if index >= len(question.options):
            raise ImportFailure(where, f"question {question.number}: ANSWER: {letter} names no option (the "
                                f"question has {len(question.options)})", line, position)
        keys.add(index)
    marked = {index for index, option in enumerate(question.options) if option.correct}
    if marked and marked != keys:
        raise ImportFailure(where, f"question {question.number}: the `*` marks and the ANSWER: line give "
                            "different keys; keep one of them", line, column)
    for index, option in enumerate(question.options):
        option.correct = index in keys


def _draft_item(question: _Question, where: str) -> DraftItem:
    if len(question.options) < 2:
        raise ImportFailure(where, f"question {question.number} has {len(question.options)} option(s); a question "
                            "needs at least two option lines (•, -, *, a), A.)", question.line, 1)
    if question.answer is not None:
        _apply_answer_line(question, where)
    keys = sum(option.correct for option in question.options)
    return DraftItem(
        number=question.number,
        stem={None: _paragraphs(question.stem)},
        type="multiple" if keys > 1 else "single",
        options=question.options,
        explanation=texts_of(_paragraphs(question.explanation)),
    )


def read(path: Path, log: ImportLog) -> DraftQuiz:
    where = str(path)
    parser = _Parser(decode_text(read_bytes(path), where), where, log)
    parser.parse()
    if not parser.questions:
        raise ImportFailure(where, "no numbered questions found (expected lines such as `1. Question text`)", 1, 1)
    draft = DraftQuiz(title=texts_of(parser.title) or {}, description=texts_of(_paragraphs(parser.intro)),
                      fallback_title=path.stem)
    add_items(draft, log, parser.questions, lambda question: _draft_item(question, where))
    return draft
