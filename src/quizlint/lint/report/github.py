"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

``::error file=content/a.quiz.yaml,line=12,col=5,title=K001 missing-key::single-answer item has no …``
(``warning`` and ``notice`` for the other severities). Paths are relative to the root of the repository the
file is in, as GitHub expects, wherever quizlint runs from; property values and messages are escaped as the workflow-command format requires.
"""

from __future__ import annotations

from pathlib import Path

from quizlint.lint.report._repo import RepositoryPaths

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """Escape a command's message: ``%``, carriage return and newline."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: as a message, plus ``:`` and ``,`` (they separate properties)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding, path: str) -> str:
    properties = {
        "file": path,
        "line": str(finding.line),
        "col": str(finding.column),
        "title": f"{finding.code} {finding.rule}",
    }
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
    return f"::{COMMANDS.get(finding.severity, 'warning')} {joined}::{escape_data(finding.message)}"


def render(result, *, show_statistics: bool = False, quiet: bool = False, root: Path | None = None,
           **_: object) -> str:
    from quizlint.lint.report.text import statistics, summary_line

    paths = RepositoryPaths(root)
    lines = [annotation(finding, paths.relative(finding.file) or finding.file) for finding in result.findings]
    if show_statistics and result.findings:
        lines.append(statistics(result))
    if not quiet:
        lines.append(summary_line(result))
    return "\n".join(lines) + ("\n" if lines else "")
