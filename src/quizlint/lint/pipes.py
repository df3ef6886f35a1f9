"""The processes forked as quizlint starts (``prestart``, ``full_looks``), which need nothing of
``multiprocessing``: values sent over plain pipes (a length, then the pickled value), and their end."""

from __future__ import annotations

import os

from quizlint.lint.lifeline import end_with_parent, leave_standard_streams

_LENGTH_BYTES = 8
PIPE_BYTES = 1 << 20


def fork_child(serve, *args) -> tuple[int, int, int]:
    """Fork a child that runs ``serve(inbox, outbox, *args)`` (which never returns) with two pipes to this
    process, both with room for large values (``widen``): (its pid, the end this process writes to it, the end
    this process reads it from)."""
    inbox, to_child = os.pipe()
    from_child, outbox = os.pipe()
    widen(to_child)
    widen(outbox)
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        try:
            end_with_parent(parent)
            os.close(to_child)
            os.close(from_child)
            leave_standard_streams()
            serve(inbox, outbox, *args)
        finally:
            os._exit(1)  # (never back into the parent's code)
    os.close(inbox)
    os.close(outbox)
    return pid, to_child, from_child


def widen(fd: int) -> None:
    """Give the pipe of ``fd`` room for ``PIPE_BYTES`` (where the system allows), so that a writer seldom waits."""
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (ImportError, AttributeError, OSError):
        pass  # (a large value then waits for its reader)


def write_message(fd: int, value) -> None:
    import pickle

    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(_LENGTH_BYTES, "little") + data)
    while view:
        view = view[os.write(fd, view):]


def read_message(fd: int):
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
            chunk = os.read(fd, min(left, PIPE_BYTES))
        except OSError:
            return None
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def kill_and_reap(pid: int) -> None:
    """Kill the child ``pid`` (if still running) and reap it."""
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
