"""What a rule sees: one item with its quiz (item rules), or summaries of the whole bank (bank rules)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: a lint run whose results are all cached loads no pydantic
    from quizlint.model import Glossary, Item, Quiz, QuizFile
from quizlint.rules.base import Problem


class _QuizLanguages:
    """The quiz and its languages, for contexts that hold a ``file: QuizFile``."""

    file: QuizFile

    @property
    def quiz(self) -> Quiz:
        return self.file.quiz

    @property
    def languages(self) -> list[str]:
        return self.file.quiz.languages

    @property
    def source_language(self) -> str:
        return self.file.quiz.languages[0]

    @property
    def target_languages(self) -> list[str]:
        return self.file.quiz.languages[1:]


@dataclass
class ItemContext(_QuizLanguages):
    file: QuizFile
    item: Item
    index: int  # position of the item among the quiz's valid items
    options: dict[str, Any]
    glossary: Glossary | None = None
    services: Any = None  # quizlint.lint.services.Services: language identification and other shared tools
    # scratch space for what several rules work out from the same item (the engine gives every rule of an
    # item the same dictionary, and a fresh one to the next item)
    memo: dict = field(default_factory=dict)

    def problem(self, message: str, *path: Any, at_key: bool = False, fixable: bool = False) -> Problem:
        """A problem at ``path`` inside the item (empty path: the item's ``id:`` line)."""
        if not path:
            return Problem(message, ("id",), at_key=True, fixable=fixable)
        return Problem(message, tuple(path), at_key=at_key, fixable=fixable)


@dataclass
class QuizContext(_QuizLanguages):
    """What an item rule's ``check_quiz`` sees: the quiz's own texts (title, description)."""

    file: QuizFile
    options: dict[str, Any]
    glossary: Glossary | None = None
    services: Any = None

    def problem(self, message: str, *path: Any, at_key: bool = False) -> Problem:
        """A problem at ``path`` from the top of the file (e.g. ``("title", "tr")``)."""
        return Problem(message, tuple(path) or ("id",), at_key=at_key or not path)


@dataclass(frozen=True)
class ItemSummary:
    """What bank rules need to know about one item; small and JSON-friendly so it can be cached."""

    file: str
    quiz: str
    item: str
    line: int
    column: int
    type: str
    n_options: int
    keys: tuple[int, ...]
    fixed: tuple[int, ...]
    lengths: tuple[int, ...]  # option lengths in the source language, in characters
    stems: dict[str, str]  # language → comparison key of the stem
    stem_position: tuple[int, int]

    def as_json(self) -> dict:
        return {**self.__dict__, "keys": list(self.keys), "fixed": list(self.fixed), "lengths": list(self.lengths),
                "stem_position": list(self.stem_position)}

    @classmethod
    def from_json(cls, data: dict) -> "ItemSummary":
        return cls(**{**data, "keys": tuple(data["keys"]), "fixed": tuple(data["fixed"]),
                      "lengths": tuple(data["lengths"]), "stem_position": tuple(data["stem_position"])})

    def as_row(self) -> list:
        """Compact JSON (the results cache): the fields after ``file`` and ``quiz``, which the quiz has."""
        return [self.item, self.line, self.column, self.type, self.n_options, list(self.keys), list(self.fixed),
                list(self.lengths), self.stems, list(self.stem_position)]

    @classmethod
    def from_row(cls, file: str, quiz: str, row: list) -> "ItemSummary":
        item, line, column, kind, n_options, keys, fixed, lengths, stems, stem_position = row
        if not isinstance(stems, dict) or not all(isinstance(value, int) for value in (line, column, n_options)):
            raise TypeError("not an item summary")
        return cls(file, quiz, item, line, column, kind, n_options, tuple(keys), tuple(fixed), tuple(lengths), stems,
                   tuple(stem_position))


@dataclass(frozen=True)
class QuizSummary:
    file: str
    quiz: str
    line: int
    column: int
    languages: tuple[str, ...]
    items: tuple[ItemSummary, ...] = ()

    def as_json(self) -> dict:
        return {"file": self.file, "quiz": self.quiz, "line": self.line, "column": self.column,
                "languages": list(self.languages), "items": [item.as_json() for item in self.items]}

    @classmethod
    def from_json(cls, data: dict) -> "QuizSummary":
        return cls(data["file"], data["quiz"], data["line"], data["column"], tuple(data["languages"]),
                   tuple(ItemSummary.from_json(item) for item in data["items"]))

    def as_row(self) -> list:
        """Compact JSON (the results cache)."""
        return [self.file, self.quiz, self.line, self.column, list(self.languages),
                [item.as_row() for item in self.items]]

    @classmethod
    def from_row(cls, row: list) -> "QuizSummary":
        file, quiz, line, column, languages, items = row
        return cls(file, quiz, line, column, tuple(languages), tuple(ItemSummary.from_row(file, quiz, item)
                                                                     for item in items))


@dataclass
class BankContext:
    quizzes: list[QuizSummary]
    options: dict[str, Any]
    services: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def items(self) -> list[ItemSummary]:
        return [item for quiz in self.quizzes for item in quiz.items]

    def problem(self, message: str, file: str, line: int, column: int, item: str | None = None,
                fixable: bool = False) -> Problem:
        return Problem(message, file=file, item=item, position=(line, column), fixable=fixable)
