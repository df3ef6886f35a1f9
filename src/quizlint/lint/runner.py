"""Run the linter over a bank: glossary, cached or fresh per-file results (in a process pool when the bank is
large), bank rules over all files, per-file ignores."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable, Iterable

from quizlint.bank import BankSettings, load_glossary
from quizlint.diagnostics import REPORT_ORDER
from quizlint.lint import prestart
from quizlint.lint.gc_pause import cycle_collector_paused
from quizlint.lint.engine import (FileResult, LintResult, bank_findings, content_hash, display_path, kept_in_place,
                                  lint_bank, lint_file, quiz_file_digest, resolve_pending, summaries_of)
from quizlint.lint.lifeline import pool_initializer
from quizlint.lint.services import Services
from quizlint.lint.worker import init_pool_worker, lint_batch, lint_chunk, prepare_early_worker

# Below this much YAML, starting worker processes costs more than it saves.
PARALLEL_MIN_BYTES = prestart.PARALLEL_MIN_BYTES
PARALLEL_MIN_FILES = 4

# With at least this many cached results to read, the files to lint afresh (after an edit, say) are linted in
# a worker process meanwhile: reading the cache and starting the linter (pydantic, lingua) then overlap (see
# ``_EarlyWorker``; ``prestart`` forks no worker for runs over fewer files).
OVERLAP_MIN_CACHED = prestart.OVERLAP_MIN_CACHED


# At most this many worker processes per core, whatever `-j` or `jobs` asks: a typo (`-j 1000`) must not fork
# a process per unit it names.
WORKERS_PER_CORE = 4


def _worker_count(jobs: int | None, todo: list[tuple[str, str]]) -> int:
    """``jobs`` when given, but never more workers than files to lint (a worker without one only costs its
    start-up) nor than ``WORKERS_PER_CORE`` per core; else as many as the cores when the bank is large."""
    if jobs is not None:
        return max(1, min(jobs, len(todo), WORKERS_PER_CORE * (os.cpu_count() or 1)))
    if len(todo) < PARALLEL_MIN_FILES:
        return 1
    size = 0
    for path, _ in todo:
        try:
            size += os.stat(path).st_size
        except OSError:
            pass
    return min(os.cpu_count() or 1, len(todo)) if size >= PARALLEL_MIN_BYTES else 1


def start_fresh(todo: list[tuple[str, str]], selection, glossary, jobs: int | None, services: Services,
                known: list = (),
                finished: Callable[[FileResult], None] | None = None) -> Callable[[], list[FileResult]]:
    """Start linting ``todo`` from scratch; the returned function waits for the results (in the order of
    ``todo``). Worker processes do the work when the files are many; ``known`` are language identifications
    of earlier runs, for the workers; ``finished`` is told of each of their results once it is complete."""
    workers = _worker_count(jobs, todo)
    if todo and workers > 1:
        return _start_pool(todo, selection, glossary, workers, services, list(known), finished)
    return lambda: _lint_here(todo, selection, glossary, services)


def _lint_here(todo: list[tuple[str, str]], selection, glossary, services: Services) -> list[FileResult]:
    with cycle_collector_paused():
        return [lint_file(path, display, selection, glossary, services) for path, display in todo]


def _start_pool(todo: list[tuple[str, str]], selection, glossary, workers: int, services: Services,
                known: list, finished: Callable[[FileResult], None] | None) -> Callable[[], list[FileResult]]:
    from concurrent.futures import ProcessPoolExecutor  # only when it pays off: it costs start-up time

    from quizlint.lint.full_looks import declared_languages
    from quizlint.model.build import prepare_validators

    prepare_validators()  # (pydantic, the models and their validators: once, before the workers fork)
    services.prepare_quick_looks(declared_languages(todo[0][0]))  # (likewise; a wrong guess costs only the load)

    # (its workers end with this process: they are forked by the first submit, from this thread, see ``lifeline``)
    pool = ProcessPoolExecutor(max_workers=workers, **pool_initializer(init_pool_worker, selection, glossary, known))
    try:
        chunks = [pool.submit(lint_chunk, chunk) for chunk in guided_chunks(todo, workers)]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise

    def collect() -> list[FileResult]:
        try:
            results = _receive((result for chunk in chunks for result in chunk.result()), services, finished)
        except BaseException:  # Ctrl-C, SIGTERM: stop now, not once the queued chunks are done
            _stop_workers(pool)
            raise
        pool.shutdown()
        return results

    return collect


def _stop_workers(pool) -> None:
    """Cancel what a pool has not started and end its worker processes (the executor has no public way to:
    ``shutdown`` waits for the chunks that are running, and a worker takes Ctrl-C as the failure of one task)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # (before shutdown forgets them)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


def guided_chunks(todo: list, workers: int) -> list[list]:
    """``todo`` in consecutive chunks, each a share of what is left (``1 / (2 * workers)`` of it, at least one
    file): large chunks first, for little traffic between the processes, and single files last, so that no
    worker waits long at the end for another to finish a large chunk."""
    chunks, start = [], 0
    while start < len(todo):
        size = max(1, (len(todo) - start) // (2 * workers))
        chunks.append(todo[start:start + size])
        start += size
    return chunks


def _receive(running: Iterable[FileResult], services: Services,
             finished: Callable[[FileResult], None] | None = None) -> list[FileResult]:
    """The results of workers, as they come, completed by ``services``: the full looks the workers left, and
    what the workers learned. Each complete result is handed to ``finished`` (to be cached, say) meanwhile."""
    if services.full_look_helper is not None:
        return _receive_helped(running, services, services.full_look_helper, finished)
    preload = None
    results, unanswered = [], []
    for result in running:
        _adopt_learned(result, services)
        results.append(result)
        if result.pending and preload is None and not services.knows_all(result.pending):
            # lingua's big models load once, here, while the workers go on
            preload = threading.Thread(target=services.prepare_full_looks,
                                       args=(result.pending[0][1].languages,), daemon=True)
            preload.start()
        unanswered.append(result)
        if preload is None or not preload.is_alive():  # the models are ready (or not needed): answer meanwhile
            _complete(unanswered, services, finished)
            unanswered = []
    if preload is not None:
        preload.join()
    _complete(unanswered, services, finished)
    return results


def _receive_helped(running: Iterable[FileResult], services: Services, helper,
                    finished: Callable[[FileResult], None] | None) -> list[FileResult]:
    """``_receive``, with the full looks answered by the helper forked as the run started (``full_looks``):
    asked as each result comes, and a result complete as soon as its answers are in."""
    results, unanswered = [], []
    for result in running:
        _adopt_learned(result, services)
        results.append(result)
        unknown = services.unknown_full_looks(result.pending)
        helper.ask(unknown)
        unanswered.append(result)
        answers = helper.answers()
        if answers or not unknown:  # (else no waiting result can have become complete)
            services.adopt(answers)
            ready = [waiting for waiting in unanswered if services.knows_all(waiting.pending)]
            _complete(ready, services, finished)
            unanswered = [waiting for waiting in unanswered if waiting.pending]
    services.adopt(helper.finish())
    _complete(unanswered, services, finished)  # (what a helper that died left unanswered is answered here)
    return results


def _adopt_learned(result: FileResult, services: Services) -> None:
    services.adopt(result.learned)  # kept across runs: after an edit, a worker seldom needs lingua
    result.learned = []


def _complete(results: list[FileResult], services: Services, finished: Callable[[FileResult], None] | None) -> None:
    resolve_pending(results, services)
    if finished is not None:
        for result in results:
            finished(result)


class _EarlyWorker:
    """A worker process started before the run knows what to lint afresh: when there are cached results to
    read, the few files to lint afresh (after an edit, say) go to it, and its start-up (pydantic, the models'
    validators) overlaps with hashing the files and reading the cache. Stopped at once when it is not needed."""

    def __init__(self, root: Path) -> None:
        import multiprocessing

        self._pool = multiprocessing.Pool(1, **pool_initializer(prepare_early_worker, root))

    def start(self, todo: list[tuple[str, str]], selection, glossary_source: tuple | None,
              services: Services) -> Callable[[], list[FileResult]]:
        running = self._pool.apply_async(lint_batch, (todo, selection, glossary_source))
        self._pool.close()

        def collect() -> list[FileResult]:
            try:
                return _receive(running.get(), services)
            finally:
                self._pool.join()

        return collect

    def stop(self) -> None:
        self._pool.terminate()


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

    def source(self) -> tuple[Path, bytes | None] | None:
        """What a worker that loads the glossary itself needs: (its path, its bytes if read), or None."""
        return (self.path, self.data) if self.path is not None else None

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


def run_lint(settings: BankSettings, use_cache: bool = True, jobs: int | None = None,
             while_waiting: Callable[[list], None] | None = None) -> LintResult:
    """Lint the bank of ``settings``. ``while_waiting(findings)`` is told, while the run waits for workers, findings
    the report will most likely hold, so that their report can be rendered meanwhile: those of each result of a
    pool as it comes; after an edit, while a worker lints the few files that changed, those cached and the bank
    rules' should the changed files' summaries stay as they were. It may be told several times."""
    jobs_list = [(str(path), display_path(path)) for path in settings.files]
    glossary_entry = _GLOSSARY_ENTRY + display_path(settings.glossary_path) if settings.glossary_path else ""
    cache, index, digests, early, glossary_bytes = None, None, {}, None, None
    if use_cache:
        from quizlint.lint.cache import FileIndex

        cache, glossary_bytes = _open_cache(settings)
        index = FileIndex(settings.config.root)
        digests = {display: digest for path, display in jobs_list if (digest := index.digest(path)) is not None}
        if jobs is None and len(digests) >= OVERLAP_MIN_CACHED and len(digests) < len(jobs_list):
            # some files changed since the last run, most often a few: a worker to lint them starts now (or
            # started with the process, see ``prestart``), so that its start-up overlaps with hashing the files
            # and reading the cache
            early = prestart.take(settings.config.root) or _EarlyWorker(settings.config.root)
        # (with no cached result to look a file up by, its hash is that of the bytes its worker lints: reading and
        # hashing every file here first would only delay the workers)
        to_hash = [job for job in jobs_list if job[1] not in digests] if cache.names else []
        digests.update(_content_hashes(to_hash, glossary_entry, glossary_bytes))
    if early is None:
        prestart.discard()
    helper = prestart.take_full_looks()
    try:
        result = _lint_with_cache(settings, jobs_list, _Glossary(settings.glossary_path, glossary_bytes),
                                  glossary_entry, cache, digests, jobs, early, Services(full_look_helper=helper),
                                  while_waiting)
    finally:
        for started in (early, helper):
            if started is not None:
                started.stop()  # (it had nothing to do, or it is done)
    if index is not None:
        index.save({path: digests[display] for path, display in jobs_list if display in digests})
    return result


def _lint_with_cache(settings: BankSettings, jobs_list: list[tuple[str, str]], glossary: _Glossary,
                     glossary_entry: str, cache, digests: dict[str, str], jobs: int | None,
                     early: _EarlyWorker | None, services: Services,
                     while_waiting: Callable[[list], None] | None = None) -> LintResult:
    selection = settings.selection
    if cache is not None and glossary_entry in digests:
        hit = cache.get(glossary_entry, digests[glossary_entry])
        glossary.findings = hit.findings if hit is not None else None
    in_cache = {display for _, display in jobs_list if cache is not None and cache.has(display, digests.get(display))}
    todo = [(path, display) for path, display in jobs_list if display not in in_cache]
    identifications = None
    waiting_early = (early is not None and todo and len(in_cache) >= OVERLAP_MIN_CACHED
                     and _worker_count(None, todo) == 1)
    if early is not None and not waiting_early:
        early.stop()  # (many files to lint: the pool's workers take them)
    waiting = early.start(todo, selection, glossary.source(), services) if waiting_early else None
    if cache is not None and todo:
        from quizlint.lint.cache import IdentificationCache

        identifications = IdentificationCache(settings.config.root)
        services.remember(identifications.rows)
    if waiting is None:
        waiting = start_fresh(todo, selection, glossary.model() if todo else None, jobs, services,
                              identifications.rows if identifications is not None else (),
                              _when_finished(cache, digests, while_waiting))
    cached = {display: hit for display in in_cache if (hit := cache.get(display, digests[display])) is not None}
    guess = _bank_guess(cache, todo, cached, jobs_list, selection,
                        settings.config.ignored_for) if waiting_early else None
    if waiting_early and while_waiting is not None:
        while_waiting(_likely_findings(cached.values(), guess))
    fresh = dict(zip((display for _, display in todo), waiting()))
    damaged = [(path, display) for path, display in jobs_list if display in in_cache and display not in cached]
    if damaged:  # a cache entry that cannot be read is a miss
        fresh.update(zip((display for _, display in damaged),
                         _lint_here(damaged, selection, glossary.model(), services)))
    glossary_findings = glossary.all_findings()
    if identifications is not None:
        identifications.save(services.learned())
    for display, result in fresh.items():
        if display not in digests and result.digest is not None:
            # not hashed before it was linted: the hash of the bytes linted (the file index took the file's
            # status before they were read, so an edit since then is seen by the next run)
            digests[display] = result.digest
        elif digests.get(display) != result.digest:  # (edited during the run: hashed afresh by the next run)
            digests.pop(display, None)
    if cache is not None:
        for display, result in fresh.items():
            if result.digest is not None:
                cache.put(display, result.digest, result)
        if glossary_entry in digests:
            cache.put(glossary_entry, digests[glossary_entry], FileResult(glossary_entry, list(glossary_findings)))
        cache.save(keep={display for _, display in jobs_list} | ({glossary_entry} if glossary_entry else set()))
    results = [cached.get(display) or fresh[display] for _, display in jobs_list]
    bank = _known_bank(cache, results, selection, settings.config.ignored_for, guess)[1] if cache is not None else None
    return _report(settings, results, glossary_findings, bank)


def _when_finished(cache, digests: dict[str, str],
                   while_waiting: Callable[[list], None] | None) -> Callable[[FileResult], None] | None:
    """What is done with each complete fresh result of a pool's workers as it comes: written to the cache
    (``_entry_writer``), and its findings told to ``while_waiting`` (see ``run_lint``)."""
    write = _entry_writer(cache, digests)
    if while_waiting is None:
        return write

    def finished(result: FileResult) -> None:
        if write is not None:
            write(result)
        while_waiting(_likely_findings([result], None))

    return finished


def _entry_writer(cache, digests: dict[str, str]) -> Callable[[FileResult], None] | None:
    """What writes each complete fresh result to the cache as it comes (little is then left to write at the
    end of the run)."""
    if cache is None:
        return None

    def write(result: FileResult) -> None:
        if result.digest is not None:
            cache.put(result.path, result.digest, result)
            cache.write()

    return write


def _bank_guess(cache, todo: list[tuple[str, str]], cached: dict[str, FileResult], jobs_list: list[tuple[str, str]],
                selection, ignored_for) -> tuple[str | None, list] | None:
    """While a worker lints the changed files: the bank rules' findings should the item summaries of those
    files be as they were (the usual edit, of a text or a feedback, changes none of the keys, lengths, stems or
    positions they hold), from the files' previous cache entries; (their key, see ``cache.bank_key``; the
    findings), or None when a changed file has no previous entry."""
    previous = {}
    for _, display in todo:
        hit = cache.previous(display)
        if hit is None:
            return None
        previous[display] = hit
    results = [result for _, display in jobs_list if (result := cached.get(display) or previous.get(display))]
    return _known_bank(cache, results, selection, ignored_for)


def _known_bank(cache, results: list[FileResult], selection, ignored_for,
                guess: tuple[str | None, list] | None = None) -> tuple[str | None, list]:
    """The bank rules' findings over ``results``, with their key (see ``cache.bank_key``): those of the ``guess``
    (see ``_bank_guess``) or of an earlier run when the key is theirs, else worked out now and cached."""
    from quizlint.lint.cache import bank_key

    summaries, kept = _bank_input(results, selection, ignored_for)
    key = bank_key(results, kept)
    if guess is not None and key is not None and guess[0] == key:
        return guess
    findings = cache.bank_findings(key) if key is not None else None
    if findings is None:
        findings = bank_findings(summaries, selection, Services(), kept)
        if key is not None:
            cache.put_bank_findings(key, findings)
    return key, findings


def _likely_findings(results: Iterable[FileResult], guess: tuple[str | None, list] | None) -> list:
    """The findings of ``results`` (suppressions' problems included) and the bank rules' ``guess``ed ones (see
    ``run_lint``'s ``while_waiting``)."""
    findings: list = []
    for result in results:
        findings += result.findings
        if result.suppressions is not None:
            findings += result.suppressions.problems
    return findings + guess[1] if guess is not None else findings


def _bank_input(results: list[FileResult], selection, ignored_for) -> tuple[list, frozenset]:
    """What the bank rules' findings depend on besides the settings: the summaries, and the items ``quizlint
    fix`` leaves in place (suppressions and per-file ignores of the rules that move keys)."""
    return summaries_of(results), kept_in_place(results, selection, ignored_for)


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
    return LintResult(findings, files, results)


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
