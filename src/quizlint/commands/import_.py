"""``quizlint import``: turn a quiz in another format into a quiz file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from quizlint.commands.common import cannot_write, fail, named_path, names_folder
from quizlint.importers import FORMAT_HELP, IMPORTERS
from quizlint.text import shown_on_a_terminal


def _echo_error(message: str) -> None:
    click.echo(f"quizlint: error: {shown_on_a_terminal(message)}", err=True)


def _language_list(value: str | None) -> tuple[str, ...]:
    from quizlint.importers.identifiers import is_language_tag

    if not value:
        return ()
    languages = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    bad = [lang for lang in languages if not is_language_tag(lang)]
    if bad:
        raise click.BadParameter(f"not a language tag: {', '.join(bad)} (expected tags such as en, tr, pt-BR)",
                                 param_hint="--languages")
    return languages


def _check_options(lang: str | None, languages: tuple[str, ...], quiz_id: str | None) -> None:
    from quizlint.importers.identifiers import is_identifier, is_language_tag

    if lang is not None and not is_language_tag(lang):
        raise click.BadParameter(f"{lang!r} is not a language tag (expected a tag such as en, tr, pt-BR)",
                                 param_hint="--lang")
    if lang is not None and languages and lang not in languages:
        raise click.BadParameter(f"--lang {lang} is not one of --languages {','.join(languages)}",
                                 param_hint="--lang")
    if quiz_id is not None and not is_identifier(quiz_id):
        raise click.BadParameter(f"{quiz_id!r} is not a valid id (letters, digits, '-', '_' and '.'; starting with "
                                 "a letter or digit)", param_hint="--id")


def _choose_format(source: Path, source_format: str | None) -> str:
    from quizlint.importers import guess_format

    if source_format:
        return source_format
    guessed = guess_format(source)
    if guessed is None:
        _echo_error(f"{source}: cannot tell the format from the extension or the content; give it with --from "
                    f"({', '.join(IMPORTERS)})")
        sys.exit(1)
    name, why = guessed
    click.echo(f"quizlint: guessed format: {name} (from {why}); use --from to choose another", err=True)
    return name


def _same_file(output: Path, source: Path) -> bool:
    """Whether writing ``output`` would replace ``source`` or a file inside it (a QTI package folder)."""
    target = Path(os.path.realpath(output))  # (realpath: a link loop is no exception here)
    origin = Path(os.path.realpath(source))
    return target == origin or origin in target.parents


@click.command("import")
@click.argument("source", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("--from", "source_format", type=click.Choice(list(IMPORTERS)), default=None,
              help="Format of INPUT: " + "; ".join(f"{name}: {text}" for name, text in FORMAT_HELP.items())
              + ". Guessed from the extension or the content when omitted.")
@click.option("-o", "--output", type=click.Path(), default=None, callback=named_path,
              help="The quiz file to write (*.quiz.yaml); standard output when omitted or -. With --split, a folder "
                   "(made if missing).")
@click.option("--split", is_flag=True,
              help="One quiz file per category (Moodle XML, GIFT $CATEGORY) or per test of a QTI package (quiz of a "
                   "Canvas export), named by its quiz id, in the folder -o names (made if missing). Without it, the "
                   "questions of several categories (or tests) make one quiz, each tagged with its category (or test).")
@click.option("--id", "quiz_id", default=None, help="Quiz id (default: a slug of the quiz title).")
@click.option("--lang", default=None,
              help="Language of the texts that do not say theirs (default: the first of --languages, or what the "
                   "file declares, or en). Texts are never translated.")
@click.option("--languages", "languages_text", default=None,
              help="The quiz's languages, comma-separated, the source language first (e.g. tr,en).")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@click.option("--keep-going", is_flag=True,
              help="Skip malformed questions with a warning and import the others (as Moodle does).")
def command(source: Path, source_format, output: str | None, split, quiz_id, lang, languages_text, force,
            keep_going) -> None:
    """Import the quiz in INPUT (text, Moodle XML, GIFT, Aiken, QTI 2.1 or 3.0 package or Canvas QTI 1.2 export)
    as a quiz file.

    Ids are stable and readable: the source's own ids where it has readable ones, else a slug of the quiz
    title and the question number. Skipped question types and dropped content are reported on standard
    error. Exit status: 0 imported, 1 input that cannot be imported or an output that exists, 2 usage or
    an output that cannot be written.
    """
    from quizlint.importers import get_importer
    from quizlint.importers.draft import ImportOptions, merge_categories
    from quizlint.importers.log import ImportFailure, ImportLog
    from quizlint.importers.quiz_document import quiz_document
    from quizlint.importers.quiz_yaml import dump_quiz
    from quizlint.io import write_atomic

    languages = _language_list(languages_text)
    _check_options(lang, languages, quiz_id)
    output = _output_path(output, split)
    _check_split(split, output, quiz_id)
    if not source.exists():
        _echo_error(f"{source}: no such file or folder")
        sys.exit(1)
    if output is not None and not split:  # (with --split, the files are known once the categories are read)
        _check_output(output, source, force)
    name = _choose_format(source, source_format)
    log = ImportLog()
    try:
        draft = get_importer(name).read(source, log)
    except ImportFailure as failure:
        _echo_error(str(failure))
        sys.exit(1)
    _report(log, keep_going)
    if not draft.items:
        _echo_error(f"{source}: no question could be imported")
        sys.exit(1)
    options = ImportOptions(lang=lang, languages=languages, quiz_id=quiz_id)
    if split:
        try:
            _write_split(draft, options, log, source, output, force)
        except OSError as error:
            cannot_write(output, error)
        return
    merge_categories(draft, log, str(source))
    text = dump_quiz(quiz_document(draft, options, log, str(source), source.stem.split(".")[0]))
    _print_warnings(log)
    if output is None:
        click.echo(text, nl=False)
        return
    if not output.name.endswith(".quiz.yaml"):
        click.echo(f"quizlint: warning: {output} does not end in .quiz.yaml: quizlint lint finds quiz files in "
                   "folders by that suffix", err=True)
    try:
        write_atomic(output, text)
    except OSError as error:
        cannot_write(output, error)
    _echo_written(output, len(draft.items))


def _output_path(output: str | None, split: bool) -> Path | None:
    """The path ``-o`` names; None for standard output (no ``-o``, or ``-o -``, which one quiz file only can go
    to). Without --split, a folder (an existing one, or a path ending in a slash) is refused: -o names a file."""
    if output == "-":
        if split:
            raise click.BadParameter("--split writes one file per category into a folder: -o - (standard output) "
                                     "cannot hold them", param_hint="-o")
        return None
    if output is None:
        return None
    try:
        folder = names_folder(output)
    except OSError as error:
        cannot_write(output, error)
    if folder and not split:
        raise click.BadParameter(f"{output} is a folder: name the quiz file to write (or use --split)",
                                 param_hint="-o")
    return Path(output)


def _check_output(output: Path, source: Path, force: bool) -> None:
    try:
        same, exists = _same_file(output, source), output.exists()
    except OSError as error:
        cannot_write(output, error)
    if same:
        _echo_error(f"{output} is the input; write the quiz file elsewhere (the input is never overwritten)")
        sys.exit(1)
    if exists and not force:
        _echo_error(f"{output} exists; use --force to overwrite it")
        sys.exit(1)


def _check_split(split: bool, output: Path | None, quiz_id: str | None) -> None:
    if split and output is None:
        raise click.BadParameter("--split writes one file per category: name their folder with -o",
                                 param_hint="--split")
    if split and quiz_id is not None:
        raise click.BadParameter("--id names one quiz; with --split each category's quiz has its own id",
                                 param_hint="--id")


def _write_split(draft, options, log, source: Path, folder: Path, force: bool) -> None:
    """One quiz file per category in ``folder``; nothing is written when one of them exists (without --force),
    would replace the input or is a folder."""
    from quizlint.importers.draft import split_by_category
    from quizlint.importers.quiz_yaml import dump_quiz
    from quizlint.io import write_atomic

    documents = _split_documents(split_by_category(draft), options, log, source)
    targets = [folder / f"{document['id']}.quiz.yaml" for document in documents]
    if folder.exists() and not folder.is_dir():
        _echo_error(f"{folder} is a file; --split writes into a folder")
        sys.exit(1)
    for target in targets:
        if _same_file(target, source):
            _echo_error(f"{target} is the input; nothing was written")
            sys.exit(1)
    folders = [target for target in targets if target.is_dir()]
    if folders:  # (found now, not once the quiz files before it are written)
        fail(f"cannot write {folders[0]}: it is a folder; nothing was written", 2)
    existing = [target for target in targets if target.exists()]
    if existing and not force:
        _echo_error(f"{existing[0]} exists; nothing was written (use --force to overwrite)")
        sys.exit(1)
    texts = [dump_quiz(document) for document in documents]
    _print_warnings(log)
    for target, text, document in zip(targets, texts, documents):
        try:
            write_atomic(target, text)
        except OSError as error:
            cannot_write(target, error)
        _echo_written(target, len(document["items"]))


def _split_documents(drafts: list, options, log, source: Path) -> list[dict]:
    """The quiz files' data, one per draft; a quiz id that two categories would share gets a number, and so does
    an item id (the quiz files make one bank, where an item id is unique)."""
    from dataclasses import replace

    from quizlint.importers.identifiers import ItemIds
    from quizlint.importers.quiz_document import quiz_document

    documents, taken, stem, item_ids = [], set(), source.stem.split(".")[0], ItemIds()
    for draft in drafts:
        ids = item_ids.copy()
        document = quiz_document(draft, options, log, str(source), stem, ids)
        base, number = document["id"], 2
        while document["id"] in taken:
            ids = item_ids.copy()
            document = quiz_document(draft, replace(options, quiz_id=f"{base}-{number}"), log, str(source), stem, ids)
            number += 1
        taken.add(document["id"])
        documents.append(document)
        item_ids = ids
    return documents


def _echo_written(path: Path, count: int) -> None:
    click.echo(shown_on_a_terminal(f"quizlint: wrote {path} ({count} item{'' if count == 1 else 's'})"), err=True)


def _print_warnings(log) -> None:
    for warning in log.take_warnings():
        click.echo(f"quizlint: warning: {warning}", err=True)


def _report(log, keep_going: bool) -> None:
    """Print warnings; stop on errors unless --keep-going (then they are warnings too)."""
    _print_warnings(log)
    if log.errors and not keep_going:
        for failure in log.errors:
            _echo_error(str(failure))
        click.echo(f"quizlint: {len(log.errors)} question(s) cannot be imported; nothing was written "
                   "(--keep-going imports the others)", err=True)
        sys.exit(1)
    for failure in log.errors:
        click.echo(f"quizlint: warning: skipped: {failure}", err=True)
