from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from quizlint.commands.common import BankSettings, config_option, fail


def _is_path_argument(argument: str) -> bool:
    """Item ids are letters, digits, ``-``, ``_`` and ``.``: an argument with a slash or a YAML suffix,
    ``.``/``..``, or the name of an existing directory (``content``) is a path."""
    return ("/" in argument or os.sep in argument or argument in (".", "..")
            or argument.endswith((".yaml", ".yml")) or os.path.isdir(argument))


@click.command("review")
@click.argument("arguments", nargs=-1, metavar="[ITEM_ID]... [PATHS]...")
@click.option("--all", "every_item", is_flag=True, help="Review every item of the bank (or of the PATHS given).")
@click.option("--lang", metavar="LANG", help="The language reviewed (required when a quiz has several target "
              "languages). Any case (TR is tr); a language no quiz declares is a usage error.")
@click.option("--dry-run", is_flag=True, help="Print a unified diff instead of writing.")
@config_option
def command(arguments, every_item, lang, dry_run, config_path) -> None:
    """Mark the translations of items as reviewed by a person.

    Sets `translations.<lang>: {status: reviewed, source: <digest>}` with the current source digest (the one
    the linter's staleness rule checks), so the linter stops reporting the machine translation, and reports
    the item again when its source texts change. Refuses an item whose translation is missing texts.

    Arguments with a `/`, ending in `.yaml` or naming an existing directory are paths (default: the bank in
    quizlint.toml, else the current directory); the others are item ids. Without item ids, every item of the
    paths given is reviewed (`quizlint review unit1.quiz.yaml --lang tr`); `--all` reviews every item of the
    bank. Items with no text written per language are passed over; an item whose translation is missing texts
    is named and left as it was (exit 1), the others are marked.
    """
    from quizlint.translate.files import UnknownLanguage
    from quizlint.translate.review import review_items

    paths = [Path(argument) for argument in arguments if _is_path_argument(argument)]
    item_ids = [argument for argument in arguments if not _is_path_argument(argument)]
    if every_item and item_ids:
        fail("--all reviews every item: name no item ids with it")
    if not item_ids and not paths and not every_item:
        fail("name the items to review: item ids, quiz files or folders (every item in them), or --all")
    settings = BankSettings.resolve(config_path, paths)
    try:
        ok = review_items(settings, item_ids or None, lang, dry_run, echo=lambda message, err=False: click.echo(
            message, err=err, nl=not message.endswith("\n")))
    except UnknownLanguage as error:
        fail(str(error))
    sys.exit(0 if ok else 1)
