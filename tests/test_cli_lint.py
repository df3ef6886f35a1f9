"""`quizlint lint` as a user runs it: paths, exit status, report options. Only the answer-key rules K001
(missing-key) and K002 (multiple-keys) are selected, so these tests do not depend on the other rules."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading

import pytest

from conftest import quiz_yaml, unprivileged

KEY_RULES = ("--select", "K001,K002")

CLEAN_ITEMS = """\
- id: largest-planet
  stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
  options:
    - text: Jupiter
      correct: true
    - text: Mars
"""

FLAWED_ITEMS = """\
- id: no-key
  stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
  options:
    - text: Jupiter
    - text: Mars
- id: two-keys
  stem: {en: "Which planet is known as the red planet?", tr: "Kızıl gezegen olarak bilinen hangisidir?"}
  options:
    - text: Mars
      correct: true
    - text: Venus
      correct: true
"""


@pytest.fixture
def bank(tmp_path):
    """A small bank: one clean and one flawed quiz in content/."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "clean.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="clean"), encoding="utf-8")
    (content / "flawed.quiz.yaml").write_text(quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"), encoding="utf-8")
    return tmp_path


def lint(run, cwd, *args):
    return run("lint", "--no-cache", *KEY_RULES, *args, cwd=cwd)


def test_clean_file_exits_0_with_a_summary(run, bank):
    result = lint(run, bank, "content/clean.quiz.yaml")
    assert result.exit_code == 0, result.output
    assert result.stdout == "All clean: 1 file checked, no problems.\n"


def test_problems_exit_1_with_path_line_column_code_severity(run, bank):
    result = lint(run, bank, "content")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "content/flawed.quiz.yaml:9:7: K001 [error] single-answer item has no correct option "
        "(mark the key with `correct: true`)",
        "content/flawed.quiz.yaml:17:9: K002 [error] single-answer item has 2 correct options (A, B); "
        "exactly one is allowed",
        "Found 2 errors in 2 files.",
    ]


def test_without_paths_lints_the_current_directory_recursively(run, bank):
    result = lint(run, bank / "content")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == "Found 2 errors in 2 files."
    assert result.stdout.startswith("flawed.quiz.yaml:9:7: K001")


def test_json_report_has_exactly_the_documented_keys_sorted(run, bank):
    result = lint(run, bank, "--format", "json", "content")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert findings == [
        {"file": "content/flawed.quiz.yaml", "line": 9, "column": 7, "code": "K001", "rule": "missing-key",
         "severity": "error", "message": "single-answer item has no correct option (mark the key with `correct: true`)",
         "item": "no-key"},
        {"file": "content/flawed.quiz.yaml", "line": 17, "column": 9, "code": "K002", "rule": "multiple-keys",
         "severity": "error", "message": "single-answer item has 2 correct options (A, B); exactly one is allowed",
         "item": "two-keys"},
    ]


def test_json_report_of_a_clean_bank_is_an_empty_array(run, bank):
    result = lint(run, bank, "--format", "json", "content/clean.quiz.yaml")
    assert (result.exit_code, result.stdout) == (0, "[]\n")


def test_output_is_deterministic(run, bank):
    first = lint(run, bank, "--format", "json", "content")
    second = lint(run, bank, "--format", "json", "content/flawed.quiz.yaml", "content/clean.quiz.yaml", "content")
    assert first.stdout == second.stdout


def test_exit_zero_reports_but_exits_0(run, bank):
    result = lint(run, bank, "--exit-zero", "content")
    assert result.exit_code == 0
    assert "K001 [error]" in result.stdout and "Found 2 errors" in result.stdout


def test_quiet_prints_findings_without_summary(run, bank):
    result = lint(run, bank, "--quiet", "content")
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2 and "Found" not in result.stdout
    clean = lint(run, bank, "-q", "content/clean.quiz.yaml")
    assert (clean.exit_code, clean.stdout) == (0, "")


def test_output_file_receives_the_report(run, bank):
    expected = lint(run, bank, "--format", "json", "content").stdout
    result = lint(run, bank, "--format", "json", "-o", "reports/lint.json", "content")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert (bank / "reports" / "lint.json").read_text(encoding="utf-8") == expected
    assert [path.name for path in (bank / "reports").iterdir()] == ["lint.json"]  # no temporary file left


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_output_into_a_fifo_or_dev_stdout_is_written_into_not_replaced(run, run_process, bank):
    expected = lint(run, bank, "--format", "json", "content").stdout
    fifo = bank / "report.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run_process("lint", "--no-cache", *KEY_RULES, "--format", "json", "-o", fifo, "content", cwd=bank)
    reader.join(timeout=30)
    assert result.returncode == 1, result.stderr
    assert received == [expected.encode("utf-8")]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still the pipe, not a regular file put in its place
    if os.path.exists("/dev/stdout"):
        piped = run_process("lint", "--no-cache", *KEY_RULES, "--format", "json", "-o", "/dev/stdout", "content",
                            cwd=bank)
        assert (piped.returncode, piped.stdout) == (1, expected), piped.stderr



def test_color_colours_the_report_into_a_pipe_too(run_process, bank):
    # (`quizlint lint --color | less -R`, a CI log: click strips colour from a pipe unless told it is wanted)
    plain = run_process("lint", "--no-cache", *KEY_RULES, "content", cwd=bank)
    coloured = run_process("lint", "--no-cache", *KEY_RULES, "--color", "content", cwd=bank)
    assert coloured.returncode == plain.returncode == 1, coloured.stderr
    assert "\x1b[" not in plain.stdout
    assert coloured.stdout.startswith("\x1b[1mcontent/flawed.quiz.yaml:9:7:\x1b[0m \x1b[31m\x1b[1mK001\x1b[0m ")
    assert re.sub("\x1b\\[[0-9;]*m", "", coloured.stdout) == plain.stdout
    uncoloured = run_process("lint", "--no-cache", *KEY_RULES, "--no-color", "content", cwd=bank)
    assert uncoloured.stdout == plain.stdout

def test_fail_on_warning_counts_warnings(run, bank):
    config = bank / "quizlint.toml"
    config.write_text('[severity]\nK001 = "warning"\nK002 = "warning"\n', encoding="utf-8")
    result = lint(run, bank, "content")
    assert result.exit_code == 0
    assert "K001 [warning]" in result.stdout and "Found 2 warnings in 2 files." in result.stdout
    assert lint(run, bank, "--fail-on", "warning", "content").exit_code == 1
    assert lint(run, bank, "--fail-on", "error", "content").exit_code == 0


def test_missing_path_is_a_usage_error(run, bank):
    result = lint(run, bank, "content", "nowhere.quiz.yaml")
    assert result.exit_code == 2
    assert result.stderr == "quizlint: no such file or directory: nowhere.quiz.yaml\n"
    assert result.stdout == ""


def test_unknown_selector_on_the_command_line_is_a_usage_error(run, bank):
    result = run("lint", "--no-cache", "--select", "K001,X999", "content", cwd=bank)
    assert result.exit_code == 2
    assert "unknown rule or selector 'X999'" in result.stderr


def test_unknown_format_is_a_usage_error(run, bank):
    result = lint(run, bank, "--format", "xml", "content")
    assert result.exit_code == 2
    assert "Invalid value for '--format'" in result.stderr


def test_real_process_exit_codes_and_no_traceback(run_process, bank):
    clean = run_process("lint", "--no-cache", *KEY_RULES, "content/clean.quiz.yaml", cwd=bank)
    flawed = run_process("lint", "--no-cache", *KEY_RULES, "content", cwd=bank)
    missing = run_process("lint", "--no-cache", "missing/", cwd=bank)
    assert (clean.returncode, flawed.returncode, missing.returncode) == (0, 1, 2)
    assert missing.stderr == "quizlint: no such file or directory: missing\n"
    assert not any("Traceback" in r.stdout + r.stderr for r in (clean, flawed, missing))


def test_empty_directory_is_clean(run, tmp_path):
    result = run("lint", "--no-cache", *KEY_RULES, cwd=tmp_path)
    assert result.exit_code == 0
    assert result.stdout == "All clean: 0 files checked, no problems.\n"


def test_display_paths_are_relative_to_the_directory_when_inside_it(tmp_path, monkeypatch):
    from quizlint.load.paths import display_path

    bank, outside = tmp_path / "bank", tmp_path / "elsewhere"
    (bank / "..drafts").mkdir(parents=True)
    outside.mkdir()
    (bank / "link").symlink_to(outside)
    monkeypatch.chdir(bank)
    assert display_path(bank / "a.quiz.yaml") == "a.quiz.yaml"
    assert display_path(bank / "..drafts" / "b.quiz.yaml") == "..drafts/b.quiz.yaml"  # inside, despite the name
    assert display_path(outside / "c.quiz.yaml") == (outside / "c.quiz.yaml").as_posix()
    assert display_path(bank / "link" / "d.quiz.yaml") == "link/d.quiz.yaml"  # by the name it was found under
    assert display_path(outside / "c.quiz.yaml", root=tmp_path) == "elsewhere/c.quiz.yaml"
    monkeypatch.chdir(outside)  # the directory is looked up again for another working directory
    assert display_path(outside / "c.quiz.yaml") == "c.quiz.yaml"


def test_a_folder_of_the_bank_that_cannot_be_read_is_an_error_not_a_clean_run(bank):
    locked = bank / "content" / "locked"
    locked.mkdir()
    (locked / "more.quiz.yaml").write_text(quiz_yaml(FLAWED_ITEMS, quiz_id="more"), encoding="utf-8")
    locked.chmod(0)
    try:
        result = subprocess.run(unprivileged([sys.executable, "-m", "quizlint", "lint", "--no-cache", "content"]),
                                cwd=bank, capture_output=True, text=True, timeout=120)
    finally:
        locked.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr == "quizlint: cannot read the folder content/locked: Permission denied\n"
    assert result.stdout == ""


@pytest.mark.parametrize("report_format", ["json", "sarif", "text", "github", "junit"])
def test_a_file_name_that_is_not_utf8_is_shown_and_reported_in_every_format(run_process, bank, report_format):
    name = os.fsencode(bank / "content") + b"/bad\xffname.quiz.yaml"
    try:
        with open(name, "wb") as handle:
            handle.write(quiz_yaml(FLAWED_ITEMS, quiz_id="bad").encode("utf-8"))
    except OSError:
        pytest.skip("this file system accepts UTF-8 file names only")
    shown = "bad%EF%BF%BDname.quiz.yaml" if report_format == "sarif" else "bad\ufffdname.quiz.yaml"
    for cache in (["--no-cache"], []):  # (the file index records the name as it is)
        result = run_process("lint", *cache, *KEY_RULES, "--format", report_format, "content", cwd=bank)
        assert result.returncode == 1, result.stderr
        assert shown in result.stdout and result.stderr == ""
        if report_format in ("json", "sarif"):
            json.loads(result.stdout)


def test_control_characters_in_a_file_name_are_escaped_in_the_text_report_only(run, bank):
    # (raw, an escape sequence in a name would recolour the user's terminal and a line break forge a report line)
    name = "esc\x1b[31mred\x07\nx.quiz.yaml"
    try:
        (bank / "content" / name).write_text(quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"), encoding="utf-8")
    except OSError:
        pytest.skip("this file system refuses control characters in file names")
    (bank / "content" / "flawed.quiz.yaml").unlink()
    text = lint(run, bank, "content")
    assert text.exit_code == 1
    assert text.stdout.splitlines()[0] == ("content/esc\\x1b[31mred\\x07\\x0ax.quiz.yaml:9:7: K001 [error] "
                                           "single-answer item has no correct option (mark the key with "
                                           "`correct: true`)")
    assert len(text.stdout.splitlines()) == 3
    assert [finding["file"] for finding in json.loads(lint(run, bank, "--format", "json", "content").stdout)] == [
        f"content/{name}"] * 2


@pytest.mark.parametrize("command", [("lint",), ("stats",), ("fix", "--check"), ("export", "--to", "json")])
def test_control_characters_in_a_file_name_are_escaped_in_messages_too(run_process, tmp_path, command):
    # (a real process: click's test runner strips escape sequences itself)
    result = run_process(*command, "nope\x1b[31mred.quiz.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "nope\\x1b[31mred.quiz.yaml" in result.stderr and "\x1b" not in result.stderr


@pytest.mark.parametrize("text, shown", [
    ("plain Türkçe İı ✓", "plain Türkçe İı ✓"),
    ("bell\x07 tab\t nul\x00", "bell\\x07 tab\\x09 nul\\x00"),
    ("del\x7f csi\x9b nbsp\xa0", "del\\x7f csi\\x9b nbsp\xa0"),  # (C1 controls act on some terminals too)
])
def test_the_text_report_shows_control_characters_as_escapes(text, shown):
    from quizlint.text import shown_on_a_terminal

    assert shown_on_a_terminal(text) == shown


def test_jobs_never_starts_more_workers_than_files(run, bank, monkeypatch):
    # `-j 100000` (a typo, or `jobs` in the configuration) over two files used to fork 100,000 processes.
    import multiprocessing

    asked = []
    real_pool = multiprocessing.Pool

    def recording_pool(processes=None, **kwargs):
        asked.append(processes)
        return real_pool(min(processes, 2), **kwargs)  # (never the fork bomb, even unfixed)

    monkeypatch.setattr(multiprocessing, "Pool", recording_pool)
    expected = lint(run, bank)
    result = lint(run, bank, "-j", "100000")
    assert (result.exit_code, result.stdout) == (expected.exit_code, expected.stdout)
    assert asked == [1]  # one worker per file after the first (linted before the workers start)
    (bank / "quizlint.toml").write_text("jobs = 100000\n", encoding="utf-8")
    assert lint(run, bank).stdout == expected.stdout
    assert asked == [1, 1]
