from __future__ import annotations

import sys
from pathlib import Path

import click

from quizlint.commands.common import (BankSettings, config_option, fail, named_path_object, selection_options,
                                      warn_if_no_quiz_files)


@click.command("preview")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False), default="site",
              callback=named_path_object, show_default=True, help="Directory to write the site into (created if needed; other files in it "
              "are left alone).")
@click.option("--force", is_flag=True, help="Overwrite pages in the output directory that quizlint did not write.")
@selection_options
@config_option
@click.option("--glossary", type=click.Path(path_type=Path, dir_okay=False),
              help="Glossary file (default: glossary.yaml at the bank root).")
def command(paths, out_dir, force, select, ignore, extend_select, config_path, glossary) -> None:
    """Build a static HTML preview of the bank: an index with every quiz's health and one page per quiz with
    its items as students see them (language switch, side-by-side translation, answers behind a toggle,
    lint findings on their items, answer-position charts).

    The site needs no server and makes no network request: open DIR/index.html in a browser.

    Exit status: 0, or 1 when a file or item could not be read (the site leaves it out; the reasons go to
    standard error).
    """
    from quizlint.commands.stats import report_load_errors
    from quizlint.preview import INDEX, NotOurFiles, write_site
    from quizlint.stats import bank_stats, load_bank

    settings = BankSettings.resolve(config_path, paths, glossary, select, ignore, extend_select)
    warn_if_no_quiz_files(settings)
    view = load_bank(settings)
    report_load_errors(view)  # (on standard error, as lint reports them)
    from quizlint.preview.paths import relative_to_bank

    view = relative_to_bank(view)
    try:
        written = write_site(bank_stats(view), out_dir, force=force)
    except NotOurFiles as error:
        fail(f"not overwriting {error} (not written by quizlint preview); choose another --output, or --force")
    except OSError as error:
        fail(f"cannot write the site to {out_dir}: {error.strerror or error}")
    pages = f"{len(written)} page{'' if len(written) == 1 else 's'}"
    click.echo(f"Wrote {pages} to {out_dir}: open {out_dir / INDEX}")
    if view.load_errors():
        sys.exit(1)
