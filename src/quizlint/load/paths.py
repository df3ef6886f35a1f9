"""How a path is shown in reports and used as a file's name in a run (``per-file-ignores`` match it)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


def display_path(path: Path, root: Path | None = None) -> str:
    """A path as users see it in reports: relative to ``root`` (default: the current directory) when inside,
    by the name it was found under (a file in a folder that is a link keeps the link's name, which
    ``per-file-ignores`` may use), else by its real path when that is inside. It is text every report can hold:
    bytes of a file name that are not UTF-8 are shown as U+FFFD."""
    directory = os.fspath(root or os.getcwd())
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.abspath(directory))
        if _outside(relative):
            relative = os.path.relpath(os.path.realpath(path), _real_directory(directory))
    except ValueError:  # another drive (Windows)
        return _shown(path.as_posix())
    if _outside(relative):
        return _shown(path.as_posix())
    return _shown(Path(relative).as_posix())


def _outside(relative: str) -> bool:
    return relative == os.pardir or relative.startswith(os.pardir + os.sep)


def _shown(name: str) -> str:
    """``name`` with the undecodable bytes Python keeps as lone surrogates (``os.fsdecode``) made U+FFFD."""
    if name.isascii():
        return name
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return name


@lru_cache(maxsize=8)
def _real_directory(directory: str) -> str:
    # (a run names many files relative to one directory: it is resolved once, not once per file)
    return os.path.realpath(directory)
