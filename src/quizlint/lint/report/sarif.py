"""``--format sarif``: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

One run; ``tool.driver.rules`` describes every rule that has a result (with its documentation as help);
each result has its rule, level, message and a location relative to the root of the repository its file is in
(``%SRCROOT%``), wherever quizlint runs from.
``partialFingerprints`` identify a finding across commits without its line number or the numbers in its
message, so that moving an item or a changed p-value does not open a new alert, and wherever quizlint runs from
(a file a message cites counts by its path in its repository).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import quote

from quizlint import __version__
from quizlint.lint.report._repo import RepositoryPaths

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
SOURCE_ROOT = "%SRCROOT%"
FINGERPRINT_KEY = "quizlint/v1"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
FAMILIES = {
    "K": "answer-key", "T": "translation", "B": "position-and-length-cues", "W": "item-writing",
    "D": "bank-consistency", "R": "responses", "Y": "yaml", "S": "schema", "Q": "suppression",
}
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
# a location a message cites: "path:line:column" (the path without spaces or brackets)
_CITED_LOCATION = re.compile(r"([^\s()]+):(\d+:\d+)")


def _information_uri() -> str | None:
    """The project's home page from the installed package's metadata, when it declares one."""
    try:
        from importlib.metadata import PackageNotFoundError, metadata
    except ImportError:  # pragma: no cover
        return None
    try:
        meta = metadata("quizlint")
    except PackageNotFoundError:
        return None
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if url.strip().startswith("https://") and label.strip().lower() in ("homepage", "home", "documentation",
                                                                             "repository", "source"):
            return url.strip()
    home = meta.get("Home-page")
    return home if home and home.startswith("https://") else None


def _fallback_descriptor(code: str, name: str, severity: str) -> dict:
    """Codes that are not rule modules (load, schema and suppression checks): a short description."""
    summary = name.replace("-", " ").capitalize()
    return {
        "id": code,
        "name": name,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": f"{summary} ({code}), reported while reading and validating quiz files."},
        "help": {"text": f"See `quizlint rule {code}`.", "markdown": f"See `quizlint rule {code}`."},
        "defaultConfiguration": {"level": LEVELS.get(severity, "warning")},
        "properties": {"tags": ["quizlint", FAMILIES.get(code[:1], "other")]},
    }


def rule_descriptor(code: str, name: str, severity: str) -> dict:
    """The ``reportingDescriptor`` of one rule, with its documentation as help."""
    from quizlint.rules.base import find_rule

    rule = find_rule(code)
    if rule is None:
        return _fallback_descriptor(code, name, severity)
    full = " ".join(rule.section("What it does").split()) or rule.summary
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": full},
        "help": {"text": rule.doc.strip(), "markdown": f"# {rule.code} {rule.name}\n\n{rule.doc.strip()}"},
        "defaultConfiguration": {"level": LEVELS[rule.severity], "enabled": rule.default_enabled},
        "properties": {
            "tags": ["quizlint", FAMILIES.get(rule.code[:1], "other")],
            "scope": rule.scope,
            "fixable": rule.fixable,
        },
    }


def _location(finding, paths: RepositoryPaths) -> dict:
    relative = paths.relative(finding.file)
    if relative is not None:
        artifact = {"uri": quote(relative, safe="/"), "uriBaseId": SOURCE_ROOT}
    else:  # outside the repository: an absolute file URI
        artifact = {"uri": (paths.cwd / finding.file).resolve().as_uri()}
    return {
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {"startLine": max(finding.line, 1), "startColumn": max(finding.column, 1)},
        }
    }


def _fingerprint(finding, uri: str, seen: dict[str, int], paths: RepositoryPaths) -> str:
    """Stable across commits and wherever quizlint runs from: rule, file, item and the message with the files it
    cites made relative to their repository and its numbers blanked; plus an ordinal for findings that would
    otherwise collide."""
    message = _DIGITS.sub("#", _citing_from_the_repository(finding.message, paths))
    digest = hashlib.sha256("\0".join([finding.code, uri, finding.item or "", message]).encode()).hexdigest()[:32]
    seen[digest] = seen.get(digest, 0) + 1
    return f"{digest}:{seen[digest]}"


def _citing_from_the_repository(message: str, paths: RepositoryPaths) -> str:
    """``message`` with each location of a file it cites ("legacy/b.quiz.yaml:6:5", as D001 and D002 name the
    first item) by the file's path relative to its repository, not to the folder quizlint runs from."""
    if ":" not in message:
        return message

    def cited(match: re.Match) -> str:
        file = match.group(1)
        relative = paths.relative(file) if (paths.cwd / file).is_file() else None
        return match.group(0) if relative is None else f"{relative}:{match.group(2)}"

    return _CITED_LOCATION.sub(cited, message)


def _result(finding, rule_index: int, paths: RepositoryPaths, seen: dict[str, int]) -> dict:
    location = _location(finding, paths)
    uri = location["physicalLocation"]["artifactLocation"]["uri"]
    result = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: _fingerprint(finding, uri, seen, paths)},
    }
    properties = {key: value for key, value in (("item", finding.item), ("fixable", finding.fixable)) if value}
    if properties:
        result["properties"] = properties
    return result


def sarif_log(result, root: Path | None = None) -> dict:
    """The SARIF log of a lint result, as a dict."""
    paths = RepositoryPaths(root)
    first_of_code: dict[str, object] = {}
    for finding in result.findings:
        first_of_code.setdefault(finding.code, finding)
    codes = sorted(first_of_code)
    index = {code: position for position, code in enumerate(codes)}
    rules = [rule_descriptor(code, first_of_code[code].rule, first_of_code[code].severity) for code in codes]
    driver = {"name": "quizlint", "version": __version__, "semanticVersion": __version__}
    information_uri = _information_uri()
    if information_uri:
        driver["informationUri"] = information_uri
    driver["rules"] = rules
    seen: dict[str, int] = {}
    return {
        "$schema": SCHEMA_URI,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": driver},
            "columnKind": "unicodeCodePoints",
            "results": [_result(finding, index[finding.code], paths, seen) for finding in result.findings],
        }],
    }


def render(result, *, root: Path | None = None, **_: object) -> str:
    return json.dumps(sarif_log(result, root), indent=2, ensure_ascii=False) + "\n"
