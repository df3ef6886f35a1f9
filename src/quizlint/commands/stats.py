from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from quizlint.commands.common import BankSettings, config_option, selection_options, warn_if_no_quiz_files
from quizlint.rules._stats import format_p
from quizlint.stats import TRANSLATION_STATES, format_number, format_percent, plural
from quizlint.text import shown_on_a_terminal

TYPE_LABELS = {"single": "single", "multiple": "multiple", "true_false": "true/false"}
OTHER_TYPE_LABELS = {"numerical": "numerical", "short_answer": "short answer", "matching": "matching",
                     "ordering": "ordering", "essay": "essay"}  # (a column only where the bank has some)


def table(header: list[str], rows: list[list], text_columns: int = 1, indent: str = "  ") -> list[str]:
    """The first ``text_columns`` columns aligned left, the numbers after them aligned right."""
    widths = [max(len(str(row[index])) for row in [header, *rows]) for index in range(len(header))]

    def line(row):
        cells = [str(cell).ljust(width) if index < text_columns else str(cell).rjust(width)
                 for index, (cell, width) in enumerate(zip(row, widths))]
        return (indent + "  ".join(cells)).rstrip()

    return [line(header), *(line(row) for row in rows)]


def scopes(stats) -> list[tuple[str, object]]:
    """(label, Summary) for the bank, then every quiz."""
    return [("bank", stats.bank)] + [(quiz.entry.quiz.id, quiz.summary) for quiz in stats.quizzes]


def items_section(stats) -> list[str]:
    labels = {**TYPE_LABELS, **{name: label for name, label in OTHER_TYPE_LABELS.items() if stats.bank.types[name]}}
    header = ["quiz", "file", "items", *labels.values(), "options", "errors", "warnings", "info"]
    rows = []
    for quiz in stats.quizzes:
        summary = quiz.summary
        options = ", ".join(str(n) for n in summary.options) or "-"
        rows.append([quiz.entry.quiz.id, quiz.entry.path, summary.items,
                     *(summary.types[name] for name in labels), options,
                     *(summary.findings.by_severity[severity] for severity in ("error", "warning", "info"))])
    bank = stats.bank
    rows.append(["(bank)", plural(len(stats.quizzes), "quiz file"), bank.items, *(bank.types[name] for name in labels),
                 ", ".join(str(n) for n in bank.options) or "-",
                 *(bank.findings.by_severity[severity] for severity in ("error", "warning", "info"))])
    return ["Items", *table(header, rows, text_columns=2)]


def translations_section(stats) -> list[str]:
    rows = []
    for label, summary in scopes(stats):
        for coverage in summary.translations:
            rows.append([f"{coverage.language}  {label}", *(coverage.counts[state] for state in TRANSLATION_STATES),
                         format_percent(coverage.coverage)])
    if not rows:
        return ["Translations", "  no target languages"]
    return ["Translations (items per review state)", *table(["language", *TRANSLATION_STATES, "coverage"], rows)]


def describe_positions(test) -> str:
    counts = " ".join(f"{letter}:{count}" for letter, count in zip(test.letters, test.counts))
    flag = "  [biased]" if test.flagged else ""
    expected = format_number(test.expected, 2)
    return (f"{test.n_options} options, {test.items} items: {counts} (expected {expected} each), "
            f"{test.method} {format_p(test.p_value)}{flag}")


def positions_section(stats) -> list[str]:
    lines = ["Key positions (single-answer items with one key and no fixed option)"]
    for label, summary in scopes(stats):
        if not summary.positions:
            lines.append(f"  {label}: no eligible items")
        for test in summary.positions:
            lines.append(f"  {label}: {describe_positions(test)}")
        if summary.left_out:
            lines.append(f"  {label}: {plural(summary.left_out, 'item')} with a fixed option left out")
    return lines


def longest_section(stats) -> list[str]:
    lines = ["Key is the longest option (single-answer items with one key)"]
    for label, summary in scopes(stats):
        longest = summary.longest
        if not longest.items:
            lines.append(f"  {label}: no eligible items")
            continue
        flag = "  [length cue]" if longest.flagged else ""
        lines.append(f"  {label}: {longest.shown_hits} of {longest.items} items ({format_percent(longest.rate)}; chance: "
                     f"{format_number(longest.expected, 2)} of {longest.items}), {longest.method} "
                     f"{format_p(longest.p_value)}{flag}")
    return lines


def findings_section(stats) -> list[str]:
    by_rule = stats.bank.findings.by_rule
    if not by_rule:
        return ["Findings per rule", "  none"]
    rows = [[f"{count.code} {count.rule}", count.severity, count.count] for count in by_rule]
    return ["Findings per rule", *table(["rule", "severity", "count"], rows, text_columns=2)]


def render_text(stats) -> str:
    sections = [items_section(stats), translations_section(stats), positions_section(stats),
                longest_section(stats), findings_section(stats)]
    if stats.unreadable:
        sections.append(["Files that could not be read", *(f"  {path}" for path in stats.unreadable)])
    return "\n\n".join("\n".join(section) for section in sections) + "\n"


def render_json(stats) -> str:
    return json.dumps(stats.as_json(), indent=2, ensure_ascii=False) + "\n"


def report_load_errors(view) -> None:
    for finding in view.load_errors():
        click.echo(shown_on_a_terminal(f"{finding.file}:{finding.line}:{finding.column}: {finding.code} "
                                       f"[{finding.severity}] {finding.message}"), err=True)


@click.command("stats")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@selection_options
@config_option
@click.option("--glossary", type=click.Path(path_type=Path, dir_okay=False),
              help="Glossary file (default: glossary.yaml at the bank root).")
def command(paths, output_format, select, ignore, extend_select, config_path, glossary) -> None:
    """Print statistics about the bank: items per quiz and type, options per item, translation coverage and
    review state per language, key positions with the bias test, how often the key is the longest option, and
    findings per rule.

    Exit status: 0, or 1 when a file or item could not be read (it is left out of the numbers; the reasons go
    to standard error).
    """
    from quizlint.stats import bank_stats, load_bank

    settings = BankSettings.resolve(config_path, paths, glossary, select, ignore, extend_select)
    warn_if_no_quiz_files(settings)
    view = load_bank(settings)
    stats = bank_stats(view)
    click.echo(render_json(stats) if output_format == "json" else render_text(stats), nl=False)
    report_load_errors(view)
    if view.load_errors():
        sys.exit(1)
