"""Moodle's quiz Responses report, downloaded as CSV (Results > Responses > Download).

One row per attempt: the user's columns (name, e-mail and the like: read past, never kept), the attempt's state
and times, its grade (``Grade/10.00``), then per question slot ``Question N`` (the question's summary),
``Response N`` (the summary of the response: the chosen option's text, several joined by ``; ``) and
``Right answer N``, whichever the report was asked to include (Moodle's ``quiz_responses`` strings
``responsex`` and ``rightanswerx``; ``N`` is the slot's number as the quiz shows it, ``1`` or ``1a``). A response
of ``-`` is no response. Rows of attempts that are not finished (grade ``-``) and the "Overall average" row are
left out.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from quizlint.analyze.items import BankIndex
from quizlint.analyze.lms import TextColumn, feed, match_columns
from quizlint.analyze.responses import Collector

FORMAT = "moodle"
_RESPONSE = re.compile(r"^Response (\S+)$")
_RIGHT = re.compile(r"^Right answer (\S+)$")
_QUESTION = re.compile(r"^Question (\S+)$")
_GRADE = re.compile(r"^Grade/\s*\d+(?:[.,]\d+)?$")


def matches(header: list[str]) -> bool:
    return any(_RESPONSE.match(name) for name in header)


def split(text: str) -> list[str]:
    return [part for part in text.split("; ") if part.strip()]


def read(path: Path, header: list[str], rows: Iterator[tuple[int, list[str]]], index: BankIndex,
         collector: Collector, warn) -> None:
    slots: dict[str, dict[str, int]] = {}  # slot → {"response"|"right"|"question": position}
    for position, name in enumerate(header):
        for kind, pattern in (("response", _RESPONSE), ("right", _RIGHT), ("question", _QUESTION)):
            if found := pattern.match(name):
                slots.setdefault(found.group(1), {})[kind] = position
    slots = {slot: places for slot, places in slots.items() if "response" in places}
    grade = next((position for position, name in enumerate(header) if _GRADE.match(name)), None)
    columns = [TextColumn(f"Response {slot}") for slot in slots]
    coded: list[list[int]] = []
    unfinished = 0
    for _, cells in rows:
        cells = cells + [""] * (len(header) - len(cells))
        if cells[0].strip().lower() == "overall average":
            continue
        if grade is not None and cells[grade].strip() == "-":
            unfinished += 1
            continue
        codes = []
        for column, places in zip(columns, slots.values()):
            codes.append(column.code(cells[places["response"]]))
            for kind, texts in (("right", column.rights), ("question", column.questions)):
                if kind in places and cells[places[kind]].strip() not in ("", "-"):
                    texts.add(cells[places[kind]].strip())
        coded.append(codes)
    if unfinished:
        warn(f"{path}: {unfinished} attempt{'s' if unfinished > 1 else ''} not finished (grade -): left out")
    items = match_columns(path, columns, index, split, warn)
    feed(path, columns, items, coded, split, collector, warn)
