"""Paths as CI systems want them: relative to the repository root (the nearest parent with ``.git``)."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath


def repository_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` holding ``.git`` (a directory, or a file in worktrees)."""
    start = start.resolve()
    for directory in [start, *start.parents]:
        if (directory / ".git").exists():
            return directory
    return None


def report_base(root: Path | None) -> Path:
    """What report paths are relative to: the repository root around ``root``, else ``root`` itself."""
    root = (root or Path.cwd()).resolve()
    return repository_root(root) or root


def relative_to_base(display_path: str, base: Path, cwd: Path | None = None) -> str | None:
    """A finding's path (relative to the current directory, as the text report shows it) made relative to
    ``base`` with forward slashes; None when the file lies outside ``base``."""
    joined = Path(os.path.abspath((cwd or Path.cwd()) / display_path))
    absolute = joined.parent.resolve() / joined.name  # resolve symlinked directories as ``base`` is
    try:
        relative = absolute.relative_to(base)
    except ValueError:
        return None
    return PurePosixPath(*relative.parts).as_posix()
