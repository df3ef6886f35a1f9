"""Importers: other quiz formats → quiz files. One module per format, imported only when used.

Each module defines ``read(path: Path, log: ImportLog) -> DraftQuiz`` and raises ``ImportFailure`` for input it
cannot import. What they share, by concern: ``log`` (failures and warnings), ``draft`` (the draft quiz an
importer fills), ``reading`` (files and XML read safely), ``packages`` (zip archives and folders),
``html_markdown`` (HTML → Markdown), ``multilang`` (Moodle's language spans), ``identifiers`` (ids and language
tags), ``quiz_document`` (the draft as the data of a quiz file) and ``quiz_yaml`` (that data as YAML).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

# name → module
IMPORTERS = {
    "text": "quizlint.importers.text",
    "moodle": "quizlint.importers.moodle",
    "gift": "quizlint.importers.gift",
    "aiken": "quizlint.importers.aiken",
    "qti": "quizlint.importers.qti",
}

FORMAT_HELP = {
    "text": "plain text like the seeds: a title line, numbered questions, options on bullet lines",
    "moodle": "Moodle XML",
    "gift": "Moodle GIFT",
    "aiken": "Moodle Aiken",
    "qti": "a QTI 2.1 or 3.0 content package (zip or folder) or a Canvas QTI 1.2 export (zip)",
}

_EXTENSIONS = {".gift": "gift", ".aiken": "aiken", ".zip": "qti", ".imscc": "qti", ".qti": "qti"}
_XML_ROOTS = {"quiz": "moodle", "assessmentItem": "qti", "assessmentTest": "qti", "questestinterop": "qti",
              "manifest": "qti"}
_XML_ROOT = re.compile(rb"<(?:[\w.-]+:)?(quiz|assessmentItem|assessmentTest|questestinterop|manifest)[\s>/]")
_GIFT_ANSWERS = re.compile(r"\{\s*[=~]|\{[^{}]*\s[=~][^{}]*\}|\{\s*(?:T|F|TRUE|FALSE)\s*(?:#[^{}]*)?\}|^::[^\n]+::",
                           re.MULTILINE)
_AIKEN_ANSWER = re.compile(r"^ANSWER:\s*[A-Z]\s*$", re.MULTILINE)
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+\S", re.MULTILINE)
SNIFF_BYTES = 64 * 1024


def get_importer(name: str) -> ModuleType:
    return importlib.import_module(IMPORTERS[name])


def _sniff_text(head: bytes) -> tuple[str, str] | None:
    text = head.decode("utf-8", errors="replace")
    if _GIFT_ANSWERS.search(text):
        return "gift", "answers in braces"
    if _AIKEN_ANSWER.search(text):
        return "aiken", "ANSWER: lines"
    if _NUMBERED.search(text):
        return "text", "numbered questions"
    return None


def guess_format(path: Path) -> tuple[str, str] | None:
    """``(format, why)`` for ``path``, from its extension, else its content; None when nothing fits."""
    if path.is_dir():
        if (path / "imsmanifest.xml").is_file():
            return "qti", "a folder with an imsmanifest.xml"
        return None
    suffix = path.suffix.lower()
    if suffix in _EXTENSIONS:
        return _EXTENSIONS[suffix], f"the extension {suffix}"
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return None
    if head.startswith(b"PK\x03\x04"):
        return "qti", "the content: a zip archive"
    head = head.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark (Windows editors write one)
    root = _XML_ROOT.search(head)
    if head.lstrip().startswith(b"<") and root:
        name = root.group(1).decode()
        return _XML_ROOTS[name], f"the content: root element <{name}>"
    sniffed = _sniff_text(head)
    if sniffed is not None:
        return sniffed[0], f"the content: {sniffed[1]}"
    return None


__all__ = ["FORMAT_HELP", "IMPORTERS", "get_importer", "guess_format"]
