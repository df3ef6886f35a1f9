"""Inline suppressions: ``# quizlint: disable=CODE[,CODE] -- reason`` (or ``# reason``, as ``# noqa: E501 #
reason`` in flake8 and ruff).

On an item's ``id:`` line the comment silences those rules for that item; among the comment lines at the
top of the file, for the whole file. ``quizlint fix`` obeys the same comments (:func:`disabled_codes`): for the
rules that move keys (key-position-bias, key-middle-bias) it leaves the options of the items they cover in
place, so such a suppression is never unused. Any other suppression that silences nothing is reported (Q001),
and so is one that names an unknown rule or stands where it cannot apply (Q002), and a comment that is meant
as one but is not written in that form (``# quizlint: disable W003``, ``# QUIZLINT: …``, ``# quizlint: enable=…``):
silently ignored, it would silence nothing while its author believes it does.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from quizlint.diagnostics import INVALID_CODE, INVALID_NAME, UNUSED_CODE, UNUSED_NAME, Finding
from quizlint.rules.base import find_rule

_COMMENT = re.compile(r"#\s*quizlint:\s*disable\s*=\s*([^#]*?)\s*(?:(?:--|#)\s*(?P<reason>.*?))?\s*$")
# What every suppression comment starts with, well written or not.
_COMMENT_MARKER = re.compile(r"#\s*quizlint", re.IGNORECASE)
# A comment meant as a suppression: "quizlint" (any case) and a colon, or a word of a directive ("# quizlint
# disable=W003"). Not prose that starts with the name: "# quizlint checks this file before export".
_ATTEMPT = re.compile(r"#\s*quizlint(?:\s*[:=-]|\s+(?:disable|enable|ignore|noqa)\b)", re.IGNORECASE)
_DIRECTIVE = re.compile(r"#\s*(?P<name>quizlint)\s*(?P<colon>:?)\s*(?P<word>[\w-]*)\s*(?P<equals>=?)", re.IGNORECASE)
_FORM = "`# quizlint: disable=CODE[,CODE] -- reason`"
_QUOTE_OPENERS = " \t[{,:-?"  # a quote after one of these starts a quoted scalar (`Türkiye'nin` does not)
_LOAD_FAMILIES = ("Y", "S")


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


def comment_start(line: str) -> int:
    """Index of the ``#`` that starts a comment on ``line``, or -1.

    A YAML comment starts with ``#`` at the start of a line or after whitespace, outside quotes: in
    ``stem: "C# # not this"`` only the last ``#`` after the closing quote would start one.
    """
    quote = None
    previous = " "
    index = 0
    while index < len(line):
        char = line[index]
        if quote == '"':
            if char == "\\":
                index += 1
            elif char == '"':
                quote = None
        elif quote == "'":
            if char == "'" and line[index + 1 : index + 2] == "'":
                index += 1
            elif char == "'":
                quote = None
        elif char in "\"'" and previous in _QUOTE_OPENERS:
            quote = char
        elif char == "#" and previous in " \t":
            return index
        previous = char
        index += 1
    return -1


def _comment_start(line: str, number: int, in_text: Callable[[int, int], bool] | None) -> int:
    """``comment_start``; with ``in_text``, which knows the values that run over several lines: the first ``#``
    at the line's start or after whitespace that is not in a value's text."""
    if in_text is None:
        return comment_start(line)
    return next((index for index, char in enumerate(line)
                 if char == "#" and (index == 0 or line[index - 1] in " \t") and not in_text(number, index + 1)), -1)


def _invalid(path: str, line: int, column: int, message: str) -> Finding:
    return Finding(path, line, column, INVALID_CODE, INVALID_NAME, "warning", message)


def _codes(path: str, line: int, column: int, names: list[str], problems: list[Finding]) -> list[str]:
    """Rule codes for the names in one comment; unknown names become Q002 problems."""
    codes = []
    for name in names:
        rule = find_rule(name)
        if rule is not None:
            codes.append(rule.code)
        elif name.upper() in (UNUSED_CODE, INVALID_CODE, UNUSED_NAME.upper(), INVALID_NAME.upper()):
            codes.append(UNUSED_CODE if name.upper() in (UNUSED_CODE, UNUSED_NAME.upper()) else INVALID_CODE)
        elif name.upper().startswith(_LOAD_FAMILIES) and name[1:].isdigit():
            problems.append(_invalid(path, line, column, f"{name} cannot be suppressed: load and schema errors "
                                     "must be fixed, the file cannot be checked otherwise"))
        else:
            problems.append(_invalid(path, line, column, f"unknown rule {name!r} in suppression"))
    return codes


def _malformed(comment: str) -> str:
    """The Q002 message for a comment meant as a suppression that is not written as one: what is wrong first."""
    parts = _DIRECTIVE.match(comment)
    word = parts["word"]
    if parts["name"] != "quizlint" or (word.lower() == "disable" and word != "disable"):
        problem = "not in lower case"
    elif not parts["colon"]:
        problem = "no colon after `quizlint`"
    elif word != "disable":
        problem = f"unknown directive {word + parts['equals']!r}" if word else "no directive"
    else:
        problem = "no `=` after `disable`"
    return f"malformed suppression ({problem}): write {_FORM}"


def may_suppress(text: str) -> bool:
    """Whether ``text`` may hold a suppression comment (every quiz file has ``quizlint:``, few a comment)."""
    return _COMMENT_MARKER.search(text) is not None


def parse_suppressions(path: str, text: str, item_id_lines: dict[int, str],
                       in_text: Callable[[int, int], bool] | None = None) -> FileSuppressions:
    """Find suppression comments. ``item_id_lines`` maps the line of each item's ``id:`` key to the item id;
    ``in_text(line, column)`` tells a ``#`` inside a value's text (a block scalar, a quoted string over several
    lines), which no line by itself shows, from one that starts a comment."""
    result = FileSuppressions(path)
    if not may_suppress(text):
        return result
    lines = text.splitlines()
    header = _header_end(lines)
    for number, line in enumerate(lines, start=1):
        start = _comment_start(line, number, in_text) if _COMMENT_MARKER.search(line) else -1
        match = _COMMENT.match(line, start) if start >= 0 else None
        if match is None:
            if start >= 0 and _ATTEMPT.match(line, start):
                result.problems.append(_invalid(path, number, start + 1, _malformed(line[start:])))
            continue
        column = match.start() + 1
        names = [name.strip() for name in match.group(1).split(",") if name.strip()]
        if not names:
            result.problems.append(_invalid(path, number, column, f"suppression names no rule: write {_FORM}"))
            continue
        codes = _codes(path, number, column, names, result.problems)
        if number <= header:
            item = None
        elif number in item_id_lines:
            item = item_id_lines[number]
        else:
            result.problems.append(_invalid(path, number, column, "a suppression applies only on an item's `id:` "
                                            "line or in the comments at the top of the file"))
            continue
        if codes:
            result.entries.append(Suppression(number, column, tuple(codes), item, match.group("reason")))
    return result


def disabled_codes(suppressions: FileSuppressions | None,
                   ignored: Iterable[str] = ()) -> Callable[[str | None], set[str]]:
    """Item id → the codes disabled for that item: ``ignored`` (the file's ``per-file-ignores``) and the
    suppressions of the whole file or of the item; None → the codes disabled for the whole file."""
    whole_file = set(ignored)
    per_item: dict[str, set[str]] = defaultdict(set)
    for entry in suppressions.entries if suppressions is not None else ():
        (whole_file if entry.item is None else per_item[entry.item]).update(entry.codes)
    return lambda item_id: whole_file | per_item.get(item_id, set())


def _obeyed_by_fix(code: str) -> bool:
    """Whether ``quizlint fix`` obeys a suppression of ``code`` beyond the findings lint silences with it."""
    rule = find_rule(code)
    return rule is not None and rule.moves_keys


def _silencer(entries: list[Suppression], finding: Finding) -> list[Suppression]:
    """The suppressions that cover ``finding``: same code, and the whole file or the finding's item."""
    return [entry for entry in entries
            if finding.code in entry.codes and (entry.item is None or entry.item == finding.item)]


def _unused(suppressions: FileSuppressions, enabled: set[str] | None, unchecked_items: set[str]) -> list[Finding]:
    unused = []
    for entry in suppressions.entries:
        if entry.item in unchecked_items or (entry.item is None and unchecked_items):
            continue  # the item (for the whole file: an item of it) failed validation, so its rules never ran
        for code in entry.codes:
            if code in (UNUSED_CODE, INVALID_CODE) or code in entry.used or _obeyed_by_fix(code):
                continue
            if enabled is None or code in enabled:
                where = f"item {entry.item!r}" if entry.item else "this file"
                unused.append(Finding(suppressions.path, entry.line, entry.column, UNUSED_CODE, UNUSED_NAME,
                                      "warning", f"unused suppression: {code} reports nothing in {where}", entry.item))
    return unused


def apply_suppressions(
    findings: list[Finding], suppressions: FileSuppressions, enabled: set[str] | None = None
) -> list[Finding]:
    """The findings not silenced, plus problems with the suppressions themselves.

    A suppression of a rule that is not enabled (``enabled``) is not reported as unused, nor one for an item that
    failed validation, nor one for the whole file when an item of it did. ``disable=Q001`` / ``disable=Q002``
    silence reports about the suppressions themselves.
    """
    if not suppressions.entries:  # (most files: nothing silences, and nothing goes unused)
        return findings + suppressions.problems
    kept = []
    for finding in findings:
        covering = _silencer(suppressions.entries, finding)
        for entry in covering:
            entry.used.add(finding.code)
        if not covering:
            kept.append(finding)
    unchecked_items = {finding.item for finding in findings
                       if finding.item is not None and finding.code.startswith(_LOAD_FAMILIES)}
    for finding in suppressions.problems + _unused(suppressions, enabled, unchecked_items):
        covering = _silencer(suppressions.entries, finding)
        for entry in covering:
            entry.used.add(finding.code)
        if not covering:
            kept.append(finding)
    return kept
