"""Regression tests for bugs found by a QA pass that used quizlint as a demanding user would.

Each test names the bug it guards against; they drive the CLI (in-process, fast) unless a unit is the point.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import quiz_yaml
from quizlint.commands.common import color_wanted
from quizlint.load import load_text

KEY_RULES = ("--select", "K001,K002", "--no-cache")

CLEAN_ITEM = """\
- id: capital
  type: single
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
      correct: true
    - text: İzmir
"""
NO_KEY_ITEM = """\
- id: capital
  type: single
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
    - text: İzmir
"""
GLOSSARY = "terms:\n  - term: safetensors\n    translate: false\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def bank(tmp_path) -> Path:
    write(tmp_path / "content" / "geo.quiz.yaml", quiz_yaml(CLEAN_ITEM, quiz_id="geo"))
    write(tmp_path / "content" / "glossary.yaml", GLOSSARY)
    return tmp_path


# --- nothing to lint -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [("lint", *KEY_RULES), ("stats",)])
def test_a_folder_without_quiz_files_warns_on_stderr_and_exits_0(run, tmp_path, command):
    (tmp_path / "empty").mkdir()
    result = run(*command, "empty", cwd=tmp_path)
    assert result.exit_code == 0
    assert result.stderr == "quizlint: warning: no quiz files (*.quiz.yaml) found in empty\n"


def test_a_bank_with_quiz_files_does_not_warn(run, bank):
    result = run("lint", *KEY_RULES, "content", cwd=bank)
    assert (result.exit_code, result.stderr) == (0, "")


# --- the glossary named as a path ----------------------------------------------------------------------------------

def test_the_glossary_named_as_a_path_is_linted_as_a_glossary_not_as_a_quiz(run, bank):
    result = run("lint", *KEY_RULES, "content/glossary.yaml", cwd=bank)
    assert result.exit_code == 0, result.stdout
    assert "S00" not in result.stdout
    assert result.stdout == "All clean: 1 file checked, no problems.\n"


def test_a_broken_glossary_named_as_a_path_gets_glossary_findings(run, bank):
    write(bank / "content" / "glossary.yaml", "terms:\n  - term: x\n    translate: maybe\n")
    result = run("lint", *KEY_RULES, "--format", "json", "content/glossary.yaml", "content", cwd=bank)
    findings = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [(f["file"], f["line"], f["column"], f["code"]) for f in findings] == [
        ("content/glossary.yaml", 3, 16, "S001")]


def test_a_configured_glob_that_matches_the_glossary_does_not_lint_it_as_a_quiz(run, bank):
    write(bank / "quizlint.toml", 'paths = ["content/*.yaml"]\n')
    result = run("lint", *KEY_RULES, cwd=bank)
    assert (result.exit_code, result.stdout) == (0, "All clean: 2 files checked, no problems.\n")


def test_a_glossary_path_that_contradicts_the_glossary_option_is_a_usage_error(run, bank):
    write(bank / "other" / "glossary.yaml", GLOSSARY)
    result = run("lint", *KEY_RULES, "--glossary", "other/glossary.yaml", "content/glossary.yaml", cwd=bank)
    assert result.exit_code == 2
    assert "is a glossary, but --glossary names another one" in result.stderr


def test_an_empty_glossary_is_told_what_a_glossary_holds(run, bank):
    write(bank / "content" / "glossary.yaml", "")
    result = run("lint", *KEY_RULES, "--format", "json", "content", cwd=bank)
    [finding] = json.loads(result.stdout)
    assert (finding["file"], finding["code"]) == ("content/glossary.yaml", "Y007")
    assert "quiz" not in finding["message"] and "terms" in finding["message"]


# --- `lint -o` ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["content/geo.quiz.yaml", "content/glossary.yaml"])
def test_lint_output_never_overwrites_a_file_of_the_bank(run, bank, target):
    before = (bank / target).read_bytes()
    result = run("lint", *KEY_RULES, "content", "-o", target, cwd=bank)
    assert result.exit_code == 2
    assert "refusing to write the report over" in result.stderr
    assert (bank / target).read_bytes() == before


def test_lint_output_that_cannot_be_written_is_a_clean_error(run, bank):
    write(bank / "a-file", "x")
    result = run("lint", *KEY_RULES, "content", "-o", "a-file/report.txt", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.startswith("quizlint: cannot write the report to a-file/report.txt:")


# --- colour ---------------------------------------------------------------------------------------------------------

def test_no_color_environment_variable_turns_colour_off_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert color_wanted(None, to_terminal=True) is True
    assert color_wanted(None, to_terminal=False) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert color_wanted(None, to_terminal=True) is False
    assert color_wanted(True, to_terminal=False) is True  # --color still wins


# --- hidden line breaks -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("char, escape", [("\u2028", "\\L"), ("\u2029", "\\P"), ("\x85", "\\N")])
def test_unicode_line_separators_are_refused_where_they_stand(char, escape):
    # libyaml reads these as line breaks: the text would be cut and every later line number shifted.
    text = quiz_yaml(NO_KEY_ITEM.replace("capital of Turkey", f"capital{char}of Turkey"))
    document, findings = load_text(text, "q.quiz.yaml")
    assert document is None
    [finding] = findings
    line = text.split("\n").index(next(line for line in text.split("\n") if char in line)) + 1
    column = text.split("\n")[line - 1].index(char) + 1
    assert (finding.code, finding.line, finding.column) == ("Y004", line, column)
    assert f"U+{ord(char):04X}" in finding.message and escape in finding.message


def test_a_line_separator_written_as_an_escape_is_fine():
    text = quiz_yaml(CLEAN_ITEM.replace("capital of Turkey", "capital\\Lof Turkey"))
    document, findings = load_text(text)
    assert findings == []
    assert document.data["items"][0]["stem"]["en"] == "Which city is the capital\u2028of Turkey?"


# --- messages -------------------------------------------------------------------------------------------------------

def test_a_non_ascii_id_is_explained_as_needing_ascii_letters(run, tmp_path):
    write(tmp_path / "u.quiz.yaml", quiz_yaml(CLEAN_ITEM.replace("id: capital", "id: başkent")))
    result = run("lint", *KEY_RULES, "--format", "json", "u.quiz.yaml", cwd=tmp_path)
    [finding] = json.loads(result.stdout)
    assert finding["code"] == "S001" and "ASCII letters" in finding["message"]


def test_preview_says_page_in_the_singular(run, tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("preview", "empty", "-o", "site", cwd=tmp_path)
    assert result.exit_code == 0
    assert result.stdout == "Wrote 1 page to site: open site/index.html\n"


# --- rule options in the configuration -----------------------------------------------------------------------------

@pytest.mark.parametrize("table, expected", [
    ('[rules.translation-length]\nmin-ratio = "a"\n', '[rules.translation-length] min-ratio must be a number, not "a"'),
    ('[rules.T004]\nmargin = "x"\n', '[rules.T004] margin must be a number, not "x"'),
    ("[rules.T003]\nmin-letters = true\n", "[rules.T003] min-letters must be a whole number, not true"),
    ("[rules.K003]\nmin-options = 2.5\n", "[rules.K003] min-options must be a whole number, not 2.5"),
    ("[rules.W003]\nrequire-emphasis = 1\n", "[rules.W003] require-emphasis must be true or false, not 1"),
])
def test_a_rule_option_of_the_wrong_type_is_a_configuration_error_naming_the_file(run, bank, table, expected):
    # `min-ratio = "a"` used to crash the linter with an internal TypeError.
    write(bank / "quizlint.toml", table)
    result = run("lint", "--no-cache", "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.startswith("quizlint: ") and "quizlint.toml: " in result.stderr
    assert expected in result.stderr


def test_a_rule_option_of_the_right_type_is_accepted(run, bank):
    write(bank / "quizlint.toml", "[rules.B004]\nratio = 2\n[rules.T007]\nmin-ratio = 0.25\n")
    assert run("lint", "--no-cache", "content", cwd=bank).exit_code == 0


# --- review: a folder named without a slash ------------------------------------------------------------------------

def test_review_takes_an_existing_folder_as_a_path_not_an_item_id(run, tmp_path):
    item = CLEAN_ITEM + "  translations:\n    tr: {status: machine, source: 0000aaaa}\n"
    write(tmp_path / "content" / "geo.quiz.yaml", quiz_yaml(item, quiz_id="geo"))
    result = run("review", "capital", "content", "--dry-run", cwd=tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "no valid item 'content'" not in result.stderr
    assert "+      tr: {status: reviewed, source: " in result.stdout
    assert "capital: tr marked reviewed" in result.stdout
