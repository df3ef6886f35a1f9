"""The hook and CI lint the bank of a commit: what git tracks plus what is staged, not untracked drafts (under
pre-commit, which sets PRE_COMMIT=1, with `--tracked-only`, or `tracked-only = true`). And a YAML file that says
`quizlint: 1` but is not named *.quiz.yaml is skipped with a warning that says so (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import quiz_yaml
from test_cli_lint import CLEAN_ITEMS
from test_precommit import git

BROKEN = "quizlint: 1\nid: [draft\n"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A git repository with a committed clean bank in `content/` and an untracked broken draft beside it."""
    monkeypatch.delenv("PRE_COMMIT", raising=False)
    repo = tmp_path / "repo"
    (repo / "content").mkdir(parents=True)
    (repo / "quizlint.toml").write_text('paths = ["content"]\nselect = ["K001", "K002"]\n', encoding="utf-8")
    (repo / "content" / "clean.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="clean"), encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "a clean bank")
    (repo / "content" / "draft.quiz.yaml").write_text(BROKEN, encoding="utf-8")
    return repo


def test_hook_untracked_draft_does_not_block_a_staged_one_does(run_process, repo):
    hook = {"PRE_COMMIT": "1"}  # what pre-commit sets in a hook's environment
    passed = run_process("lint", "--no-cache", cwd=repo, env=hook)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "draft.quiz.yaml" not in passed.stdout and "1 file checked" in passed.stdout
    assert "1 quiz file that git neither tracks nor has staged left out" in passed.stderr
    git(repo, "add", "content/draft.quiz.yaml")  # staged: part of the commit
    blocked = run_process("lint", "--no-cache", cwd=repo, env=hook)
    assert blocked.returncode == 1
    assert "content/draft.quiz.yaml:3:1: Y001 [error]" in blocked.stdout
    # a file deleted from the index (`git rm --cached`) but left on disk is no longer part of the commit
    git(repo, "rm", "-q", "--cached", "content/draft.quiz.yaml")
    assert run_process("lint", "--no-cache", cwd=repo, env=hook).returncode == 0


def test_without_pre_commit_the_whole_folder_is_linted(run, repo):
    result = run("lint", "--no-cache", cwd=repo)  # CI on a checkout, an editor: everything there
    assert result.exit_code == 1 and "content/draft.quiz.yaml:3:1: Y001" in result.stdout


def test_tracked_only_option_and_config_key(run, repo):
    result = run("lint", "--no-cache", "--tracked-only", cwd=repo)
    assert result.exit_code == 0, result.output
    assert "draft.quiz.yaml" not in result.stdout
    # a file named one by one is linted whatever git says of it
    named = run("lint", "--no-cache", "--tracked-only", "content/draft.quiz.yaml", cwd=repo)
    assert named.exit_code == 1 and "Y001" in named.stdout
    (repo / "quizlint.toml").write_text('paths = ["content"]\nselect = ["K001", "K002"]\ntracked-only = true\n',
                                        encoding="utf-8")
    assert run("lint", "--no-cache", cwd=repo).exit_code == 0
    assert run("lint", "--no-cache", "--no-tracked-only", cwd=repo).exit_code == 1  # the option wins
    # the export, too, takes the bank from the configuration
    exported = run("export", "--to", "json", "-o", repo / "out.json", cwd=repo)
    assert exported.exit_code == 0, exported.output
    assert b'"draft' not in (repo / "out.json").read_bytes()


def test_tracked_only_outside_a_repository_is_a_usage_error(run, tmp_path, monkeypatch):
    monkeypatch.delenv("PRE_COMMIT", raising=False)
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "clean.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="clean"), encoding="utf-8")
    result = run("lint", "--no-cache", "--tracked-only", tmp_path / "bank")
    assert result.exit_code == 2
    assert "--tracked-only" in result.output and "not in a git repository" in result.output
    monkeypatch.setenv("PRE_COMMIT", "1")  # pre-commit's own setting outside a repository: nothing is left out
    assert run("lint", "--no-cache", "--select", "K001", tmp_path / "bank").exit_code == 0


def test_misnamed_quiz_file_is_skipped_with_a_warning(run, tmp_path, monkeypatch):
    monkeypatch.delenv("PRE_COMMIT", raising=False)
    bank = tmp_path / "bank"
    (bank / "sub").mkdir(parents=True)
    (bank / "good.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="good"), encoding="utf-8")
    (bank / "sub" / "forgot-the-suffix.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="misnamed"), encoding="utf-8")
    (bank / "glossary.yaml").write_text("terms:\n  - term: planet\n", encoding="utf-8")
    (bank / "workflow.yml").write_text("name: ci\non: push\n# quizlint: 1 in a comment is no declaration\n",
                                       encoding="utf-8")
    (bank / "big.yaml").write_bytes(b"data:\n" + b"  - x\n" * 5000 + b"quizlint: 1\n")  # past the head: not read
    result = run("lint", "--no-cache", "--select", "K001", bank)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "quizlint: 1" in line]
    assert len(warnings) == 1
    assert warnings[0].startswith("quizlint: warning: skipped 1 YAML file that says `quizlint: 1` but whose name "
                                  "does not end in .quiz.yaml")
    assert warnings[0].endswith(str(bank / "sub" / "forgot-the-suffix.yaml"))
    assert "1 file checked" in result.stdout  # skipped, not linted
    named = run("lint", "--no-cache", "--select", "K001", bank / "sub" / "forgot-the-suffix.yaml")
    assert named.exit_code == 0 and "quizlint: 1" not in named.stderr  # named: linted, no warning


def test_misnamed_quiz_file_matched_by_a_configured_glob_is_skipped_with_a_warning(run, tmp_path, monkeypatch):
    monkeypatch.delenv("PRE_COMMIT", raising=False)
    (tmp_path / "content").mkdir()
    (tmp_path / "quizlint.toml").write_text('paths = ["content/*"]\n', encoding="utf-8")
    (tmp_path / "content" / "good.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="good"), encoding="utf-8")
    (tmp_path / "content" / "forgot.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="misnamed"), encoding="utf-8")
    (tmp_path / "content" / "notes.yaml").write_text("title: not a quiz\n", encoding="utf-8")
    (tmp_path / "content" / "ignored.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="ignored"), encoding="utf-8")
    (tmp_path / ".gitignore").write_text("ignored.yaml\n", encoding="utf-8")
    git(tmp_path, "init", "-q")  # (what git ignores is left out without a word, as in a folder search)
    monkeypatch.chdir(tmp_path)
    result = run("lint", "--no-cache", "--select", "K001")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "quizlint: 1" in line]
    assert len(warnings) == 1 and warnings[0].endswith(str(Path("content") / "forgot.yaml")), result.stderr
    assert "1 file checked" in result.stdout
