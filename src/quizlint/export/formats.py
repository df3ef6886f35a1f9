"""The export formats: one module per format, by name."""

from __future__ import annotations

import importlib

FORMATS = {
    "qti21": "quizlint.export.qti21",
    "qti30": "quizlint.export.qti30",
    "canvas": "quizlint.export.canvas",
    "moodle": "quizlint.export.moodle",
    "json": "quizlint.export.json_export",
    "gift": "quizlint.export.gift",
    "aiken": "quizlint.export.aiken",
}


def get_format(name: str):
    """The module of an export format."""
    return importlib.import_module(FORMATS[name])
