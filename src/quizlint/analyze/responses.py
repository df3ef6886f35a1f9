"""The responses read from the files, per quiz of the bank: respondents × items, as option choices or scores.

A cell of a choice item is a frozenset of option indexes: ``NOT_ANSWERED`` (empty) when the item was shown and left
blank; a cell of a numerical, short-answer, matching or ordering item is the score (0–1) its response was given
when it was read (a blank one scores 0); ``None`` when the respondent never saw the item (another file, a random
question). Essays are graded by a person: their responses are only counted, for one warning. A respondent is only a
row number: readers drop names, e-mail addresses and ids as they read."""

from __future__ import annotations

from dataclasses import dataclass, field

from quizlint.analyze.items import BankItem

NOT_ANSWERED: frozenset[int] = frozenset()


@dataclass
class ResponseMatrix:
    """One quiz's responses: ``columns[item id][respondent]`` is a choice (see the module doc)."""

    quiz: str
    items: list[BankItem]
    columns: dict[str, list[frozenset[int] | float | None]]
    respondents: int


@dataclass
class _QuizResponses:
    items: dict[str, BankItem] = field(default_factory=dict)
    cells: dict[str, dict[int, frozenset[int]]] = field(default_factory=dict)
    respondents: int = 0


class Collector:
    """Gathers the responses of every file, quiz by quiz of the bank."""

    def __init__(self) -> None:
        self._quizzes: dict[str, _QuizResponses] = {}
        self.essays: dict[tuple[str, str], int] = {}  # (quiz, item) → responses read and left out

    def essay(self, item: BankItem) -> None:
        """A response to an essay item: not scored (a person grades it), left out of the statistics."""
        self.essays[(item.quiz, item.id)] = self.essays.get((item.quiz, item.id), 0) + 1

    def essay_warning(self) -> str | None:
        """The one warning that names every essay item whose responses were left out."""
        if not self.essays:
            return None
        names = ", ".join(f"{quiz}/{item}" for quiz, item in sorted(self.essays))
        count = sum(self.essays.values())
        return (f"essay item{'s' if len(self.essays) > 1 else ''} {names}: graded by a person, not scored here: "
                f"{count} response{'s' if count > 1 else ''} counted as not answered and left out of the statistics")

    def new_respondent(self, quiz: str) -> int:
        """A new respondent of ``quiz``: its row number."""
        entry = self._quizzes.setdefault(quiz, _QuizResponses())
        entry.respondents += 1
        return entry.respondents - 1

    def shown(self, item: BankItem, row: int, choice: frozenset[int] | float) -> None:
        """Respondent ``row`` of the item's quiz was shown ``item`` and chose ``choice`` (or scored it)."""
        entry = self._quizzes[item.quiz]
        entry.items.setdefault(item.id, item)
        entry.cells.setdefault(item.id, {})[row] = choice

    def answered(self, item: BankItem, row: int) -> bool:
        entry = self._quizzes.get(item.quiz)
        return entry is not None and row in entry.cells.get(item.id, {})

    def matrices(self, quiz_order: list[str]) -> list[ResponseMatrix]:
        """The responses of each quiz that has some, in the bank's order, items in the bank's order."""
        result = []
        for quiz in quiz_order:
            entry = self._quizzes.get(quiz)
            if entry is None or not entry.items:
                continue
            items = sorted(entry.items.values(), key=lambda item: (item.file, item.line))
            columns = {item.id: [entry.cells[item.id].get(row) for row in range(entry.respondents)] for item in items}
            result.append(ResponseMatrix(quiz, items, columns, entry.respondents))
        return result
