"""Linting many files in a process pool (the shape of pylint's ``lint/parallel.py``): each worker process is
set up once by an initializer with the run's settings, lints chunks of files, and hands back their results
with the language identifications it made; the parent merges them in the order of the files.

The pool ends with the run: on success it is closed and joined, on any exception (Ctrl-C, or SIGTERM, which
``quizlint.cli`` turns into one) its workers are terminated. A worker leaves Ctrl-C to the parent, and ends
by itself within a second once its parent is gone (killed outright, the parent cannot end it; and a worker the
pool started in place of a killed one may wait forever for the lock of the task queue that one held).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Callable

from quizlint.language.identify import Services
from quizlint.lint.engine import FileResult, lint_file

# Below this much YAML, or this many files, starting worker processes costs more than it saves.
PARALLEL_MIN_BYTES = 2 * 1024 * 1024
PARALLEL_MIN_FILES = 4
# At most this many worker processes per core, whatever `-j` or `jobs` asks: a typo (`-j 1000`) must not start
# a process per unit it names.
WORKERS_PER_CORE = 4
# A worker holds a chunk's results until it hands them all back: in a bank of 1,000 files the first chunks
# would otherwise be a quarter of it (some 50 MB of results in each worker, and their pickles at once).
MAX_CHUNK = 25

_worker: dict = {}  # (in a worker process: what ``_initialize`` was given)


def worker_count(jobs: int | None, todo: list[tuple[str, str]]) -> int:
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


def lint_in_pool(todo: list[tuple[str, str]], selection, glossary, workers: int, services: Services, known: list,
                 on_result: Callable[[FileResult], None] | None = None) -> list[FileResult]:
    """The results of ``todo`` ((path, display) pairs), linted by ``workers`` processes, in the order of
    ``todo``. ``known``: language identifications of earlier runs, for the workers; what they identify anew is
    adopted by ``services`` (the run keeps it in the cache). ``on_result`` is called with each result as it
    comes, while the workers go on.

    The first file is linted here, before the workers are forked: what linting loads (the models' validators,
    lingua's models, about 100 MB for two languages) is then loaded once and shared by the workers, instead of
    loaded by each."""
    import multiprocessing  # (here: a run without a pool does not pay for importing it)

    results = [lint_file(*todo[0], selection, glossary, services)]
    report = on_result or (lambda result: None)
    report(results[0])
    known, workers = known + services.learned(), min(workers, len(todo) - 1)
    with multiprocessing.Pool(workers, initializer=_initialize,
                              initargs=(selection, glossary, known, os.getpid())) as pool:
        for chunk_results, learned in pool.imap(_lint_chunk, guided_chunks(todo[1:], workers)):
            results.extend(chunk_results)
            services.adopt(learned)
            for result in chunk_results:
                report(result)
        pool.close()
        pool.join()
    return results  # (leaving the ``with`` by an exception terminates the workers)


def _initialize(selection, glossary, known: list, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl-C is the parent's to answer: it terminates the pool)
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()
    # the pool keeps every core busy: lingua's batch calls in a worker need no threads of their own (nor may they
    # use lingua's thread pool, which a forked worker inherits without its threads)
    services = Services(threads=False)
    services.remember(known)
    _worker.update(selection=selection, glossary=glossary, services=services)


def _end_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _lint_chunk(todo: list[tuple[str, str]]) -> tuple[list[FileResult], list]:
    services = _worker["services"]
    results = [lint_file(path, display, _worker["selection"], _worker["glossary"], services) for path, display in todo]
    return results, services.take_learned()


def guided_chunks(todo: list, workers: int) -> list[list]:
    """``todo`` in consecutive chunks, each a share of what is left (``1 / (2 * workers)`` of it, at least one
    file, at most ``MAX_CHUNK``): large chunks first, for little traffic between the processes, and single files
    last, so that no worker waits long at the end for another to finish a large chunk."""
    chunks, start = [], 0
    while start < len(todo):
        size = min(MAX_CHUNK, max(1, (len(todo) - start) // (2 * workers)))
        chunks.append(todo[start:start + size])
        start += size
    return chunks
