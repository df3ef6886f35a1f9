"""Writing files safely: every file quizlint writes is written atomically (temp file + fsync + rename), keeping
the owner, group, mode and extended attributes of the file it replaces."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Iterable

# Temporary files are named ``.<name>.quizlint-<pid>-<random>.tmp`` beside the file they will replace, and the
# copy kept while a file is rewritten in place ``.<name>.quizlint-<pid>-<random>.bak``: a run that is killed
# leaves them behind, and the next run that writes in that folder removes the temporary files (never a copy:
# it may be the only whole one; see ``write_in_place``).
_TEMP_FILE = re.compile(r"\..+\.quizlint-(\d+)-[A-Za-z0-9_]+\.tmp\Z")
_RUN_STARTED = time.time()
_swept: set[str] = set()


def write_atomic(path: str | os.PathLike, data: str | bytes, *, encoding: str = "utf-8", durable: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers see either the old or the new file, never half of one.

    Keeps the mode, owner, group and extended attributes of an existing file; a new file gets ``0o666`` less the
    process umask, as ``open()`` would give it. A file with several hard links, or whose owner or attributes
    this process cannot give a new file, is rewritten in place after a backup (``write_in_place``) so that it
    stays the file every link names. When ``path`` is a symbolic link, its target is replaced (atomically,
    from a temporary file in the target's directory) and the link stays a link. A device, FIFO or terminal is
    written into, not replaced (see ``is_special_file``). A read-only file is not replaced, even by root
    (PermissionError, see ``is_read_only``). Text is written with ``\\n`` newlines as given (no translation).
    ``durable=False`` skips the flush to disk (for caches: a lost entry is only a cache miss).
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
    sweep_stale_temp_files(target.parent)
    existing = _stat(target)
    if existing is not None and existing.st_nlink > 1:
        write_in_place(target, payload)
        return
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.quizlint-{os.getpid()}-", suffix=".tmp",
                                     dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if existing is not None and not keep_owner_and_attributes(target, temp_name):
            os.unlink(temp_name)
            write_in_place(target, payload)
            return
        os.chmod(temp_name, mode_for(target))
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise


def write_in_place(path: Path, payload: bytes) -> None:
    """Rewrite the file ``path`` itself (same inode: its hard links, owner and attributes stay), after copying
    it to a backup beside it; the backup is put back if the write fails, and removed once the new contents are
    on disk. A run killed in between leaves the backup (``.<name>.quizlint-<pid>-<random>.bak``)."""
    original = path.read_bytes()
    fd, backup = tempfile.mkstemp(prefix=f".{path.name}.quizlint-{os.getpid()}-", suffix=".bak", dir=path.parent)
    with os.fdopen(fd, "wb") as handle:
        handle.write(original)
        handle.flush()
        os.fsync(handle.fileno())
    try:
        _overwrite(path, payload)
    except BaseException:
        try:
            _overwrite(path, original)
        except OSError:
            pass  # the backup stays: it is now the only whole copy
        else:
            os.unlink(backup)
        raise
    os.unlink(backup)


def _overwrite(path: Path, payload: bytes) -> None:
    with open(path, "r+b") as handle:
        handle.write(payload)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())


def keep_owner_and_attributes(original: Path, replacement: str) -> bool:
    """Give ``replacement`` the owner, group and extended attributes of ``original``; False when this process
    cannot (another owner and no right to give files away, an attribute it may not set)."""
    info = os.stat(original)
    if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
        try:
            os.chown(replacement, info.st_uid, info.st_gid)
        except PermissionError:
            return False
    for name, value in _extended_attributes(original):
        try:
            os.setxattr(replacement, name, value, follow_symlinks=False)
        except OSError as error:
            if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):  # (the folder's file system has none of them)
                continue
            return False
    return True


def _extended_attributes(path: Path) -> list[tuple[str, bytes]]:
    if not hasattr(os, "listxattr"):  # (not Linux)
        return []
    try:
        return [(name, os.getxattr(path, name)) for name in os.listxattr(path)]
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):
            return []
        raise


def sweep_stale_temp_files(folder: Path) -> list[Path]:
    """Remove the temporary files a killed quizlint run left in ``folder`` (once per folder and run): those
    named as ``write_atomic`` names them, last changed before this run started, by a process that is gone.
    Returns what was removed."""
    key = os.path.realpath(folder)
    if key in _swept:
        return []
    _swept.add(key)
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _TEMP_FILE.match(name)
        if match is None or int(match.group(1)) == os.getpid() or _process_exists(int(match.group(1))):
            continue
        candidate = Path(folder) / name
        try:
            if candidate.lstat().st_mtime < _RUN_STARTED and stat.S_ISREG(candidate.lstat().st_mode):
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def outside_folders(path: Path, folders: Iterable[str | os.PathLike]) -> Path | None:
    """The real path of ``path`` when it lies outside every one of ``folders`` (a file among them counts as
    itself: named on the command line, it may be written wherever it leads), else None."""
    real = Path(os.path.realpath(path))
    for folder in folders:
        root = Path(os.path.realpath(folder))
        if real == root or (root.is_dir() and root in real.parents):
            return None
    return real


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
