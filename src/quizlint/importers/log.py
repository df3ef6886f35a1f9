"""An import's problems: :class:`ImportFailure` (input that cannot be imported, with where it stands),
:class:`ImportLog` (warnings and recoverable errors) and the warnings every importer words the same way."""

from __future__ import annotations

from dataclasses import dataclass, field


class ImportFailure(Exception):
    """Input that cannot be imported: a message with where it stands (file or zip entry, line, column)."""

    def __init__(self, where: str, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.where, self.message, self.line, self.column = where, message, line, column

    def __str__(self) -> str:
        position = ""
        if self.line is not None:
            position = f":{self.line}:{self.column or 1}"
        return f"{self.where}{position}: {self.message}"


@dataclass
class ImportLog:
    """Warnings (skipped question types, dropped content) and recoverable errors of one import."""

    warnings: list[str] = field(default_factory=list)
    errors: list[ImportFailure] = field(default_factory=list)
    taken: int = 0

    def take_warnings(self) -> list[str]:
        """The warnings not taken yet (so that each is printed once, as soon as it is known)."""
        new, self.taken = self.warnings[self.taken:], len(self.warnings)
        return new

    def warn(self, where: str, message: str, line: int | None = None) -> None:
        warning = f"{where}:{line}: {message}" if line is not None else f"{where}: {message}"
        if warning not in self.warnings:  # (said once, even when several quizzes come from one file)
            self.warnings.append(warning)

    def error(self, failure: ImportFailure) -> None:
        """A question that cannot be imported; the others still can (see ``--keep-going``)."""
        self.errors.append(failure)


def whole_answer_feedback_dropped(log: ImportLog, where: str, subject: str, dropped: list[str],
                                  line: int | None) -> None:
    """Warn that ``subject`` (``question 'x'``) loses ``dropped``, feedback on the answer as a whole (right,
    partly right, wrong), which quizlint has no place for (it has feedback per option and an explanation)."""
    if dropped:
        log.warn(where, f"{subject}: feedback shown for a right or wrong answer as a whole is not imported "
                 f"({', '.join(dropped)})", line)


def unequal_credit_dropped(log: ImportLog, where: str, subject: str, percents: list[float], line: int | None) -> None:
    """Warn when the right options of the multiple-answer ``subject`` earn different shares (``percents`` of the
    grade, in option order): quizlint shares an item's points equally among its right options."""
    if percents and max(percents) - min(percents) > CREDIT_TOLERANCE:
        log.warn(where, f"{subject}: unequal partial credit ({', '.join(f'{percent:g}%' for percent in percents)}) "
                 "is not imported: every option that earns some is right, and quizlint shares the points equally "
                 "among the right options", line)


CREDIT_TOLERANCE = 0.01  # percent: Moodle writes an equal third as 33.33333
