"""Writing files safely: every file quizlint writes is written atomically (temp file + fsync + rename)."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike, data: str | bytes, *, encoding: str = "utf-8", durable: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers see either the old or the new file, never half of one.

    Keeps the mode of an existing file; a new file gets ``0o666`` less the process umask, as ``open()`` would
    give it. When ``path`` is a symbolic link, its target is replaced (atomically, from a temporary file in the
    target's directory) and the link stays a link. A device, FIFO or terminal is written into, not replaced
    (see ``is_special_file``). A read-only file is not replaced, even by root (PermissionError, see
    ``is_read_only``). Text is written with ``\\n`` newlines as given (no translation). ``durable=False`` skips
    the flush to disk (for caches: a lost entry is only a cache miss).
    """
    path = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    if is_special_file(path):
        with open(path, "wb") as handle:  # a device, FIFO or terminal (``/dev/null``, ``/dev/stdout``)
            handle.write(payload)
        return
    if path.is_symlink():
        target = link_target(path)
        if not target.parent.is_dir():  # a dangling link: say so, rather than name a temporary file beside its target
            raise FileNotFoundError(errno.ENOENT, f"it is a symbolic link to {target}, whose folder does not exist",
                                    str(path))
    else:
        target = path
        (path.parent if str(path.parent) else Path(".")).mkdir(parents=True, exist_ok=True)
    if is_read_only(target):  # replacing it would get round its protection
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(temp_name, mode_for(target))
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise


def is_special_file(path: Path) -> bool:
    """Whether ``path`` (through any links) is something other than a regular file or a folder: a device, a FIFO,
    a socket or a terminal. Such a file is written into, never replaced: replacing ``/dev/null`` with a regular
    file would break the machine, and ``/dev/stdout`` leads to a pipe that has no folder to put a new file in."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def is_read_only(path: Path) -> bool:
    """Whether ``path`` exists and is protected from writing: no one has a write bit on it (``chmod 444``), or
    this process may not write it. The mode bits are read because ``os.access`` says yes to root whatever they
    are, and CI containers run as root: a ``chmod 444`` report would be replaced there."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # absent (or unreachable: creating the temporary file beside it says why)
        return False
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def link_target(link: Path) -> Path:
    """The file a symbolic link finally points to (which may not exist yet); a loop is an error."""
    target = Path(os.path.realpath(link))
    if target.is_symlink():  # realpath gives up on loops and returns a link
        raise OSError(errno.ELOOP, "too many levels of symbolic links", str(link))
    return target


def mode_for(path: Path) -> int:
    """The permission bits for the new contents of ``path``: those of the existing file, else what a new file
    gets from ``open()`` under the current umask."""
    try:
        return os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        return 0o666 & ~current_umask()


def current_umask() -> int:
    """The process umask (reading it means setting it: it is put back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
