"""Messages for content writers (issue 27): did-you-mean wherever a name can be mistyped, and the single item
with two keys that says how to allow them. Through the CLI, as a writer meets them."""

from __future__ import annotations

import pytest

from conftest import quiz_yaml
from quizlint.suggest import close_names, did_you_mean

ITEM = """\
- id: capital
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
      correct: true
    - text: İstanbul
"""


def lint_lines(run, cwd, *args):
    result = run("lint", "--no-cache", *args, cwd=cwd)
    return result, result.stdout.splitlines()


# ------------------------------------------------------------------------------------------- did you mean

def test_did_you_mean_unknown_key_in_a_quiz_file(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM + """\
  explenation: {en: "Ankara is the capital.", tr: "Başkent Ankara'dır."}
  translations:
    tr: {status: reviewed, sorce: 3f9a1c2e}
"""), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert result.exit_code == 1
    assert "demo.quiz.yaml:12:5: S002 [error] unknown key 'explenation' in items[0]; did you mean 'explanation'?" \
        in lines
    assert "demo.quiz.yaml:14:30: S002 [error] unknown key 'sorce' in items[0].translations.tr; did you mean " \
        "'source'?" in lines


def test_did_you_mean_unknown_key_at_the_top_level_and_in_an_option(run, tmp_path):
    text = quiz_yaml(ITEM.replace("      correct: true", "      corect: true")).replace("items:", "descripton: x\nitems:")
    (tmp_path / "demo.quiz.yaml").write_text(text, encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert "demo.quiz.yaml:5:1: S002 [error] unknown key 'descripton'; did you mean 'description'?" in lines
    assert "demo.quiz.yaml:11:9: S002 [error] unknown key 'corect' in items[0].options[0]; did you mean " \
        "'correct'?" in lines


def test_did_you_mean_type_multi(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM.replace("- id: capital", "- id: capital\n  type: multi")),
                                             encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert result.exit_code == 1
    assert lines[0] == ("demo.quiz.yaml:7:11: S001 [error] items[0].type: input should be 'single', 'multiple' or "
                        "'true_false' (got 'multi'); did you mean 'multiple'?")


def test_did_you_mean_nothing_close_says_nothing(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM + "  zzz: 1\n"), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert "demo.quiz.yaml:12:5: S002 [error] unknown key 'zzz' in items[0]" in lines


def test_did_you_mean_in_a_glossary(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM), encoding="utf-8")
    (tmp_path / "glossary.yaml").write_text("terms:\n  - term: Ankara\n    translat: false\n", encoding="utf-8")
    result = run("lint", "--no-cache", "--glossary", "glossary.yaml", "demo.quiz.yaml", cwd=tmp_path)
    assert "unknown key 'translat' in terms[0]; did you mean 'translate'?" in result.output


@pytest.mark.parametrize("option, value, hint", [
    ("--select", "negativ-stem", "did you mean negative-stem?"),
    ("--ignore", "wrong-langauge", "did you mean wrong-language?"),
    ("--extend-select", "k-typ", "did you mean k-type?"),
    ("--select", "t04", "did you mean T004?"),
])
def test_did_you_mean_rule_names_on_the_command_line(run, tmp_path, option, value, hint):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM), encoding="utf-8")
    result = run("lint", "--no-cache", option, value, "demo.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 2
    assert f"unknown rule or selector {value!r}; {hint} (see `quizlint rule` for the list)" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("toml, message", [
    ('fail_on = "warning"\n', "unknown key(s) fail_on; did you mean 'fail-on'?"),
    ('[translate]\nprovder = "libre"\n', "unknown key(s) in [translate]: provder; did you mean 'provider'?"),
    ("[rules.negative-stem]\nrequire-emphasys = false\n",
     "unknown option(s) require-emphasys for rule W003 (negative-stem); did you mean 'require-emphasis'?"),
    ("[rules.negativ-stem]\nrequire-emphasis = false\n",
     "[rules.negativ-stem]: unknown rule 'negativ-stem'; did you mean negative-stem?"),
    ('[severity]\nabsolute-term = "error"\n', "unknown rule or selector 'absolute-term'; did you mean absolute-terms?"),
    ('ignore = ["vague-term"]\n', "unknown rule or selector 'vague-term'; did you mean vague-terms?"),
])
def test_did_you_mean_configuration_keys_and_rule_options(run, tmp_path, toml, message):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM), encoding="utf-8")
    (tmp_path / "quizlint.toml").write_text(toml, encoding="utf-8")
    result = run("lint", "--no-cache", "demo.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr


def test_did_you_mean_in_suppression_comments(run, tmp_path):
    item = ITEM.replace("- id: capital", "- id: capital  # quizlint: disable=wrong-langauge")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(item), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert ("demo.quiz.yaml:6:18: Q002 [warning] unknown rule 'wrong-langauge' in suppression; did you mean "
            "wrong-language?") in lines


def test_did_you_mean_for_quizlint_rule(run):
    result = run("rule", "key-positon-bias")
    assert result.exit_code == 2
    assert "unknown rule 'key-positon-bias'; did you mean key-position-bias" in result.stderr


def test_did_you_mean_helper_ignores_case_and_keeps_the_spelling():
    assert close_names("t04", ["T004", "T005", "negative-stem"]) == ["T004"]
    assert close_names("explanation", ["explanation"]) == []  # a known name is no mistake
    assert did_you_mean("explenation", ["stem", "explanation", "options"]) == "; did you mean 'explanation'?"
    assert did_you_mean("xyz", ["stem", "explanation"]) == ""
    assert did_you_mean("optoin", ["option", "options"]) == "; did you mean 'option'?"
    assert did_you_mean("K00", ["K001", "K002", "T001"]) == "; did you mean 'K001' or 'K002'?"


# ------------------------------------------------------------------------------------ two keys in a single item

def test_single_item_with_two_correct_options_says_type_multiple(run, tmp_path):
    item = ITEM.replace("    - text: İstanbul", "    - text: İstanbul\n      correct: true")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(item), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "--select", "K002", "demo.quiz.yaml")
    assert result.exit_code == 1
    assert lines[0] == ("demo.quiz.yaml:12:9: K002 [error] single-answer item has 2 correct options (A, B); exactly "
                        "one is allowed: to ask for every correct option, write `type: multiple`; else keep "
                        "`correct: true` on the best one")
    fixed = item.replace("- id: capital", "- id: capital\n  type: multiple")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(fixed), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "--select", "K002", "demo.quiz.yaml")
    assert result.exit_code == 0, result.output
