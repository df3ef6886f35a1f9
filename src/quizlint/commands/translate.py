from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from pathlib import Path

import click

from quizlint.commands.common import BankSettings, config_option, fail
from quizlint.config import TRANSLATE_KEYS, is_http_url


@click.command("translate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--to", "target", metavar="LANG", help="Translate into this language only (default: every target "
              "language of each quiz). Any case (TR is tr); a language no quiz declares is a usage error.")
@click.option("--provider", type=TRANSLATE_KEYS["provider"].click_type(), default=None,
              help="Translation provider (default: `provider` in [translate] of quizlint.toml, else google). "
              "Keys come from the environment: QUIZLINT_LIBRE_API_KEY or LIBRETRANSLATE_API_KEY, DEEPL_API_KEY, "
              "MICROSOFT_TRANSLATOR_KEY (+ MICROSOFT_TRANSLATOR_REGION).")
@click.option("--url", metavar="URL",
              help="LibreTranslate server URL (default: `url` in [translate], else libretranslate.com).")
@click.option("--dry-run", is_flag=True, help="Translate (through the cache) but only print a unified diff; write "
              "nothing.")
@click.option("--only-missing", is_flag=True, help="Translate only texts that are missing (the default).")
@click.option("--stale", is_flag=True, help="Also retranslate items whose source texts changed since they were "
              "translated (machine translations; drafts and reviewed ones only with the flags below).")
@click.option("--overwrite-draft", is_flag=True, help="Also write into translations whose status is draft (with "
              "--stale: replace the texts of a stale draft, a person's texts included).")
@click.option("--overwrite-reviewed", is_flag=True, help="With --stale, also retranslate translations whose status "
              "is reviewed (a missing text of a reviewed translation is filled without it: the item becomes draft).")
@click.option("--timeout", type=TRANSLATE_KEYS["timeout"].click_type(), default=None,
              help="Seconds each request to the provider may take in all: connecting, waiting and reading the "
              "whole answer (default: `timeout` in [translate], else 20).")
@click.option("--retries", type=TRANSLATE_KEYS["retries"].click_type(), default=None,
              help="Retries after 429, 5xx, timeouts and connection errors, with exponential backoff (default: "
              "`retries` in [translate], else 3).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the translation cache (.quizlint_cache/).")
@click.option("--glossary", type=click.Path(path_type=Path, dir_okay=False),
              help="Glossary file (default: glossary.yaml at the bank root).")
@config_option
def command(paths, target, provider, url, dry_run, only_missing, stale, overwrite_draft, overwrite_reviewed,
            timeout, retries, no_cache, glossary, config_path) -> None:
    """Fill missing translations of quiz items with a machine translation provider.

    Each item written is marked `translations.<lang>: {status: machine, source: <digest>}` so that the
    linter reports it until a person reviews it (`quizlint review`). An item where texts a person wrote
    remain (it had no status, or a draft or reviewed one) is marked `status: draft` instead, and named in
    the output: not machine output as a whole, still to be reviewed (the linter reports it as draft-unreviewed,
    T011, until `quizlint review`). A missing text is filled in a reviewed translation too: that overwrites
    nothing. A draft is filled only with --overwrite-draft. Texts a person wrote are not replaced
    unless asked: --stale retranslates machine translations only, drafts with --overwrite-draft, reviewed
    ones with --overwrite-reviewed, and an item without a status never. When some texts of an item fail to
    be retranslated, the ones that succeeded are written but the item's status and source digest stay as they
    were: the texts that failed still translate the older source, so the linter goes on reporting the item as
    stale and the next --stale run retranslates it. The source language is never touched. Glossary terms
    marked `translate: false`, code, math, URLs and Markdown markup are protected from the provider. The
    rest of each file stays byte-identical. The quiz's own title and description are not translated (they
    have no review state to record that a person must check them): each missing one is named, to be
    written by hand, and the linter reports it until it is.

    A provider's answer must come whole within the timeout, and be a translation: an answer over 4 MiB, or
    more than 10 times as long as its text plus 1000 characters, is a failure. A failure is never written.

    The summary counts the texts translated, what was skipped (each named in the output), the texts that
    failed, and the texts not attempted: a provider failure (or Ctrl-C) stops the run, and the texts after
    it are left for the next run. A file with errors is left alone and counted apart.

    Exit status: 0 when every text tried was translated (texts skipped, as above, do not count), 1 when any
    failed or was not attempted, or a file had errors, 2 for usage or configuration errors.
    """
    from quizlint.translate.files import UnknownLanguage
    from quizlint.translate.run import TranslateRequest, run_translate

    if only_missing and stale:
        fail("--only-missing and --stale exclude each other")
    settings = BankSettings.resolve(config_path, paths, glossary)
    configured = _translate_config(settings)
    _check_url(url)  # (the configuration's was checked with the rest of it)
    request = TranslateRequest(
        provider=provider or configured.get("provider", "google"),
        url=url or configured.get("url"),
        timeout=timeout if timeout is not None else float(configured.get("timeout", 20)),
        retries=retries if retries is not None else int(configured.get("retries", 3)),
        target=target, stale=stale, overwrite_draft=overwrite_draft, overwrite_reviewed=overwrite_reviewed,
        dry_run=dry_run, use_cache=not no_cache and settings.config.cache,
    )
    try:
        summary = run_translate(settings, request, echo=_echo, progress=_progress)
    except UnknownLanguage as error:
        fail(str(error))
    sys.exit(0 if summary.ok else 1)


def _translate_config(settings: BankSettings) -> dict:
    """The [translate] table (its keys and types are checked with the rest of the configuration)."""
    return settings.config.translate


def _check_url(url: str | None) -> None:
    """``--url`` must be http(s) with a host: anything else is a usage error, not a failed request."""
    if url is not None and not is_http_url(url):
        fail(f"--url: {url!r} is not {TRANSLATE_KEYS['url'].described}")


def _echo(message: str, err: bool = False) -> None:
    click.echo(message, err=err, nl=not message.endswith("\n"))


@contextmanager
def _progress(total: int, provider: str):
    """A progress bar on a terminal (texts done, provider, rate); nothing otherwise."""
    if total == 0 or not sys.stderr.isatty():
        yield lambda: None
        return
    started = time.monotonic()
    done = [0]

    def rate(_item) -> str:
        elapsed = time.monotonic() - started
        return f"{done[0] / elapsed:.1f} texts/s" if elapsed > 0 and done[0] else ""

    with click.progressbar(length=total, label=f"Translating with {provider}", file=sys.stderr, show_pos=True,
                           item_show_func=rate) as bar:
        def tick() -> None:
            done[0] += 1
            bar.update(1)

        yield tick
