"""``--to gift``: Moodle's GIFT text format (Question bank → Import → GIFT), one file for the bank.

Texts are plain (``[plain]``: Markdown rendered to sanitised plain text, so nothing is read as HTML) with
GIFT's special characters ``~ = # { } :`` and ``\\`` escaped and line breaks written ``\\n``. Per quiz a
``$CATEGORY: $course$/top/<quiz id>`` line; per item a comment with ``[id:…]`` and ``[tag:…]`` (which Moodle
reads as the idnumber and tags), then ``::<item id>::`` and the question. Single answer: ``=`` key, ``~``
others; multiple answer: ``~%share%`` with Moodle's fractions as in the Moodle XML export (the same failure
where 100 cannot be split exactly); true/false: ``{TRUE}``/``{FALSE}``. Option feedback follows ``#``, the
explanation ``####``. GIFT has no per-question points (Moodle gives mark 1; a warning says which items lose
theirs) and no fixed options.

One language per file: ``--lang``, default the source language.
"""

from __future__ import annotations

from quizlint.export._common import (
    ExportBank,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    prepare,
)
from quizlint.export.moodle import fractions
from quizlint.render import render_plain

NAME = "gift"
DESCRIPTION = "GIFT text for pasting or importing into Moodle"
SUFFIX = ".gift.txt"
BINARY = False
MULTILINGUAL = False
DEFAULT_LANG = "source"

_SPECIAL = "~=#{}:"


def escape(text: str) -> str:
    """Plain text made safe inside a GIFT question: ``\\`` and ``~ = # { } :`` escaped, newlines as ``\\n``."""
    text = text.replace("\\", "\\\\")
    for char in _SPECIAL:
        text = text.replace(char, "\\" + char)
    return text.replace("\r\n", "\n").replace("\n", "\\n")


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    blocks: list[str] = []
    unscored = []
    for quiz in prepare(bank, options, NAME):
        lang = quiz.languages[0]
        blocks.append(f"// {_comment(quiz.text(quiz.quiz.title, lang))}\n$CATEGORY: $course$/top/{quiz.quiz.id}")
        for prepared in quiz.items:
            blocks.append(_question(quiz, prepared, lang))
            if prepared.item.points != 1:
                unscored.append(prepared.item.id)
    warnings = [f"GIFT has no per-question points: Moodle gives these items mark 1: {', '.join(unscored)}"] \
        if unscored else []
    return ExportOutput(("\n\n".join(blocks) + "\n").encode("utf-8"), warnings)


def _comment(text: str) -> str:
    return " ".join(text.split())


def _plain(quiz: PreparedQuiz, value, lang: str) -> str:
    return escape(render_plain(quiz.text(value, lang)))


def _question(quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> str:
    item = prepared.item
    markers = [f"[id:{item.id}]"] + [f"[tag:{_comment(tag)}]" for tag in item.tags if "]" not in tag]
    lines = [f"// {' '.join(markers)}", f"::{item.id}::[plain]{_plain(quiz, item.stem, lang)}{{"]
    if item.type == "true_false":
        lines[-1] += "TRUE" if item.answer else "FALSE"
    else:
        for choice, fraction in zip(prepared.choices, fractions(quiz, prepared)):
            mark = ("=" if choice.correct else "~") if not prepared.multiple else f"~%{fraction}%"
            feedback = f"#{_plain(quiz, choice.feedback, lang)}" if choice.feedback is not None else ""
            lines.append(f"\t{mark}{_plain(quiz, choice.text, lang)}{feedback}")
    if item.explanation is not None:
        lines.append(f"\t####{_plain(quiz, item.explanation, lang)}")
    lines.append("}")
    return "\n".join(lines)
