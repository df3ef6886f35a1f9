"""The git repository a folder is in: its root, and the files git ignores there.

What git ignores is read as git reads it, from the ``.gitignore`` files of the repository (its root down to the
folder in question: a deeper file wins, and in one file the last matching pattern) and ``.git/info/exclude``
(below them all); not from the user's global excludes file. A pattern is matched against a path itself, as git
matches it: ``build/`` only folders, ``content/**`` what is inside ``content`` (not ``content``), and nothing
because a folder it is in matches. What is in an ignored folder is left out by the callers, which do not look
inside it, as git does not: no pattern takes a file back from an ignored folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

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
        self._patterns: dict[Path | None, list[Pattern]] = {}  # folder → its .gitignore's patterns (None: exclude's)

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
        """Whether git ignores ``path`` (below the root) itself, its folders taken as not ignored: the last pattern
        matching it decides, in the deepest ``.gitignore`` holding one, else in ``.git/info/exclude``."""
        path = Path(os.path.abspath(path))
        for folder in path.parents:
            verdict = _verdict(self._patterns_of(folder), path.relative_to(folder).as_posix(), is_dir)
            if verdict is not None:
                return verdict
            if folder == self.root:
                break
        return bool(_verdict(self._patterns_of(None), path.relative_to(self.root).as_posix(), is_dir))

    def ignores_below(self, top: str | os.PathLike, path: str | os.PathLike) -> bool:
        """Whether git ignores ``path``, or a folder between ``top`` (these rules' ``for_walk`` folder, not held
        against it) and ``path``."""
        current = Path(os.path.abspath(top))
        for part in Path(os.path.relpath(os.path.abspath(path), current)).parts:
            current = current / part
            if self.ignores(current, is_dir=current.is_dir()):
                return True
        return False

    def _patterns_of(self, folder: Path | None) -> list[Pattern]:
        """The patterns of ``folder``'s ``.gitignore`` (None: of ``.git/info/exclude``)."""
        if folder not in self._patterns:
            source = _exclude_file(self.root) if folder is None else folder / IGNORE_FILE
            lines = _read_lines(source) if source is not None else []
            self._patterns[folder] = [pattern for pattern in map(parse_pattern, lines) if pattern is not None]
        return self._patterns[folder]


class Pattern(NamedTuple):
    """A line of an ignore file; ``regex`` matches a whole path, relative to the file's folder."""

    regex: re.Pattern
    negated: bool
    folders_only: bool


def _verdict(patterns: list[Pattern], relative: str, is_dir: bool) -> bool | None:
    """Whether the last of ``patterns`` matching ``relative`` ignores it; None when none matches it."""
    for pattern in reversed(patterns):
        if (is_dir or not pattern.folders_only) and pattern.regex.fullmatch(relative):
            return not pattern.negated
    return None


def parse_pattern(line: str) -> Pattern | None:
    """A line of an ignore file read as git reads it (``gitignore(5)``); None for a blank line or a comment."""
    line = _without_trailing_spaces(line)
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    line = line[1:] if negated else line
    folders_only = line.endswith("/")
    line = line[:-1] if folders_only else line
    if not line:
        return None
    anchored = "/" in line  # a slash at the start or in the middle: relative to the file's folder, else any depth
    body = _translate(line.removeprefix("/"))
    return Pattern(re.compile(body if anchored else "(?:.*/)?" + body, re.DOTALL), negated, folders_only)


def _without_trailing_spaces(line: str) -> str:
    """``line`` without its trailing spaces, but for one escaped with a backslash (``build\\ ``)."""
    stripped = line.rstrip(" ")
    return stripped + " " if stripped.endswith("\\") and stripped != line else stripped


def _translate(pattern: str) -> str:
    """The regular expression of a path pattern: ``**`` as a whole part matches any folders (``**/x``, ``a/**/b``)
    or all that is inside (``a/**``); ``*``, ``?`` and ``[...]`` match within one name."""
    parts = pattern.split("/")
    regex = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            regex += ".*" if last else "(?:.*/)?"
        else:
            regex += _translate_name(part) + ("" if last else "/")
    return regex


def _translate_name(name: str) -> str:
    regex, index = "", 0
    while index < len(name):
        char = name[index]
        index += 1
        if char == "*":
            regex += "[^/]*"
        elif char == "?":
            regex += "[^/]"
        elif char == "\\" and index < len(name):
            regex += re.escape(name[index])
            index += 1
        elif char == "[" and (end := _bracket_end(name, index)) is not None:
            regex += _translate_bracket(name[index:end])
            index = end + 1
        else:
            regex += re.escape(char)
    return regex


def _bracket_end(name: str, start: int) -> int | None:
    """The index of the ``]`` closing a bracket expression whose content starts at ``start`` (a ``]`` first in it
    is part of it); None when none closes it (the ``[`` is then itself)."""
    index = start + (name[start:start + 1] in ("!", "^"))
    index += name[index:index + 1] == "]"
    end = name.find("]", index)
    return end if end >= 0 else None


def _translate_bracket(content: str) -> str:
    negated = content[:1] in ("!", "^")
    content = content[1:] if negated else content
    escaped = "".join("\\" + char if char in "\\[]^" else char for char in content)
    return f"[^/{escaped}]" if negated else f"(?!/)[{escaped}]"


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
