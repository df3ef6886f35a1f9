"""What the LMS reports (Moodle's Responses, Canvas's Student Analysis) have in common: one row per attempt, one
column of response texts per question. Texts are matched to the bank's items and options, in any language of a
quiz; a column no item fits, or several fit, is named in a warning and left out, never guessed.

An item fits a column when its stem is the question text the report gives (when it gives one), its key is the right
answer the report gives (when it gives one), and its options are the responses (all of them, when the report gives
neither question nor right answer; otherwise a response that matches no option is left out with a warning). The
items without options are read as ``typed`` says; without question text nor right answer, a numerical, matching or
ordering item fits when every response reads as one of its answers and some score, and a short-answer or essay item
never does (any text is a short answer). Columns several items fit are tried again among the quizzes of the columns
that matched one item only, without the items those took."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from quizlint.analyze import AnalyzeError
from quizlint.analyze.items import BankIndex, BankItem, match_key
from quizlint.analyze.responses import NOT_ANSWERED, Collector
from quizlint.analyze.typed import MatchingScoring, NumericalScoring, OrderingScoring, ShortAnswerScoring

Split = Callable[[str], list[str]]
NOT_SHOWN = -1  # the code of a cell whose question the attempt did not show
_BLANKS = ("", "-")


@dataclass
class TextColumn:
    """One question's column: the texts it holds, each distinct response once, by code."""

    label: str  # as the report names it ("Response 3")
    questions: set[str] = field(default_factory=set)
    rights: set[str] = field(default_factory=set)
    values: dict[str, int] = field(default_factory=dict)

    def code(self, text: str | None) -> int:
        if text is None:
            return NOT_SHOWN
        return self.values.setdefault(text.strip(), len(self.values))

    def answers(self) -> list[str]:
        return [text for text in self.values if text not in _BLANKS]


def lms_choice(item: BankItem, text: str, split: Split) -> frozenset[int] | None:
    """The options a response text names (``NOT_ANSWERED`` for a blank or ``-``), None when it names none."""
    text = text.strip()
    if text in _BLANKS:
        return NOT_ANSWERED
    whole = item.options_matching(text)
    if len(whole) == 1:
        return frozenset(whole)
    if whole or item.type != "multiple":
        return None
    chosen = set()
    for part in split(text):
        found = item.options_matching(part)
        if len(found) != 1:
            return None
        chosen.add(found[0])
    return frozenset(chosen)


def lms_cell(item: BankItem, text: str, split: Split) -> frozenset[int] | float | None:
    """A response text as the cell of ``item`` (options chosen, or a typed answer's score); None when it is no
    response to the item (for a numerical item: no number)."""
    scoring = item.scoring
    if scoring is None:
        return lms_choice(item, text, split)
    if isinstance(scoring, (MatchingScoring, OrderingScoring)):
        return scoring.score(text, split, match_key)
    return scoring.score(text.strip())


def _right_answer_fits(item: BankItem, right: str, split: Split) -> bool:
    if item.is_essay:
        return True
    if item.is_choice:
        return lms_choice(item, right, split) == item.keys
    score = lms_cell(item, right, split)
    return score is not None and score > 0.999


def _fits(item: BankItem, column: TextColumn, split: Split) -> bool:
    if column.questions and not any(item.stem_in(question) for question in column.questions):
        return False
    if column.rights and not all(_right_answer_fits(item, right, split) for right in column.rights):
        return False
    answers = column.answers()
    if item.is_essay:
        return bool(column.questions)
    cells = [lms_cell(item, text, split) for text in answers]
    matched = sum(cell is not None for cell in cells)
    if column.questions or column.rights:
        return matched > 0 or not answers
    if item.is_choice:
        return bool(answers) and matched == len(answers)
    scored = any(cell for cell in cells)
    return not isinstance(item.scoring, ShortAnswerScoring) and scored and matched == len(answers)


def _candidates(column: TextColumn, index: BankIndex, split: Split) -> list[BankItem]:
    keys = set()
    for text in [*column.answers(), *column.rights]:
        keys.add(match_key(text))
        keys.update(match_key(part) for part in split(text))
    pool = index.items_with_option_keys(keys) + index.typed if keys else index.items
    return [item for item in pool if _fits(item, column, split)]


def match_columns(path: Path, columns: list[TextColumn], index: BankIndex, split: Split,
                  warn: Callable[[str], None]) -> list[BankItem | None]:
    """The item of each column (None: left out, with a warning)."""
    if not any(column.values for column in columns):
        warn(f"{path}: the report holds no attempt")
        return [None] * len(columns)
    found = [_candidates(column, index, split) for column in columns]
    chosen: list[BankItem | None] = [items[0] if len(items) == 1 else None for items in found]
    quizzes = {item.quiz for item in chosen if item is not None}
    taken = {(item.quiz, item.id) for item in chosen if item is not None}
    for position, items in enumerate(found):
        if len(items) > 1:
            narrowed = [item for item in items if item.quiz in quizzes and (item.quiz, item.id) not in taken]
            if len(narrowed) == 1:
                chosen[position] = narrowed[0]
                taken.add((narrowed[0].quiz, narrowed[0].id))
    for column, items, item in zip(columns, found, chosen):
        if item is not None:
            continue
        if not items:
            warn(f"{path}: {column.label} matches no item of the bank: left out")
        else:
            names = ", ".join(f"{item.quiz}/{item.id}" for item in items[:5]) + (", …" if len(items) > 5 else "")
            warn(f"{path}: {column.label} matches several items ({names}): left out (include the question text or "
                 f"the right answer in the report to tell them apart)")
    if columns and not any(chosen) and not index.partial:
        raise AnalyzeError(f"{path}: no question of the report matches an item of the bank (is it the right "
                           f"bank?)")
    duplicates = [item for item in chosen if item is not None]
    if len({(item.quiz, item.id) for item in duplicates}) < len(duplicates):
        raise AnalyzeError(f"{path}: two questions of the report match the same item of the bank")
    return chosen


def _cells(path: Path, column: TextColumn, item: BankItem, split: Split, warn: Callable[[str], None]) -> dict:
    """The cell of each code of a column: None for a response left out (named in a warning); a numerical answer
    that is no number scores 0 (as in Moodle), also named in a warning."""
    by_code = {code: lms_cell(item, text, split) for text, code in column.values.items()}
    unmatched = [text for text, code in column.values.items() if by_code[code] is None]
    if not unmatched:
        return by_code
    example = unmatched[0] if len(unmatched[0]) <= 60 else unmatched[0][:57] + "…"
    many = len(unmatched) > 1
    if isinstance(item.scoring, NumericalScoring):
        warn(f"{path}: {column.label} (item {item.id}): {len(unmatched)} distinct response{'s are' if many else ' is'}"
             f" no number in the item's units (such as {example!r}): scored 0")
        return {code: 0.0 if cell is None else cell for code, cell in by_code.items()}
    what = "no option" if item.is_choice else "no answer of the item"
    warn(f"{path}: {column.label} (item {item.id}): {len(unmatched)} distinct response"
         f"{'s match' if many else ' matches'} {what} (such as {example!r}): left out")
    return by_code


def feed(path: Path, columns: list[TextColumn], items: list[BankItem | None], rows: Iterable[list[int]],
         split: Split, collector: Collector, warn: Callable[[str], None]) -> None:
    """Hand the coded rows to the collector: each row is one respondent of each quiz its matched columns belong to
    (an essay's responses are only counted: a person grades them)."""
    tables = [None if item is None or item.is_essay else _cells(path, column, item, split, warn)
              for column, item in zip(columns, items)]
    for codes in rows:
        respondent = {}
        for code, item, table in zip(codes, items, tables):
            if item is None or code == NOT_SHOWN:
                continue
            if item.is_essay:
                collector.essay(item)
                continue
            if table[code] is None:
                continue
            if item.quiz not in respondent:
                respondent[item.quiz] = collector.new_respondent(item.quiz)
            collector.shown(item, respondent[item.quiz], table[code])
