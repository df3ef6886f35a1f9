"""quizlint's own long format: one row per response, ``respondent,item,response`` (and optionally ``quiz``).

``item`` is the quizlint item id (with ``quiz`` when an id is in several quizzes); ``response`` is the option
letter(s) in the bank's order (``B``, ``AC``, ``A,C``), ``true``/``false`` for a true/false item, the number (with
a unit, if any) for a numerical item, the text for a short-answer item, a letter per prompt for a matching item and
the steps' letters as arranged for an ordering item (see ``typed``), anything for an essay (not scored); empty when
the item was shown and not answered. ``respondent`` is any string that tells respondents apart; it is only
compared, never stored nor written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from quizlint.analyze import AnalyzeError
from quizlint.analyze.items import BankIndex, BankItem
from quizlint.analyze.responses import NOT_ANSWERED, Collector
from quizlint.analyze.typed import MatchingScoring, NumericalScoring, OrderingScoring

FORMAT = "long"
REQUIRED = ("respondent", "item", "response")
OPTIONAL = ("quiz",)
_SEPARATORS = re.compile(r"[\s,;]+")
_TRUE_FALSE = {"true": 0, "t": 0, "false": 1, "f": 1}


def matches(header: list[str]) -> bool:
    names = {name.lower() for name in header}
    return set(REQUIRED) <= names


def parse_response(item: BankItem, text: str) -> frozenset[int] | float | None:
    """The options a response names (``NOT_ANSWERED`` for an empty one), or a typed response's score; None when
    it is no response to the item (a letter it has not, a numerical answer that is no number)."""
    text = text.strip()
    if not item.is_choice:
        return _typed_score(item, text)
    if not text:
        return NOT_ANSWERED
    if item.type == "true_false":
        index = _TRUE_FALSE.get(text.lower())
        return None if index is None else frozenset({index})
    letters = "".join(_SEPARATORS.split(text)).upper()
    chosen = {ord(letter) - ord("A") for letter in letters}
    if not letters.isalpha() or not letters.isascii() or max(chosen) >= item.n_options:
        return None
    if item.type == "single" and len(chosen) > 1:
        return None
    return frozenset(chosen)


def _typed_score(item: BankItem, text: str) -> float | None:
    scoring = item.scoring
    if isinstance(scoring, (MatchingScoring, OrderingScoring)):
        return scoring.score_letters(text)
    return scoring.score(text)


def read(path: Path, header: list[str], rows: Iterator[tuple[int, list[str]]], index: BankIndex,
         collector: Collector, warn) -> None:
    names = [name.lower() for name in header]
    unknown = [name for name in header if name.lower() not in REQUIRED + OPTIONAL]
    if unknown:
        raise AnalyzeError(f"{path}:1: unknown column{'s' if len(unknown) > 1 else ''} "
                           f"{', '.join(map(repr, unknown))}: the long format has the columns respondent, item, "
                           f"response (and optionally quiz)")
    at = {name: names.index(name) for name in REQUIRED + OPTIONAL if name in names}
    rows_of: dict[tuple[str, str], int] = {}  # (quiz, respondent) → row number (kept in memory only)
    elsewhere = 0  # responses to items of files not given (a partial bank)
    not_numbers: dict[str, tuple[int, str]] = {}  # numerical item → (responses that are no number, the first)
    for line, cells in rows:
        cells = cells + [""] * (len(header) - len(cells))
        item_id, quiz_id = cells[at["item"]].strip(), cells[at["quiz"]].strip() if "quiz" in at else None
        if index.partial and not index.find(item_id, quiz_id or None):
            elsewhere += 1
            continue
        item = _item(path, line, item_id, quiz_id, index)
        if item.is_essay:
            collector.essay(item)
            continue
        respondent = cells[at["respondent"]].strip()
        if not respondent:
            raise AnalyzeError(f'{path}:{line}: column "respondent" is empty')
        choice = parse_response(item, cells[at["response"]])
        if choice is None and isinstance(item.scoring, NumericalScoring):
            count, example = not_numbers.get(item.id, (0, cells[at["response"]].strip()))
            not_numbers[item.id] = (count + 1, example)
            choice = 0.0  # (Moodle: not a valid number, no marks)
        if choice is None:
            raise AnalyzeError(f'{path}:{line}: column "response": {cells[at["response"]].strip()!r} is not an '
                               f"answer to item {item.id} ({_expected(item)})")
        key = (item.quiz, respondent)
        row = rows_of.get(key)
        if row is None:
            row = rows_of[key] = collector.new_respondent(item.quiz)
        elif collector.answered(item, row):
            raise AnalyzeError(f"{path}:{line}: a second response of the same respondent to item {item.id}")
        collector.shown(item, row, choice)
    for item_id, (count, example) in not_numbers.items():
        warn(f"{path}: item {item_id}: {count} response{'s are' if count > 1 else ' is'} no number in the item's "
             f"units (such as {example!r}): scored 0")
    if elsewhere:
        warn(f"{path}: {elsewhere} response{'s' if elsewhere > 1 else ''} to items outside the files given: left out")


def _item(path: Path, line: int, item_id: str, quiz_id: str | None, index: BankIndex) -> BankItem:
    found = index.find(item_id, quiz_id or None)
    if len(found) == 1:
        return found[0]
    where = f" of quiz {quiz_id}" if quiz_id else ""
    if not found:
        raise AnalyzeError(f'{path}:{line}: column "item": {item_id!r} is not an item{where} of the bank')
    quizzes = ", ".join(sorted(item.quiz for item in found))
    raise AnalyzeError(f'{path}:{line}: item {item_id!r} is in several quizzes ({quizzes}): add a "quiz" column')


def _expected(item: BankItem) -> str:
    if item.scoring is not None:
        return item.scoring.expected()
    if item.type == "true_false":
        return "true or false"
    letters = f"{item.labels[0]}–{item.labels[-1]}"
    return f"option letters {letters}" + (", one or more" if item.type == "multiple" else "")
