"""``--format text``: ``path:line:col: CODE [severity] message``, colour on a terminal, and a summary.

Control characters in a finding (a file named ``$'a\\x1b[31mb.quiz.yaml'``) are shown as ``\\x1b``: the
report goes to a terminal, where they would act rather than show (see ``quizlint.text.shown_on_a_terminal``).
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

import click

from quizlint.text import shown_on_a_terminal

_COLORS = {"error": "red", "warning": "yellow", "info": "cyan"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(result) -> str:
    counts = Counter(finding.severity for finding in result.findings)
    files = _plural(len(result.files), "file")
    if not result.findings:
        return f"All clean: {files} checked, no problems."
    parts = [_plural(counts[severity], severity) for severity in ("error", "warning", "info") if counts[severity]]
    fixable = sum(1 for finding in result.findings if finding.fixable)
    tail = f" ({fixable} fixable with `quizlint fix`)" if fixable else ""
    return f"Found {', '.join(parts)} in {files}{tail}."


def statistics(result) -> str:
    """Findings per rule, most first: count, code, name (the column as wide as the longest) and severity."""
    counts = Counter((finding.code, finding.rule, finding.severity) for finding in result.findings)
    width = max((len(rule) for _, rule, _ in counts), default=0)
    lines = [f"{count:6d}  {code:<5} {rule:<{width}} [{severity}]" for (code, rule, severity), count in
             sorted(counts.items(), key=lambda entry: (-entry[1], entry[0]))]
    return "\n".join(lines)


def render(result, *, color: bool = False, statistics_only: bool = False, show_statistics: bool = False,
           quiet: bool = False, **_: object) -> str:
    lines = []
    if not statistics_only:
        lines = _finding_lines(result.findings, color)
    if show_statistics or statistics_only:
        table = statistics(result)
        if table:
            lines.append(table)
    if not quiet:
        lines.append(summary_line(result))
    return "\n".join(lines) + ("\n" if lines else "")


def _finding_lines(findings: list, color: bool) -> list[str]:
    # (names and messages seldom hold a control character: one look at them all spares a search of each line
    # of a report of thousands; ``str.isprintable`` is false for every control character)
    everything = "".join(chain.from_iterable((finding.file, finding.message) for finding in findings))
    shown = str if everything.isprintable() else shown_on_a_terminal
    lines = []
    for finding in findings:
        location = f"{shown(finding.file)}:{finding.line}:{finding.column}:"
        code = finding.code
        severity = f"[{finding.severity}]"
        if color:
            location = click.style(location, bold=True)
            code = click.style(code, fg=_COLORS.get(finding.severity), bold=True)
            severity = click.style(severity, fg=_COLORS.get(finding.severity))
        marker = " [*]" if finding.fixable else ""
        lines.append(f"{location} {code} {severity} {shown(finding.message)}{marker}")
    return lines
