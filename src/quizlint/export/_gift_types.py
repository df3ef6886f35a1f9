"""The GIFT answers of the item types without options: numerical ``{#500:2}`` (several answers ``{#=500:2
=%50%4000}``), short answer ``{=safetensors =%50%safe tensors}``, matching ``{=fp32 -> 4 bytes = -> 8 bytes}``
(a distractor is a match without a prompt) and essay ``{}``. GIFT has no ordering questions (the export leaves
them out with a warning), no units, no case-sensitive short answers and no essay template, grader information or
response settings: the export names each item that loses one."""

from __future__ import annotations

from quizlint.export._common import essay_settings, moodle_fraction, number

ITEM_TYPES = ("numerical", "short_answer", "matching", "essay")


def typed_answers(question) -> list[str]:
    """The lines inside the braces of ``question`` (a ``gift._Question``), one per answer."""
    item = question.prepared.item
    return {"numerical": _numerical, "short_answer": _short_answer, "matching": _matching,
            "essay": lambda _: []}[item.type](question)


def _weight(question, credit: float, index: int, full: str = "=") -> str:
    if abs(credit - 100) < 0.01:
        return full
    return f"={'%'}{moodle_fraction(credit, question.quiz, question.prepared, 'answers', index)}%"


def _feedback(question, feedback) -> str:
    return f"#{question.text(feedback)}" if feedback is not None else ""


def _numerical(question) -> list[str]:
    answers = question.prepared.item.answers
    lines = []
    for index, answer in enumerate(answers):
        value = f"{number(answer.value)}:{number(answer.tolerance)}" if answer.tolerance else number(answer.value)
        mark = "" if len(answers) == 1 and abs(answer.credit - 100) < 0.01 else _weight(question, answer.credit, index)
        lines.append(f"\t{mark}{value}{_feedback(question, answer.feedback)}")  # (a number: nothing to escape)
    lines[0] = "\t#" + lines[0].lstrip("\t") if lines else "\t#"
    return lines


def _short_answer(question) -> list[str]:
    return [f"\t{_weight(question, answer.credit, index)}{question.plain(answer.text)}"
            f"{_feedback(question, answer.feedback)}"
            for index, answer in enumerate(question.prepared.item.answers)]


def _matching(question) -> list[str]:
    item = question.prepared.item
    lines = [f"\t={question.text(pair.prompt, compact=True)} -> {question.plain(pair.match)}" for pair in item.pairs]
    return lines + [f"\t= -> {question.plain(distractor)}" for distractor in item.distractors]


def lost_in_gift(item) -> list[str]:
    """What GIFT cannot say of ``item``, for the warning that names it."""
    lost = []
    if item.type == "numerical" and item.units:
        lost.append("units")
    if item.type == "short_answer" and item.case_sensitive:
        lost.append("case-sensitive answers")
    lost += essay_settings(item)
    return lost
