"""What the analysis needs to know of the bank's items: options (their texts in every language, for matching an
LMS's report), keys and points; and the keys under which texts from an LMS are matched to them."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from quizlint.analyze.typed import typed_scoring
from quizlint.model.credit import has_credits, option_credits
from quizlint.model.texts import language_texts, option_letter, text_in
from quizlint.render import render_plain
from quizlint.text import casefold

_SPACE = re.compile(r"\s+")
_TAG = re.compile(r"<[^<>]*>")
_MLANG = re.compile(r"\{mlang[^}]*\}", re.IGNORECASE)

CHOICE_TYPES = ("single", "multiple", "true_false")
TRUE_FALSE_LABELS = ("true", "false")


def match_key(text: str) -> str:
    """The key under which a text from an LMS report and a text of the bank are the same: tags, ``{mlang}``
    markers and every space removed, entities resolved, casefolded (an LMS turns bold into capitals) with the
    four Turkish I's as one (a report may capitalise "ıspanak" as "ISPANAK", or "istanbul" as "ISTANBUL")."""
    text = html.unescape(_TAG.sub(" ", _MLANG.sub(" ", text)))
    return _SPACE.sub("", casefold(text)).replace("i\u0307", "i").replace("ı", "i")


@lru_cache(maxsize=65_536)
def _plain_key(markdown: str) -> str:
    return match_key(render_plain(markdown))


@dataclass(frozen=True)
class BankItem:
    """One item of the bank as the analysis sees it: a choice item's options, or how a typed answer is scored."""

    quiz: str
    id: str
    type: str
    labels: tuple[str, ...]  # A, B, C… (true/false for true_false items)
    keys: frozenset[int]
    points: float
    option_keys: tuple[frozenset[str], ...]  # per option: its match keys (each language, all languages joined)
    stem_keys: frozenset[str]
    file: str
    line: int
    stem: str = ""  # in the source language, as plain text (shown by the HTML report)
    credits: tuple[float, ...] | None = None  # a multiple-answer item's option credits (percent), when it has some
    scoring: object = None  # numerical, short answer, matching, ordering: a ``typed`` scoring (None: choice, essay)

    @property
    def is_choice(self) -> bool:
        return self.type in CHOICE_TYPES

    @property
    def is_essay(self) -> bool:
        return self.type == "essay"

    @property
    def n_options(self) -> int:
        return len(self.labels)

    def options_matching(self, text: str) -> list[int]:
        """The options whose text (in some language, or all of them joined) is ``text``."""
        key = match_key(text)
        return [index for index, keys in enumerate(self.option_keys) if key in keys]

    def stem_in(self, text: str) -> bool:
        """Whether the item's stem, in some language, is ``text`` or is inside it (an LMS's summary of a question
        starts with its text, and may hold every language of a multilingual text)."""
        key = match_key(text)
        return bool(key) and any(stem and stem in key for stem in self.stem_keys)


def _text_keys(value, languages: list[str]) -> frozenset[str]:
    texts = [text for _, text in language_texts(value, languages)]
    keys = {_plain_key(text) for text in texts}
    if not isinstance(value, str) and len(texts) > 1:
        keys.add("".join(_plain_key(text) for text in texts))  # a multilang text shown with all its languages
    keys.discard("")
    return frozenset(keys)


_TRUE_FALSE_WORDS = {
    0: frozenset({"true", "doğru", "dogru", "wahr", "vrai", "verdadero", "vero", "waar", "prawda"}),
    1: frozenset({"false", "yanlış", "yanlis", "falsch", "faux", "falso", "onwaar", "fałsz"}),
}


def bank_item(quiz_id: str, item, languages: list[str], file: str, line: int) -> BankItem:
    """The analysis's view of a model item."""
    keys: frozenset[int] = frozenset()
    option_keys: tuple[frozenset[str], ...] = ()
    labels: tuple[str, ...] = ()
    if item.type == "true_false":
        keys = frozenset() if item.answer is None else frozenset({0 if item.answer else 1})
        option_keys = tuple(frozenset(match_key(word) for word in _TRUE_FALSE_WORDS[index]) for index in (0, 1))
        labels = TRUE_FALSE_LABELS
    elif item.type in CHOICE_TYPES:
        keys = frozenset(index for index, option in enumerate(item.options) if option.correct)
        option_keys = tuple(_text_keys(option.text, languages) for option in item.options)
        labels = tuple(option_letter(index) for index in range(len(item.options)))
    stem = render_plain(text_in(item.stem, languages[0]) or "")
    credits = tuple(option_credits(item)) if has_credits(item) else None
    scoring = typed_scoring(item, languages, lambda value: _text_keys(value, languages))
    return BankItem(quiz_id, item.id, item.type, labels, keys, float(item.points), option_keys,
                    _text_keys(item.stem, languages), file, line, " ".join(stem.split()), credits, scoring)


@dataclass
class BankIndex:
    """The bank's items, by id and in order. ``partial``: the items are those of some files of the bank
    only (`quizlint lint FILE --responses …`), so responses to other items are left out with a warning instead of
    being an error."""

    items: list[BankItem]
    partial: bool = False

    def __post_init__(self) -> None:
        self.by_id: dict[str, list[BankItem]] = {}
        for item in self.items:
            self.by_id.setdefault(item.id, []).append(item)
        self.quiz_order = list(dict.fromkeys(item.quiz for item in self.items))
        self.typed = [item for item in self.items if not item.is_choice]  # (matched to an LMS's column by stem)
        self._by_option_key: dict[str, list[int]] = {}
        for position, item in enumerate(self.items):
            for key in set().union(*item.option_keys):
                self._by_option_key.setdefault(key, []).append(position)

    def items_with_option_keys(self, keys: Iterable[str]) -> list[BankItem]:
        """The items one of whose options has one of ``keys`` (in bank order)."""
        positions = sorted({position for key in keys for position in self._by_option_key.get(key, ())})
        return [self.items[position] for position in positions]

    def find(self, item_id: str, quiz_id: str | None = None) -> list[BankItem]:
        found = self.by_id.get(item_id, [])
        return [item for item in found if quiz_id is None or item.quiz == quiz_id]


def bank_index(quiz_files: Iterable, partial: bool = False) -> BankIndex:
    """The index of the items of ``quiz_files`` (validated ``QuizFile`` objects); see ``BankIndex``."""
    items = []
    for quiz_file in quiz_files:
        quiz = quiz_file.quiz
        for position, item in enumerate(quiz.items):
            line, _ = quiz_file.key_position_in_item(position, "id")
            items.append(bank_item(quiz.id, item, quiz.languages, quiz_file.path, line))
    return BankIndex(items, partial)
