"""The preview shows paths relative to the bank, never the machine's absolute paths: a site is shared with
reviewers, and ``/home/ayse/courses/…`` tells them nothing (and more than they need). A path inside the current
directory is shown as lint reports show it; any other (an absolute one, or one that climbs out with ``..``) is
shown relative to the bank's root: the folder of the configuration file, else the git repository the bank is in,
else the folder the bank's files have in common; a file outside that root is shown by its name alone."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from quizlint.diagnostics import Finding


def bank_root(view) -> Path:
    """The folder the preview shows paths relative to (see the module's docstring)."""
    from quizlint.load.repository import repository_root

    settings = view.settings
    if settings is not None and settings.config.source is not None:
        return Path(os.path.realpath(settings.config.root))
    files = [os.path.realpath(path) for path in (settings.files if settings is not None else [])]
    folders = sorted({os.path.dirname(path) for path in files}) or [os.getcwd()]
    common = os.path.commonpath(folders)
    repository = repository_root(common)
    return Path(os.path.realpath(repository if repository is not None else common))


def shown_path(display: str, root: Path) -> str:
    """``display`` (a path as lint reports show it) as the preview shows it."""
    if not os.path.isabs(display) and not display.split("/", 1)[0] == "..":
        return display
    real = os.path.realpath(display)
    relative = os.path.relpath(real, root)
    if relative == ".." or relative.startswith(".." + os.sep) or os.path.isabs(relative):
        return os.path.basename(real)
    return Path(relative).as_posix()


def relative_to_bank(view):
    """``view`` (a ``quizlint.stats.BankView``) with every path, in its entries, findings and their messages, as
    ``shown_path`` shows it. The view's documents are changed in place (they are the preview's own)."""
    root = bank_root(view)
    paths = {entry.path for entry in view.quizzes} | set(view.unreadable) | set(view.files) | {
        finding.file for finding in view.findings}
    renamed = {path: shown_path(path, root) for path in paths}
    renamed = {old: new for old, new in renamed.items() if old != new}
    if not renamed:
        return view

    def finding(found: Finding) -> Finding:
        message = found.message
        for old in sorted(renamed, key=len, reverse=True):  # (a longer path first: one may hold another)
            message = message.replace(old, renamed[old])
        return dataclasses.replace(found, file=renamed.get(found.file, found.file), message=message)

    for entry in view.quizzes:
        entry.file.document.path = renamed.get(entry.path, entry.path)
        entry.findings = [finding(found) for found in entry.findings]
    view.unreadable = {renamed.get(path, path): [finding(found) for found in found_list]
                       for path, found_list in view.unreadable.items()}
    view.findings = [finding(found) for found in view.findings]
    view.files = [renamed.get(path, path) for path in view.files]
    return view
