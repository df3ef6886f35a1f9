"""Options and helpers shared by the subcommands."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import NoReturn

import click

from quizlint.bank import BankSettings
from quizlint.text import shown_on_a_terminal

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
    click.echo(f"quizlint: {shown_on_a_terminal(message)}", err=True)
    sys.exit(code)


def named_path(ctx, param, value):
    """A click callback for ``-o``: an empty path (an unset shell variable, say) is a usage error, not the
    current folder or a default name. (The option's type must keep the string: ``Path("")`` is ``.``.)"""
    if value is not None and not str(value).strip():
        raise click.BadParameter("an empty path names nothing", param_hint="-o")
    return value


def named_path_object(ctx, param, value):
    """``named_path``, as a ``Path``."""
    value = named_path(ctx, param, value)
    return Path(value) if isinstance(value, str) else value


def cannot_write(path, error: OSError) -> NoReturn:
    """Stop (exit 2) on an output path that cannot be written: a name too long, a missing permission, a file where
    a folder should be."""
    fail(f"cannot write {path}: {error.strerror or error}", 2)


def names_folder(output: str) -> bool:
    """Whether ``-o OUTPUT`` names a folder: an existing one, or any path ending in a slash (a folder that may not
    exist yet). May raise OSError (a name too long to look up): callers report it with ``cannot_write``."""
    return output.endswith(("/", os.sep)) or Path(output).is_dir()


def output_file(output: str, default_name: str) -> Path:
    """The file ``-o OUTPUT`` names for a command that writes one file, ``default_name`` unless told otherwise:
    ``default_name`` inside OUTPUT when it names a folder (``names_folder``; a missing one is made when the file
    is written), else OUTPUT itself."""
    return Path(output) / default_name if names_folder(output) else Path(output)


def warn_about_skipped_files(settings: BankSettings) -> None:
    """A warning naming the YAML files a folder search skipped although they say ``quizlint: 1`` (misnamed quiz
    files), and a note of how many quiz files ``--tracked-only`` left out."""
    if settings.misnamed:
        from quizlint.load.tracked import misnamed_quiz_warning

        click.echo(shown_on_a_terminal(f"quizlint: warning: {misnamed_quiz_warning(settings.misnamed)}"), err=True)
    if settings.untracked:
        plural = "s" if settings.untracked != 1 else ""
        click.echo(f"quizlint: note: {settings.untracked} quiz file{plural} that git neither tracks nor has staged "
                   f"left out (--tracked-only, on under pre-commit)", err=True)


def warn_if_no_quiz_files(settings: BankSettings) -> None:
    """Like ruff: nothing to check is worth a warning on standard error, not an error (the exit status stays 0);
    it tells when git ignores quiz files there, so that a ``.gitignore`` hiding the bank is seen. Files skipped
    are named first (``warn_about_skipped_files``)."""
    warn_about_skipped_files(settings)
    if not settings.files and not settings.glossary_named:
        from quizlint.load.discover import git_ignored_quiz_files

        where = ", ".join(settings.targets) or "."
        ignored = git_ignored_quiz_files(settings.targets)
        plural = "s" if ignored != 1 else ""
        note = f" (git ignores {ignored} quiz file{plural} there: see .gitignore)" if ignored else ""
        click.echo(f"quizlint: warning: no quiz files (*.quiz.yaml) found in {where}{note}", err=True)


def refuse_to_overwrite_inputs(output: Path, settings: BankSettings) -> None:
    """A report written with ``-o`` must never replace a file of the bank (a quiz file, the glossary) or the
    configuration in use (quizlint.toml, or the pyproject.toml that holds it)."""
    inputs = [*settings.files, *([settings.glossary_path] if settings.glossary_path else [])]
    configuration = [settings.config.source] if settings.config.source else []
    for path in [*inputs, *configuration]:
        try:
            same = os.path.samefile(output, path)
        except OSError:
            same = False
        if same:
            what = "the configuration in use" if path in configuration else "a file of the bank"
            fail(f"refusing to write the report over {output}: it is {what}")


def color_wanted(option: bool | None, to_terminal: bool, to_stdout: bool = True) -> bool:
    """``--color/--no-color`` if given; else none when ``NO_COLOR`` is set (no-color.org), colour on standard
    output when ``FORCE_COLOR`` is set (force-color.org: into a pipe too, but not into an ``-o`` file, which a
    CI-wide setting should not fill with escapes), else colour on a terminal. A variable counts when it is set
    and not empty; ``NO_COLOR`` wins over ``FORCE_COLOR``, as in CPython."""
    if option is not None:
        return option
    if os.environ.get("NO_COLOR"):
        return False
    return to_terminal or (to_stdout and bool(os.environ.get("FORCE_COLOR")))


def exit_for(findings, fail_on: str = "error") -> None:
    threshold = SEVERITY_RANK[fail_on]
    if any(SEVERITY_RANK[finding.severity] >= threshold for finding in findings):
        sys.exit(1)


__all__ = ["BankSettings", "cannot_write", "color_wanted", "comma_list", "config_option", "exit_for", "fail",
           "names_folder", "output_file", "refuse_to_overwrite_inputs", "selection_options", "warn_about_skipped_files",
           "warn_if_no_quiz_files"]
