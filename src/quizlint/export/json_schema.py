"""The JSON export's document model and its JSON Schema (draft 2020-12), published as
``schema/export.schema.json`` (``quizlint schema export``; a test keeps the committed file in sync).

The export is the bank normalised: every text is a mapping with every exported language as a key (a
language-neutral text is repeated in each language, a missing translation is ``null``), every default is
written out, and the Markdown source is kept as written.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from quizlint.model.types import LanguageTag, TranslationState

FORMAT_VERSION = 1

NormalizedText = dict[LanguageTag, Optional[str]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ExportedOption(_Strict):
    """One option, in the order written."""

    text: NormalizedText = Field(title="Text", description="Markdown, per exported language.")
    correct: bool = Field(title="Correct", description="True for the key (or part of it).")
    fixed: bool = Field(title="Fixed position", description="Never moved by shuffling.")
    feedback: Optional[NormalizedText] = Field(title="Feedback", description="Shown to a student who chose it.")
    credit: Optional[float] = Field(None, title="Credit", description="Percent of the points (multiple-answer "
                                    "items), as written; null: the default scoring.")


class ExportedAnswer(_Strict):
    """An accepted answer of a numerical (``value``, ``tolerance``) or short-answer (``text``) item."""

    value: Optional[float] = Field(None, title="Value", description="Numerical items: the right value.")
    tolerance: Optional[float] = Field(None, title="Tolerance", description="Numerical items: absolute.")
    text: Optional[NormalizedText] = Field(None, title="Text", description="Short-answer items: the answer.")
    credit: float = Field(title="Credit", description="Percent of the points this answer gives.")
    feedback: Optional[NormalizedText] = Field(title="Feedback")


class ExportedUnit(_Strict):
    unit: str = Field(title="Unit")
    multiplier: float = Field(title="Multiplier")


class ExportedPair(_Strict):
    prompt: NormalizedText = Field(title="Prompt")
    match: NormalizedText = Field(title="Match")


class ExportedResponse(_Strict):
    format: Literal["editor", "plain"] = Field(title="Format")
    lines: int = Field(title="Lines")


class ExportedItem(_Strict):
    """One question."""

    id: str = Field(title="Item id")
    type: Literal["single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering",
                  "essay"] = Field(title="Type")
    stem: NormalizedText = Field(title="Stem", description="Markdown, per exported language.")
    options: list[ExportedOption] = Field(title="Options", description="Empty for true/false items.")
    answer: Optional[bool] = Field(title="Answer", description="The key of a true/false item, else null.")
    explanation: Optional[NormalizedText] = Field(title="Explanation")
    tags: list[str] = Field(title="Tags")
    points: float = Field(title="Points", gt=0)
    translations: dict[LanguageTag, TranslationState] = Field(
        title="Translations", description="Review state of each exported target language.")
    answers: Optional[list[ExportedAnswer]] = Field(None, title="Answers", description="Numerical and short-answer "
                                                    "items; else null.")
    units: Optional[list[ExportedUnit]] = Field(None, title="Units", description="Numerical items; else null.")
    case_sensitive: Optional[bool] = Field(None, title="Case sensitive", description="Short-answer items; else null.")
    pairs: Optional[list[ExportedPair]] = Field(None, title="Pairs", description="Matching items; else null.")
    distractors: Optional[list[NormalizedText]] = Field(None, title="Distractors",
                                                        description="Matching items; else null.")
    sequence: Optional[list[NormalizedText]] = Field(None, title="Sequence", description="Ordering items, in the "
                                                     "right order; else null.")
    response: Optional[ExportedResponse] = Field(None, title="Response", description="Essay items; else null.")
    template: Optional[NormalizedText] = Field(None, title="Template", description="Essay items; else null.")
    grader_info: Optional[NormalizedText] = Field(None, title="Grader information",
                                                  description="Essay items; else null.")


class ExportedQuiz(_Strict):
    """One quiz file."""

    id: str = Field(title="Quiz id")
    source_language: LanguageTag = Field(title="Source language")
    languages: list[LanguageTag] = Field(title="Languages", description="The languages exported for this quiz.")
    title: NormalizedText = Field(title="Title")
    description: Optional[NormalizedText] = Field(title="Description")
    items: list[ExportedItem] = Field(title="Items")


class ExportDocument(_Strict):
    """A quizlint bank exported as JSON (``quizlint export --to json``)."""

    format: Literal["quizlint-export"] = Field(title="Format", description="Always `quizlint-export`.")
    version: Literal[1] = Field(title="Format version")
    quizzes: list[ExportedQuiz] = Field(title="Quizzes", description="In bank order.")


def export_schema() -> dict:
    from quizlint.model.schema import json_schema

    return json_schema(ExportDocument, "export.schema.json")
