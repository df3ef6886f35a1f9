"""Stage 2: the pydantic models of quiz and glossary files, built from loaded documents."""

from __future__ import annotations

import importlib
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from quizlint.diagnostics import Finding
from quizlint.load import LoadLimits, load_document, load_source

if TYPE_CHECKING:
    from quizlint.model.build import QuizFile, build_glossary, build_quiz
    from quizlint.model.digest import is_current_digest, source_digest
    from quizlint.model.texts import (TextField, is_neutral, item_text_fields, option_letter, quiz_text_fields,
                                      text_in)
    from quizlint.model.types import Glossary, GlossaryTerm, Item, Option, Quiz, TranslationState

# The names below load their module on first use: the text helpers need no pydantic, so a lint run whose
# results are all cached (and the start-up of every command) does not pay for building the models.
_EXPORTS = {
    "QuizFile": "build", "build_glossary": "build", "build_quiz": "build", "source_digest": "digest",
    "is_current_digest": "digest", "TextField": "texts", "is_neutral": "texts", "item_text_fields": "texts",
    "option_letter": "texts", "quiz_text_fields": "texts", "text_in": "texts", "Glossary": "types",
    "GlossaryTerm": "types", "Item": "types", "Option": "types", "Quiz": "types", "TranslationState": "types",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    return value


def read_quiz(
    path: str | os.PathLike, display: str | None = None, limits: LoadLimits = LoadLimits(),
    source: bytes | None = None,
) -> tuple[QuizFile | None, list[Finding]]:
    """Load and validate one quiz file (from ``source``, its bytes, when they were read already); problems
    come back as findings, never as exceptions."""
    from quizlint.model.build import build_quiz

    document, findings = _document(path, display, limits, source)
    if document is None:
        return None, findings
    quiz_file, more = build_quiz(document)
    if quiz_file is not None:
        quiz_file.source_path = os.path.abspath(path)
    return quiz_file, findings + more


def read_glossary(path: str | os.PathLike, display: str | None = None,
                  source: bytes | None = None) -> tuple[Glossary | None, list[Finding]]:
    from quizlint.model.build import build_glossary

    document, findings = _document(path, display, LoadLimits(), source)
    if document is None:
        return None, [_as_glossary_finding(finding) for finding in findings]
    return build_glossary(document)


def _document(path: str | os.PathLike, display: str | None, limits: LoadLimits, source: bytes | None):
    if source is None:
        return load_document(path, display, limits)
    return load_source(source, display if display is not None else str(path), limits)


def _as_glossary_finding(finding: Finding) -> Finding:
    """The loader's wording is about quiz files; an empty glossary is told what a glossary holds."""
    if finding.code == "Y007":
        return replace(finding, message="empty file: expected a glossary mapping with a `terms:` list")
    return finding


__all__ = [
    "Finding",
    "Glossary",
    "GlossaryTerm",
    "Item",
    "Option",
    "Quiz",
    "QuizFile",
    "TextField",
    "TranslationState",
    "is_current_digest",
    "is_neutral",
    "item_text_fields",
    "option_letter",
    "quiz_text_fields",
    "read_glossary",
    "read_quiz",
    "source_digest",
    "text_in",
]
