"""GIFT questions of the types without options, read as Moodle's GIFT reader reads them: numerical ``{#500:2}``,
``{#1..5}`` (a range: its middle and half its width) and ``{#=500:2 =%50%4000}`` (several answers, ``~`` giving
0 credit); short answer ``{=safetensors =%50%safe tensors#feedback}``; matching ``{=fp32 -> 4 bytes = -> 8
bytes}`` (an answer without a prompt is a distractor); essay ``{}``. Weights ``%50%`` are kept as credits."""

from __future__ import annotations

import re

from quizlint.importers.draft import NEUTRAL, DraftItem, texts_of
from quizlint.importers._types import DraftAnswer, TypedDraft

ITEM_TYPES = {"numerical": "numerical", "short answer": "short_answer", "matching": "matching", "essay": "essay"}
_WEIGHT = re.compile(r"%(-?\d+(?:\.\d*)?)%")
_NUMBER = r"-?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][-+]?\d+)?"
_RANGE = re.compile(rf"({_NUMBER})\s*\.\.\s*({_NUMBER})\Z")
_TOLERANCE = re.compile(rf"({_NUMBER})\s*(?::\s*({_NUMBER}))?\Z")


def _parts(answers: str) -> list[tuple[str, str]]:
    """``(mark, rest)`` of each answer: its mark (``=`` or ``~``) and what follows, up to the next mark."""
    return [(found.group(1), found.group(2).strip()) for found in re.finditer(r"([=~])([^=~]*)", answers)]


def _weighted(rest: str, default: float) -> tuple[float, str]:
    found = _WEIGHT.match(rest)
    return (float(found.group(1)), rest[found.end():].strip()) if found else (default, rest)


class TypedGift:
    """Reads the answers of one GIFT question of ``kind`` into ``item`` (``reader``: the GIFT reader, for its
    log; ``formatted``: a GIFT text as Markdown in the question's format)."""

    def __init__(self, reader, question, formatted, literal, text_format: str):
        self.reader, self.question, self.formatted, self.text_format = reader, question, formatted, text_format
        self.literal = literal  # a GIFT text as it is typed: escapes restored, nothing read as markup

    def read(self, item: DraftItem, kind: str, answers: str) -> None:
        item.type, item.typed = ITEM_TYPES[kind], TypedDraft()
        self.label = f"'{self.question.name}'" if self.question.name else str(item.number)
        getattr(self, "_" + item.type)(item.typed, answers)

    def _warn(self, message: str) -> None:
        self.reader.log.warn(self.reader.where, f"question {self.label}: {message}", self.question.first_line)

    def _text(self, raw: str) -> str:
        return self.formatted(raw, self.text_format)[0]

    def _feedback(self, rest: str) -> tuple[str, dict | None]:
        text, _, feedback = rest.partition("#")
        return text.strip(), texts_of(self._text(feedback)) if feedback.strip() else None

    def _numerical(self, typed: TypedDraft, answers: str) -> None:
        body = answers[1:].strip()
        parts = _parts(body if body[:1] in ("=", "~") else "=" + body)
        for mark, rest in parts:
            credit, rest = _weighted(rest, 100.0 if mark == "=" else 0.0)
            written, feedback = self._feedback(rest)
            value = _number_and_tolerance(written.replace("\ue03a", ":"))
            if value is None:
                what = f"answer {written!r} is not a number" if written else "an answer without a value (any other answer)"
                shown = f" with its feedback {' / '.join(feedback.values())!r}" if feedback else ""
                self._warn(f"{what}: left out{shown}")
                continue
            typed.answers.append(DraftAnswer(value=value[0], tolerance=value[1], credit=credit, feedback=feedback))
        if not typed.answers:
            raise self.question.fail("a numerical question needs an answer that is a number")

    def _short_answer(self, typed: TypedDraft, answers: str) -> None:
        for _, rest in _parts(answers):
            credit, rest = _weighted(rest, 100.0)
            written, feedback = self._feedback(rest)
            text = self.literal(written).strip()
            if text:
                typed.answers.append(DraftAnswer(text={NEUTRAL: text}, credit=credit, feedback=feedback))
        if not typed.answers:
            raise self.question.fail("a short-answer question needs an answer")

    def _matching(self, typed: TypedDraft, answers: str) -> None:
        for _, rest in _parts(answers):
            prompt, _, match = rest.partition("->")
            match_text = self.formatted(match, "plain")[0]
            if not match_text:
                continue
            if prompt.strip():
                typed.pairs.append(({None: self._text(prompt)}, {None: match_text}))
            else:
                typed.distractors.append({None: match_text})
        if not typed.pairs:
            raise self.question.fail("a matching question needs answers written `=prompt -> match`")

    def _essay(self, typed: TypedDraft, answers: str) -> None:
        return None


def _number_and_tolerance(written: str) -> tuple[float, float] | None:
    """(value, tolerance) of ``500:2``, ``500`` or a range ``1..5``; None when it is no number."""
    written = written.strip()
    found = _RANGE.match(written)
    if found:
        low, high = (float(group.replace(",", ".")) for group in found.groups())
        return (low + high) / 2, abs(high - low) / 2
    found = _TOLERANCE.match(written)
    if not found:
        return None
    return float(found.group(1).replace(",", ".")), abs(float((found.group(2) or "0").replace(",", ".")))
