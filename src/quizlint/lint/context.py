"""What a rule sees: one item with its quiz (item rules), or summaries of the whole bank (bank rules)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # annotations only: a lint run whose results are all cached loads no pydantic
    from quizlint.language.identify import Services
    from quizlint.model import Glossary, Item, Quiz, QuizFile
from quizlint.rules.base import Problem, TextToIdentify


class Identified(NamedTuple):
    """A text the engine identified for a rule (see ``Rule.texts_to_identify``) whose declared language a quick
    look did not confirm: the confidence per identifiable language (primary subtags, in the order of their
    codes) that it is written in it."""

    text: TextToIdentify
    confidences: dict[str, float]


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
    services: Services | None = None  # shared tools of the run (language identification)
    # scratch space for what several rules work out from the same item (the engine gives every rule of an
    # item the same dictionary, and a fresh one to the next item)
    memo: dict = field(default_factory=dict)
    # the item's texts that the rule named in ``texts_to_identify`` and a quick look did not confirm in their
    # declared language (set by the engine for each rule, see ``engine.identify_languages``)
    identified: tuple[Identified, ...] | list[Identified] = ()
    # the quiz's languages and its source language, read once (as the properties of ``_QuizLanguages`` would
    # read them): the rules of an item ask for them dozens of times
    languages: list[str] = field(init=False, repr=False, default=None)  # type: ignore[assignment]
    source_language: str = field(init=False, repr=False, default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        self.languages = self.file.quiz.languages
        self.source_language = self.languages[0]

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
    services: Services | None = None

    def problem(self, message: str, *path: Any, at_key: bool = False) -> Problem:
        """A problem at ``path`` from the top of the file (e.g. ``("title", "tr")``)."""
        return Problem(message, tuple(path) or ("id",), at_key=at_key or not path)


class ItemSummary(NamedTuple):
    """What bank rules need to know about one item; small and JSON-friendly so it can be cached. (A named
    tuple: a lint run whose results are cached builds one per item of the bank, and tuples build fast.)"""

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
    stems: dict[str, str]  # language → digest of the comparison key of the stem (see ``engine.stem_digest``)
    stem_position: tuple[int, int]
    ordered: bool  # the options' order means something (numbers, "none of the above"…): `quizlint fix` keeps it
    # what the bank rules declare they read besides (``ITEM_SUMMARY`` of a rule module): name → JSON value
    data: dict[str, Any] = {}

    def as_json(self) -> dict:
        return {**self._asdict(), "keys": list(self.keys), "fixed": list(self.fixed), "lengths": list(self.lengths),
                "stem_position": list(self.stem_position)}

    @classmethod
    def from_json(cls, data: dict) -> "ItemSummary":
        return cls(**{**data, "keys": tuple(data["keys"]), "fixed": tuple(data["fixed"]),
                      "lengths": tuple(data["lengths"]), "stem_position": tuple(data["stem_position"])})


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
        """Compact JSON (the results cache): the item summaries as columns (one list per field after ``file``
        and ``quiz``, which the quiz has), which read back several times faster than an object per item."""
        columns = [list(column) for column in zip(*self.items)][2:] if self.items else [[] for _ in _ITEM_COLUMNS]
        return [self.file, self.quiz, self.line, self.column, list(self.languages), columns]

    @classmethod
    def from_row(cls, row: list) -> "QuizSummary":
        file, quiz, line, column, languages, columns = row
        if len(columns) != len(_ITEM_COLUMNS) or len({len(values) for values in columns}) > 1:
            raise TypeError("not a quiz summary")
        ids, lines, item_columns, kinds, counts, keys, fixed, lengths, stems, stem_positions, ordered, data = columns
        if not {type(value) for value in (*lines, *item_columns, *counts)} <= {int} or not all(
                type(value) is dict for value in (*stems, *data)) or not {type(value) for value in ordered} <= {bool}:
            raise TypeError("not a quiz summary")
        size = len(ids)
        items = tuple(map(ItemSummary, repeat(file, size), repeat(quiz, size), ids, lines, item_columns, kinds, counts,
                          map(tuple, keys), map(tuple, fixed), map(tuple, lengths), stems, map(tuple, stem_positions),
                          ordered, data))
        return cls(file, quiz, line, column, tuple(languages), items)


# the fields of ItemSummary kept per item in the cache (``file`` and ``quiz`` are the quiz's)
_ITEM_COLUMNS = ItemSummary._fields[2:]


def bank_order(file: str) -> tuple[str, str]:
    """Where the file of a (display) path stands in the order in which bank rules meet items "first": by its real
    path, which, unlike its display path, does not depend on the folder quizlint runs from; then (two names of
    one file) by its display path."""
    return _real_path(os.getcwd(), file), file


@lru_cache(maxsize=65_536)  # (asked by every bank rule for every file of a run)
def _real_path(directory: str, file: str) -> str:
    return os.path.realpath(os.path.join(directory, file))


@dataclass
class BankContext:
    quizzes: list[QuizSummary]
    options: dict[str, Any]
    services: Services | None = None
    # (file, item id) of the items whose options `quizlint fix` leaves in place although they count: a rule that
    # moves keys is disabled there (see ``quizlint.lint.engine.kept_in_place``)
    kept_in_place: frozenset[tuple[str, str]] = frozenset()
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def items(self) -> list[ItemSummary]:
        return [item for quiz in self.quizzes for item in quiz.items]

    def quizzes_in_path_order(self) -> list[QuizSummary]:
        """The quizzes in ``bank_order`` of their files, then by line: the order in which bank rules meet items
        "first"."""
        return sorted(self.quizzes, key=lambda quiz: (bank_order(quiz.file), quiz.line))

    def problem(self, message: str, file: str, line: int, column: int, item: str | None = None,
                fixable: bool = False) -> Problem:
        return Problem(message, file=file, item=item, position=(line, column), fixable=fixable)
