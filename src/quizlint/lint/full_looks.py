"""lingua's full looks answered by a helper process forked as quizlint starts, for a cold run over a large bank.

The workers of a pool leave the full looks of short texts (lingua's high-accuracy mode) to the process that
runs the pool (``Services.defer_full_looks``). The models of that mode take about a second of CPU to load. In
that process they load once the pool runs, on a core the workers need. Forked with the run instead (``prestart``
decides, before the command line is parsed), this helper loads them while the run starts up — imports,
configuration, hashing files, all on one core — on a core that would otherwise wait; it runs at a lower
priority, so that the workers go first once they start. It then answers the questions the run sends as the
workers' results come in.

The languages to load are guessed from the first quiz file (``languages:``); a wrong guess only costs the
load of other models. The answers are lingua's own, as the run would compute them itself: a run reports the
same with or without the helper, and should the helper die, the run answers what is left itself.
"""

from __future__ import annotations

import os

from quizlint.lint.pipes import fork_child, kill_and_reap, read_message, write_message

# Below the workers' priority: the helper takes what they leave, and they are many (see the module's docstring).
_NICENESS = 5
# How much of the first quiz file is read for its ``languages:`` (a quiz declares them near its top).
_HEAD_BYTES = 16 * 1024
# (patterns compiled in the helper, which alone reads them: ``re`` is not imported before the helper is forked)
_FLOW_LANGUAGES = r"^languages:[ \t]*\[([^\]\n]*)\]"
_BLOCK_LANGUAGES = r"^languages:[ \t]*(?:#[^\n]*)?\n((?:[ \t]*-[ \t]*[^\n]+\n?)+)"

Key = tuple  # (language codes, sample): what one full look identifies


class FullLookHelper:
    """The run's handle on the helper: questions go out as they come, answers come back as lingua's rows
    (``Services.learned``); two threads of the run carry them, so that the run never waits on a pipe."""

    def __init__(self, pid: int, requests: int, answers: int) -> None:
        self.pid, self._requests, self._answers = pid, requests, answers
        self._asked: set[Key] = set()
        self._rows: list[list] = []
        self._lock = None  # (guards ``_rows``, once the reader thread runs)
        self._outbox = None
        self._threads: list = []

    @classmethod
    def fork(cls, first_quiz: str | None) -> FullLookHelper:
        return cls(*fork_child(_serve, first_quiz))

    def ask(self, keys: list[Key]) -> None:
        """Send the full looks of ``keys`` not asked for yet (never blocks: a thread writes them)."""
        batches: dict[tuple, list[str]] = {}
        for key in keys:
            if key not in self._asked:
                self._asked.add(key)
                batches.setdefault(key[0], []).append(key[1])
        if not batches:
            return
        if self._outbox is None:
            self._start_threads()
        for codes, samples in batches.items():
            self._outbox.put((codes, samples))

    def answers(self) -> list[list]:
        """The answers received since the last call (rows of ``Services.learned``)."""
        if self._lock is None:
            return []
        with self._lock:
            rows, self._rows = self._rows, []
        return rows

    def finish(self) -> list[list]:
        """No more questions: the answers still to come, once the helper has answered them all (or died). A
        helper that was asked nothing is stopped at once."""
        if self._outbox is None:
            self.stop()
            return []
        self._outbox.put(None)
        for thread in self._threads:
            thread.join()
        self.stop()
        return self.answers()

    def stop(self) -> None:
        """Kill the helper (if still running) and reap it."""
        if self.pid <= 0:
            return
        if self._outbox is None:
            for fd in (self._requests, self._answers):
                os.close(fd)
        kill_and_reap(self.pid)
        self.pid = 0

    def _start_threads(self) -> None:
        import queue
        import threading

        self._outbox = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._send, daemon=True),
                         threading.Thread(target=self._receive, daemon=True)]
        for thread in self._threads:
            thread.start()

    def _send(self) -> None:
        try:
            while (batch := self._outbox.get()) is not None:
                write_message(self._requests, batch)
            # the end, said: workers forked after the helper hold this end of the pipe too, so it never reads EOF
            write_message(self._requests, None)
        except OSError:
            pass  # the helper is gone: what it did not answer, the run answers itself
        finally:
            os.close(self._requests)

    def _receive(self) -> None:
        try:
            while (rows := read_message(self._answers)) is not None:
                with self._lock:
                    self._rows.extend(rows)
        finally:
            os.close(self._answers)


def _serve(requests: int, answers: int, first_quiz: str | None) -> None:
    """The helper: load the full looks' models for the languages of ``first_quiz``, then answer each batch of
    samples it is sent, until the run says it is done or is gone (never returns)."""
    status = 1
    try:
        import gc
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the run's to handle; this ends with its pipe
        gc.disable()  # (as in a pool's worker: the helper ends with the run)
        try:
            os.nice(_NICENESS)
        except OSError:
            pass
        from quizlint.lint.services import Services

        services = Services(threads=False)
        languages = declared_languages(first_quiz) if first_quiz else []
        if len(services.identifiable(languages)) >= 2:
            services.prepare_full_looks(languages)
        while (batch := read_message(requests)) is not None:
            codes, samples = batch
            services.language_confidences_many(samples, codes)
            write_message(answers, services.take_learned())
        status = 0
    finally:
        os._exit(status)


def declared_languages(path: str) -> list[str]:
    """The languages a quiz file declares near its top (``languages: [en, tr]`` or a block list); [] when none
    are found. A guess for what to load early, not a parse: the run reads the file properly."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    import re

    flow = re.search(_FLOW_LANGUAGES, head, re.MULTILINE)
    if flow is not None:
        entries = flow.group(1).split(",")
    else:
        block = re.search(_BLOCK_LANGUAGES, head, re.MULTILINE)
        entries = [line.split("-", 1)[1] for line in block.group(1).splitlines()] if block is not None else []
    return [code for entry in entries if (code := entry.split("#", 1)[0].strip().strip("'\""))]
