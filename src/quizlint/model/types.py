"""Pydantic models of a quiz file and of the glossary.

Strict about structure (unknown keys, wrong types and missing fields are errors) and lenient about content:
an item with no key, an empty text or a missing translation is well-formed here and reported by the linter.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StrictBool,
    StringConstraints,
    Tag,
    TypeAdapter,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

LANGUAGE_TAG_PATTERN = r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"
LanguageTag = Annotated[
    str,
    StringConstraints(pattern=LANGUAGE_TAG_PATTERN),
    Field(title="Language tag", description="A BCP 47 language tag such as `en`, `tr` or `pt-BR`."),
]
IDENTIFIER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
DIGEST_PATTERN = r"^[0-9a-f]{8,64}$"
Identifier = Annotated[
    str,
    StringConstraints(pattern=IDENTIFIER_PATTERN, max_length=200),
    Field(description="ASCII letters, digits, `-`, `_` and `.`; starts with a letter or digit."),
]


def _number_to_text(value: Any) -> Any:
    # `text: 42` is an option reading "42", not a schema error; `3.10` stays "3.10" (the loader keeps the
    # spelling of numbers in `.source`).
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return getattr(value, "source", None) or str(value)
    return value


def _numbers_to_text(value: Any) -> Any:
    """``_number_to_text`` of a text, or of each language's text of a mapping (one call for a text, not one for
    each of its languages: the validation of an item called it some thirty times)."""
    if not isinstance(value, dict):
        return _number_to_text(value)
    if _TEXT_TYPES.issuperset(map(type, value.values())):  # (the usual mapping: no number to turn)
        return value
    return {lang: _number_to_text(text) for lang, text in value.items()}


_TEXT_TYPES = frozenset({str, type(None)})


def _not_a_boolean(value: Any) -> Any:
    # `quizlint: true` must not pass as format 1 (in Python, True == 1).
    if isinstance(value, bool):
        raise PydanticCustomError("literal_error", "Input should be 1")
    return value


def _text_kind(value: Any) -> str | None:
    if isinstance(value, str):
        return "neutral"
    if isinstance(value, dict):
        return "localized"
    return None


LocalizedText = dict[LanguageTag, Optional[str]]  # (a number is turned into text before: see ``Text``)

_TextUnion = Annotated[
    Union[
        Annotated[str, Tag("neutral")],
        Annotated[LocalizedText, Tag("localized")],
    ],
    Discriminator(
        _text_kind,
        custom_error_type="text_type",
        custom_error_message="expected text: a string, or a mapping from language tag to string",
    ),
]

TEXT_SCHEMA = {
    "title": "Text",
    "description": "Markdown text: a mapping from language tag to that language's text, or a plain string (or "
    "number) for language-neutral text such as names, numbers or code.",
    "anyOf": [
        {"type": "string"},
        {"type": "number"},
        {
            "type": "object",
            "propertyNames": {"pattern": LANGUAGE_TAG_PATTERN},
            "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}]},
        },
    ],
}
"""The JSON Schema of a text value; the generated schemas hold it once, as ``$defs/Text``."""
TEXT_MARKER = "x-quizlint-text"
"""Placeholder that ``quizlint.model.schema`` replaces with a ``$ref`` to ``$defs/Text``."""

Text = Annotated[_TextUnion, BeforeValidator(_numbers_to_text), WithJsonSchema({TEXT_MARKER: True})]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=False, use_attribute_docstrings=False, defer_build=True)


Credit = Annotated[float, Strict(), Field(ge=-100, le=100, allow_inf_nan=False)]


class Option(_Strict):
    """One answer option of a single- or multiple-answer item."""

    text: Text = Field(title="Text", description="What the option says, per language (Markdown).")
    correct: StrictBool = Field(
        False, title="Correct", description="True when choosing this option is (part of) the right answer."
    )
    feedback: Optional[Text] = Field(
        None, title="Feedback", description="Shown to a student who chose this option: why it is right or wrong."
    )
    fixed: StrictBool = Field(
        False,
        title="Fixed position",
        description='Never moved by shuffling or by `quizlint fix` (for options such as "All of the above").',
    )
    credit: Optional[Credit] = Field(
        None,
        title="Credit",
        description="`multiple` items only: the percent of the points this option gives when chosen (negative "
        "takes points away). Default: the keys share 100 equally, the other options give 0.",
    )


class TranslationState(_Strict):
    """Review state of one target language of an item."""

    model_config = ConfigDict(title="Translation state")

    status: Literal["draft", "machine", "reviewed"] = Field(
        title="Status",
        description="`draft`: written by a person, not yet reviewed; `machine`: machine-translated, waiting for "
        "review; `reviewed`: checked by a person.",
    )
    source: Optional[str] = Field(
        None,
        title="Source digest",
        description="Digest of the source-language texts the translation was made from; the linter reports the "
        "translation as stale when the source changes.",
        pattern=DIGEST_PATTERN,
    )


class ItemBase(_Strict):
    """What every item has, whatever its type."""

    id: Identifier = Field(title="Item id", description="Unique in the bank and stable across edits.")
    stem: Text = Field(title="Stem", description="The question, per language (Markdown).")
    explanation: Optional[Text] = Field(
        None, title="Explanation", description="Shown after the attempt: why the key is right (Markdown)."
    )
    tags: list[Annotated[str, StringConstraints(min_length=1)]] = Field(
        default_factory=list, title="Tags", description="Free-form tags, exported where the format has them."
    )
    points: Annotated[float, Strict(), Field(gt=0, allow_inf_nan=False)] = Field(
        # the bound says in the schema what allow_inf_nan does not: `.inf` is no score (`.nan` the schema cannot
        # refuse: every comparison with it is false; the description says "finite")
        1, title="Points", description="Score for a right answer: a finite number above 0.",
        json_schema_extra={"maximum": sys.float_info.max},
    )
    translations: dict[LanguageTag, TranslationState] = Field(
        default_factory=dict,
        title="Translations",
        description="Review state of each target language (the source language has none).",
    )



class Item(ItemBase):
    """One choice question: `single`, `multiple` or `true_false`."""

    model_config = ConfigDict(title="Choice item")

    id: Identifier = Field(title="Item id", description="Unique in the bank and stable across edits.")
    type: Literal["single", "multiple", "true_false"] = Field(
        "single",
        title="Type",
        description="`single`: exactly one correct option; `multiple`: one or more; `true_false`: `answer` "
        "instead of options.",
    )
    stem: Text = Field(title="Stem", description="The question, per language (Markdown).")
    options: list[Option] = Field(  # type: ignore[assignment]
        default_factory=list, title="Options", description="The options, in the order written (2 or more)."
    )
    answer: Optional[StrictBool] = Field(  # type: ignore[assignment]
        None, title="Answer", description="The right answer of a `true_false` item (`true` or `false`)."
    )

    @property
    def is_choice(self) -> bool:
        """Whether the item is answered by choosing options (`single`, `multiple`, `true_false`)."""
        return True


class TypedItem(ItemBase):
    """What the items of the other types share: no options and no `answer` (so code about options passes them
    by)."""

    @property
    def is_choice(self) -> bool:
        return False

    @property
    def options(self) -> list:
        return []

    @property
    def answer(self) -> None:
        return None


Number = Annotated[float, Strict(), Field(allow_inf_nan=False)]
FullCredit = Annotated[float, Strict(), Field(ge=-100, le=100, allow_inf_nan=False)]


class NumericalAnswer(_Strict):
    """One accepted value of a `numerical` item: right within `value ± tolerance`."""

    model_config = ConfigDict(title="Numerical answer")

    value: Number = Field(title="Value", description="The right value (in the first unit, when there are units).")
    tolerance: Number = Field(0, title="Tolerance", description="Absolute: any answer within `value ± tolerance`.")
    credit: FullCredit = Field(100, title="Credit", description="Percent of the points this answer gives.")
    feedback: Optional[Text] = Field(None, title="Feedback", description="Shown to a student who gave this answer.")


class Unit(_Strict):
    """A unit a `numerical` answer may be written in."""

    unit: Annotated[str, StringConstraints(min_length=1)] = Field(title="Unit", description="As written after the number.")
    multiplier: Annotated[float, Strict(), Field(gt=0, allow_inf_nan=False)] = Field(
        1, title="Multiplier", description="The value in this unit is the answer's value times the multiplier."
    )


class ShortAnswer(_Strict):
    """One accepted answer of a `short_answer` item."""

    model_config = ConfigDict(title="Short answer")

    text: Text = Field(title="Text", description="The answer as a student types it; a plain string is the same "
                       "in every language.")
    credit: FullCredit = Field(100, title="Credit", description="Percent of the points this answer gives.")
    feedback: Optional[Text] = Field(None, title="Feedback", description="Shown to a student who gave this answer.")


class Pair(_Strict):
    """A prompt and the answer it matches."""

    prompt: Text = Field(title="Prompt", description="Shown on the left.")
    match: Text = Field(title="Match", description="The answer that belongs to the prompt.")


class EssayResponse(_Strict):
    """How an essay is answered."""

    model_config = ConfigDict(title="Essay response")

    format: Literal["editor", "plain"] = Field("editor", title="Format",
                                               description="`editor`: a rich-text editor; `plain`: plain text.")
    lines: Annotated[int, Strict(), Field(ge=1, le=1000)] = Field(15, title="Lines",
                                                                 description="Height of the answer box.")


class NumericalItem(TypedItem):
    """A question answered by a number."""

    model_config = ConfigDict(title="Numerical item")

    type: Literal["numerical"] = Field(title="Type", description="`numerical`: the answer is a number.")
    answers: list[NumericalAnswer] = Field(default_factory=list, title="Answers",
                                           description="The accepted values (one or more).")
    units: list[Unit] = Field(default_factory=list, title="Units",
                              description="Units the answer may be written in (the first is the answers' own).")


class ShortAnswerItem(TypedItem):
    """A question answered by typing a word or a phrase."""

    model_config = ConfigDict(title="Short-answer item")

    type: Literal["short_answer"] = Field(title="Type", description="`short_answer`: the answer is typed.")
    answers: list[ShortAnswer] = Field(default_factory=list, title="Answers", description="The accepted answers.")
    case_sensitive: StrictBool = Field(False, title="Case sensitive", description="Whether `Ankara` and `ankara` "
                                       "differ (when false, compared with Turkish casefolding: I/ı, İ/i).")


class MatchingItem(TypedItem):
    """Prompts to match with answers."""

    model_config = ConfigDict(title="Matching item")

    type: Literal["matching"] = Field(title="Type", description="`matching`: match each prompt with its answer.")
    pairs: list[Pair] = Field(default_factory=list, title="Pairs", description="The prompts and their matches "
                              "(two or more).")
    distractors: list[Text] = Field(default_factory=list, title="Distractors",
                                    description="Extra answers that match no prompt.")


class OrderingItem(TypedItem):
    """Steps to put in order."""

    model_config = ConfigDict(title="Ordering item")

    type: Literal["ordering"] = Field(title="Type", description="`ordering`: put the steps in order.")
    sequence: list[Text] = Field(default_factory=list, title="Sequence",
                                 description="The steps in the right order (two or more); shown shuffled.")


class EssayItem(TypedItem):
    """A question answered in free text, graded by a person."""

    model_config = ConfigDict(title="Essay item")

    type: Literal["essay"] = Field(title="Type", description="`essay`: a free-text answer graded by a person.")
    response: Optional[EssayResponse] = Field(None, title="Response", description="How the answer is written.")
    template: Optional[Text] = Field(None, title="Template", description="Text the answer box starts with.")
    grader_info: Optional[Text] = Field(None, title="Grader information",
                                        description="Guidance for the person who grades the answer.")


ITEM_TYPES = ("single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering", "essay")
CHOICE_TYPES = frozenset({"single", "multiple", "true_false"})


def item_type_tag(value: Any) -> str | None:
    """The union tag of an item's data: `choice` for the choice types (and for no `type`), else the type."""
    if not isinstance(value, (dict, BaseModel)):
        return "choice"  # (not a mapping: the choice item's validation says so)
    kind = value.get("type", "single") if isinstance(value, dict) else getattr(value, "type", None)
    if kind in CHOICE_TYPES:
        return "choice"
    return kind if kind in ITEM_TYPES else None


AnyItem = Annotated[
    Union[
        Annotated[Item, Tag("choice")],
        Annotated[NumericalItem, Tag("numerical")],
        Annotated[ShortAnswerItem, Tag("short_answer")],
        Annotated[MatchingItem, Tag("matching")],
        Annotated[OrderingItem, Tag("ordering")],
        Annotated[EssayItem, Tag("essay")],
    ],
    Discriminator(
        item_type_tag,
        custom_error_type="item_type",
        custom_error_message="type: expected one of " + ", ".join(ITEM_TYPES),
    ),
]
"""An item of any type, told apart by its `type` (`single` when absent)."""
ITEM_ADAPTER: TypeAdapter = TypeAdapter(AnyItem)


def validate_item(data: Any) -> ItemBase:
    """An item of any type from its data (raises pydantic's ValidationError)."""
    return ITEM_ADAPTER.validate_python(data)


class Quiz(_Strict):
    """A quiz file: one quiz in one or more languages."""

    quizlint: Annotated[Literal[1], BeforeValidator(_not_a_boolean)] = Field(title="Format version", description="The quizlint file format version (1).")
    id: Identifier = Field(title="Quiz id", description="Unique in the bank.")
    languages: list[LanguageTag] = Field(
        min_length=1,
        json_schema_extra={"uniqueItems": True},
        title="Languages",
        description="The languages of the quiz; the first is the source language, the others are translations.",
    )
    title: Text = Field(title="Title", description="The quiz title, per language.")
    description: Optional[Text] = Field(
        None, title="Description", description="An introduction shown before the first item (Markdown)."
    )
    items: list[AnyItem] = Field(default_factory=list, title="Items", description="The questions, in order.")

    @property
    def source_language(self) -> str:
        return self.languages[0]

    @property
    def target_languages(self) -> list[str]:
        return self.languages[1:]


class GlossaryTerm(_Strict):
    """A term whose rendering in every language is prescribed."""

    model_config = ConfigDict(title="Glossary term")

    term: Annotated[str, StringConstraints(min_length=1)] = Field(
        title="Term", description="The term as written in the source language."
    )
    translate: StrictBool = Field(
        True, title="Translate", description="`false`: the term must appear as it is in every language."
    )
    translations: dict[LanguageTag, Annotated[str, StringConstraints(min_length=1)]] = Field(
        default_factory=dict,
        title="Required translations",
        description="Per language, the rendering a translation must contain wherever the source has the term "
        "(matched case-insensitively, so a word stem also matches its inflected forms).",
    )
    forbidden: dict[LanguageTag, list[Annotated[str, StringConstraints(min_length=1)]]] = Field(
        default_factory=dict,
        title="Forbidden renderings",
        description="Per language, renderings that must never appear.",
    )
    case_sensitive: StrictBool = Field(
        False, title="Case sensitive", description="Match the term with its exact capitalisation."
    )
    note: Optional[str] = Field(None, title="Note", description="Guidance for translators.")


class Glossary(_Strict):
    """The bank's glossary (`glossary.yaml` at the bank root)."""

    terms: list[GlossaryTerm] = Field(default_factory=list, title="Terms", description="The glossary's terms.")
