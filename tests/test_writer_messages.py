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
    assert lines[0].startswith("demo.quiz.yaml:7:11: S001 [error] items[0].type: input should be 'single', ")
    assert lines[0].endswith("(got 'multi'); did you mean 'multiple'?")


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


def test_did_you_mean_in_a_misspelt_suppression_directive(run, tmp_path):
    item = ITEM.replace("- id: capital", "- id: capital  # quizlint: disabel=K001")
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(item), encoding="utf-8")
    result, lines = lint_lines(run, tmp_path, "demo.quiz.yaml")
    assert lines[0].startswith("demo.quiz.yaml:6:18: Q002 [warning] malformed suppression (unknown directive "
                               "'disabel='; did you mean 'disable'?)")


def test_did_you_mean_for_quizlint_rule(run):
    result = run("rule", "key-positon-bias")
    assert result.exit_code == 2
    assert "unknown rule 'key-positon-bias'; did you mean key-position-bias" in result.stderr


def test_did_you_mean_helper_ignores_case_and_keeps_the_spelling():
    assert close_names("t04", ["T004", "T005", "negative-stem"]) == ["T004"]
    assert close_names("explanation", ["explanation"]) == []  # a known name is no mistake
    assert close_names("Multiple", ["single", "multiple"]) == ["multiple"]  # nor is the case a match
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


# ----------------------------------------------------------------------------- YAML errors in a writer's words

HEADER = 'quizlint: 1\nid: demo\nlanguages: [en, tr]\ntitle: {en: "Demo", tr: "Deneme"}\nitems:\n'


def yaml_error(run, tmp_path, items: str) -> str:
    """The one line `quizlint lint` prints about a quiz file that does not parse."""
    (tmp_path / "demo.quiz.yaml").write_text(HEADER + items, encoding="utf-8")
    result = run("lint", "--no-cache", "demo.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stdout.splitlines()
    assert lines[-1] == "Found 1 error in 1 file."
    return lines[0]


def test_yaml_unclosed_double_quote_points_at_the_opening_quote(run, tmp_path):
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem:
      en: "Which city is the capital of Turkey?
      tr: "Türkiye'nin başkenti hangi şehirdir?"
    options:
      - text: Ankara
        correct: true
      - text: İstanbul
""")
    assert line == ('demo.quiz.yaml:8:11: Y001 [error] invalid YAML: this text opens with `"` but is not closed on its '
                    'line, so YAML reads on to the next `"` (line 9) and takes the lines between for text: add the '
                    'closing `"` at the end of the text')


def test_yaml_unclosed_double_quote_at_the_end_of_the_file(run, tmp_path):
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
    options:
      - text: Ankara
        correct: true
      - text: "İstanbul
""")
    assert line == ('demo.quiz.yaml:11:15: Y001 [error] invalid YAML: this text opens with `"` but is never closed: '
                    'add the closing `"` at the end of the text')


def test_yaml_unclosed_double_quote_in_a_flow_mapping(run, tmp_path):
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem: {en: "Which city is the capital of Turkey?, tr: "Türkiye'nin başkenti hangi şehirdir?"}
    options:
      - text: Ankara
""")
    assert line.startswith('demo.quiz.yaml:7:16: Y001 [error] invalid YAML: this text opens with `"` but is ')


@pytest.mark.parametrize("value, column", [
    ("en: Note: the capital moved in 1923", 11),
    ("en: Note: the capital moved in 1923  # a comment", 11),
])
def test_yaml_unquoted_text_with_colon_says_quote_the_text(run, tmp_path, value, column):
    line = yaml_error(run, tmp_path, f"""\
  - id: capital
    stem:
      {value}
    options:
      - text: Ankara
""")
    assert line == (f'demo.quiz.yaml:8:{column}: Y001 [error] invalid YAML: this text has ": " in it, which YAML reads '
                    'as the start of a new key: quote the text ("Note: the capital moved in 1923")')


def test_yaml_unquoted_text_with_colon_in_a_flow_mapping_and_an_option(run, tmp_path):
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem: {en: Answer this: which city?, tr: "Hangi şehir?"}
""")
    assert line == ('demo.quiz.yaml:7:16: Y001 [error] invalid YAML: this text has ": " in it, which YAML reads as the '
                    'start of a new key: quote the text ("Answer this: which city?")')
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem: {en: "Which city?", tr: "Hangi şehir?"}
    options:
      - text: Ankara: the capital
""")
    assert line.startswith("demo.quiz.yaml:9:15: Y001 [error] invalid YAML: this text has \": \" in it")


@pytest.mark.parametrize("value, column, shown, doubled", [
    ("tr: 'Türkiye'nin başkenti hangi şehirdir?'", 19, "Türkiye'nin başkenti hangi şehirdir?",
     "Türkiye''nin başkenti hangi şehirdir?"),
    ("en: 'the students' answers'", 24, "the students' answers", "the students'' answers"),
    ("tr: 'Aynı büyüklükte', çünkü değil'", 27, "Aynı büyüklükte', çünkü değil", "Aynı büyüklükte'', çünkü değil"),
])
def test_yaml_apostrophe_in_single_quoted_text(run, tmp_path, value, column, shown, doubled):
    line = yaml_error(run, tmp_path, f"""\
  - id: capital
    stem:
      en: "Which city is the capital of Turkey?"
      {value}
    options:
      - text: Ankara
""")
    assert line == (f"demo.quiz.yaml:9:{column}: Y001 [error] invalid YAML: the apostrophe in `{shown}` ends the "
                    f"single-quoted text: use double quotes (\"{shown}\") or write the apostrophe twice ('{doubled}')")


def test_yaml_other_errors_keep_the_parsers_message(run, tmp_path):
    line = yaml_error(run, tmp_path, "  - id: capital\n   stem: x\n  bad\n")
    assert "invalid YAML: " in line and "quote" not in line and "apostrophe" not in line


def test_yaml_double_quote_inside_a_double_quoted_text(run, tmp_path):
    line = yaml_error(run, tmp_path, """\
  - id: capital
    stem: {en: "Which city is called "the heart of Anatolia"?", tr: "Hangi şehir?"}
""")
    assert line == ('demo.quiz.yaml:7:38: Y001 [error] invalid YAML: a `"` inside a double-quoted text ends it: write '
                    'it as `\\"`, or put the text in single quotes')


def test_did_you_mean_for_a_language_of_translate_and_review(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(ITEM), encoding="utf-8")
    result = run("review", "--all", "--lang", "trr", cwd=tmp_path)
    assert result.exit_code == 2
    assert ("quizlint: --lang trr: no quiz declares this language; did you mean 'tr'? (the languages of the 1 quiz "
            "file: en, tr)") in result.stderr
    result = run("translate", "--to", "trr", "--dry-run", cwd=tmp_path)
    assert result.exit_code == 2 and "--to trr: no quiz declares this language; did you mean 'tr'?" in result.stderr


def test_yaml_a_valid_text_over_several_lines_is_not_blamed_for_a_later_error():
    from quizlint.load import load_text

    document, findings = load_text('a:\n  en: "Choose:\n    - a\n    - b"\nb: [1\nc: 2\n')
    assert document is None
    assert (findings[0].line, findings[0].column) == (6, 2)
    assert "did not find expected ',' or ']'" in findings[0].message and "quote" not in findings[0].message
