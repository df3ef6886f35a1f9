"""A lint worker forked as quizlint starts, before the command line is even parsed, when the run will likely
want one: ``quizlint lint`` where an earlier run left its file index (``.quizlint_cache/files.json``).

After an edit, the run lints the few changed files in a worker while it reads the cached results of the others
(see ``runner._EarlyWorker``). Forked here, that worker's own start-up (pydantic, the models' validators, the
rule modules, the language identifications of earlier runs) runs on another core while this process imports
the command line and works out what changed, instead of after it. A run that has no use for it kills it.

Only on Linux, where forking a process that has no thread yet is safe and cheap; elsewhere (and with
``QUIZLINT_NO_PRESTART`` set) the run starts its worker the usual way when it needs one.
"""

from __future__ import annotations

import os
import sys

_INDEX = os.path.join(".quizlint_cache", "files.json")
# (``runner.OVERLAP_MIN_CACHED``: a run over fewer files has no use for an early worker.)
OVERLAP_MIN_CACHED = 32
# The options that keep a run from using an early worker (see ``runner.run_lint``).
_NO_EARLY_WORKER = ("--no-cache", "-j", "--jobs")
_LENGTH_BYTES = 8
# Room for a job (the rule selection pickles to about 80 kB) without waiting for the worker to read it.
_PIPE_BYTES = 1 << 20

_started: Prestarted | None = None


def start_if_useful(argv: list[str]) -> None:
    """Fork the worker when ``argv`` (the arguments after the program name) makes it likely to be used."""
    global _started
    if _started is None and _likely_useful(argv):
        _started = Prestarted.fork(os.getcwd())


def take(root) -> Prestarted | None:
    """The forked worker, for a run whose cache lives under ``root`` (it is handed out once)."""
    worker = _hand_over()
    if worker is not None:
        worker.root = str(root)
    return worker


def discard() -> None:
    """Stop the forked worker, if any: the run has no use for it."""
    worker = _hand_over()
    if worker is not None:
        worker.stop()


def _hand_over() -> Prestarted | None:
    global _started
    worker, _started = _started, None
    return worker


def _likely_useful(argv: list[str]) -> bool:
    if not sys.platform.startswith("linux") or os.environ.get("QUIZLINT_NO_PRESTART"):
        return False
    words = [arg for arg in argv if not arg.startswith("-")]
    if not words or words[0] != "lint" or any(arg.startswith(_NO_EARLY_WORKER) for arg in argv):
        return False
    return os.path.isfile(_INDEX) and not _few_files(words[1:])


def _few_files(words: list[str]) -> bool:
    """Whether the paths among ``words`` (the arguments of ``lint``, option values among them) are files only,
    too few for an early worker (a pre-commit hook's run, say). Without paths, the bank is linted."""
    if any(os.path.isdir(word) for word in words):
        return False
    files = sum(os.path.isfile(word) for word in words)
    return 0 < files <= OVERLAP_MIN_CACHED


class Prestarted:
    """The parent's handle on the forked worker: it takes one batch of files, as ``runner._EarlyWorker`` does."""

    def __init__(self, pid: int, jobs: int, results: int, root: str) -> None:
        self.pid, self._jobs, self._results, self.root = pid, jobs, results, root

    @classmethod
    def fork(cls, root: str) -> Prestarted:
        jobs_read, jobs_write = os.pipe()
        results_read, results_write = os.pipe()
        _widen(jobs_write)
        pid = os.fork()
        if pid == 0:  # the worker
            os.close(jobs_write)
            os.close(results_read)
            _serve(jobs_read, results_write, root)
        os.close(jobs_read)
        os.close(results_write)
        return cls(pid, jobs_write, results_read, root)

    def start(self, todo: list[tuple[str, str]], selection, glossary_path, services):
        """Send ``todo`` to the worker; the returned function waits for its results (completed by ``services``
        as ``runner._receive`` does). Should the worker have died, the files are linted here."""
        from quizlint.lint import runner

        try:
            _write_message(self._jobs, (todo, selection, glossary_path, self.root))
        except OSError:
            pass  # (the worker is gone: collect finds no results)
        finally:
            os.close(self._jobs)
            self._jobs = -1

        def collect():
            results = _read_message(self._results)
            self.stop()
            if results is None:
                from quizlint.bank import load_glossary

                return runner._lint_here(todo, selection, load_glossary(glossary_path)[0], services)
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
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.pid = 0


def _serve(jobs: int, results: int, root: str) -> None:
    """The worker: start up, lint the one batch it is sent, send the results back, and exit (never returns)."""
    status = 1
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; this ends with its pipe
        from pathlib import Path

        from quizlint.lint import worker

        worker.prepare_early_worker(Path(root))
        job = _read_message(jobs)
        if job is not None:
            todo, selection, glossary_path, job_root = job
            if job_root != root:  # (the bank's cache is elsewhere: its identifications, then)
                worker.prepare_early_worker(Path(job_root))
            _write_message(results, worker.lint_batch(todo, selection, glossary_path))
        status = 0
    finally:
        os._exit(status)


def _widen(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    except (ImportError, AttributeError, OSError):
        pass  # (a job larger than the pipe then waits for the worker to read it)


def _write_message(fd: int, value) -> None:
    import pickle

    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(_LENGTH_BYTES, "little") + data)
    while view:
        view = view[os.write(fd, view):]


def _read_message(fd: int):
    """The next value sent on ``fd``; None when the other end closed it first."""
    header = _read_exactly(fd, _LENGTH_BYTES)
    if header is None:
        return None
    data = _read_exactly(fd, int.from_bytes(header, "little"))
    if data is None:
        return None
    import pickle

    return pickle.loads(data)


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        try:
            chunk = os.read(fd, min(left, _PIPE_BYTES))
        except OSError:
            return None
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
