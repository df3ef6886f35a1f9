"""Canvas's quiz Student Analysis report, as CSV (Quiz Statistics > Student Analysis).

Columns (``Quizzes::QuizStatistics::StudentAnalysis#to_csv``): ``name``, ``id``, ``sis_id``, ``root_account``
(the student's: read past, never kept; an anonymous survey has none of them), ``section``, ``section_id``,
``section_sis_id``, ``submitted``, ``attempt`` (the ones the course has), then per question two columns: the
question as ``<Canvas question id>: <question text without tags>`` holding the response (the chosen option's
text; for a multiple-answers question the chosen texts joined by ``,`` with commas inside a text written
``\\,``), and one named after the question's points holding the points scored; last ``n correct``,
``n incorrect``, ``score``. A question a submission did not show has both cells empty.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from quizlint.analyze.items import BankIndex
from quizlint.analyze.lms import TextColumn, feed, match_columns
from quizlint.analyze.responses import Collector

FORMAT = "canvas"
_QUESTION = re.compile(r"^(\d+): (.*)$", re.DOTALL)
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_UNESCAPED_COMMA = re.compile(r"(?<!\\),")


def question_columns(header: list[str]) -> list[tuple[int, str]]:
    """(position, question text) of each response column: ``<id>: <text>`` followed by a points column."""
    found = []
    for position, name in enumerate(header[:-1]):
        if (match := _QUESTION.match(name)) and _NUMBER.match(header[position + 1]):
            found.append((position, match.group(2)))
    return found


def matches(header: list[str]) -> bool:
    names = {name.lower() for name in header}
    return "submitted" in names and "section" in names and bool(question_columns(header))


def split(text: str) -> list[str]:
    return [part.replace("\\,", ",") for part in _UNESCAPED_COMMA.split(text) if part.strip()]


def read(path: Path, header: list[str], rows: Iterator[tuple[int, list[str]]], index: BankIndex,
         collector: Collector, warn) -> None:
    questions = question_columns(header)
    columns = []
    for position, text in questions:
        column = TextColumn(f"question {header[position].split(':', 1)[0]} ({_short(text)})")
        if text.strip():
            column.questions.add(text)
        columns.append(column)
    coded: list[list[int]] = []
    for _, cells in rows:
        cells = cells + [""] * (len(header) - len(cells))
        codes = []
        for column, (position, _) in zip(columns, questions):
            response, points = cells[position], cells[position + 1]
            shown = response.strip() or points.strip()
            codes.append(column.code(response if shown else None))
        coded.append(codes)
    items = match_columns(path, columns, index, split, warn)
    feed(path, columns, items, coded, split, collector, warn)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:39] + "…"
