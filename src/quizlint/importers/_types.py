"""What the importers read of the item types without options (numerical, short answer, matching, ordering,
essay) and of partial credit, and how it becomes a quiz file's data. The readers of each format fill a
``TypedDraft``; ``typed_item_data`` writes it out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

CREDIT_TOLERANCE = 0.01  # percent: Moodle writes an equal third as 33.33333


@dataclass
class DraftAnswer:
    """An accepted answer: a number (``value``, ``tolerance``) or a text."""

    text: dict | None = None
    value: float | None = None
    tolerance: float = 0
    credit: float = 100
    feedback: dict | None = None


@dataclass
class TypedDraft:
    """The type's part of a numerical, short-answer, matching, ordering or essay question."""

    answers: list[DraftAnswer] = field(default_factory=list)
    units: list[tuple[str, float]] = field(default_factory=list)
    case_sensitive: bool = False
    pairs: list[tuple[dict, dict]] = field(default_factory=list)
    distractors: list[dict] = field(default_factory=list)
    sequence: list[dict] = field(default_factory=list)
    response: dict | None = None  # {"format": …, "lines": …}
    template: dict | None = None
    grader_info: dict | None = None


def typed_texts(typed: TypedDraft | None) -> Iterator[dict]:
    """Every text of ``typed`` (for working out the languages of an import)."""
    if typed is None:
        return
    for answer in typed.answers:
        yield from (text for text in (answer.text, answer.feedback) if text)
    for prompt, match in typed.pairs:
        yield prompt
        yield match
    yield from typed.distractors
    yield from typed.sequence
    yield from (text for text in (typed.template, typed.grader_info) if text)


def plain_number(value: float) -> int | float:
    """500.0 → 500: a whole number written as one."""
    return int(value) if float(value).is_integer() else value


def typed_item_data(kind: str, typed: TypedDraft, text_value: Callable[[Any], Any]) -> dict:
    """The quiz-file keys of a ``kind`` item (``text_value`` turns draft texts into a quiz file's)."""
    data: dict[str, Any] = {}
    if kind == "numerical":
        data["answers"] = [_numerical_answer(answer, text_value) for answer in typed.answers]
        if typed.units:
            data["units"] = [{"unit": unit, "multiplier": plain_number(multiplier)} for unit, multiplier in typed.units]
    elif kind == "short_answer":
        data["answers"] = [_short_answer(answer, text_value) for answer in typed.answers]
        if typed.case_sensitive:
            data["case_sensitive"] = True
    elif kind == "matching":
        data["pairs"] = [{"prompt": text_value(prompt) or "", "match": text_value(match) or ""}
                         for prompt, match in typed.pairs]
        if typed.distractors:
            data["distractors"] = [text_value(text) or "" for text in typed.distractors]
    elif kind == "ordering":
        data["sequence"] = [text_value(text) or "" for text in typed.sequence]
    elif kind == "essay":
        if typed.response:
            data["response"] = dict(typed.response)
        for key in ("template", "grader_info"):
            value = text_value(getattr(typed, key))
            if value is not None:
                data[key] = value
    return data


def _numerical_answer(answer: DraftAnswer, text_value) -> dict:
    entry: dict[str, Any] = {"value": plain_number(answer.value or 0)}
    if answer.tolerance:
        entry["tolerance"] = plain_number(answer.tolerance)
    return _credit_and_feedback(entry, answer, text_value)


def _short_answer(answer: DraftAnswer, text_value) -> dict:
    return _credit_and_feedback({"text": text_value(answer.text) or ""}, answer, text_value)


def _credit_and_feedback(entry: dict, answer: DraftAnswer, text_value) -> dict:
    if abs(answer.credit - 100) > CREDIT_TOLERANCE:
        entry["credit"] = plain_number(round(answer.credit, 5))
    feedback = text_value(answer.feedback)
    if feedback is not None:
        entry["feedback"] = feedback
    return entry


def option_credits(fractions: list[float]) -> list[float] | None:
    """The credits to write on the options of a multiple-answer question whose options give ``fractions``
    (percent, in option order), or None where they are how quizlint's exports score an item without credits:
    the right options (those giving some credit) share 100 equally and every wrong one takes that share away."""
    right = [fraction for fraction in fractions if fraction > 0]
    wrong = [fraction for fraction in fractions if fraction <= 0]
    if right:
        share = 100 / len(right)
        if all(abs(fraction - share) <= CREDIT_TOLERANCE for fraction in right) \
                and all(abs(fraction + share) <= CREDIT_TOLERANCE for fraction in wrong):
            return None
    return [_exact(fraction) for fraction in fractions]


def _exact(fraction: float) -> float:
    """A Moodle fraction as the credit it stands for: 33.33333 is a third (written to 5 decimals)."""
    return plain_number(round(fraction, 5))


def _merged(mine: dict | None, theirs: dict | None) -> dict | None:
    return {**(mine or {}), **theirs} if theirs else mine


def typed_with_language(typed: TypedDraft | None, with_language) -> None:
    """Put the texts of ``typed`` (read from a one-language file) in the language ``with_language`` gives; the
    texts of short answers stay language-neutral."""
    if typed is None:
        return
    for answer in typed.answers:
        answer.feedback = with_language(answer.feedback)
    typed.pairs = [(with_language(prompt), with_language(match)) for prompt, match in typed.pairs]
    typed.distractors = [with_language(text) for text in typed.distractors]
    typed.sequence = [with_language(text) for text in typed.sequence]
    typed.template, typed.grader_info = with_language(typed.template), with_language(typed.grader_info)


def typed_shape(typed: TypedDraft | None) -> tuple:
    """What must be the same in two languages' copies of one question for them to be merged."""
    if typed is None:
        return ()
    return ([(answer.value, answer.tolerance, round(answer.credit, 3)) for answer in typed.answers],
            len(typed.pairs), len(typed.distractors), len(typed.sequence))


def merge_typed(base: TypedDraft | None, other: TypedDraft | None) -> None:
    """Add the texts of ``other`` (another language's copy) to ``base``."""
    if base is None or other is None:
        return
    for mine, theirs in zip(base.answers, other.answers):
        mine.feedback = _merged(mine.feedback, theirs.feedback)
        if mine.text and theirs.text and mine.text != theirs.text:
            mine.text = {**_per_language(mine.text), **_per_language(theirs.text)}
    base.pairs = [(_merged(prompt, other_prompt), _merged(match, other_match))
                  for (prompt, match), (other_prompt, other_match) in zip(base.pairs, other.pairs)]
    base.distractors = [_merged(mine, theirs) for mine, theirs in zip(base.distractors, other.distractors)]
    base.sequence = [_merged(mine, theirs) for mine, theirs in zip(base.sequence, other.sequence)]
    base.template = _merged(base.template, other.template)
    base.grader_info = _merged(base.grader_info, other.grader_info)


def _per_language(texts: dict) -> dict:
    return {key: value for key, value in texts.items() if key != "*"}
