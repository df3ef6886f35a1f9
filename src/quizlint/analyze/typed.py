"""Scoring the responses to the items that have no options: what a respondent typed (numerical, short answer) or
arranged (matching, ordering), read from quizlint's long CSV or from an LMS report, as a score from 0 to 1.

- numerical (Moodle's ``qtype_numerical``): the number, a comma read as the decimal point when there is no
  point (``0,5``; with both, the last one is the decimal point and the other groups thousands), then optionally
  one of the item's units (as written, case matters, as in Moodle): the value is the number divided by the unit's
  multiplier (``0.5 KB`` with ``KB`` at 0.001 is 500). The first answer, in the bank's order, whose
  ``value ± tolerance`` holds it gives its credit; none: 0. A text that is no number, or ends in a unit the item
  does not have, scores 0 (Moodle: "not a valid number") and is counted in a warning.
- short answer (``qtype_shortanswer``): the first accepted answer, in the bank's order, that the text is in some
  language of the quiz gives its credit; compared in NFC with whitespace collapsed and, unless the item is
  ``case_sensitive``, casefolded the Turkish way in Turkish (I/ı, İ/i); ``*`` in an accepted answer stands for
  any text (Moodle's wildcard; ``\\*`` is a star).
- matching (``qtype_match``): the share of prompts given their own match (Moodle's grading: partial credit).
- ordering (``qtype_ordering`` with "absolute position", which quizlint's Moodle export sets): the share of steps
  in their right place.

Credits are percents; a score is kept between 0 and 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from quizlint.model.texts import language_texts, option_letter
from quizlint.text import short_answer_key

Split = Callable[[str], list[str]]
_NUMBER = re.compile(r"^([+-]?(?:\d[\d.,]*|[.,]\d+)(?:[eE][+-]?\d+)?)\s*(.*?)$", re.DOTALL)
_STARS = re.compile(r"(?<!\\)\*+")
_ELLIPSIS = ("...", "…")
_BLANKS = ("", "-")


def parse_number(text: str) -> tuple[float, str] | None:
    """(number, what follows it) of a typed numerical answer; None when it does not start with a number."""
    found = _NUMBER.match(text.strip().replace("\u2212", "-"))
    if not found:
        return None
    digits, rest = found.group(1), found.group(2).strip()
    mantissa, _, exponent = digits.replace("E", "e").partition("e")
    point = max(mantissa.rfind("."), mantissa.rfind(","))
    if "." in mantissa and "," in mantissa:  # (both: the last is the decimal point, the other groups thousands)
        mantissa = mantissa[:point].replace(".", "").replace(",", "") + "." + mantissa[point + 1:]
    elif mantissa.count(",") + mantissa.count(".") > 1:
        return None
    else:
        mantissa = mantissa.replace(",", ".")
    try:
        return float(mantissa + ("e" + exponent if exponent else "")), rest
    except ValueError:
        return None


def _within(value: float, answer: float, tolerance: float) -> bool:
    # Moodle widens the interval by a hair (MDL-3225) so that 0.1 + 0.2 is 0.3
    return abs(value - answer) <= abs(tolerance) + 1e-12 * max(1.0, abs(answer))


def _share(credit: float) -> float:
    return max(0.0, min(1.0, credit / 100))


@dataclass(frozen=True)
class NumericalScoring:
    answers: tuple[tuple[float, float, float], ...]  # (value, tolerance, credit)
    units: tuple[tuple[str, float], ...]  # (unit, multiplier)

    def value(self, text: str) -> float | None:
        """The typed answer in the answers' unit; None when it is no number or its unit is not the item's."""
        parsed = parse_number(text)
        if parsed is None:
            return None
        number, unit = parsed
        if not unit:
            return number
        multiplier = next((multiplier for name, multiplier in self.units if name == unit), None)
        return None if multiplier is None else number / multiplier

    def score(self, text: str) -> float | None:
        """The score of a typed answer; None when it is no number (which Moodle scores 0)."""
        if text.strip() in _BLANKS:
            return 0.0
        value = self.value(text)
        if value is None:
            return None
        return next((_share(credit) for answer, tolerance, credit in self.answers
                     if _within(value, answer, tolerance)), 0.0)

    def expected(self) -> str:
        units = ", ".join(unit for unit, _ in self.units)
        return "a number" + (f", optionally followed by a unit ({units})" if units else "")


def _wildcard(pattern: str, lang: str, case_sensitive: bool) -> re.Pattern:
    bits = [short_answer_key(bit.replace("\\*", "*"), lang, case_sensitive) for bit in _STARS.split(pattern)]
    return re.compile(".*".join(re.escape(bit) for bit in bits), re.DOTALL)


@dataclass(frozen=True)
class ShortAnswerScoring:
    answers: tuple[tuple[tuple[tuple[str, re.Pattern], ...], float], ...]  # ((lang, pattern)…, credit)
    case_sensitive: bool

    def score(self, text: str) -> float:
        if text.strip() in _BLANKS:
            return 0.0
        keys: dict[str, str] = {}
        for patterns, credit in self.answers:
            for lang, pattern in patterns:
                key = keys.get(lang)
                if key is None:
                    key = keys[lang] = short_answer_key(text, lang, self.case_sensitive)
                if pattern.fullmatch(key):
                    return _share(credit)
        return 0.0

    @staticmethod
    def expected() -> str:
        return "any text"


def _unique(found: list[int]) -> int | None:
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class MatchingScoring:
    prompts: tuple[frozenset[str], ...]  # per pair: its prompt's match keys
    answers: tuple[frozenset[str], ...]  # the pairs' matches, then the distractors: their match keys

    def _right(self, prompt: int, answer: int) -> bool:
        return answer == prompt or bool(self.answers[answer] & self.answers[prompt])

    def score(self, text: str, split: Split, key: Callable[[str], str]) -> float | None:
        """An LMS's summary, ``prompt -> answer; …`` (Moodle); None when a part names no prompt or answer."""
        if text.strip() in _BLANKS:
            return 0.0
        right, seen = 0, set()
        for part in split(text):
            prompt_text, arrow, answer_text = part.partition(" -> ")
            prompt = _unique([index for index, keys in enumerate(self.prompts) if key(prompt_text) in keys])
            answer = _unique([index for index, keys in enumerate(self.answers) if key(answer_text) in keys])
            if not arrow or prompt is None or answer is None or prompt in seen:
                return None
            seen.add(prompt)
            right += self._right(prompt, answer)
        return right / len(self.prompts)

    def score_letters(self, text: str) -> float | None:
        """quizlint's long CSV: one letter per prompt, in the bank's order, naming the answer given (the pairs'
        matches A, B, … then the distractors), ``-`` for none."""
        letters = "".join(text.split()).upper()
        if not letters.replace("-", ""):
            return 0.0
        if len(letters) != len(self.prompts):
            return None
        right = 0
        for prompt, letter in enumerate(letters):
            answer = ord(letter) - ord("A")
            if letter != "-" and not 0 <= answer < len(self.answers):
                return None
            right += letter != "-" and self._right(prompt, answer)
        return right / len(self.prompts)

    def expected(self) -> str:
        return (f"{len(self.prompts)} letters, one per prompt in the bank's order, naming its answer "
                f"(A–{option_letter(len(self.answers) - 1)}: the matches, then the distractors; - for none)")


@dataclass(frozen=True)
class OrderingScoring:
    steps: tuple[frozenset[str], ...]  # per step, in the right order: its match keys

    def _step(self, text: str, key: Callable[[str], str]) -> int | None:
        shortened = text.rstrip().endswith(_ELLIPSIS)  # (Moodle's summary cuts a step at 10 characters)
        if shortened:
            prefix = key(text.rstrip().removesuffix("...").removesuffix("…"))
            return _unique([index for index, keys in enumerate(self.steps)
                            if prefix and any(step.startswith(prefix) for step in keys)])
        return _unique([index for index, keys in enumerate(self.steps) if key(text) in keys])

    def _positions(self, order: list[int | None]) -> float | None:
        if len(order) != len(self.steps) or None in order or len(set(order)) < len(order):
            return None
        return sum(step == position for position, step in enumerate(order)) / len(self.steps)

    def score(self, text: str, split: Split, key: Callable[[str], str]) -> float | None:
        """An LMS's summary, the steps in the order given, ``; `` apart (Moodle)."""
        if text.strip() in _BLANKS:
            return 0.0
        return self._positions([self._step(part, key) for part in split(text)])

    def score_letters(self, text: str) -> float | None:
        """quizlint's long CSV: the steps' letters (A, B, … in the bank's, the right, order) as arranged, every
        step once."""
        letters = [ord(letter) - ord("A") for letter in "".join(text.split()).upper()]
        if not letters:
            return 0.0
        return self._positions([step if 0 <= step < len(self.steps) else None for step in letters])

    def expected(self) -> str:
        return f"the step letters A–{option_letter(len(self.steps) - 1)} in the order given"


def typed_scoring(item, languages: list[str], text_keys):
    """How the responses to a numerical, short-answer, matching or ordering item are scored (None for an essay);
    ``text_keys(value)`` gives the match keys of a text in every language."""
    if item.type == "numerical":
        return NumericalScoring(tuple((answer.value, answer.tolerance, answer.credit) for answer in item.answers),
                                tuple((unit.unit, unit.multiplier) for unit in item.units))
    if item.type == "short_answer":
        answers = []
        for answer in item.answers:
            patterns = tuple((lang, _wildcard(text, lang, item.case_sensitive))
                             for lang, text in language_texts(answer.text, languages))
            answers.append((patterns, answer.credit))
        return ShortAnswerScoring(tuple(answers), item.case_sensitive)
    if item.type == "matching":
        return MatchingScoring(tuple(text_keys(pair.prompt) for pair in item.pairs),
                               tuple(text_keys(text) for text in [*(pair.match for pair in item.pairs),
                                                                  *item.distractors]))
    if item.type == "ordering":
        return OrderingScoring(tuple(text_keys(step) for step in item.sequence))
    return None

