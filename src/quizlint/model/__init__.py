"""Stage 2: the pydantic models of quiz and glossary files, built from loaded documents."""

from __future__ import annotations

import os
from dataclasses import replace

from quizlint.diagnostics import Finding
from quizlint.load import LoadLimits, load_document
from quizlint.model.build import QuizFile, build_glossary, build_quiz
from quizlint.model.digest import source_digest
from quizlint.model.texts import TextField, is_neutral, item_text_fields, option_letter, quiz_text_fields, text_in
from quizlint.model.types import Glossary, GlossaryTerm, Item, Option, Quiz, TranslationState


def read_quiz(
    path: str | os.PathLike, display: str | None = None, limits: LoadLimits = LoadLimits()
) -> tuple[QuizFile | None, list[Finding]]:
    """Load and validate one quiz file; problems come back as findings, never as exceptions."""
    document, findings = load_document(path, display, limits)
    if document is None:
        return None, findings
    quiz_file, more = build_quiz(document)
    return quiz_file, findings + more


def read_glossary(path: str | os.PathLike, display: str | None = None) -> tuple[Glossary | None, list[Finding]]:
    document, findings = load_document(path, display)
    if document is None:
        return None, [_as_glossary_finding(finding) for finding in findings]
    return build_glossary(document)


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
    "is_neutral",
    "item_text_fields",
    "option_letter",
    "quiz_text_fields",
    "read_glossary",
    "read_quiz",
    "source_digest",
    "text_in",
]
