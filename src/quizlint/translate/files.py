"""Reading quiz files for editing and writing them back (atomically, or as a diff): shared by ``translate``
and ``review``."""

from __future__ import annotations

import codecs
import difflib
from dataclasses import dataclass
from pathlib import Path

from quizlint.diagnostics import Finding
from quizlint.io import outside_folders, write_atomic
from quizlint.model import QuizFile, read_quiz
from quizlint.text import spelled_in
from quizlint.suggest import did_you_mean
from quizlint.yamledit import PlainWord


class UnknownLanguage(Exception):
    """A language no quiz of the bank declares: a usage error (exit 2), not a quiz to skip."""


def declared_language(lang: str, quiz_files: list[QuizFile], option: str) -> str:
    """``lang`` as the first quiz declaring it spells it; UnknownLanguage when none does (a typo in ``option``)."""
    declared: list[str] = []
    for quiz_file in quiz_files:
        declared += [tag for tag in quiz_file.quiz.languages if spelled_in(tag, declared) is None]
    spelling = spelled_in(lang, declared)
    if spelling is None:
        files = f"{len(quiz_files)} quiz file{'s' if len(quiz_files) != 1 else ''}"
        raise UnknownLanguage(f"{option} {lang}: no quiz declares this language{did_you_mean(lang, declared)} (the "
                              f"languages of the {files}: {', '.join(declared)})")
    return spelling


def write_error_reason(error: Exception) -> str:
    """Why a write failed: an OSError's reason ("Permission denied"), not its number."""
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def translation_state(status: str, digest: str) -> dict:
    """``translations.<lang>`` as written: ``{status: <status>, source: "<digest>"}``."""
    return {"status": PlainWord(status), "source": digest}


def outside_named_folders(path: Path, display: str, folders: list[str]) -> str | None:
    """Why ``path`` is not edited when it resolves (through a symbolic link) outside the folders named on the
    command line (or configured): the commands that rewrite files never write outside them. None: inside."""
    real = outside_folders(path, folders)
    if real is None:
        return None
    return (f"{display}:1:1: error: left alone: it resolves to {real}, outside the folders named "
            f"({', '.join(folders)}); quizlint rewrites no file outside them (name the file or its folder to edit it)")


def read_for_editing(path: Path, display: str) -> tuple[QuizFile | None, list[Finding]]:
    """The quiz, or None with the findings that make editing it unsafe (any load or schema error)."""
    quiz_file, findings = read_quiz(path, display)
    errors = [finding for finding in findings if finding.severity == "error"]
    if quiz_file is None or errors:
        return None, errors or findings
    return quiz_file, []


@dataclass
class FileChange:
    path: Path
    display: str
    old: str  # the text as read (without a byte-order mark)
    new: str

    def diff(self) -> str:
        lines = difflib.unified_diff(self.old.splitlines(keepends=True), self.new.splitlines(keepends=True),
                                     fromfile=f"a/{self.display}", tofile=f"b/{self.display}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)

    def write(self) -> None:
        """Write atomically, keeping a byte-order mark; refuse when the file changed since it was read."""
        raw = self.path.read_bytes()
        bom = codecs.BOM_UTF8 if raw.startswith(codecs.BOM_UTF8) else b""
        if raw[len(bom):] != self.old.encode("utf-8"):
            raise OSError(f"{self.display} changed on disk while quizlint was working; nothing written")
        write_atomic(self.path, bom + self.new.encode("utf-8"))
