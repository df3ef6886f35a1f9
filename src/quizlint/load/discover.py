"""Find the quiz files a command should work on."""

from __future__ import annotations

import os
from pathlib import Path

QUIZ_SUFFIXES = (".quiz.yaml", ".quiz.yml")
SKIP_DIRS = {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".quizlint_cache", ".tox"}


def is_quiz_file(path: str | os.PathLike) -> bool:
    return str(path).endswith(QUIZ_SUFFIXES)


def find_quiz_files(paths: list[str | os.PathLike]) -> tuple[list[Path], list[str]]:
    """Expand files and directories (recursively) into quiz files, sorted and without duplicates.

    Returns the files and the paths that do not exist. A file named explicitly is taken whatever its suffix.
    A folder that cannot be read raises its OSError: skipping it would lint part of the bank as if it were all.
    A file reached twice (``content`` and its absolute path, a symlinked folder) is taken once, under the first
    name it was found by: linting it twice would report each of its ids as a duplicate of itself.
    """
    found: dict[str, Path] = {}  # real path → the path as found
    missing: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.setdefault(os.path.realpath(path), path)
        elif path.is_dir():
            for root, dirs, files in os.walk(path, onerror=_raise):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
                for name in files:
                    child = Path(root) / name
                    # only regular files: a FIFO or a device named *.quiz.yaml would block or never end
                    if is_quiz_file(name) and child.is_file():
                        found.setdefault(os.path.realpath(child), child)
        else:
            missing.append(str(raw))
    return sorted(found.values(), key=lambda path: os.path.normpath(path)), missing


def _raise(error: OSError) -> None:
    raise error
