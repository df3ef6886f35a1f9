"""Paths as CI systems want them: relative to the root of the repository the file is in (the nearest parent
with ``.git``), wherever quizlint runs from: GitHub wants ``content/x.quiz.yaml`` also when the workflow runs
in the folder above its checkout."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from quizlint.load.repository import repository_root


class RepositoryPaths:
    """Findings' paths (relative to ``cwd``, as the text report shows them) made relative to the repository each
    file is in, with forward slashes. A file in no repository is made relative to the repository around ``cwd``,
    else to ``cwd`` itself. Each folder is looked up once."""

    def __init__(self, cwd: Path | None = None) -> None:
        self.cwd = (cwd or Path.cwd()).resolve()
        self._roots: dict[Path, Path | None] = {}  # folder → the root of the repository it is in
        self._relative: dict[str, str | None] = {}
        self._fallback: Path | None = None

    def relative(self, display_path: str) -> str | None:
        """``display_path`` relative to its repository (see the class); None when it lies outside the base."""
        if display_path not in self._relative:
            absolute = self._absolute(display_path)
            base = self._repository_of(absolute.parent) or self._outside_any_repository()
            try:
                relative = absolute.relative_to(base)
            except ValueError:
                self._relative[display_path] = None
            else:
                self._relative[display_path] = PurePosixPath(*relative.parts).as_posix()
        return self._relative[display_path]

    def _absolute(self, display_path: str) -> Path:
        """The file's absolute path, its folder's links resolved (as repository roots are)."""
        joined = Path(os.path.abspath(self.cwd / display_path))
        return joined.parent.resolve() / joined.name

    def _repository_of(self, folder: Path) -> Path | None:
        walked: list[Path] = []
        root = None
        for directory in [folder, *folder.parents]:
            if directory in self._roots:
                root = self._roots[directory]
                break
            walked.append(directory)
            if (directory / ".git").exists():
                root = directory
                break
        self._roots.update(dict.fromkeys(walked, root))
        return root

    def _outside_any_repository(self) -> Path:
        if self._fallback is None:
            self._fallback = repository_root(self.cwd) or self.cwd
        return self._fallback
