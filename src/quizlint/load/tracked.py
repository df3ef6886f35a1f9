"""What git tracks (``--tracked-only``) and what only looks like a quiz file (a misnamed one).

A pre-commit hook lints the whole bank, but the bank of a commit is what git tracks plus what is staged: the
files of the index (``git ls-files``). An untracked draft nobody staged must not block every commit while CI,
on a clean checkout, passes. (pre-commit stashes the unstaged changes of tracked files before a hook runs, so the
working tree then holds what is staged.)
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

HEAD_BYTES = 4096  # how much of a YAML file is read to see whether it declares itself a quiz file
_DECLARES_QUIZ = re.compile(rb"^(?:quizlint|\"quizlint\"|'quizlint')[ \t]*:[ \t]*1[ \t]*(?:#.*)?\r?$", re.MULTILINE)
YAML_SUFFIXES = (".yaml", ".yml")


class NotInRepository(Exception):
    """``--tracked-only`` for a folder that is not in a git repository (or without git)."""


class TrackedFiles:
    """The files in the git index of the repositories the files asked about are in (one ``git ls-files`` each)."""

    def __init__(self) -> None:
        self._roots: dict[str, str | None] = {}  # folder → the root of its repository
        self._index: dict[str, set[str]] = {}  # repository root → the absolute paths of its index

    def holds(self, path: str | os.PathLike) -> bool:
        """Whether git tracks ``path`` or has it staged (compared as given, then by its real path: a file reached
        through a link to a folder). Raises NotInRepository when ``path`` is in no git repository."""
        found = os.path.normpath(os.path.abspath(path))
        files = self._index_of(os.path.dirname(found))
        return found in files or os.path.realpath(found) in files

    def _index_of(self, folder: str) -> set[str]:
        if folder not in self._roots:
            from quizlint.load.repository import repository_root

            root = repository_root(folder)
            self._roots[folder] = None if root is None else str(root)
        root = self._roots[folder]
        if root is None:
            raise NotInRepository(f"{folder} is not in a git repository")
        if root not in self._index:
            self._index[root] = _index_files(root)
        return self._index[root]


def _index_files(top: str) -> set[str]:
    try:
        listed = subprocess.run(["git", "-C", top, "ls-files", "-z", "--cached"], capture_output=True, check=False,
                                timeout=60)
    except (OSError, subprocess.SubprocessError) as error:
        raise NotInRepository(f"git cannot list the files of {top}: {error}") from None
    if listed.returncode != 0:
        reason = listed.stderr.decode("utf-8", "replace").strip().splitlines()
        raise NotInRepository(f"git cannot list the files of {top}: {reason[0] if reason else 'git ls-files failed'}")
    files = set()
    for name in listed.stdout.split(b"\0"):
        if name:
            path = os.path.normpath(os.path.join(top, os.fsdecode(name)))
            files.add(path)
            files.add(os.path.realpath(path))
    return files


def declares_quiz(path: str | os.PathLike) -> bool:
    """Whether a YAML file says ``quizlint: 1`` at its top level within its first ``HEAD_BYTES`` (only the head is
    read: a folder search may meet large YAML files that are not quizzes)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return False
    return _DECLARES_QUIZ.search(head) is not None


def misnamed_quiz_warning(paths: list[Path]) -> str:
    """The warning about YAML files a folder search skipped although they say ``quizlint: 1``."""
    names = ", ".join(str(path) for path in paths)
    plural = "s" if len(paths) != 1 else ""
    return (f"skipped {len(paths)} YAML file{plural} that say{'' if plural else 's'} `quizlint: 1` but whose name "
            f"does not end in .quiz.yaml (a folder is searched for *.quiz.yaml only; rename to lint): {names}")
