"""The git repository a folder is in: its root, and the files git ignores there.

What git ignores is read as git reads it, from the ``.gitignore`` files of the repository (its root down to the
folder in question: a deeper file wins, and in one file the last matching pattern) and ``.git/info/exclude``
(below them all); not from the user's global excludes file. ``pathspec`` reads the patterns; it is imported only
when the repository has such a file.
"""

from __future__ import annotations

import os
from pathlib import Path

IGNORE_FILE = ".gitignore"


def repository_root(start: str | os.PathLike) -> Path | None:
    """The nearest folder at or above ``start`` holding ``.git`` (a directory, or a file in worktrees and
    submodules), its links not resolved (made absolute only)."""
    start = Path(os.path.abspath(start))
    for directory in [start, *start.parents]:
        if (directory / ".git").exists():
            return directory
    return None


class GitIgnore:
    """What git ignores in the repository whose root is ``root``; each folder's ``.gitignore`` is read once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._specs: dict[Path, object | None] = {}  # folder → the patterns of its .gitignore (None: none)

    @classmethod
    def for_walk(cls, folder: str | os.PathLike) -> GitIgnore | None:
        """The rules for searching ``folder``: None when it is in no repository, or when git ignores it (or a
        folder it is in): a folder named explicitly is searched whole, as a file named explicitly is read."""
        root = repository_root(folder)
        if root is None:
            return None
        ignore = cls(root)
        current = root
        for part in Path(os.path.abspath(folder)).relative_to(root).parts:
            current = current / part
            if ignore.ignores(current, is_dir=True):
                return None
        return ignore

    def ignores(self, path: str | os.PathLike, is_dir: bool) -> bool:
        """Whether git ignores ``path`` (below the root) itself, its folders taken as not ignored."""
        path = Path(os.path.abspath(path))
        for folder in path.parents:
            spec = self._spec(folder)
            if spec is not None:
                verdict = spec.check_file(_pattern_path(path, folder, is_dir)).include
                if verdict is not None:
                    return verdict
            if folder == self.root:
                break
        spec = self._spec(None)
        return spec is not None and bool(spec.check_file(_pattern_path(path, self.root, is_dir)).include)

    def ignores_below(self, top: str | os.PathLike, path: str | os.PathLike) -> bool:
        """Whether git ignores ``path``, or a folder between ``top`` (these rules' ``for_walk`` folder, not held
        against it) and ``path``."""
        current = Path(os.path.abspath(top))
        for part in Path(os.path.relpath(os.path.abspath(path), current)).parts:
            current = current / part
            if self.ignores(current, is_dir=current.is_dir()):
                return True
        return False

    def _spec(self, folder: Path | None):
        """The patterns of ``folder``'s ``.gitignore`` (None: of ``.git/info/exclude``), or None without any."""
        if folder not in self._specs:
            source = _exclude_file(self.root) if folder is None else folder / IGNORE_FILE
            lines = _read_lines(source) if source is not None else []
            self._specs[folder] = _compile(lines) if any(_is_pattern(line) for line in lines) else None
        return self._specs[folder]


def _pattern_path(path: Path, folder: Path, is_dir: bool) -> str:
    """``path`` relative to ``folder`` as gitignore patterns see it (a folder with a trailing ``/``)."""
    relative = path.relative_to(folder).as_posix()
    return relative + "/" if is_dir else relative


def _is_pattern(line: str) -> bool:
    return bool(line.strip()) and not line.startswith("#")


def _compile(lines: list[str]):
    try:
        import pathspec
    except ImportError:  # a dependency missing: an install from before it was one
        from quizlint.config import ConfigError

        raise ConfigError("cannot read .gitignore files: the pathspec package is missing (install quizlint "
                          "again, or `pip install 'pathspec>=0.12'`)") from None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _read_lines(path: Path) -> list[str]:
    """The lines of an ignore file; none when it is absent or cannot be read (quizlint then reads more files,
    never fewer)."""
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def _exclude_file(root: Path) -> Path | None:
    """``info/exclude`` of the repository's git folder: ``.git/``, or where a ``.git`` file points (a worktree
    or submodule; a worktree shares the main repository's, named by its ``commondir``)."""
    dot_git = root / ".git"
    if dot_git.is_dir():
        return dot_git / "info" / "exclude"
    text = "".join(_read_lines(dot_git)[:1])
    if not text.startswith("gitdir:"):
        return None
    git_dir = root / text[len("gitdir:"):].strip()
    common = "".join(_read_lines(git_dir / "commondir")[:1]).strip()
    return (git_dir / common if common else git_dir) / "info" / "exclude"
