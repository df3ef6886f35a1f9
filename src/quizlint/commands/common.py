"""Options and helpers shared by the subcommands."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import click

from quizlint.bank import BankSettings

SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


def comma_list(values) -> list[str]:
    """``--select A,B --select C`` → [A, B, C]."""
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def selection_options(function):
    @click.option("--select", multiple=True, help="Rules to run instead of the defaults: codes, names or prefixes "
                  "(comma-separated; `ALL` for every rule).")
    @click.option("--ignore", multiple=True, help="Rules not to run (codes, names or prefixes, comma-separated).")
    @click.option("--extend-select", multiple=True, help="Rules to run in addition to the selection.")
    @functools.wraps(function)
    def wrapper(*args, select, ignore, extend_select, **kwargs):
        return function(*args, select=comma_list(select), ignore=comma_list(ignore),
                        extend_select=comma_list(extend_select), **kwargs)

    return wrapper


def config_option(function):
    return click.option("--config", "config_path", type=click.Path(path_type=Path, dir_okay=False), default=None,
                        help="Configuration file (default: quizlint.toml or pyproject.toml found walking up).")(function)


def fail(message: str, code: int = 2) -> None:
    click.echo(f"quizlint: {message}", err=True)
    sys.exit(code)


def warn_if_no_quiz_files(settings: BankSettings) -> None:
    """Like ruff: nothing to check is worth a warning on standard error, not an error (the exit status stays 0)."""
    if not settings.files and not settings.glossary_named:
        where = ", ".join(settings.targets) or "."
        click.echo(f"quizlint: warning: no quiz files (*.quiz.yaml) found in {where}", err=True)


def refuse_to_overwrite_inputs(output: Path, settings: BankSettings) -> None:
    """A report written with ``-o`` must never replace a file of the bank (a quiz file or the glossary)."""
    inputs = [*settings.files, *([settings.glossary_path] if settings.glossary_path else [])]
    for path in inputs:
        try:
            same = os.path.samefile(output, path)
        except OSError:
            same = False
        if same:
            fail(f"refusing to write the report over {output}: it is a file of the bank")


def color_wanted(option: bool | None, to_terminal: bool) -> bool:
    """``--color/--no-color`` if given; else colour on a terminal unless ``NO_COLOR`` is set (no-color.org)."""
    if option is not None:
        return option
    return to_terminal and not os.environ.get("NO_COLOR")


def exit_for(findings, fail_on: str = "error") -> None:
    threshold = SEVERITY_RANK[fail_on]
    if any(SEVERITY_RANK[finding.severity] >= threshold for finding in findings):
        sys.exit(1)


__all__ = ["BankSettings", "color_wanted", "comma_list", "config_option", "exit_for", "fail",
           "refuse_to_overwrite_inputs", "selection_options", "warn_if_no_quiz_files"]
