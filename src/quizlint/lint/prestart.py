"""Processes forked as quizlint starts, before the command line is even parsed, when the run will likely want
them; their start-up then runs on another core while this process imports the command line and works out what
to lint, instead of after it. A run that has no use for them kills them.

- After an edit (``quizlint lint`` where an earlier run left its file index, ``.quizlint_cache/files.json``),
  a lint worker: the run lints the few changed files in it while it reads the cached results of the others
  (see ``runner._EarlyWorker``). Its start-up: pydantic, the models' validators, the rule modules, the language
  identifications of earlier runs.
- For a cold run (no file index, or ``--no-cache``) over a bank large enough for a pool of workers, the helper
  that answers the workers' full looks (see ``full_looks``): it loads lingua's big models meanwhile.

Only on Linux, where forking a process that has no thread yet is safe and cheap; elsewhere (and with
``QUIZLINT_NO_PRESTART`` set) the run does without.
"""

from __future__ import annotations

import os
import sys

from quizlint.lint.pipes import fork_child, kill_and_reap, read_message, write_message

_INDEX = os.path.join(".quizlint_cache", "files.json")
# (``runner.OVERLAP_MIN_CACHED``: a run over fewer files has no use for an early worker.)
OVERLAP_MIN_CACHED = 32
# (``runner.PARALLEL_MIN_BYTES``: below this much YAML, starting worker processes costs more than it saves.)
PARALLEL_MIN_BYTES = 2 * 1024 * 1024
# The options that keep a run from using an early worker (see ``runner.run_lint``), and from a pool.
_NO_EARLY_WORKER = ("--no-cache", "-j", "--jobs")
_NO_POOL = ("-j", "--jobs")
# How many directory entries the look for a large bank reads at most before it gives up (a huge tree).
_LOOK_ENTRIES = 20_000

_started: Prestarted | None = None
_helper = None  # the full looks' helper (``full_looks.FullLookHelper``)


def start_if_useful(argv: list[str]) -> None:
    """Fork what ``argv`` (the arguments after the program name) makes likely to be used: an early worker, or
    the full looks' helper."""
    global _started, _helper
    if _started is not None or _helper is not None:
        return
    if _likely_useful(argv):
        _started = Prestarted.fork(os.getcwd())
    elif (first_quiz := _cold_large_bank(argv)) is not None:
        from quizlint.lint.full_looks import FullLookHelper

        _helper = FullLookHelper.fork(first_quiz)


def take(root) -> Prestarted | None:
    """The forked worker, for a run whose cache lives under ``root`` (it is handed out once)."""
    worker = _hand_over()
    if worker is not None:
        worker.root = str(root)
    return worker


def take_full_looks():
    """The full looks' helper, if one was forked (it is handed out once)."""
    global _helper
    helper, _helper = _helper, None
    return helper


def discard() -> None:
    """Stop the forked worker, if any: the run has no use for it."""
    worker = _hand_over()
    if worker is not None:
        worker.stop()


def _hand_over() -> Prestarted | None:
    global _started
    worker, _started = _started, None
    return worker


def _lint_words(argv: list[str]) -> list[str] | None:
    """The words of a ``lint`` command line that may fork a process (the paths among them, and option values):
    None for another command, another platform, or when turned off."""
    if not sys.platform.startswith("linux") or os.environ.get("QUIZLINT_NO_PRESTART"):
        return None
    words = [arg for arg in argv if not arg.startswith("-")]
    return words[1:] if words and words[0] == "lint" else None


def _likely_useful(argv: list[str]) -> bool:
    words = _lint_words(argv)
    if words is None or any(arg.startswith(_NO_EARLY_WORKER) for arg in argv):
        return False
    return os.path.isfile(_INDEX) and not _few_files(words)


def _few_files(words: list[str]) -> bool:
    """Whether the paths among ``words`` (the arguments of ``lint``, option values among them) are files only,
    too few for an early worker (a pre-commit hook's run, say). Without paths, the bank is linted."""
    if any(os.path.isdir(word) for word in words):
        return False
    files = sum(os.path.isfile(word) for word in words)
    return 0 < files <= OVERLAP_MIN_CACHED


def _cold_large_bank(argv: list[str]) -> str | None:
    """For a run with nothing cached whose quiz files are enough for a pool of workers: the first of those
    files (its languages are those the helper loads). None otherwise."""
    words = _lint_words(argv)
    if words is None or any(arg.startswith(_NO_POOL) for arg in argv) or (os.cpu_count() or 1) < 2:
        return None
    if os.path.isfile(_INDEX) and "--no-cache" not in argv:
        return None
    return _large_bank([word for word in words if os.path.exists(word)] or ["."])


def _large_bank(paths: list[str]) -> str | None:
    """The first quiz file found under ``paths`` when they hold at least ``PARALLEL_MIN_BYTES`` of quiz files,
    else None (it stops as soon as it knows)."""
    first, size = None, 0
    for path in _quiz_files(paths):
        try:
            size += os.stat(path).st_size
        except OSError:
            continue
        first = first or path
        if size >= PARALLEL_MIN_BYTES:
            return first
    return None


def _quiz_files(paths: list[str]):
    """The quiz files under ``paths``, by the names and directories ``find_quiz_files`` takes (unsorted, not
    told apart from links to one another, neither following links to folders nor leaving out what git ignores),
    and only while a few directory entries have been read (``_LOOK_ENTRIES``): an estimate, for what to fork."""
    from quizlint.load.names import SKIP_DIRS, is_quiz_file

    entries = 0
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = [name for name in dirs if name not in SKIP_DIRS]
            entries += len(dirs) + len(files)
            if entries > _LOOK_ENTRIES:
                return
            yield from (os.path.join(root, name) for name in files if is_quiz_file(name))


class Prestarted:
    """The parent's handle on the forked worker: it takes one batch of files, as ``runner._EarlyWorker`` does."""

    def __init__(self, pid: int, jobs: int, results: int, root: str) -> None:
        self.pid, self._jobs, self._results, self.root = pid, jobs, results, root

    @classmethod
    def fork(cls, root: str) -> Prestarted:
        # (the jobs' pipe has room for a job: the rule selection pickles to about 80 kB)
        return cls(*fork_child(_serve, root), root)

    def start(self, todo: list[tuple[str, str]], selection, glossary_source, services):
        """Send ``todo`` to the worker; the returned function waits for its results (completed by ``services``
        as ``runner._receive`` does). Should the worker have died, the files are linted here."""
        from quizlint.lint import runner

        try:
            write_message(self._jobs, (todo, selection, glossary_source, self.root))
        except OSError:
            pass  # (the worker is gone: collect finds no results)
        finally:
            os.close(self._jobs)
            self._jobs = -1

        def collect():
            # (the worker exits once it has sent its results; the run reaps it when it ends, see ``stop``, so as
            # not to wait here while the system frees its memory)
            results = read_message(self._results)
            if results is None:
                from quizlint.bank import load_glossary

                return runner._lint_here(todo, selection, load_glossary(*glossary_source)[0] if glossary_source
                                         else None, services)
            return runner._receive(results, services)

        return collect

    def stop(self) -> None:
        """Kill the worker (if still running) and reap it."""
        if self.pid <= 0:
            return
        for fd in (self._jobs, self._results):
            if fd >= 0:
                os.close(fd)
        self._jobs = self._results = -1
        kill_and_reap(self.pid)
        self.pid = 0


def _serve(jobs: int, results: int, root: str) -> None:
    """The worker: start up, lint the one batch it is sent, send the results back, and exit (never returns)."""
    status = 1
    try:
        import gc
        import signal

        gc.disable()  # (as the worker lints, see ``worker.prepare_early_worker``: its imports run faster too)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; this ends with its pipe
        from pathlib import Path

        from quizlint.lint import worker

        worker.prepare_early_worker(Path(root))
        job = read_message(jobs)
        if job is not None:
            todo, selection, glossary_source, job_root = job
            if job_root != root:  # (the bank's cache is elsewhere: its identifications, then)
                worker.prepare_early_worker(Path(job_root))
            write_message(results, worker.lint_batch(todo, selection, glossary_source))
        status = 0
    finally:
        os._exit(status)
