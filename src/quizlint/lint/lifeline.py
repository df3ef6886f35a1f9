"""Every process quizlint forks (a pool's workers, the early worker, the processes of ``prestart``) ends with
quizlint, however quizlint ends. A SIGKILL (an OOM kill, a CI timeout's ``kill -9``) runs no clean-up: a child
left behind would hold its memory and, worse, the pipes of whoever reads quizlint's output, who would then wait
for their end forever.

On Linux the system kills a child as soon as its parent dies (``prctl(PR_SET_PDEATHSIG)``). It does so when the
*thread* that forked the child ends: quizlint forks from the thread that runs the command (the main thread), the
pools included (a ``ProcessPoolExecutor`` forks its workers in the first ``submit``, a ``multiprocessing.Pool``
as it is made), and that thread outlives its children. (Only a worker that replaces one that died is forked by a
pool's own thread, which ends with the pool.) Elsewhere nothing is done.
"""

from __future__ import annotations

import os
import sys

_PR_SET_PDEATHSIG = 1  # (linux/prctl.h)
_LINUX = sys.platform.startswith("linux")

_prctl = None  # libc's prctl once looked up (False: not found)


def end_with_parent(parent: int | None) -> None:
    """Called first thing in a child forked by the process ``parent`` (its pid, read before the fork): the
    system is to kill this process when its parent dies, and it exits at once should the parent have died
    already (before the call, which nothing else would then catch). With ``parent`` None, only the former (a
    child forked on the parent's behalf by multiprocessing's fork server, which ends with the parent)."""
    if not _LINUX:
        return
    prctl = _libc_prctl()
    if prctl is not None:
        import signal

        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def _libc_prctl():
    global _prctl
    if _prctl is None:
        try:
            import ctypes

            _prctl = ctypes.CDLL(None).prctl
        except (OSError, AttributeError):
            _prctl = False
    return _prctl or None


def leave_standard_streams() -> None:
    """Point the process's standard streams at the null device: a child must not keep the pipes of whoever
    reads quizlint's output open (should it outlive quizlint, or be slow to end)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def pool_initializer(initializer, *initargs) -> dict:
    """The ``initializer`` and ``initargs`` of a pool of workers (``multiprocessing.Pool``,
    ``ProcessPoolExecutor``, on the default start method) that end with this process: each worker runs
    ``initializer(*initargs)``, then lets go of the standard streams (what a worker has to say after that, an
    exception included, goes back to this process pickled; a failed ``initializer`` still shows its
    traceback)."""
    import multiprocessing

    parent = None if multiprocessing.get_start_method() == "forkserver" else os.getpid()
    if _LINUX:
        _libc_prctl()  # (looked up once, here, rather than in every forked worker)
    return {"initializer": _start_pool_worker, "initargs": (parent, initializer, *initargs)}


def _start_pool_worker(parent: int | None, initializer, *initargs) -> None:
    end_with_parent(parent)
    initializer(*initargs)
    leave_standard_streams()
