"""`quizlint init [DIR]`: a bank skeleton that lints clean, to start from.

It writes the configuration, a glossary, an example bilingual (en/tr) quiz whose translations are recorded as
reviewed, the JSON Schemas the files' ``yaml-language-server`` comments point at (editor completion, offline),
a pre-commit configuration and a GitHub Actions workflow that uploads a SARIF report to code scanning. It never
overwrites a file without ``--force``: nothing is written when one of them exists.
"""

from __future__ import annotations

from pathlib import Path

import click

from quizlint import __version__
from quizlint.commands.common import cannot_write, fail

CONFIG = """\
# quizlint configuration: https://example.invalid/quizlint/docs/format.md#configuration
paths = ["quizzes"]          # the bank: every *.quiz.yaml below these folders
# glossary.yaml next to this file is the bank's glossary
# fail-on = "warning"        # make warnings fail the run (and the hook) too
# tracked-only = true        # lint only what git tracks or has staged (always so under pre-commit)
"""

GLOSSARY = """\
# yaml-language-server: $schema=schema/glossary.schema.json
# How terms are rendered in every language (quizlint rule glossary-term).
terms:
  - term: mammal
    translations: {tr: memeli}    # required rendering, in any of its forms (memeliler, memelidir, …)
  - term: Celsius
    translate: false              # written as it is in every language
"""

QUIZ = """\
# yaml-language-server: $schema=../schema/quiz.schema.json
quizlint: 1
id: example
languages: [en, tr]               # the first is the source language
title: {{en: "An example quiz", tr: "Örnek bir sınav"}}
description:
  en: "Delete this quiz once your own are in place. `quizlint rule` lists what the linter checks."
  tr: "Kendi sınavlarınız hazır olunca bu sınavı silin. `quizlint rule` denetlenen kuralları listeler."
items:
  - id: mammal
    type: single
    stem: {{en: "Which of these animals is a mammal?", tr: "Bu hayvanlardan hangisi bir memelidir?"}}
    options:
      - text: {{en: "The shark", tr: "Köpekbalığı"}}
      - text: {{en: "The dolphin", tr: "Yunus"}}
        correct: true
        feedback: {{en: "Right: dolphins breathe air and feed their young milk.", tr: "Doğru: yunuslar hava solur ve yavrularını sütle besler."}}
      - text: {{en: "The trout", tr: "Alabalık"}}
      - text: {{en: "The octopus", tr: "Ahtapot"}}
    explanation:
      en: "Dolphins are mammals: they breathe air and feed their young milk."
      tr: "Yunuslar memelidir: hava solurlar ve yavrularını sütle beslerler."
    tags: [biology]
    translations:
      tr: {{status: reviewed, source: {mammal}}}
  - id: boiling-point
    type: true_false
    stem:
      en: "At sea level, water boils at 100 degrees Celsius."
      tr: "Deniz seviyesinde su 100 derece Celsius sıcaklıkta kaynar."
    answer: true
    tags: [physics]
    translations:
      tr: {{status: reviewed, source: {boiling_point}}}
  - id: primes
    type: multiple
    stem: {{en: "Which of these numbers are prime?", tr: "Bu sayılardan hangileri asaldır?"}}
    options:                      # a plain string is the same in every language
      - text: "2"
        correct: true
      - text: "7"
        correct: true
      - text: "9"
      - text: "15"
    points: 2
    tags: [mathematics]
    translations:
      tr: {{status: reviewed, source: {primes}}}
"""

PRE_COMMIT = """\
# pre-commit (https://pre-commit.com): `pre-commit install`, then every commit that touches a YAML file or the
# configuration lints the bank (what git tracks plus what is staged; untracked drafts are left out).
repos:
  # quizlint as installed in this environment (pip install quizlint):
  - repo: local
    hooks:
      - id: quizlint
        name: quizlint
        entry: quizlint lint
        language: system
        files: (\\.ya?ml|(^|/)quizlint\\.toml|(^|/)pyproject\\.toml)$
        pass_filenames: false
        require_serial: true
  # or from quizlint's repository, pinned to a release tag or a full commit sha:
  # - repo: https://example.invalid/quizlint
  #   rev: v{version}
  #   hooks:
  #     - id: quizlint
"""

WORKFLOW = """\
# Lint the quiz bank on every push and pull request; findings appear in the Security tab (code scanning) and on
# the pull request.
name: quizlint
on:
  push:
  pull_request:
permissions:
  contents: read
  security-events: write    # upload the SARIF report
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - run: pip install "quizlint=={version}"    # or: pip install "git+https://example.invalid/quizlint@v{version}"
      - run: quizlint lint --format sarif -o quizlint.sarif
      - uses: github/codeql-action/upload-sarif@v3
        if: always()            # the lint step exits 1 when there are findings: upload them anyway
        with:
          sarif_file: quizlint.sarif
          category: quizlint
"""


def skeleton() -> dict[str, str]:
    """Path (relative to the bank) → text of every file ``quizlint init`` writes."""
    from quizlint.model.schema import SCHEMAS, render

    return {
        "quizlint.toml": CONFIG,
        "glossary.yaml": GLOSSARY,
        "quizzes/example.quiz.yaml": example_quiz(),
        "schema/quiz.schema.json": render(SCHEMAS["quiz"]()),
        "schema/glossary.schema.json": render(SCHEMAS["glossary"]()),
        ".pre-commit-config.yaml": PRE_COMMIT.format(version=__version__),
        ".github/workflows/quizlint.yml": WORKFLOW.format(version=__version__),
    }


def example_quiz() -> str:
    """The example quiz, each translation recorded as reviewed against the digest of its item's source texts."""
    import yaml

    from quizlint.model import Item
    from quizlint.model.digest import source_digest

    draft = yaml.safe_load(QUIZ.format(mammal="aaaaaaaa", boiling_point="aaaaaaaa", primes="aaaaaaaa"))
    digests = {item["id"].replace("-", "_"): source_digest(Item.model_validate(item), "en")
               for item in draft["items"]}
    return QUIZ.format(**digests)


@click.command("init")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path), default=".")
@click.option("--force", is_flag=True, help="Overwrite files that exist.")
def command(directory: Path, force: bool) -> None:
    """Create a bank skeleton in DIRECTORY (default: here): quizlint.toml, glossary.yaml, an example bilingual
    quiz, the JSON Schemas for editors, .pre-commit-config.yaml and a GitHub Actions workflow uploading SARIF.
    It lints clean. Nothing is written when a file exists, unless --force.

    Exit status: 0 written, 1 a file exists (nothing written), 2 a file cannot be written.
    """
    from quizlint.io import write_atomic

    files = {directory / name: text for name, text in skeleton().items()}
    existing = [path for path in files if path.exists() or path.is_symlink()]
    if existing and not force:
        names = ", ".join(str(path) for path in existing)
        fail(f"{names} exist{'s' if len(existing) == 1 else ''}; nothing was written (use --force to overwrite)", 1)
    for path, text in files.items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        except OSError as error:
            cannot_write(path, error)
        click.echo(f"wrote {path}", err=True)
    click.echo(f"A new bank in {directory}: edit {directory / 'quizzes' / 'example.quiz.yaml'}, then run "
               f"`quizlint lint` there.")
