from __future__ import annotations

import os
from pathlib import Path

import click

from quizlint.commands.common import (BankSettings, cannot_write, config_option, fail, named_path, output_file,
                                      warn_about_skipped_files)
from quizlint.export import FORMATS, get_format
from quizlint.text import shown_on_a_terminal

_FORMAT_HELP = """\
\b
Formats (each writes ONE file for the whole bank):
  qti21   NAME-qti21.zip: IMS QTI 2.1 content package; per quiz and language an
          assessmentTest and one assessmentItem per item. Languages: source (default),
          one, or all.
  qti30   NAME-qti30.zip: the same in QTI 3.0.
  canvas  NAME-canvas.zip: Canvas QTI 1.2 package; per quiz <quiz>/<quiz>.xml and
          assessment_meta.xml. One language (default: source).
  moodle  NAME-moodle.xml: Moodle XML, a category per quiz (its title, id and
          description). Default --lang all, with multilang spans (--multilang-syntax
          mlang2 for {mlang xx} tags).
  json    NAME.json: the bank as normalised JSON (`quizlint schema export`). Default all.
  gift    NAME.gift.txt: Moodle GIFT text, Markdown as written. One language (default:
          source).
  aiken   NAME.aiken.txt: Aiken text; single-answer items only (others are skipped with
          a warning, feedback is dropped). One language (default: source).

\b
NAME is the quiz id for one quiz, else the folder holding the quiz files; NAME-LANG
(alpha-tr-canvas.zip) for one language that is not the quizzes' source language.
Identifiers and names in such a language end with -LANG (quiz-tr, item-tr), so that
the exports of both languages can go into one course; the source language keeps the
bare ids of earlier exports.
-o PATH writes elsewhere (into PATH when it is a folder or ends in /, a missing folder
being made); -o - writes the text formats to standard output. Files are written
atomically, never over an input file.
"""


@click.command("export", epilog=_FORMAT_HELP)
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--to", "to", type=click.Choice(list(FORMATS)), required=True, help="Export format.")
@click.option("--lang", default=None, metavar="LANG|all",
              help="One language (a tag such as en or tr), or `all`. Default: the format's (see below).")
@click.option("-o", "--output", default=None, metavar="PATH", callback=named_path,
              help="Output file, directory, or - for stdout.")
@click.option("--force", is_flag=True, help="Export even when the linter reports errors (items without a key are "
              "left out, with a warning; json keeps them; items and files that do not match the schema are left "
              "out, each named with its file:line).")
@click.option("--multilang-syntax", type=click.Choice(["span", "mlang2"]), default="span", show_default=True,
              help="Moodle: how several languages are written in one text.")
@config_option
def command(paths, to, lang, output, force, multilang_syntax, config_path) -> None:
    """Export quizzes for an LMS.

    Without PATHS, exports the bank configured in quizlint.toml, else the current directory. The bank is
    linted first: with lint errors nothing is written (exit 1) unless --force.
    """
    from quizlint.export import ExportError, ExportOptions, check_languages, default_file_name, load_bank

    settings = BankSettings.resolve(config_path, paths)
    warn_about_skipped_files(settings)
    if not settings.files:
        fail("no quiz files (*.quiz.yaml) to export", 2)
    fmt = get_format(to)
    if output == "-" and fmt.BINARY:
        fail(f"{to} is a zip package: write it to a file with -o PATH", 2)
    options = ExportOptions(lang=lang, multilang_syntax=multilang_syntax)
    bank, load_findings = load_bank(settings.files)
    try:
        check_languages(bank, to, options)
        _lint_gate(settings, force)
        if not bank.files:
            fail("no quiz file could be read", 1)
        result = fmt.export(bank, options)
    except ExportError as error:
        fail(str(error), error.exit_code)
    from quizlint.export.left_out import left_out_of_bank

    for warning in left_out_of_bank(settings.files, bank, load_findings) + result.warnings:
        click.echo(f"quizlint: warning: {shown_on_a_terminal(warning)}", err=True)
    _write(result.data, output, default_file_name(bank, to, options), settings)


def _lint_gate(settings: BankSettings, force: bool) -> None:
    """Refuse a bank with lint errors (printing the findings), unless forced."""
    from quizlint.lint.report import get_reporter
    from quizlint.lint.runner import run_lint

    result = run_lint(settings)
    errors = sum(1 for finding in result.findings if finding.severity == "error")
    if not errors:
        return
    click.echo(get_reporter("text").render(result, color=False, root=settings.root), nl=False, err=True)
    if not force:
        fail(f"not exporting: the bank has {errors} lint error(s); fix them, or export anyway with --force", 1)
    click.echo(f"quizlint: warning: exporting despite {errors} lint error(s) (--force)", err=True)


def _write(data: bytes, output: str | None, default_name: str, settings: BankSettings) -> None:
    from quizlint.io import write_atomic

    if output == "-":
        click.echo(data, nl=False)  # bytes go to the binary stream, unchanged
        return
    target = output or default_name
    try:
        target = output_file(target, default_name)
        protected = {os.path.realpath(path) for path in settings.files}  # (realpath: a loop is no exception here)
        if settings.glossary_path is not None:
            protected.add(os.path.realpath(settings.glossary_path))
        if os.path.realpath(target) in protected:
            fail(f"refusing to overwrite {target}: it is an input of the export", 2)
        write_atomic(target, data)
    except OSError as error:
        cannot_write(target, error)
    click.echo(shown_on_a_terminal(f"quizlint: wrote {target}"), err=True)
