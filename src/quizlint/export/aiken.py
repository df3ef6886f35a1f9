"""``--to aiken``: Moodle's Aiken text format, one file for the bank.

Aiken carries single-answer questions only, each on one line, options ``A.``, ``B.``, … and ``ANSWER: X``;
texts are Markdown rendered to sanitised plain text with line breaks turned into spaces. What Aiken cannot
carry is left out, with a warning on standard error (the export still succeeds): multiple-answer items and
items with more than 26 options are skipped (each named with its position), and option feedback and
explanations are dropped (one warning). True/false items become two options in the exported language.

One language per file: ``--lang``, default the source language.
"""

from __future__ import annotations

from quizlint.export._common import (
    ExportBank,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    one_line,
    prepare,
)
from quizlint.render import render_plain

NAME = "aiken"
DESCRIPTION = "Aiken text (single-answer questions only) for importing into Moodle"
SUFFIX = ".aiken.txt"
BINARY = False
MULTILINGUAL = False
DEFAULT_LANG = "source"
NEEDS_OPTIONS = False  # items without options are skipped with a warning

MAX_OPTIONS = 26


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    blocks, warnings = [], []
    dropped_feedback = 0
    for quiz in prepare(bank, options, NAME):
        lang = quiz.languages[0]
        for prepared in quiz.items:
            reason = _cannot_carry(prepared)
            if reason:
                warnings.append(f"{quiz.where(prepared, 'id')}: item {prepared.item.id!r} skipped: {reason}")
                continue
            dropped_feedback += prepared.has_feedback
            blocks.append(_question(quiz, prepared, lang))
    if dropped_feedback:
        warnings.append(f"Aiken has no feedback: the explanations and option feedback of {dropped_feedback} "
                        "item(s) were left out")
    text = "\n\n".join(blocks) + "\n" if blocks else ""
    return ExportOutput(text.encode("utf-8"), warnings)


def _cannot_carry(prepared: PreparedItem) -> str | None:
    if prepared.multiple:
        return "Aiken has no multiple-answer questions"
    if len(prepared.choices) > MAX_OPTIONS:
        return f"Aiken has at most {MAX_OPTIONS} options (A-Z)"
    if len(prepared.correct) != 1:
        return "Aiken needs exactly one right option"
    return None


def _question(quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> str:
    lines = [one_line(render_plain(quiz.text(prepared.item.stem, lang)))]
    key = ""
    for index, choice in enumerate(prepared.choices):
        letter = chr(ord("A") + index)
        lines.append(f"{letter}. {one_line(render_plain(quiz.text(choice.text, lang)))}")
        key = letter if choice.correct else key
    lines.append(f"ANSWER: {key}")
    return "\n".join(lines)
