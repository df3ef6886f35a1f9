"""``--to aiken``: Moodle's Aiken text format, one file for the bank.

Aiken carries single-answer questions only, each on one line, options ``A.``, ``B.``, … and ``ANSWER: X``;
texts are Markdown rendered to sanitised plain text with line breaks turned into spaces. What Aiken cannot
carry is left out, with a warning on standard error (the export still succeeds): multiple-answer items,
items with more than 26 options and items whose stem Moodle would not read as a question (see below) are
skipped (each named with its position), and option feedback and explanations are dropped (one warning).
True/false items become two options in the exported language. Aiken has no per-question points (Moodle gives
mark 1: a warning names the items worth other than 1), and cannot say that options must stay in order, and
Moodle shuffles them by default: a warning names the items with fixed options or an order that means something.

Moodle's reader (``qformat_aiken::readquestions``) takes every line, after PHP's ``trim()`` (space, tab, NUL,
vertical tab, CR, LF), for a choice when it matches ``/^[A-Z][).][ \t]?/``, for the answer when it matches
``/^ANSWER:/``, and skips it when it is shorter than two bytes; any other line starts a question. A stem such
as "E. coli bacteria have which shape?", "U.S. …" or "ANSWER: …" would be read as a choice or an answer, so
the item is skipped: no invisible character put in front keeps the text Moodle shows and stores the same.

One language per file: ``--lang``, default the source language.
"""

from __future__ import annotations

import re

from quizlint.export._common import (
    ExportBank,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    item_left_out,
    one_line,
    order_not_kept,
    points_not_kept,
    prepare,
    skipped_items,
)
from quizlint.export._media import cannot_carry_media
from quizlint.render import render_plain

NAME = "aiken"
DESCRIPTION = "Aiken text (single-answer questions only) for importing into Moodle"
SUFFIX = ".aiken.txt"
BINARY = False
MULTILINGUAL = False
DEFAULT_LANG = "source"
NEEDS_OPTIONS = False  # items without options are skipped with a warning

MAX_OPTIONS = 26
# What Moodle's reader takes for a choice line (/^[A-Z][).][ \t]?/: the space is optional) and an answer line.
_MOODLE_CHOICE = re.compile(r"[A-Z][).]")
_MOODLE_ANSWER = "ANSWER:"
_PHP_TRIMMED = " \t\n\r\0\x0b"
_REWORD = " (reword its start, or export another format)"


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    quizzes = prepare(bank, options, NAME)
    blocks, warnings = [], skipped_items(quizzes)
    written: list[PreparedItem] = []
    for quiz in quizzes:
        lang = quiz.languages[0]
        for prepared in quiz.items:
            stem = one_line(render_plain(quiz.text(prepared.item.stem, lang)))
            reason = _cannot_carry(prepared) or _not_a_question_line(stem)
            if reason:
                warnings.append(f"{quiz.where(prepared, 'id')}: item {prepared.item.id!r} skipped: {reason}")
                continue
            written.append(prepared)
            blocks.append(_question(quiz, prepared, stem, lang))
            warnings += item_left_out(quiz, prepared, feedback=False)
    dropped_feedback = sum(prepared.has_feedback for prepared in written)
    if dropped_feedback:
        warnings.append(f"Aiken has no feedback: the explanations and option feedback of {dropped_feedback} "
                        "item(s) were left out")
    warnings += points_not_kept("Aiken", written) + order_not_kept("Aiken", written) + cannot_carry_media("Aiken", written)
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


def _not_a_question_line(stem: str) -> str | None:
    """Why Moodle's reader would not take the line ``stem`` for the start of a question, if it would not."""
    line = stem.strip(_PHP_TRIMMED)
    if len(line.encode("utf-8")) < 2:
        return "Moodle's Aiken reader ignores a stem shorter than two characters"
    if line.startswith(_MOODLE_ANSWER):
        return f"the stem starts with {_MOODLE_ANSWER!r}, which Moodle's Aiken reader takes for the answer line{_REWORD}"
    if _MOODLE_CHOICE.match(line):
        return f"the stem starts with {line[:2]!r}, which Moodle's Aiken reader takes for a choice line{_REWORD}"
    return None


def _question(quiz: PreparedQuiz, prepared: PreparedItem, stem: str, lang: str) -> str:
    lines = [stem]
    key = ""
    for index, choice in enumerate(prepared.choices):
        letter = chr(ord("A") + index)
        lines.append(f"{letter}. {one_line(render_plain(quiz.text(choice.text, lang)))}")
        key = letter if choice.correct else key
    lines.append(f"ANSWER: {key}")
    return "\n".join(lines)
