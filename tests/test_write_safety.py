"""Rewriting a user's files (`fix`, `translate`, `import -o`, `preview -o`): the owner, group, mode and extended
attributes stay, hard links stay one file, nothing outside the folders named is rewritten, and what a killed
run leaves behind is swept by the next one."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import quiz_yaml
from quizlint import io as quizlint_io

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server

OTHER_UID, OTHER_GID = 4321, 4322
ATTRIBUTE = "user.quizlint-test"

NUMERIC_ITEM = """\
- id: numbers
  stem: {en: "How many?", tr: "Kaç tane?"}
  options:
    - text: "3"
    - text: "1"
      correct: true
    - text: "2"
"""
TRANSLATABLE = """\
quizlint: 1
id: demo
languages: [en, tr]
title: {en: "Checkpoints", tr: "Kontrol noktaları"}
items:
  - id: why-shard
    stem:
      en: "Why are checkpoints split into shards?"
    options:
      - text: {en: "They are too large for one file"}
        correct: true
      - text: {en: "To make training faster"}
"""


def unsorted_quiz(path: Path) -> Path:
    path.write_text(quiz_yaml(NUMERIC_ITEM), encoding="utf-8")
    return path


def give_away(path: Path) -> None:
    """Owner and group of another user, mode 640 and a user attribute (skipped where they cannot be set)."""
    if os.geteuid() != 0:
        pytest.skip("giving a file to another owner needs root (the test suite runs as root in CI)")
    os.chown(path, OTHER_UID, OTHER_GID)
    os.chmod(path, 0o640)
    try:
        os.setxattr(path, ATTRIBUTE, b"kept")
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
            pytest.skip(f"the file system of {path.parent} does not take user.* extended attributes: {error}")
        raise


def assert_kept(path: Path) -> None:
    info = os.stat(path)
    assert (info.st_uid, info.st_gid, info.st_mode & 0o7777) == (OTHER_UID, OTHER_GID, 0o640)
    assert os.getxattr(path, ATTRIBUTE) == b"kept"


def leftovers(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if ".quizlint-" in name)


# --- owner, group and extended attributes ------------------------------------------------------------------


def test_fix_keeps_owner_group_and_extended_attributes(run, tmp_path):
    quiz = unsorted_quiz(tmp_path / "demo.quiz.yaml")
    give_away(quiz)
    result = run("fix", "--select", "W009", str(quiz))
    assert result.exit_code == 0, result.output
    assert quiz.read_text(encoding="utf-8").index('"1"') < quiz.read_text(encoding="utf-8").index('"3"')
    assert_kept(quiz)
    assert leftovers(tmp_path) == []


def test_translate_keeps_owner_group_and_extended_attributes(run, tmp_path, libre):
    quiz = tmp_path / "demo.quiz.yaml"
    quiz.write_text(TRANSLATABLE, encoding="utf-8")
    give_away(quiz)
    result = run("translate", "--provider", "libre", "--url", libre.url, str(quiz), cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "Kontrol noktaları neden parçalara bölünür?" in quiz.read_text(encoding="utf-8")
    assert_kept(quiz)


def test_import_output_keeps_owner_group_and_extended_attributes(run, tmp_path):
    source = tmp_path / "quiz.txt"
    source.write_text("Title\n\n1. Which is right?\n- [x] this\n- [ ] that\n", encoding="utf-8")
    output = tmp_path / "out.quiz.yaml"
    output.write_text("old\n", encoding="utf-8")
    give_away(output)
    result = run("import", str(source), "--from", "text", "-o", str(output), "--force")
    assert result.exit_code == 0, result.output
    assert "Which is right?" in output.read_text(encoding="utf-8")
    assert_kept(output)


def test_preview_output_keeps_owner_group_and_extended_attributes(run, tmp_path):
    unsorted_quiz(tmp_path / "demo.quiz.yaml")
    assert run("preview", "demo.quiz.yaml", "-o", "site", cwd=tmp_path).exit_code == 0
    index = tmp_path / "site" / "index.html"
    inode = os.stat(index).st_ino
    give_away(index)
    result = run("preview", "demo.quiz.yaml", "-o", "site", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "<html" in index.read_text(encoding="utf-8").lower()
    assert os.stat(index).st_ino != inode  # replaced by a new file, which was given them
    assert_kept(index)


# --- hard links --------------------------------------------------------------------------------------------


def test_a_file_with_several_hard_links_is_rewritten_in_place(run, tmp_path):
    quiz = unsorted_quiz(tmp_path / "demo.quiz.yaml")
    other = tmp_path / "elsewhere.yaml"
    os.link(quiz, other)
    inode = os.stat(quiz).st_ino
    result = run("fix", "--select", "W009", str(quiz))
    assert result.exit_code == 0, result.output
    assert os.stat(quiz).st_ino == inode and os.stat(quiz).st_nlink == 2  # still one file under two names
    assert other.read_text(encoding="utf-8") == quiz.read_text(encoding="utf-8")
    assert quiz.read_text(encoding="utf-8").index('"1"') < quiz.read_text(encoding="utf-8").index('"3"')
    assert leftovers(tmp_path) == []  # the backup is gone once the new contents are on disk


def test_an_in_place_write_that_fails_puts_the_old_contents_back(tmp_path, monkeypatch):
    path = tmp_path / "linked.txt"
    path.write_bytes(b"old contents\n")
    os.link(path, tmp_path / "link.txt")
    real_overwrite = quizlint_io._overwrite
    calls = []

    def failing_once(target, payload):
        calls.append(payload)
        if len(calls) == 1:
            with open(target, "r+b") as handle:  # half written, then the disk is full
                handle.write(payload[:3])
            raise OSError(errno.ENOSPC, "No space left on device")
        real_overwrite(target, payload)

    monkeypatch.setattr(quizlint_io, "_overwrite", failing_once)
    with pytest.raises(OSError, match="No space"):
        quizlint_io.write_atomic(path, b"new contents that are longer\n")
    assert path.read_bytes() == b"old contents\n" and (tmp_path / "link.txt").read_bytes() == b"old contents\n"
    assert leftovers(tmp_path) == []


# --- files outside the folders named -----------------------------------------------------------------------


@pytest.fixture
def linked_out(tmp_path):
    """bank/ with a quiz file that is a symbolic link to a file outside it."""
    outside = tmp_path / "outside"
    outside.mkdir()
    target = unsorted_quiz(outside / "real.quiz.yaml")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "linked.quiz.yaml").symlink_to(target)
    return bank, target


def test_fix_never_rewrites_a_file_that_resolves_outside_the_named_folders(run, linked_out):
    bank, target = linked_out
    before = target.read_bytes()
    result = run("fix", "--select", "W009", str(bank))
    assert result.exit_code == 1
    assert "linked.quiz.yaml:1:1: error: left alone: it resolves to" in result.stderr
    assert str(target) in result.stderr and "outside the folders named" in result.stderr
    assert target.read_bytes() == before and "Traceback" not in result.output


def test_translate_never_rewrites_a_file_that_resolves_outside_the_named_folders(run, tmp_path, libre):
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "real.quiz.yaml"
    target.write_text(TRANSLATABLE, encoding="utf-8")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "linked.quiz.yaml").symlink_to(target)
    result = run("translate", "--provider", "libre", "--url", libre.url, str(bank), cwd=tmp_path)
    assert result.exit_code == 1
    assert "left alone: it resolves to" in result.stderr
    assert target.read_text(encoding="utf-8") == TRANSLATABLE


def test_a_file_named_on_the_command_line_is_fixed_wherever_its_link_leads(run, linked_out):
    bank, target = linked_out
    result = run("fix", "--select", "W009", str(bank / "linked.quiz.yaml"))
    assert result.exit_code == 0, result.output
    assert (bank / "linked.quiz.yaml").is_symlink()
    assert target.read_text(encoding="utf-8").index('"1"') < target.read_text(encoding="utf-8").index('"3"')


def test_a_linked_file_inside_the_named_folder_is_fixed(run, tmp_path):
    bank = tmp_path / "bank"
    (bank / "real").mkdir(parents=True)
    target = unsorted_quiz(bank / "real" / "one.quiz.yaml")
    (bank / "alias.quiz.yaml").symlink_to(target)
    result = run("fix", "--select", "W009", str(bank))
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8").index('"1"') < target.read_text(encoding="utf-8").index('"3"')


# --- temporary files of a killed run -----------------------------------------------------------------------


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_temp_files_left_by_a_killed_run_are_removed_by_the_next_run(run_process, tmp_path):
    quiz = unsorted_quiz(tmp_path / "demo.quiz.yaml")
    pid = dead_pid()
    stale = tmp_path / f".demo.quiz.yaml.quizlint-{pid}-abc123.tmp"
    stale.write_text("half a file")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    running = tmp_path / f".demo.quiz.yaml.quizlint-{os.getpid()}-def456.tmp"  # a live process's: not touched
    running.write_text("being written")
    os.utime(running, (an_hour_ago, an_hour_ago))
    backup = tmp_path / f".demo.quiz.yaml.quizlint-{pid}-ghi789.bak"  # maybe the only whole copy: kept
    backup.write_text("the old file")
    os.utime(backup, (an_hour_ago, an_hour_ago))
    mine = tmp_path / ".notes.tmp"  # not quizlint's
    mine.write_text("a user's")
    os.utime(mine, (an_hour_ago, an_hour_ago))
    result = run_process("fix", "--select", "W009", str(quiz))
    assert result.returncode == 0, result.stderr
    assert not stale.exists()
    assert running.exists() and backup.exists() and mine.exists()


def test_a_fresh_temp_file_of_a_dead_process_is_left_to_a_later_run(tmp_path):
    stale = tmp_path / f".x.quizlint-{dead_pid()}-abc.tmp"
    stale.write_text("written after this run started")
    assert quizlint_io.sweep_stale_temp_files(tmp_path) == []
    assert stale.exists()
