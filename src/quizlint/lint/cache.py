"""A content-hash cache of per-file lint results (like ruff's), under ``.quizlint_cache/``.

A file's cached result is reused when its bytes are unchanged and the settings key matches: the quizlint
version, the rule selection (codes, severities, options) and the glossary's content. Bank rules are not
cached: they are recomputed from the cached per-item summaries on every run.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import fields
from pathlib import Path

from quizlint import __version__
from quizlint.diagnostics import Finding
from quizlint.io import write_atomic
from quizlint.lint.context import QuizSummary
from quizlint.lint.engine import FileResult
from quizlint.lint.suppress import FileSuppressions

CACHE_DIR_NAME = ".quizlint_cache"
_FORMAT = 3


def ensure_cache_dir(root: Path) -> Path:
    """The cache directory, created with a ``.gitignore`` so it never ends up in a commit."""
    directory = root / CACHE_DIR_NAME
    directory.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        write_atomic(ignore, "# Created by quizlint: this directory is a cache.\n*\n")
    return directory


def settings_key(selection, glossary_bytes: bytes | None) -> str:
    description = {
        "format": _FORMAT,
        "version": __version__,
        "rules": sorted(selection.enabled),
        "severities": sorted(selection.severities.items()),
        "options": sorted((code, sorted(options.items())) for code, options in selection.options.items()),
        "glossary": hashlib.sha256(glossary_bytes).hexdigest() if glossary_bytes is not None else None,
    }
    return hashlib.sha256(json.dumps(description, sort_keys=True, default=str).encode()).hexdigest()[:20]


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


_FINDING_FIELDS = tuple(field.name for field in fields(Finding))


def result_to_json(result: FileResult) -> dict:
    """A file's result as compact JSON: findings and item summaries as rows of values rather than objects (the
    cache of a large bank is read on every run, and rows read several times faster), each kept as a JSON text
    of its own, decoded only when the file's result is used (linting one file of a large bank reads little)."""
    return {
        "path": result.path,
        "findings": _text([[getattr(finding, name) for name in _FINDING_FIELDS] for finding in result.findings]),
        "summary": _text(result.summary.as_row()) if result.summary else None,
        "suppressions": result.suppressions.as_json() if result.suppressions else None,
    }


def result_from_json(data: dict) -> FileResult:
    findings = json.loads(data["findings"])
    if not isinstance(data["path"], str) or not all(isinstance(row, list) for row in findings):
        raise TypeError("not a cached result")
    return FileResult(
        data["path"],
        [Finding(*row) for row in findings],
        QuizSummary.from_row(json.loads(data["summary"])) if data["summary"] else None,
        FileSuppressions.from_json(data["suppressions"]) if data["suppressions"] else None,
    )


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class IdentificationCache:
    """lingua's answers (language confidences of text samples) kept across runs, for every bank setting: they
    depend only on the text, the languages and lingua's version. Bounded: the newest ``limit`` are kept."""

    def __init__(self, root: Path, limit: int = 100_000):
        self.root, self.limit = root, limit
        self.path = root / CACHE_DIR_NAME / "identifications.json"
        self.version = [__version__, _lingua_version()]
        self.rows: list = []
        try:
            with open(self.path, encoding="utf-8") as handle:
                data = json.load(handle)
            if isinstance(data, dict) and data.get("version") == self.version and isinstance(data.get("rows"), list):
                self.rows = data["rows"]
        except (OSError, ValueError):
            pass

    def save(self, new_rows: list) -> None:
        if not new_rows:
            return
        rows = (self.rows + new_rows)[-self.limit:]
        try:
            ensure_cache_dir(self.root)
            write_atomic(self.path, json.dumps({"version": self.version, "rows": rows}, ensure_ascii=False,
                                               separators=(",", ":")))
        except OSError:
            pass


def _lingua_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lingua-language-detector")
    except PackageNotFoundError:
        return ""


class LintCache:
    """Cached results for one settings key: ``{display path: {"hash": ..., "result": ...}}``."""

    def __init__(self, root: Path, key: str):
        self.root = root
        self.path = root / CACHE_DIR_NAME / f"lint-{key}.json"
        self.entries: dict[str, dict] = {}
        self.dirty = False
        try:
            with open(self.path, encoding="utf-8") as handle:
                entries = json.load(handle)
        except (OSError, ValueError):
            entries = {}
        # a cache damaged by hand or by another tool is a cache miss, never a crash
        self.entries = entries if isinstance(entries, dict) else {}

    def get(self, display: str, digest: str) -> FileResult | None:
        entry = self.entries.get(display)
        if not isinstance(entry, dict) or entry.get("hash") != digest:
            return None
        try:
            return result_from_json(entry["result"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def put(self, display: str, digest: str, result: FileResult) -> None:
        self.entries[display] = {"hash": digest, "result": result_to_json(result)}
        self.dirty = True

    def save(self, keep: set[str]) -> None:
        stale = [path for path in self.entries if path not in keep and not os.path.exists(path)]
        for path in stale:
            del self.entries[path]
        if not (self.dirty or stale):
            return
        try:
            ensure_cache_dir(self.root)
            write_atomic(self.path, json.dumps(self.entries, ensure_ascii=False, separators=(",", ":")))
        except OSError:
            pass  # a read-only checkout still lints; it just does not cache
