"""The pre-commit hook, installed by pre-commit itself from this checkout (`pre-commit try-repo`) into a
throwaway git repository; its dependencies come from the package registry, so this is slow."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, quiz_yaml
from test_cli_lint import CLEAN_ITEMS, FLAWED_ITEMS

HOOKS = ROOT / ".pre-commit-hooks.yaml"
GIT_ENV = {"GIT_AUTHOR_NAME": "quizlint tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "quizlint tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def test_hook_manifest():
    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["quizlint"]
    hook = hooks[0]
    assert (hook["entry"], hook["language"], hook["require_serial"], hook["pass_filenames"]) == (
        "quizlint lint", "python", True, False)
    import re

    files = re.compile(hook["files"])
    # any YAML file: a glossary may have any name (`glossary = "content/terms.yaml"`), a `paths` glob may take
    # YAML files not named *.quiz.yaml
    for name in ["content/a.quiz.yaml", "b.quiz.yml", "glossary.yaml", "bank/glossary.yml", "quizlint.toml",
                 "pyproject.toml", "bank/pyproject.toml", "content/terms.yaml", "a.yaml", "content/notes.yml"]:
        assert files.search(name), name
    for name in ["quiz.yaml.bak", "README.md", "notes.txt", "quizlint.toml.orig", "src/yaml.py"]:
        assert not files.search(name), name


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def commit_all(cwd: Path, message: str = "snapshot") -> None:
    git(cwd, "add", "-A")
    git(cwd, "commit", "-q", "--no-gpg-sign", "-m", message)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """This checkout's working tree (committed or not) as a git repository pre-commit can install from."""
    copy = tmp_path_factory.mktemp("hook-repo") / "quizlint"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "src", copy / "src", ignore=ignore)
    for name in ["pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "LICENSE"]:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, copy / name)
    git(copy, "init", "-q")
    commit_all(copy, "quizlint under test")
    return copy


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")  # shared by the tests: the hook is installed once


@pytest.fixture
def bank(tmp_path) -> Path:
    """A git repository holding a clean quiz bank (only K001/K002 selected, so other rules cannot interfere)."""
    repo = tmp_path / "bank"
    (repo / "content").mkdir(parents=True)
    (repo / "quizlint.toml").write_text('paths = ["content"]\nselect = ["K001", "K002"]\n', encoding="utf-8")
    (repo / "content" / "clean.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="clean"), encoding="utf-8")
    (repo / "notes.txt").write_text("not a quiz\n", encoding="utf-8")
    git(repo, "init", "-q")
    commit_all(repo)
    return repo


def try_repo(bank: Path, hook_repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "quizlint", *args],
                          cwd=bank, capture_output=True, text=True, env=env, timeout=1800)


@pytest.mark.slow
def test_hook_passes_on_a_clean_bank_and_fails_on_a_flawed_one(bank, hook_repo, pre_commit_home):
    clean = try_repo(bank, hook_repo, pre_commit_home, "--all-files")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "quizlint" in clean.stdout and "Passed" in clean.stdout

    (bank / "content" / "flawed.quiz.yaml").write_text(quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"), encoding="utf-8")
    commit_all(bank, "add a flawed quiz")
    flawed = try_repo(bank, hook_repo, pre_commit_home, "--all-files")
    assert flawed.returncode == 1, flawed.stdout + flawed.stderr
    assert "Failed" in flawed.stdout
    assert "content/flawed.quiz.yaml:9:7: K001 [error]" in flawed.stdout
    assert "content/flawed.quiz.yaml:17:9: K002 [error]" in flawed.stdout
    assert "Traceback" not in flawed.stdout + flawed.stderr


@pytest.mark.slow
def test_hook_lints_the_whole_bank_but_only_when_quiz_files_change(bank, hook_repo, pre_commit_home):
    (bank / "content" / "flawed.quiz.yaml").write_text(quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"), encoding="utf-8")
    commit_all(bank, "add a flawed quiz")
    unrelated = try_repo(bank, hook_repo, pre_commit_home, "--files", "notes.txt")
    assert unrelated.returncode == 0, unrelated.stdout + unrelated.stderr
    assert "Skipped" in unrelated.stdout
    # Changing the clean quiz runs the hook over the whole bank, so the flawed file still fails it.
    other = try_repo(bank, hook_repo, pre_commit_home, "--files", "content/clean.quiz.yaml")
    assert other.returncode == 1, other.stdout + other.stderr
    assert "content/flawed.quiz.yaml:9:7: K001" in other.stdout


@pytest.mark.slow
def test_hook_runs_when_only_a_glossary_with_another_name_changes(bank, hook_repo, pre_commit_home):
    # the commit would leave a bank that fails CI: the hook must run, and fail
    (bank / "quizlint.toml").write_text('paths = ["content"]\nglossary = "content/terms.yaml"\n'
                                        'select = ["K001", "K002"]\n', encoding="utf-8")
    terms = bank / "content" / "terms.yaml"
    glossary = "terms:\n  - term: planet\n    translations: {tr: gezegen}\n"
    terms.write_text(glossary, encoding="utf-8")
    commit_all(bank, "a glossary")
    clean = try_repo(bank, hook_repo, pre_commit_home, "--files", "content/terms.yaml")
    assert clean.returncode == 0 and "Passed" in clean.stdout, clean.stdout + clean.stderr
    terms.write_text(glossary + "    bogus: 1\n", encoding="utf-8")
    commit_all(bank, "break the glossary")
    broken = try_repo(bank, hook_repo, pre_commit_home, "--files", "content/terms.yaml")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert "Failed" in broken.stdout and "content/terms.yaml:4:5: S002" in broken.stdout


@pytest.mark.slow
def test_hook_ignores_an_untracked_draft_but_not_a_staged_one(bank, hook_repo, pre_commit_home):
    # pre-commit runs the hook with PRE_COMMIT=1: the bank is what git tracks plus what is staged
    (bank / "content" / "draft.quiz.yaml").write_text("quizlint: 1\nid: [draft\n", encoding="utf-8")
    untracked = try_repo(bank, hook_repo, pre_commit_home, "--files", "content/clean.quiz.yaml")
    assert untracked.returncode == 0, untracked.stdout + untracked.stderr
    assert "Passed" in untracked.stdout
    git(bank, "add", "content/draft.quiz.yaml")
    staged = try_repo(bank, hook_repo, pre_commit_home, "--files", "content/draft.quiz.yaml")
    assert staged.returncode == 1, staged.stdout + staged.stderr
    assert "content/draft.quiz.yaml:3:1: Y001 [error]" in staged.stdout
