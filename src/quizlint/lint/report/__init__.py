"""Report formats for lint findings: one module per format, behind one registry."""

from __future__ import annotations

import importlib

FORMATS = {
    "text": "quizlint.lint.report.text",
    "json": "quizlint.lint.report.json_report",
    "sarif": "quizlint.lint.report.sarif",
    "github": "quizlint.lint.report.github",
    "junit": "quizlint.lint.report.junit",
}


def get_reporter(name: str):
    """The module of a format; it defines ``render(result, *, color, statistics, quiet, root) -> str``."""
    return importlib.import_module(FORMATS[name])
