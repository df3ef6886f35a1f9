from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import click

from quizlint.commands.common import (
    BankSettings,
    color_wanted,
    config_option,
    exit_for,
    fail,
    named_path_object,
    refuse_to_overwrite_inputs,
    selection_options,
    warn_if_no_quiz_files,
)

REPORT_FORMATS = ["text", "json", "sarif", "github", "junit"]
STATISTICS_FORMATS = ("text", "github")  # the reports with room for `--statistics`


@click.command("lint")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output_format", type=click.Choice(REPORT_FORMATS), default="text", show_default=True,
              help="Report format.")
@selection_options
@config_option
@click.option("--glossary", type=click.Path(path_type=Path, dir_okay=False),
              help="Glossary file (default: glossary.yaml at the bank root).")
@click.option("--statistics", is_flag=True,
              help="Print the number of findings per rule (with --format text or github).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when problems are found.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary line.")
@click.option("--fail-on", type=click.Choice(["error", "warning", "info"]), default=None,
              help="Lowest severity that makes the exit status 1 (default: error, or `fail-on` in the config).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the results cache.")
@click.option("--tracked-only/--no-tracked-only", default=None,
              help="Lint only the quiz files git tracks or has staged, not untracked drafts (default: the "
                   "`tracked-only` setting, else on under pre-commit). Files named one by one are always linted.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: automatic; at most one per file to lint and four per core).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=named_path_object,
              help="Write the report to this file instead of standard output.")
@click.option("--color/--no-color", default=None,
              help="Colour the text report (default: on a terminal, or on standard output, a pipe too, when "
                   "FORCE_COLOR is set; never when NO_COLOR is set: it wins over FORCE_COLOR).")
def command(paths, output_format, select, ignore, extend_select, config_path, glossary, statistics, exit_zero,
            quiet, fail_on, no_cache, tracked_only, jobs, output, color) -> None:
    """Check quiz files (*.quiz.yaml, searched recursively in directories) and report problems.

    Without PATHS, lints the bank configured in quizlint.toml, else the current directory.
    """
    if statistics and output_format not in STATISTICS_FORMATS:
        raise click.BadParameter(f"--format {output_format} has no place for the table of findings per rule: it "
                                 f"goes with --format {' or '.join(STATISTICS_FORMATS)}", param_hint="--statistics")
    with _cycle_collector_paused():
        from quizlint.lint.report import get_reporter
        from quizlint.lint.runner import run_lint

        settings = BankSettings.resolve(config_path, paths, glossary, select, ignore, extend_select,
                                        tracked_only=tracked_only)
        if output is not None:
            refuse_to_overwrite_inputs(output, settings)
        warn_if_no_quiz_files(settings)
        use_color = color_wanted(color, output is None and sys.stdout.isatty(), to_stdout=output is None)
        reporter = get_reporter(output_format)
        options = {"color": use_color, "show_statistics": statistics, "quiet": quiet, "root": settings.root,
                   "fail_on": fail_on or settings.config.fail_on}
        result = run_lint(settings, use_cache=not no_cache and settings.config.cache, jobs=jobs or settings.config.jobs)
        report = reporter.render(result, **options)
        if output is not None:
            from quizlint.io import write_atomic

            try:
                write_atomic(output, report)
            except OSError as error:
                fail(f"cannot write the report to {output}: {error.strerror or error}")
        else:
            click.echo(report, nl=False, color=use_color)  # (click would strip the colour of `--color | less -R`)
    if not exit_zero:
        exit_for(result.findings, fail_on or settings.config.fail_on)


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """A lint run makes millions of small objects and almost no reference cycles: the cycle collector would
    only rescan the growing heap and free nothing that matters. Paused here, for the whole command (the workers
    of a pool, forked meanwhile, inherit the pause); its state is restored afterwards."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
