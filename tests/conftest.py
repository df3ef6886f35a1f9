"""Shared fixtures. Tests drive quizlint the way users do (the CLI) and unit-test the hard parts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizlint.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("QUIZLINT_SHARED", ROOT.parent / "shared"))
CONTENT = ROOT / "content"
SEEDS = SHARED / "seeds"
XSD = SHARED / "xsd"
SARIF = SHARED / "sarif"


def shared_dir(name: str) -> Path:
    """A folder of ../shared/, or skip the test with a clear reason when it is absent (a user's own checkout)."""
    path = SHARED / name
    if not path.is_dir():
        pytest.skip(f"{path} is absent: the official schemas and seeds live in ../shared/ beside the checkout")
    return path


@pytest.fixture
def run():
    """Run ``quizlint ARGS`` in-process (click's runner); returns the Result (exit_code, stdout, stderr)."""

    def invoke(*args: str, input: str | None = None, cwd: Path | None = None):
        runner = CliRunner()
        old = Path.cwd()
        if cwd is not None:
            os.chdir(cwd)
        try:
            return runner.invoke(cli, [str(arg) for arg in args], input=input, catch_exceptions=False)
        finally:
            os.chdir(old)

    return invoke


@pytest.fixture
def run_process():
    """Run ``python -m quizlint ARGS`` in a real subprocess; returns CompletedProcess (text mode)."""

    def invoke(*args: str, cwd: Path | None = None, timeout: float = 120, env: dict | None = None):
        full_env = {**os.environ, **(env or {})}
        return subprocess.run([sys.executable, "-m", "quizlint", *map(str, args)], cwd=cwd, capture_output=True,
                              text=True, timeout=timeout, env=full_env)

    return invoke


QUIZ_HEADER = """\
quizlint: 1
id: {quiz_id}
languages: [{languages}]
title: {{{title}}}
items:
"""


def quiz_yaml(items_yaml: str, quiz_id: str = "demo", languages: str = "en, tr") -> str:
    """A quiz file around ``items_yaml`` (a YAML list of items, any indentation)."""
    langs = [lang.strip() for lang in languages.split(",")]
    title = ", ".join(f"{lang}: Title {lang}" for lang in langs)
    body = textwrap.indent(textwrap.dedent(items_yaml).strip("\n"), "  ")
    return QUIZ_HEADER.format(quiz_id=quiz_id, languages=languages, title=title) + body + "\n"


@pytest.fixture
def write_quiz(tmp_path):
    """Write a quiz file from an items list; returns its path."""

    def write(items_yaml: str, name: str = "demo.quiz.yaml", **kwargs) -> Path:
        path = tmp_path / name
        path.write_text(quiz_yaml(items_yaml, **kwargs), encoding="utf-8")
        return path

    return write


def unprivileged(command: list[str]) -> list[str]:
    """``command`` run so that file permissions hold for it: as it is for an ordinary user; for root, without the
    capabilities that override them (setpriv), or the test is skipped."""
    if os.name != "posix":
        pytest.skip("file permissions are POSIX here")
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file permissions would not apply")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--inh-caps=-all", *command]


def generate_bank(content: Path, items: int) -> None:
    """A synthetic bilingual bank of ``items`` items in the folder ``content`` (benchmarks/generate.py): 1,500
    items are enough for a pool of workers (``lint.parallel.PARALLEL_MIN_BYTES``)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from generate import generate
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    generate(content, items=items)
