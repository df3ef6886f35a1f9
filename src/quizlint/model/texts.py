"""Reading texts out of the models: per language, and every translatable field of an item."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # annotations only: reading texts needs no pydantic (a cached lint run never loads it)
    from quizlint.model.types import Item

TextValue = Any  # str (language-neutral), dict[str, str | None] (per language) or None


def is_neutral(text: TextValue) -> bool:
    return isinstance(text, str)


def text_in(text: TextValue, lang: str) -> str | None:
    """The text in ``lang``: a language-neutral string is the same in every language; None when absent."""
    if text is None:
        return None
    if isinstance(text, str):
        return text
    return text.get(lang)


def language_texts(text: TextValue, languages: list[str]) -> Iterator[tuple[str, str]]:
    """(language, text) for every language in which ``text`` has a non-blank text."""
    if isinstance(text, str):  # (``text_in`` inlined: the linter asks this some 80 times per item)
        if text.strip():
            for lang in languages:
                yield lang, text
    elif text is not None:
        for lang in languages:
            found = text.get(lang)
            if found and found.strip():
                yield lang, found


class TextField(NamedTuple):
    """One translatable field of an item, with its path inside the item. (A named tuple: the linter makes
    about twenty per item, and a tuple is several times faster to build than a frozen dataclass.)"""

    path: tuple  # e.g. ("options", 2, "text")
    label: str  # e.g. "option C text"
    value: TextValue
    required: bool  # stems and option texts must exist; feedback and explanation are optional

    def lang_path(self, lang: str) -> tuple:
        return self.path if isinstance(self.value, str) else self.path + (lang,)


def option_letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def quiz_text_fields(quiz) -> Iterator[TextField]:
    """The quiz's own texts: its title and, when present, its description (paths from the file's top)."""
    yield TextField(("title",), "quiz title", quiz.title, True)
    if quiz.description is not None:
        yield TextField(("description",), "quiz description", quiz.description, False)


def item_text_fields(item: Item) -> list[TextField]:
    """Every text field of ``item``, in document order."""
    fields = [TextField(_STEM, "stem", item.stem, True)]
    if item.type not in _CHOICE_TYPES:
        fields.extend(typed_text_fields(item))
    for index, option in enumerate(item.options):
        text_path, text_label, feedback_path, feedback_label = _option_fields(index)
        fields.append(TextField(text_path, text_label, option.text, True))
        if option.feedback is not None:
            fields.append(TextField(feedback_path, feedback_label, option.feedback, False))
    if item.explanation is not None:
        fields.append(TextField(_EXPLANATION, "explanation", item.explanation, False))
    return fields


_STEM, _EXPLANATION = ("stem",), ("explanation",)
_CHOICE_TYPES = frozenset({"single", "multiple", "true_false"})


def typed_text_fields(item) -> Iterator[TextField]:
    """The text fields of a numerical, short-answer, matching, ordering or essay item between its stem and its
    explanation, in document order."""
    kind = item.type
    if kind in ("numerical", "short_answer"):
        for index, answer in enumerate(item.answers):
            if kind == "short_answer":
                yield TextField(("answers", index, "text"), f"answer {index + 1}", answer.text, True)
            if answer.feedback is not None:
                yield TextField(("answers", index, "feedback"), f"answer {index + 1} feedback", answer.feedback, False)
    elif kind == "matching":
        for index, pair in enumerate(item.pairs):
            yield TextField(("pairs", index, "prompt"), f"pair {index + 1} prompt", pair.prompt, True)
            yield TextField(("pairs", index, "match"), f"pair {index + 1} match", pair.match, True)
        for index, distractor in enumerate(item.distractors):
            yield TextField(("distractors", index), f"distractor {index + 1}", distractor, True)
    elif kind == "ordering":
        for index, step in enumerate(item.sequence):
            yield TextField(("sequence", index), f"step {index + 1}", step, True)
    elif kind == "essay":
        if item.template is not None:
            yield TextField(("template",), "answer template", item.template, False)
        if item.grader_info is not None:
            yield TextField(("grader_info",), "grader information", item.grader_info, False)


@lru_cache(maxsize=None)
def _option_fields(index: int) -> tuple[tuple, str, tuple, str]:
    """The paths and labels of option ``index``'s text and feedback (the same for every item)."""
    letter = option_letter(index)
    return ("options", index, "text"), f"option {letter}", ("options", index, "feedback"), f"option {letter} feedback"
