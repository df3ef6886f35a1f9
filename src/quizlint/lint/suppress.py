"""Inline suppressions: ``# quizlint: disable=CODE[,CODE] -- reason``.

On an item's ``id:`` line the comment silences those rules for that item; among the comment lines at the
top of the file, for the whole file. A suppression that silences nothing is reported (Q001), and so is one
that names an unknown rule or stands where it cannot apply (Q002).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from quizlint.diagnostics import Finding
from quizlint.rules.base import find_rule

_COMMENT = re.compile(r"#\s*quizlint:\s*disable\s*=\s*([^#]*?)\s*(?:--\s*(?P<reason>.*?))?\s*$")
UNUSED_CODE, UNUSED_NAME = "Q001", "unused-suppression"
INVALID_CODE, INVALID_NAME = "Q002", "invalid-suppression"


@dataclass
class Suppression:
    line: int
    column: int
    codes: tuple[str, ...]
    item: str | None  # None: the whole file
    reason: str | None
    used: set[str] = field(default_factory=set)


@dataclass
class FileSuppressions:
    path: str
    entries: list[Suppression] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "path": self.path,
            "entries": [[s.line, s.column, list(s.codes), s.item, s.reason] for s in self.entries],
            "problems": [finding.as_json() | {"fixable": finding.fixable} for finding in self.problems],
        }

    @classmethod
    def from_json(cls, data: dict) -> "FileSuppressions":
        return cls(
            data["path"],
            [Suppression(line, column, tuple(codes), item, reason) for line, column, codes, item, reason in data["entries"]],
            [Finding(**problem) for problem in data["problems"]],
        )


def _header_end(lines: list[str]) -> int:
    """Number of leading lines that are blank or comments."""
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return number
    return len(lines)


def parse_suppressions(path: str, text: str, item_id_lines: dict[int, str]) -> FileSuppressions:
    """Find suppression comments. ``item_id_lines`` maps the line of each item's ``id:`` key to the item id."""
    result = FileSuppressions(path)
    if "quizlint:" not in text:
        return result
    lines = text.splitlines()
    header = _header_end(lines)
    for number, line in enumerate(lines, start=1):
        hash_at = line.find("#")
        if hash_at < 0 or "quizlint:" not in line:
            continue
        match = _COMMENT.search(line, hash_at)
        if match is None:
            continue
        column = match.start() + 1
        names = [name.strip() for name in match.group(1).split(",") if name.strip()]
        codes = []
        for name in names:
            rule = find_rule(name)
            if rule is None and name.upper() not in (UNUSED_CODE, INVALID_CODE):
                result.problems.append(
                    Finding(path, number, column, INVALID_CODE, INVALID_NAME, "warning", f"unknown rule {name!r} in suppression")
                )
            else:
                codes.append(rule.code if rule else name.upper())
        if number <= header:
            item = None
        elif number in item_id_lines:
            item = item_id_lines[number]
        else:
            result.problems.append(
                Finding(path, number, column, INVALID_CODE, INVALID_NAME, "warning",
                        "a suppression applies only on an item's `id:` line or in the comments at the top of the file")
            )
            continue
        if codes:
            result.entries.append(Suppression(number, column, tuple(codes), item, match.group("reason")))
    return result


def apply_suppressions(
    findings: list[Finding], suppressions: FileSuppressions, enabled: set[str] | None = None
) -> list[Finding]:
    """The findings not silenced, plus problems with the suppressions themselves.

    A suppression of a rule that is not enabled (``enabled``) is not reported as unused.
    """
    kept = []
    for finding in findings:
        silenced = False
        for entry in suppressions.entries:
            if finding.code in entry.codes and (entry.item is None or entry.item == finding.item):
                entry.used.add(finding.code)
                silenced = True
        if not silenced:
            kept.append(finding)
    kept.extend(suppressions.problems)
    for entry in suppressions.entries:
        for code in entry.codes:
            if code not in entry.used and (enabled is None or code in enabled):
                where = f"item {entry.item!r}" if entry.item else "this file"
                kept.append(
                    Finding(suppressions.path, entry.line, entry.column, UNUSED_CODE, UNUSED_NAME, "warning",
                            f"unused suppression: {code} reports nothing in {where}", entry.item)
                )
    return kept
