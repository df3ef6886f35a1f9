from __future__ import annotations

import os
from pathlib import Path

import click

from quizlint.commands.common import (BankSettings, config_option, fail, named_path_object,
                                      refuse_to_overwrite_inputs, warn_if_no_quiz_files)

FORMATS = ["text", "json", "html"]


def split_arguments(arguments) -> tuple[list[Path], list[Path]]:
    """(responses files, bank paths): a folder or a ``.yaml``/``.yml`` file is the bank, anything else responses."""
    responses, bank = [], []
    for argument in arguments:
        path = Path(argument)
        (bank if path.is_dir() or path.suffix.lower() in (".yaml", ".yml") else responses).append(path)
    return responses, bank


def load_quiz_files(settings: BankSettings) -> list:
    """The bank's quiz files that validate; what keeps a file out is said on standard error."""
    from quizlint.model import read_quiz

    quiz_files = []
    for path in settings.files:
        quiz_file, findings = read_quiz(path, str(path))
        for finding in findings:
            if finding.severity == "error":
                click.echo(f"quizlint: warning: {finding.file}:{finding.line}:{finding.column}: {finding.message}",
                           err=True)
        if quiz_file is not None:
            quiz_files.append(quiz_file)
    return quiz_files


def analysis_of(responses: list[Path], settings: BankSettings, partial: bool = False):
    """The analysis of ``responses`` against the bank of ``settings`` (exit 2 on bad input); warnings on stderr.
    ``partial``: the settings name part of the bank (responses to other items are left out, with a warning)."""
    from quizlint.analyze import AnalyzeError
    from quizlint.analyze.run import analyse

    for path in responses:
        if not path.is_file():
            fail(f"{path}: no such responses file" if not path.exists() else f"{path}: not a regular file")
    try:
        analysis = analyse(responses, load_quiz_files(settings), partial)
    except AnalyzeError as error:
        fail(str(error))
    for warning in analysis.warnings:
        click.echo(f"quizlint: warning: {warning}", err=True)
    return analysis


def render(analysis, output_format: str) -> str:
    from quizlint.analyze import report_html, report_json, report_text

    module = {"text": report_text, "json": report_json, "html": report_html}[output_format]
    return module.render(analysis.quizzes)


@click.command("analyze")
@click.argument("arguments", nargs=-1, required=True, type=click.Path(path_type=Path),
                metavar="RESPONSES... [PATHS]...")
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=named_path_object,
              help="Write the report to this file instead of standard output.")
@config_option
def command(arguments, output_format, output, config_path) -> None:
    """Item analysis of delivered quizzes: RESPONSES… [PATHS…].

    RESPONSES are CSV files, read by their columns: quizlint's long format (respondent,item,response), Moodle's
    quiz Responses report or Canvas's quiz Student Analysis report. PATHS (folders, *.quiz.yaml files) are the
    bank; without them, the configured bank. Reports per item the number of responses, facility, discrimination
    (corrected point-biserial), upper-lower index and per option the share chosen and its point-biserial; per
    quiz KR-20 and the SEM. Names, e-mail addresses and ids of students are never written.

    Exit status: 0, or 2 on bad input (nothing is written then).
    """
    responses, bank = split_arguments(arguments)
    if not responses:
        raise click.UsageError("no responses file given (CSV files; folders and .yaml files are the bank)")
    settings = BankSettings.resolve(config_path, bank)
    warn_if_no_quiz_files(settings)
    if output is not None:
        refuse_to_overwrite_inputs(output, settings)
        if any(_same(output, path) for path in responses):
            fail(f"refusing to write the report over {output}: it is a responses file")
    report = render(analysis_of(responses, settings), output_format)
    if output is None:
        click.echo(report, nl=False)
        return
    from quizlint.io import write_atomic

    try:
        write_atomic(output, report)
    except OSError as error:
        fail(f"cannot write the report to {output}: {error.strerror or error}")


def _same(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
