"""Stage 2: validate loaded data into models, turning validation errors into positioned findings.

The quiz header and each item are validated separately, so one broken item is reported and left out
while every other item still reaches the linter; and so is each term of the glossary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from quizlint.diagnostics import Finding, load_finding
from quizlint.load import Document
from quizlint.model.types import (DIGEST_PATTERN, IDENTIFIER_PATTERN, ITEM_TYPES, LANGUAGE_TAG_PATTERN, Glossary,
                                  GlossaryTerm, Item, Quiz, validate_item)


@dataclass
class QuizFile:
    """A quiz file that validated: the quiz (with its valid items) and the document it came from."""

    document: Document
    quiz: Quiz
    item_indexes: list[int] = field(default_factory=list)  # index in the file of each item in quiz.items
    invalid_item_ids: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.document.path

    def item_path(self, position: int) -> tuple:
        return ("items", self.item_indexes[position])

    def position_in_item(self, position: int, *path: Any) -> tuple[int, int]:
        return self.document.position(self.item_path(position) + tuple(path))

    def key_position_in_item(self, position: int, *path: Any) -> tuple[int, int]:
        return self.document.key_position(self.item_path(position) + tuple(path))


def _walk(data: Any, loc: tuple) -> tuple[tuple, Any, bool]:
    """Follow a pydantic error location through the data, skipping union tags and other labels.

    Returns the data path that exists, the value there, and whether the last element was a missing key.
    """
    path: list[Any] = []
    current = data
    missing_key = False
    for index, element in enumerate(loc):
        if isinstance(current, dict) and element in current:
            path.append(element)
            current = current[element]
        elif isinstance(current, list) and isinstance(element, int) and 0 <= element < len(current):
            path.append(element)
            current = current[element]
        elif index == len(loc) - 1 and isinstance(current, dict) and isinstance(element, str):
            missing_key = True
    return tuple(path), current, missing_key


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    if getattr(value, "source", None):  # a number as the author wrote it (1e400, not inf)
        return value.source
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "...'"


def _dotted(path: tuple) -> str:
    out = ""
    for element in path:
        out += f"[{element}]" if isinstance(element, int) else (f".{element}" if out else str(element))
    return out or "(top level)"


# Plain-words versions of pydantic's messages, by error type (the value found is added after them).
_EXPECTED = {
    "bool_type": "expected true or false",
    "string_type": "expected a string",
    "list_type": "expected a list",
    "dict_type": "expected a mapping",
    "model_type": "expected a mapping",
    "model_attributes_type": "expected a mapping",
    "float_type": "expected a number",
    "int_type": "expected a whole number",
}
_PATTERNS = {
    LANGUAGE_TAG_PATTERN: "a BCP 47 language tag such as en, tr or pt-BR",
    IDENTIFIER_PATTERN: "an id: ASCII letters, digits, '-', '_' and '.', starting with a letter or digit",
    DIGEST_PATTERN: "a digest of 8 to 64 lowercase hex digits (written by `quizlint translate` and `review`)",
}


def _problem(detail: dict, value: Any) -> str:
    kind = detail["type"]
    if kind == "string_pattern_mismatch" and detail.get("ctx", {}).get("pattern") in _PATTERNS:
        return f"{_describe(value)} is not {_PATTERNS[detail['ctx']['pattern']]}"
    if kind == "too_short" and isinstance(value, list) and not value:
        return "expected at least one entry (got an empty list)"
    message = _EXPECTED.get(kind) or detail["msg"][0].lower() + detail["msg"][1:]
    hint = "; write it in quotes to make it text" if kind == "text_type" and isinstance(value, bool) else ""
    quoted_boolean = kind == "bool_type" and isinstance(value, str) and value.strip().lower() in ("true", "false")
    after = f"; write {value.strip().lower()} without quotes" if quoted_boolean else ""
    return f"{message} (got {_describe(value)}{hint}){after}"


def errors_to_findings(
    error: ValidationError, document: Document, base: tuple = (), item_id: str | None = None
) -> list[Finding]:
    from quizlint.model.known_keys import choice_hint, unknown_key_hint  # (did-you-mean: on errors only)

    data = document.data
    for element in base:
        data = data[element]
    findings: dict[tuple, Finding] = {}
    for detail in error.errors(include_url=False):
        at_key = "[key]" in detail["loc"]
        loc = tuple(element for element in detail["loc"] if element != "[key]")
        path, value, missing = _walk(data, loc)
        kind = detail["type"]
        full = base + path
        if kind == "item_type":
            line, column = document.position(full + ("type",))
            code = "S001"
            expected = ", ".join(repr(kind) for kind in ITEM_TYPES[:-1]) + f" or {ITEM_TYPES[-1]!r}"
            message = f"{_dotted(full + ('type',))}: input should be {expected} (got {_describe(value.get('type'))})"
        elif kind == "extra_forbidden":
            line, column = document.key_position(full)
            code = "S002"
            message = f"unknown key {loc[-1]!r} in {_dotted(full[:-1])}" if len(full) > 1 else f"unknown key {loc[-1]!r}"
            message += unknown_key_hint(error.title, loc)
        elif kind == "missing" or missing:
            line, column = document.position(full)
            code = "S003"
            message = f"missing required key {loc[-1]!r} in {_dotted(full)}"
        elif at_key:
            line, column = document.key_position(full)
            code = "S001"
            message = f"{_dotted(full[:-1])}: key {_problem(detail, detail.get('input'))}"
        else:
            line, column = document.position(full)
            code = "S001"
            message = f"{_dotted(full)}: {_problem(detail, value)}"
        message += choice_hint(message)
        findings.setdefault((line, column, code), load_finding(document.path, line, column, code, message, item_id))
    return list(findings.values())


_validators_ready = False


def prepare_validators() -> None:
    """Build the validators of the quiz models now, the item's first: the quiz's then reuses it (built on first
    use, the quiz's would build the item's schema once for itself and once more for ``Item``)."""
    global _validators_ready
    if not _validators_ready:
        Item.model_rebuild()
        Quiz.model_rebuild()
        _validators_ready = True


def build_quiz(document: Document) -> tuple[QuizFile | None, list[Finding]]:
    prepare_validators()
    data = document.data
    if not isinstance(data, dict):
        line, column = document.position(())
        return None, [
            load_finding(document.path, line, column, "S001", f"a quiz file must be a mapping, not {_describe(data)}")
        ]
    findings: list[Finding] = []
    raw_items = data.get("items", [])
    header = {key: value for key, value in data.items() if key != "items"}
    try:
        quiz = Quiz.model_validate(header)
    except ValidationError as error:
        findings.extend(errors_to_findings(error, document))
        quiz = None
    repeated = _repeated_languages(document)
    if repeated:
        findings.extend(repeated)
        quiz = None
    if not isinstance(raw_items, list):
        line, column = document.position(("items",))
        findings.append(
            load_finding(document.path, line, column, "S001", f"items: expected a list of items (got {_describe(raw_items)})")
        )
        raw_items = []
    items: list[Item] = []
    indexes: list[int] = []
    invalid: list[str] = []
    for index, raw in enumerate(raw_items):
        item_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        try:
            items.append(validate_item(raw))
            indexes.append(index)
        except ValidationError as error:
            findings.extend(errors_to_findings(error, document, ("items", index), item_id))
            if item_id:
                invalid.append(item_id)
    if quiz is None:
        return None, findings
    quiz.items = items
    return QuizFile(document, quiz, indexes, invalid), findings


def _repeated_languages(document: Document) -> list[Finding]:
    """``languages: [en, en]`` (tags compare case-insensitively): the second is an error at its own position."""
    languages = document.data.get("languages")
    if not isinstance(languages, list):
        return []
    findings, seen = [], set()
    for index, language in enumerate(languages):
        if not isinstance(language, str):
            continue
        if language.casefold() in seen:
            line, column = document.position(("languages", index))
            findings.append(load_finding(document.path, line, column, "S001",
                                         f"languages[{index}]: {language!r} is listed twice (list each language "
                                         "once; the first is the source language)"))
        seen.add(language.casefold())
    return findings


def build_model(document: Document, model: type[BaseModel]) -> tuple[BaseModel | None, list[Finding]]:
    """Validate a whole document against ``model``."""
    return _validated(model, document.data, document)


def _validated(model: type[BaseModel], value: Any, document: Document,
               base: tuple = ()) -> tuple[BaseModel | None, list[Finding]]:
    """``value``, the data at ``base`` in ``document`` (or part of it), validated as ``model``: the model, or None
    and the findings."""
    try:
        return model.model_validate(value), []
    except ValidationError as error:
        return None, errors_to_findings(error, document, base)


def build_glossary(document: Document) -> tuple[Glossary | None, list[Finding]]:
    """Validate the glossary term by term, as a quiz file is validated item by item: a broken term is reported
    and left out, and the other terms still check the bank. A glossary that is not a mapping, or whose
    ``terms`` is missing or not a list, is validated (and, but for a missing ``terms``, refused) whole."""
    data = document.data
    raw_terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(raw_terms, list):
        return build_model(document, Glossary)  # type: ignore[return-value]
    # (the rest of the top level: an unknown key there is reported, and the terms are kept)
    _, findings = _validated(Glossary, {key: value for key, value in data.items() if key != "terms"}, document)
    terms: list[GlossaryTerm] = []
    for index, raw in enumerate(raw_terms):
        term, problems = _validated(GlossaryTerm, raw, document, ("terms", index))
        findings.extend(problems)
        if term is not None:
            terms.append(term)  # type: ignore[arg-type]
    return Glossary(terms=terms), findings
