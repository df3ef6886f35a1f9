"""A content-hash cache of per-file lint results (like ruff's), under ``.quizlint_cache/``.

A file's cached result is reused when its bytes are unchanged and the settings key matches: the quizlint
version and sources (see ``source_stamp``), the rule selection (codes, severities, options) and the glossary's
content. The bank rules' findings are recomputed from the cached per-item summaries when those changed: the
findings of the last run's summaries are kept, under a digest of them (see ``bank_key``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from quizlint import __version__
from quizlint.diagnostics import Finding
from quizlint.io import write_atomic
from quizlint.lint.context import QuizSummary
from quizlint.lint.engine import FileResult
from quizlint.lint.suppress import FileSuppressions

CACHE_DIR_NAME = ".quizlint_cache"
_FORMAT = 11  # (11: item summaries hold the data bank rules declare; 10: entries hold a digest of their summary, and the bank rules' findings are cached; 9: option
# lengths counted in NFC, comparison keys keeping the case of inline code, and whether an item's option order
# means something; 7: duplicate-stem digests of the new comparison keys)


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
        "sources": source_stamp(_PACKAGE),
        "rules": sorted(selection.enabled),
        "severities": sorted(selection.severities.items()),
        "options": sorted((code, sorted(options.items())) for code, options in selection.options.items()),
        "glossary": hashlib.sha256(glossary_bytes).hexdigest() if glossary_bytes is not None else None,
    }
    return hashlib.sha256(json.dumps(description, sort_keys=True, default=str).encode()).hexdigest()[:20]


# The quizlint package whose sources the cached results come from.
_PACKAGE = str(Path(__file__).resolve().parents[1])


@lru_cache(maxsize=None)
def source_stamp(package: str) -> str:
    """A digest of the name, size and modification time of every Python source of ``package``: results
    computed by other sources of the same version (an editable install that was edited, a pre-commit hook
    moved to another revision: the version string stays, the rules change) are not reused. A ``stat`` per
    file, a millisecond: the sources are not read."""
    entries, folders, prefix = [], [package], len(os.path.join(package, ""))
    while folders:
        with os.scandir(folders.pop()) as listing:
            for entry in listing:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.name.endswith(".py"):
                    try:
                        status = entry.stat()
                    except OSError:
                        continue
                    entries.append(f"{entry.path[prefix:]}\0{status.st_size}\0{status.st_mtime_ns}")
    return hashlib.sha256("\n".join(sorted(entries)).encode("utf-8", "surrogateescape")).hexdigest()[:16]


_FINDING_FIELDS = tuple(field.name for field in fields(Finding))


def result_to_json(result: FileResult) -> dict:
    """A file's result as compact JSON: findings and item summaries as rows of values rather than objects (the
    cache of a large bank is read on every run, and rows read several times faster). It records the digest of
    the summary in ``result`` (see ``bank_key``)."""
    summary = result.summary.as_row() if result.summary else None
    if summary is not None and result.summary_digest is None:
        result.summary_digest = hashlib.blake2b(_json_bytes(summary), digest_size=16).hexdigest()
    return {
        "path": result.path,
        "findings": _finding_rows(result.findings),
        "summary": summary,
        "summary_digest": result.summary_digest,
        "suppressions": result.suppressions.as_json() if result.suppressions else None,
    }


def _finding_rows(findings: list[Finding]) -> list[list]:
    return [[getattr(finding, name) for name in _FINDING_FIELDS] for finding in findings]


def result_from_json(data: dict) -> FileResult:
    findings, summary_digest = data["findings"], data["summary_digest"]
    if not isinstance(data["path"], str) or not all(isinstance(row, list) for row in findings) or not (
            isinstance(summary_digest, str) if data["summary"] else summary_digest is None):
        raise TypeError("not a cached result")
    return FileResult(
        data["path"],
        [Finding(*row) for row in findings],
        QuizSummary.from_row(data["summary"]) if data["summary"] else None,
        FileSuppressions.from_json(data["suppressions"]) if data["suppressions"] else None,
        summary_digest=summary_digest,
    )


def bank_key(results: list[FileResult], kept: frozenset[tuple[str, str]]) -> str | None:
    """What the bank rules' findings depend on besides the settings (which name the cache): the summaries of
    ``results``, in order, by their digests, and the items ``quizlint fix`` leaves in place (``kept``). None when
    a summary has no digest (a result not made by nor put in the cache)."""
    digests = [result.summary_digest for result in results if result.summary is not None]
    if None in digests:
        return None
    return hashlib.sha256(_json_bytes([digests, sorted(kept)])).hexdigest()


def _json_bytes(value) -> bytes:
    """Compact UTF-8 JSON. (orjson: the entries of a large bank are written by every first run and read by every
    later one, and it is several times faster than the json module both ways.)"""
    return orjson.dumps(value)


def _read_json(path: Path) -> Any:
    """The JSON value of a file (ValueError when it is not UTF-8 JSON)."""
    with open(path, "rb") as handle:
        return orjson.loads(handle.read())


class IdentificationCache:
    """lingua's answers (language confidences of text samples) kept across runs, for every bank setting: they
    depend only on the text, the languages and lingua's version. Bounded: the newest ``limit`` are kept."""

    def __init__(self, root: Path, limit: int = 100_000):
        self.root, self.limit = root, limit
        self.path = root / CACHE_DIR_NAME / "identifications.json"
        self.version = [__version__, _lingua_version()]
        self.rows: list = []
        try:
            data = _read_json(self.path)
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
            write_atomic(self.path, _json_bytes({"version": self.version, "rows": rows}), durable=False)
        except OSError:
            pass


class FileIndex:
    """The content hash of each file as of the last run, with the status it had then (size, mode, inode, and
    the times of its last modification and of its last status change): a file whose status is unchanged is not
    read and hashed again (like git's index; a lost or damaged index only means hashing every file). The status
    change time is there because tools that copy or unpack files (``cp -p``, ``rsync -t``, ``tar x``) set the
    modification time back, and may keep the size. Files are known by their absolute path: the same relative
    path names different files when quizlint runs from different folders of the bank. A file changed within
    ``RACY_SECONDS`` before the index was written may have changed again since without a new modification time,
    so its recorded hash is not trusted."""

    RACY_SECONDS = 2
    LIMIT = 100_000  # records of files not looked at in a run are kept while there are fewer

    def __init__(self, root: Path):
        self.root = root
        self.path = root / CACHE_DIR_NAME / "files.json"
        self._known: dict[str, list] = {}
        self._seen: dict[str, list] = {}
        try:
            with open(self.path, encoding="utf-8") as handle:
                data = json.load(handle)
            if isinstance(data, dict) and data.get("version") == __version__ and isinstance(data.get("files"), dict):
                trusted_before = data["written"] - self.RACY_SECONDS * 10**9
                self._known = {path: entry for path, entry in data["files"].items()
                               if isinstance(entry, list) and len(entry) == 6 and entry[2] < trusted_before}
        except (OSError, ValueError, TypeError, KeyError):
            pass

    def digest(self, path: str) -> str | None:
        """The content hash of ``path`` if its status is as recorded; None when it must be hashed."""
        try:
            status = os.stat(path)
        except OSError:
            return None
        key = os.path.abspath(path)
        entry = self._known.get(key)
        stamp = [status.st_size, status.st_mode, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]
        self._seen[key] = stamp
        if entry is not None and entry[:5] == stamp and isinstance(entry[5], str):
            return entry[5]
        return None

    def save(self, digests: dict[str, str]) -> None:
        """Record the hashes of this run (``path`` → content hash) for the files looked at with ``digest``; the
        trusted records of other files (a run on part of the bank) are kept."""
        by_key = {os.path.abspath(path): digest for path, digest in digests.items()}
        files = {key: [*stamp, by_key[key]] for key, stamp in self._seen.items() if key in by_key}
        if len(self._known) < self.LIMIT:
            files = {**{path: entry for path, entry in self._known.items() if path not in self._seen}, **files}
        if files == self._known:
            return
        try:
            ensure_cache_dir(self.root)
            data = {"version": __version__, "written": time.time_ns(), "files": files}
            # (ASCII: a file name that is not UTF-8 is kept, as escapes of its lone surrogates, and read back as it was)
            write_atomic(self.path, json.dumps(data, separators=(",", ":")), durable=False)
        except OSError:
            pass


def _lingua_version() -> str:
    """What identifies the installed lingua: its compiled module's size and time of change (asking
    ``importlib.metadata`` for the version scans every installed distribution, a tenth of a second)."""
    try:
        import lingua.lingua as compiled

        status = os.stat(compiled.__file__)
    except (ImportError, OSError, TypeError):
        return ""
    return f"{status.st_size}-{status.st_mtime_ns}"


class LintCache:
    """Cached results for one settings key: a directory ``lint-<key>/`` with one JSON file per linted file and
    content (``<path hash>-<content hash>.json``, holding ``{"path", "hash", "result"}``). Which files have a
    result is known from one listing of the directory, before any entry is read; a run after an edit reads
    the entries of the unchanged files and writes only those of the files it linted."""

    def __init__(self, root: Path, key: str):
        self.root = root
        self.directory = root / CACHE_DIR_NAME / f"lint-{key}"
        self.changed: dict[str, str] = {}  # display → content hash of the entries kept by this run
        self._unwritten: dict[str, dict] = {}  # entries kept since the last ``write``: name → entry
        self._written: set[str] = set()  # the names of the entries written by this run
        try:
            self.names = set(os.listdir(self.directory)) - {_BANK_NAME}  # (the names of the entries)
        except OSError:
            self.names = set()

    def entry_name(self, display: str, digest: str) -> str:
        return f"{_path_hash(display)}-{digest}.json"

    def has(self, display: str, digest: str | None) -> bool:
        """Whether there is an entry for ``display`` with content ``digest`` (it may still fail to read)."""
        return digest is not None and self.entry_name(display, digest) in self.names

    def get(self, display: str, digest: str) -> FileResult | None:
        name = self.entry_name(display, digest)
        if name not in self.names:
            return None
        try:
            entry = _read_json(self.directory / name)
            # a cache damaged by hand or by another tool is a cache miss, never a crash
            if entry["path"] != display or entry["hash"] != digest:
                return None
            return result_from_json(entry["result"])
        except (OSError, KeyError, TypeError, ValueError, AttributeError):
            return None

    def put(self, display: str, digest: str, result: FileResult) -> None:
        """Keep ``result`` as the entry of ``display`` with content ``digest`` (written by ``write`` or ``save``;
        an entry already written for the same content is not written again)."""
        name = self.entry_name(display, digest)
        if name not in self._written:
            entry = {"path": display, "hash": digest, "result": result_to_json(result)}
            self.changed[display] = digest
            self._unwritten[name] = entry

    def write(self) -> None:
        """Write the entries kept since the last ``write`` (a run writes them as its results come, then
        ``save``s)."""
        if not self._unwritten:
            return
        pending, self._unwritten = self._unwritten, {}
        try:
            if not self._written:  # (the first write of the run makes the folders; a run writes once per result)
                ensure_cache_dir(self.root)
                self.directory.mkdir(exist_ok=True)
            for name, entry in pending.items():
                write_atomic(self.directory / name, _json_bytes(entry), durable=False)
                self._written.add(name)
        except OSError:
            pass  # a read-only checkout still lints; it just does not cache

    def save(self, keep: set[str]) -> None:
        """Write the new entries; drop the older entries of the same files, and those of files that are gone
        (not in ``keep`` and not on disk)."""
        self.write()
        try:
            self._drop_stale(keep, self._written)
        except OSError:
            pass

    def _drop_stale(self, keep: set[str], written: set[str]) -> None:
        kept_paths = {_path_hash(display) for display in keep}
        changed_paths = {_path_hash(display) for display in self.changed}
        # Whether the file of another entry is gone is known only by reading the entry: a run over a small part
        # of the bank (a pre-commit hook's few files) leaves that to a run over most of it.
        sweep = 2 * len(keep) >= len(self.names)
        for name in self.names - written:
            path_hash = name.split("-", 1)[0]
            if path_hash in changed_paths or (sweep and path_hash not in kept_paths and not self._file_exists(name)):
                (self.directory / name).unlink(missing_ok=True)

    def bank_findings(self, key: str) -> list[Finding] | None:
        """The bank rules' findings cached under ``key`` (see ``bank_key``), if they read."""
        try:
            data = _read_json(self.directory / _BANK_NAME)
            if data["key"] != key or not all(map(_is_finding_row, data["findings"])):
                return None
            return [Finding(*row) for row in data["findings"]]
        except (OSError, KeyError, TypeError, ValueError):
            return None

    def put_bank_findings(self, key: str, findings: list[Finding]) -> None:
        """Keep the bank rules' ``findings`` under ``key``, in place of those of an earlier run."""
        data = {"key": key, "findings": _finding_rows(findings)}
        try:
            ensure_cache_dir(self.root)
            self.directory.mkdir(exist_ok=True)
            write_atomic(self.directory / _BANK_NAME, _json_bytes(data), durable=False)
        except OSError:
            pass

    def _file_exists(self, name: str) -> bool:
        """Whether the file an entry was made for still exists (an unreadable entry counts as gone)."""
        try:
            path = _read_json(self.directory / name).get("path")
        except (OSError, ValueError, AttributeError):
            return False
        return isinstance(path, str) and os.path.exists(path)


_FINDING_TYPES = (str, int, int, str, str, str, str, str, bool)  # (of ``Finding``'s fields, in order)


def _is_finding_row(row) -> bool:
    """Whether ``row`` holds the values of a finding (``item`` may be None)."""
    return isinstance(row, list) and len(row) == len(_FINDING_TYPES) and all(
        type(value) is kind or (value is None and name == "item")
        for value, kind, name in zip(row, _FINDING_TYPES, _FINDING_FIELDS))


# The file of the bank rules' findings, among the entries (whose names are ``entry_name``'s).
_BANK_NAME = "bank.json"


def _path_hash(display: str) -> str:
    return hashlib.blake2b(display.encode("utf-8"), digest_size=10).hexdigest()
