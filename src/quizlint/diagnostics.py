"""The one record every stage reports problems with."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from operator import attrgetter

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    column: int
    code: str
    rule: str
    severity: str
    message: str
    item: str | None = None
    fixable: bool = field(default=False, compare=False)

    def sort_key(self) -> tuple:
        return REPORT_ORDER(self)

    def as_json(self) -> dict:
        data = asdict(self)
        del data["fixable"]
        return data


# The order of a report: ``sorted(findings, key=REPORT_ORDER)`` (a C-level key, for reports of many findings).
REPORT_ORDER = attrgetter("file", "line", "column", "code", "message")

# Problems found before any rule runs: reading, parsing and validating the structure of a file.
# (code, name, one-line summary); their documentation lives with the rules in ``quizlint.rules``.
LOAD_CODES = {
    "Y001": "yaml-syntax",
    "Y002": "duplicate-key",
    "Y003": "yaml-anchor",
    "Y004": "invalid-encoding",
    "Y005": "file-too-large",
    "Y006": "multiple-documents",
    "Y007": "empty-file",
    "Y008": "nesting-too-deep",
    "Y009": "unreadable-file",
    "Y010": "yaml-tag",
    "S001": "schema-type",
    "S002": "unknown-key",
    "S003": "missing-field",
}

# The checks of suppression comments (``quizlint.lint.suppress``): on in every run, but a bank may ignore them.
UNUSED_CODE, UNUSED_NAME = "Q001", "unused-suppression"
INVALID_CODE, INVALID_NAME = "Q002", "invalid-suppression"
SUPPRESSION_CODES = {UNUSED_CODE: UNUSED_NAME, INVALID_CODE: INVALID_NAME}


def load_finding(file: str, line: int, column: int, code: str, message: str, item: str | None = None) -> Finding:
    return Finding(file, line, column, code, LOAD_CODES[code], "error", message, item)
