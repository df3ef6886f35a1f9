"""Find the quiz files a command should work on."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from quizlint.load.names import SKIP_DIRS, is_quiz_file


def find_quiz_files(paths: list[str | os.PathLike], git_rules: bool = True, *,
                    misnamed: list[Path] | None = None) -> tuple[list[Path], list[str]]:
    """Expand files and directories (recursively) into quiz files, sorted and without duplicates.

    Returns the files and the paths that do not exist. A file named explicitly is taken whatever its suffix, and
    whether or not git ignores it. A folder is searched as ``_search`` says: links to folders are followed, what
    git ignores is not taken (unless ``git_rules`` is false).
    A folder that cannot be read raises its OSError: skipping it would lint part of the bank as if it were all.
    A file reached twice (``content`` and its absolute path, a symlinked folder) is taken once, under the first
    name it was found by: linting it twice would report each of its ids as a duplicate of itself.
    ``misnamed``: gets the YAML files a folder search skips although they say ``quizlint: 1`` (only their head
    is read).
    """
    found: dict[str, Path] = {}  # real path → the path as found
    missing: list[str] = []
    walked: set[tuple[int, int]] = set()  # (device, inode) of the folders searched
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.setdefault(os.path.realpath(path), path)
        elif path.is_dir():
            for child in _search(path, walked, git_rules, misnamed):
                found.setdefault(os.path.realpath(child), child)
        else:
            missing.append(str(raw))
    if misnamed:
        misnamed.sort(key=lambda path: os.path.normpath(path))
    return sorted(found.values(), key=lambda path: os.path.normpath(path)), missing


def _search(folder: Path, walked: set[tuple[int, int]], git_rules: bool = True,
            misnamed: list[Path] | None = None) -> Iterator[Path]:
    """The quiz files (regular files only: a FIFO or a device named *.quiz.yaml would block or never end) in
    ``folder`` and the folders below it, as ``walk_folders`` finds them; the other YAML files there that say
    ``quizlint: 1`` go to ``misnamed`` (when given)."""
    from quizlint.load.tracked import YAML_SUFFIXES, declares_quiz

    for root, files, ignore in walk_folders(folder, walked, git_rules):
        for name in files:
            child = Path(root) / name
            quiz = is_quiz_file(name)
            if not (quiz or (misnamed is not None and name.endswith(YAML_SUFFIXES))):
                continue
            if not child.is_file() or (ignore and ignore.ignores(child, is_dir=False)):
                continue
            if quiz:
                yield child
            elif declares_quiz(child):
                misnamed.append(child)


def walk_folders(folder: Path, walked: set[tuple[int, int]], git_rules: bool = True,
                 skipped: frozenset[str] | set[str] = SKIP_DIRS) -> Iterator[tuple[str, list[str], object]]:
    """Each folder of a search of ``folder`` (itself included), with the names of its files and the git rules
    for them (None: none). A search skips the folders ``skipped`` names and, with ``git_rules``, what git ignores
    (``.gitignore``, ``.git/info/exclude``; a nested repository by its own rules; nothing when git ignores
    ``folder`` itself, named explicitly). Links to folders are followed, as the folders of the bank they are,
    after the real folders (so that a file is named by its real folder when both lead to it); each folder is
    searched once (``walked``), and a link to a folder the link is in is not followed: it leads back into the
    search."""
    from quizlint.load.repository import GitIgnore

    pending: list[tuple[Path, GitIgnore | None]] = [(folder, GitIgnore.for_walk(folder) if git_rules else None)]
    while pending:
        top, ignore = pending.pop(0)
        identity = _identity(top)
        if identity not in walked:
            walked.add(identity)
            yield from _walk(top, ignore, walked, pending, git_rules, skipped)


def git_ignored_quiz_files(paths: list[str | os.PathLike]) -> int:
    """How many quiz files the folders among ``paths`` hold that git ignores, when a search found none there (so
    that an over-broad ``.gitignore`` does not pass for an empty bank)."""
    try:
        return len(find_quiz_files([path for path in paths if os.path.isdir(path)], git_rules=False)[0])
    except OSError:
        return 0


def _walk(top: Path, ignore, walked: set[tuple[int, int]], links: list, git_rules: bool,
          skipped) -> Iterator[tuple[str, list[str], object]]:
    """The real folders below ``top`` (see ``walk_folders``); the links to folders found there are added to
    ``links``, with their rules."""
    from quizlint.load.repository import GitIgnore

    rules = {str(top): ignore}
    for root, dirs, files in os.walk(top, onerror=_raise):
        ignore = rules.pop(root)
        kept = [name for name in sorted(dirs) if _to_search(os.path.join(root, name), ignore, walked, skipped)]
        dirs[:] = []
        for name in kept:
            child = os.path.join(root, name)
            nested = git_rules and os.path.lexists(os.path.join(child, ".git"))  # a repository of its own
            child_rules = GitIgnore.for_walk(child) if nested else ignore
            if os.path.islink(child):
                links.append((Path(child), child_rules))
            else:
                dirs.append(name)
                rules[child] = child_rules
        yield root, files, ignore


def _to_search(folder: str, ignore, walked: set[tuple[int, int]], skipped) -> bool:
    """Whether to search a folder found in a search: not one ``skipped`` names or git ignores, not a link to a
    folder it is in; a real folder is taken as walked now (a link is checked when its turn comes)."""
    if os.path.basename(folder) in skipped or (ignore is not None and ignore.ignores(folder, is_dir=True)):
        return False
    if os.path.islink(folder):
        return not within(os.path.realpath(os.path.dirname(folder)), os.path.realpath(folder))
    identity = _identity(folder)
    if identity in walked:
        return False
    walked.add(identity)
    return True


def _identity(folder: str | os.PathLike) -> tuple[int, int]:
    status = os.stat(folder)
    return status.st_dev, status.st_ino


def within(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or below it (both absolute, normalised alike)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _raise(error: OSError) -> None:
    raise error
