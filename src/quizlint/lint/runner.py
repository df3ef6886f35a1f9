"""Run the linter over a bank: glossary, cached or fresh per-file results (in a process pool when many files
are to be linted, see ``parallel``), bank rules over all files, per-file ignores."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from quizlint.bank import BankSettings, load_glossary
from quizlint.diagnostics import REPORT_ORDER
from quizlint.language.identify import Services
from quizlint.lint.engine import (FileResult, LintResult, bank_findings, content_hash, kept_in_place, lint_bank,
                                  lint_file, quiz_file_digest, summaries_of)
from quizlint.load.paths import display_path


def lint_files(todo: list[tuple[str, str]], selection, glossary, jobs: int | None, services: Services,
               known: list = (), on_result: Callable[[FileResult], None] | None = None) -> list[FileResult]:
    """The results of ``todo`` ((path, display) pairs) in their order: in a process pool when the files are
    many (``parallel.worker_count``), else here. ``known``: language identifications of earlier runs;
    ``on_result``: called with each result as it comes (the results cache writes it while the rest is linted)."""
    from quizlint.lint.parallel import lint_in_pool, worker_count

    workers = worker_count(jobs, todo)
    if workers > 1:
        return lint_in_pool(todo, selection, glossary, workers, services, list(known), on_result)
    results = []
    for path, display in todo:
        results.append(lint_file(path, display, selection, glossary, services))
        if on_result is not None:
            on_result(results[-1])
    return results


def _read_bytes(path: Path) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


# The cache entry of the glossary's own findings (a function of its bytes, like a quiz file's result).
_GLOSSARY_ENTRY = "glossary:"


class _Glossary:
    """The bank's glossary: its findings (from the cache when they are there) and its model, loaded only when
    files are linted afresh, from the bytes the cache key was made of when they were read (``data``): a glossary
    edited during a run must not give results cached under the key of its former content."""

    def __init__(self, path: Path | None, data: bytes | None):
        self.path, self.data, self.findings = path, data, None
        self._loaded: tuple | None = None

    def model(self):
        if self._loaded is None:
            glossary, findings = load_glossary(self.path, self.data)
            self._loaded = (glossary,)
            self.findings = findings if self.findings is None else self.findings
        return self._loaded[0]

    def all_findings(self) -> list:
        if self.findings is None:
            self.model()
        return self.findings


def run_lint(settings: BankSettings, use_cache: bool = True, jobs: int | None = None) -> LintResult:
    """Lint the bank of ``settings``, reusing and filling the results cache when ``use_cache``."""
    files = [(str(path), display_path(path)) for path in settings.files]
    glossary_entry = _GLOSSARY_ENTRY + display_path(settings.glossary_path) if settings.glossary_path else ""
    if not use_cache:
        glossary = _Glossary(settings.glossary_path, None)
        results = lint_files(files, settings.selection, glossary.model() if files else None, jobs, Services())
        return _report(settings, results, glossary.all_findings())
    from quizlint.lint.cache import FileIndex

    cache, glossary_bytes = _open_cache(settings)
    index = FileIndex(settings.config.root)
    digests = {display: digest for path, display in files if (digest := index.digest(path)) is not None}
    # (with no cached result to look a file up by, its hash is that of the bytes linted: reading and hashing
    # every file first would only delay the run)
    to_hash = [job for job in files if job[1] not in digests] if cache.names else []
    digests.update(_content_hashes(to_hash, glossary_entry, glossary_bytes))
    result = _lint_with_cache(settings, files, _Glossary(settings.glossary_path, glossary_bytes), glossary_entry,
                              cache, digests, jobs)
    index.save({path: digests[display] for path, display in files if display in digests})
    return result


def _lint_with_cache(settings: BankSettings, files: list[tuple[str, str]], glossary: _Glossary,
                     glossary_entry: str, cache, digests: dict[str, str], jobs: int | None) -> LintResult:
    from quizlint.lint.cache import IdentificationCache

    selection = settings.selection
    if glossary_entry in digests:
        hit = cache.get(glossary_entry, digests[glossary_entry])
        glossary.findings = hit.findings if hit is not None else None
    cached = {display: hit for _, display in files if cache.has(display, digests.get(display))
              and (hit := cache.get(display, digests[display])) is not None}  # (an entry that does not read: a miss)
    todo = [(path, display) for path, display in files if display not in cached]
    fresh: dict[str, FileResult] = {}
    if todo:
        services = Services()
        identifications = IdentificationCache(settings.config.root)
        services.remember(identifications.rows)
        linted = lint_files(todo, selection, glossary.model(), jobs, services, identifications.rows,
                            on_result=lambda result: _keep(cache, result))
        fresh = dict(zip((display for _, display in todo), linted))
        identifications.save(services.learned())
    glossary_findings = glossary.all_findings()
    for display, result in fresh.items():
        if display not in digests and result.digest is not None:
            # not hashed before it was linted: the hash of the bytes linted (the file index took the file's
            # status before they were read, so an edit since then is seen by the next run)
            digests[display] = result.digest
        elif digests.get(display) != result.digest:  # (edited during the run: hashed afresh by the next run)
            digests.pop(display, None)
    if glossary_entry in digests:
        cache.put(glossary_entry, digests[glossary_entry], FileResult(glossary_entry, list(glossary_findings)))
    cache.save(keep={display for _, display in files} | ({glossary_entry} if glossary_entry else set()))
    results = [cached.get(display) or fresh[display] for _, display in files]
    bank = _known_bank(cache, results, selection, settings.config.ignored_for)
    return _report(settings, results, glossary_findings, bank)


def _keep(cache, result: FileResult) -> None:
    """Write the cache entry of a fresh result as it comes (under the hash of the bytes linted)."""
    if result.digest is not None:
        cache.put(result.path, result.digest, result)
        cache.write()


def _known_bank(cache, results: list[FileResult], selection, ignored_for) -> list:
    """The bank rules' findings over ``results``: those of an earlier run when their key (``cache.bank_key``) is
    the same, else worked out now and cached."""
    from quizlint.lint.cache import bank_key

    summaries, kept = summaries_of(results), kept_in_place(results, selection, ignored_for)
    key = bank_key(results, kept)
    findings = cache.bank_findings(key) if key is not None else None
    if findings is None:
        findings = bank_findings(summaries, selection, Services(), kept)
        if key is not None:
            cache.put_bank_findings(key, findings)
    return findings


def _open_cache(settings: BankSettings):
    """The results cache for these settings, and the glossary's bytes (None: no glossary, or unreadable)."""
    from quizlint.lint.cache import LintCache, settings_key

    glossary_bytes = _read_bytes(settings.glossary_path) if settings.glossary_path else None
    return LintCache(settings.config.root, settings_key(settings.selection, glossary_bytes)), glossary_bytes


def _content_hashes(jobs_list: list[tuple[str, str]], glossary_entry: str,
                    glossary_bytes: bytes | None) -> dict[str, str]:
    """The content hash of every readable file (and of the glossary)."""
    digests: dict[str, str] = {}
    if glossary_bytes is not None:
        digests[glossary_entry] = content_hash(glossary_bytes)
    for path, display in jobs_list:
        data = _read_bytes(Path(path))
        if data is not None:
            digests[display] = quiz_file_digest(path, data)
    return digests


def _report(settings: BankSettings, results: list[FileResult], glossary_findings: list,
            bank: list | None = None) -> LintResult:
    """Bank rules over the per-file results (unless their findings are known: ``bank``), then per-file ignores,
    in report order."""
    result = lint_bank(results, settings.selection, Services(), bank, whole_bank=not settings.some_files_only,
                       ignored_for=settings.config.ignored_for)
    findings = _not_ignored(result.findings, settings)  # (still in report order)
    if glossary_findings:
        findings = sorted(glossary_findings + findings, key=REPORT_ORDER)
    files = list(result.files)
    if settings.glossary_named and settings.glossary_path is not None:  # named on the command line: checked too
        files.append(display_path(settings.glossary_path))
    return LintResult(findings, files)


def _not_ignored(findings: list, settings: BankSettings) -> list:
    """``findings`` without those of the checks ignored by the selection or by the file's ``per-file-ignores``."""
    ignored_checks, ignored_for = settings.selection.ignored_checks, settings.config.ignored_for
    ignored: dict[str, frozenset] = {}
    kept = []
    for finding in findings:
        codes = ignored.get(finding.file)
        if codes is None:
            codes = ignored[finding.file] = ignored_checks | ignored_for(finding.file)
        if finding.code not in codes:
            kept.append(finding)
    return kept
