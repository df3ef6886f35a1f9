"""Moodle XML questions of the types without options: ``numerical`` (answers with ``tolerance``, ``<units>``),
``shortanswer`` (``usecase``), ``matching`` (``subquestion``s; one with an empty text is a distractor),
``ordering`` (the answers in the order of their ``fraction``, which holds each one's position) and ``essay``
(``responseformat``, ``responsefieldlines``, ``graderinfo``, ``responsetemplate``)."""

from __future__ import annotations

from quizlint.importers.draft import NEUTRAL, DraftItem
from quizlint.importers.log import ImportFailure
from quizlint.importers.reading import child_named, children_named
from quizlint.importers._types import DraftAnswer, TypedDraft

ITEM_TYPES = {"numerical": "numerical", "shortanswer": "short_answer", "matching": "matching",
              "ordering": "ordering", "essay": "essay"}
_PLAIN_RESPONSES = ("plain", "monospaced")


def _raw(element) -> str:
    if element is None:
        return ""
    inner = child_named(element, "text")
    return ((inner.text if inner is not None else element.text) or "").strip()


def _number(element, default: float | None = None) -> float | None:
    try:
        return float(_raw(element).replace(",", "."))
    except ValueError:
        return default


class TypedReader:
    """Reads the type's part of one question; ``reader`` is the Moodle reader (its texts, fractions, log)."""

    def __init__(self, reader, question, label: str):
        self.reader, self.question, self.label = reader, question, label
        self.texts, self.log, self.where = reader.texts, reader.log, reader.where

    def read(self, item: DraftItem, kind: str) -> None:
        item.type = ITEM_TYPES[kind]
        item.typed = TypedDraft()
        getattr(self, "_" + item.type)(item.typed)

    def _fail(self, message: str) -> ImportFailure:
        return ImportFailure(self.where, f"question {self.label}: {message}", self.question.sourceline, 1)

    def _numerical(self, typed: TypedDraft) -> None:
        for answer in children_named(self.question, "answer"):
            value = _number(answer)
            if value is None:
                self.log.warn(self.where, f"question {self.label}: answer {_raw(answer)!r} is not a number (an "
                              "\"any other answer\" is not imported)", answer.sourceline)
                continue
            typed.answers.append(DraftAnswer(value=value, tolerance=abs(_number(child_named(answer, "tolerance"), 0)),
                                             credit=self.reader.fraction(answer, self.label),
                                             feedback=self.texts.of(child_named(answer, "feedback"))))
        for units in children_named(self.question, "units"):
            for unit in children_named(units, "unit"):
                name = _raw(child_named(unit, "unit_name"))
                if name:
                    typed.units.append((name, _number(child_named(unit, "multiplier"), 1.0) or 1.0))
        if not typed.answers:
            raise self._fail("a numerical question needs an answer that is a number")

    def _short_answer(self, typed: TypedDraft) -> None:
        typed.case_sensitive = _raw(child_named(self.question, "usecase")) in ("1", "true")
        for answer in children_named(self.question, "answer"):
            text = _raw(answer)
            if not text:
                continue
            typed.answers.append(DraftAnswer(text={NEUTRAL: text}, credit=self.reader.fraction(answer, self.label),
                                             feedback=self.texts.of(child_named(answer, "feedback"))))
        if not typed.answers:
            raise self._fail("a short-answer question needs an answer")

    def _matching(self, typed: TypedDraft) -> None:
        for sub in children_named(self.question, "subquestion"):
            prompt, match = self.texts.of(sub), self.texts.of(child_named(sub, "answer"))
            if not match:
                continue
            if prompt:
                typed.pairs.append((prompt, match))
            else:
                typed.distractors.append(match)
        if not typed.pairs:
            raise self._fail("a matching question needs a subquestion with a text and an answer")

    def _ordering(self, typed: TypedDraft) -> None:
        answers = children_named(self.question, "answer")
        ranked = sorted(enumerate(answers), key=lambda pair: (_position(pair[1], pair[0])))
        typed.sequence = [texts for _, answer in ranked if (texts := self.texts.of(answer))]
        if len(typed.sequence) < 2:
            raise self._fail("an ordering question needs two or more answers")

    def _essay(self, typed: TypedDraft) -> None:
        response_format = _raw(child_named(self.question, "responseformat")) or "editor"
        if response_format == "noinline":
            self.log.warn(self.where, f"question {self.label}: an essay answered by file attachments only is "
                          "imported as one answered in an editor", self.question.sourceline)
        lines = _number(child_named(self.question, "responsefieldlines"))
        typed.response = {"format": "plain" if response_format in _PLAIN_RESPONSES else "editor"}
        if lines is not None and lines >= 1:
            typed.response["lines"] = int(lines)
        typed.template = self.texts.of(child_named(self.question, "responsetemplate"))
        typed.grader_info = self.texts.of(child_named(self.question, "graderinfo"))


def _position(answer, index: int) -> tuple[float, int]:
    try:
        return float(answer.get("fraction", "")), index
    except ValueError:
        return float(index), index
