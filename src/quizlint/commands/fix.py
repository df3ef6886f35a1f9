from __future__ import annotations

import sys
from pathlib import Path

import click

from quizlint.commands.common import BankSettings, config_option, selection_options
from quizlint.text import shown_on_a_terminal


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@click.command("fix")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@selection_options
@config_option
@click.option("--diff", is_flag=True, help="Print a unified diff of the fixes to standard output; write nothing.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if any file would change (for CI).")
def command(paths, select, ignore, extend_select, config_path, diff, check) -> None:
    """Repair what can be repaired automatically, editing only the option entries that move (and digests).

    \b
    - key-position-bias, key-middle-bias (B001, B003): where these rules report a bias (with the configured
      alpha and min-items: a bank `quizlint lint` finds clean is left alone), swap the options of as few
      single-answer items as possible so that the keys are spread as evenly as possible over the positions,
      per number of options, in the reported quiz files, or in every file when the bank is reported
      (deterministic; `fixed` options never move; multiple-answer items, items with a `fixed` option and
      items whose option order means something — numbers, "none of the above", combinations such as
      "I and II" — are left alone);
    - all-of-the-above, none-of-the-above (W001, W002): move such options last and mark them `fixed: true`
      (the rules still report them afterwards, no longer as fixable);
    - numeric-order (W009): sort numeric options in ascending order.

    Only the selected rules are fixed (`--select`, `--ignore`, the configuration, `# quizlint: disable=`
    comments: an item where B001 or B003 is disabled keeps its option order). Comments, blank lines, quoting
    and key order are kept: an option moves with the comments on its dash line and inside it, and with the
    comment lines directly above its dash at the dash's indentation (comment lines indented deeper than the
    dash are inside the option above and move with that one); files are written atomically. Moving options
    changes no text, so a translation whose source digest was current stays current: its
    `translations.<lang>.source` is set to the digest of the new order (a stale one stays stale). Files with
    load or schema errors are left alone (exit 1). Without PATHS, fixes the bank configured in quizlint.toml,
    else the current directory.

    Note: exactly even keys are what key-over-balanced (B002, off by default) looks for: with B002 switched
    on, a rebalanced quiz or bank of 20 or more items is usually reported by it (skip the position fix with
    `--ignore B001,B003` if you deliver options unshuffled and care about B002).
    """
    from quizlint.fix.run import prepare_fixes, selected_fixes

    settings = BankSettings.resolve(config_path, paths, None, select, ignore, extend_select)
    if not selected_fixes(settings):
        click.echo("quizlint: none of the selected rules can be fixed automatically "
                   "(fixable: B001, B003, W001, W002, W009)", err=True)
    report = prepare_fixes(settings)
    for line in report.errors:
        click.echo(shown_on_a_terminal(line), err=True)
    for line in report.actions:
        click.echo(shown_on_a_terminal(line), err=diff)
    if diff:
        for change in report.changes:
            click.echo(change.diff(), nl=False)
    failed = bool(report.errors)
    summary = f"{_plural(report.items, 'item')} in {_plural(report.files, 'file')}"
    if not report.changes:
        message = "Nothing fixed." if report.left_alone else "Nothing to fix."
    elif check or diff:
        message = f"Would fix {summary}."
    else:
        unwritten = _write_all(report.changes)
        failed = bool(unwritten) or failed
        message = f"Fixed {summary}." if not unwritten else \
            f"Fixed nothing in {_plural(unwritten, 'file')} that could not be written (see above); " \
            f"{_plural(len(report.changes) - unwritten, 'file')} written."
    if report.left_alone:
        message = message.rstrip(".") + f"; {_plural(report.left_alone, 'file')} left alone (see above)."
    click.echo(message, err=diff)
    sys.exit(1 if failed or (check and report.changes) else 0)


def _write_all(changes) -> int:
    """Write every change; how many files could not be written (each said on standard error)."""
    unwritten = 0
    for change in changes:
        try:
            change.write()
        except OSError as error:
            click.echo(shown_on_a_terminal(f"{change.display}: cannot write: {error.strerror or error}"), err=True)
            unwritten += 1
    return unwritten
