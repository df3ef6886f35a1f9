"""What makes a file a quiz file, and the folders a search for them never enters."""

from __future__ import annotations

import os

QUIZ_SUFFIXES = (".quiz.yaml", ".quiz.yml")
SKIP_DIRS = {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".quizlint_cache", ".tox"}


def is_quiz_file(path: str | os.PathLike) -> bool:
    return str(path).endswith(QUIZ_SUFFIXES)
