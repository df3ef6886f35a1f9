"""The analysis of a list of responses files against the bank's quiz files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from quizlint.analyze.detect import read_file
from quizlint.analyze.items import bank_index
from quizlint.analyze.responses import Collector
from quizlint.analyze.statistics import QuizAnalysis, analyse_quiz


@dataclass
class Analysis:
    quizzes: list[QuizAnalysis]
    warnings: list[str] = field(default_factory=list)
    formats: dict[str, str] = field(default_factory=dict)  # file → format read

    def __post_init__(self) -> None:
        self._items = {(quiz.id, item.id): item for quiz in self.quizzes for item in quiz.items}

    def item(self, quiz: str, item: str):
        """The analysis of one item, or None."""
        return self._items.get((quiz, item))


def analyse(paths: Iterable[Path], quiz_files: Iterable, partial: bool = False) -> Analysis:
    """Read every responses file (AnalyzeError on bad input) and analyse each quiz that has responses;
    ``partial``: ``quiz_files`` are part of the bank only (see ``items.BankIndex``)."""
    index = bank_index(quiz_files, partial)
    collector = Collector()
    warnings: list[str] = []
    formats = {}
    for path in paths:
        formats[str(path)] = read_file(Path(path), index, collector, warnings.append)
    if (essays := collector.essay_warning()) is not None:
        warnings.append(essays)
    quizzes = [analyse_quiz(matrix) for matrix in collector.matrices(index.quiz_order)]
    return Analysis(quizzes, warnings, formats)
