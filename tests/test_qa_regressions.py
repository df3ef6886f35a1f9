"""Regression tests for bugs found by a QA pass that used quizlint as a demanding user would.

Each test names the bug it guards against; they drive the CLI (in-process, fast) unless a unit is the point.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


@pytest.mark.parametrize("name, text", [("quizlint.toml", 'select = ["K001"]\n'),
                                        ("pyproject.toml", '[project]\nname = "x"\n[tool.quizlint]\nselect = ["K001"]\n')])
def test_lint_output_never_overwrites_the_configuration_in_use(run, bank, name, text):
    write(bank / name, text)
    result = run("lint", "content", "-o", name, cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"quizlint: refusing to write the report over {name}: it is the configuration in use"
    assert (bank / name).read_text(encoding="utf-8") == text


def test_lint_output_that_cannot_be_written_is_a_clean_error(run, bank):
    write(bank / "a-file", "x")
    result = run("lint", *KEY_RULES, "content", "-o", "a-file/report.txt", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.startswith("quizlint: cannot write the report to a-file/report.txt:")



@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_lint_output_never_replaces_a_read_only_report_even_as_root(run, bank):
    # (root passes os.access whatever the mode, and CI containers run as root: the mode bits are what counts)
    report = write(bank / "ro.txt", "old report\n")
    report.chmod(0o444)
    result = run("lint", *KEY_RULES, "content", "-o", "ro.txt", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr == "quizlint: cannot write the report to ro.txt: the file is read-only\n"
    assert report.read_text(encoding="utf-8") == "old report\n"
    assert sorted(path.name for path in bank.iterdir()) == ["content", "ro.txt"]  # no temporary file left

# --- colour ---------------------------------------------------------------------------------------------------------

def test_no_color_environment_variable_turns_colour_off_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert color_wanted(None, to_terminal=True) is True
    assert color_wanted(None, to_terminal=False) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert color_wanted(None, to_terminal=True) is False
    assert color_wanted(True, to_terminal=False) is True  # --color still wins


@pytest.mark.parametrize("force, no, output, coloured", [
    ("1", "", None, True), ("0", "", None, True),  # any value but the empty one forces (force-color.org)
    ("", "", None, False), ("1", "1", None, False),  # NO_COLOR wins
    ("1", "", "report.txt", False),  # not into a report file (--color still does that)
])
def test_force_color_colours_the_report_into_a_pipe(run, bank, monkeypatch, force, no, output, coloured):
    write(bank / "content" / "flawed.quiz.yaml", quiz_yaml(NO_KEY_ITEM, quiz_id="flawed"))
    monkeypatch.setenv("FORCE_COLOR", force)
    monkeypatch.setenv("NO_COLOR", no)
    result = run("lint", *KEY_RULES, "content", *(["-o", output] if output else []), cwd=bank)
    assert result.exit_code == 1
    report = (bank / output).read_text(encoding="utf-8") if output else result.stdout
    assert "K001" in report and ("\x1b[" in report) == coloured
    assert "FORCE_COLOR" in run("lint", "--help").stdout


# --- --statistics and stats ------------------------------------------------------------------------------------------

def test_statistics_column_is_as_wide_as_the_longest_rule_name(run, bank):
    # inconsistent-option-count (25 characters) pushed its severity out of line with the others
    items = NO_KEY_ITEM + NO_KEY_ITEM.replace("id: ", "id: b-", 1) + NO_KEY_ITEM.replace("id: ", "id: c-", 1)
    items += "- id: three\n  stem: {en: Pick one, tr: Birini seç}\n  options:\n" + \
        "".join(f"    - text: {{en: O{n}, tr: S{n}}}\n" for n in range(3))
    write(bank / "content" / "mixed.quiz.yaml", quiz_yaml(items, quiz_id="mixed"))
    result = run("lint", "--no-cache", "--select", "K001,D003", "--statistics", "-q", "content", cwd=bank)
    table = [line for line in result.stdout.splitlines() if not line.startswith("content/")]
    assert table == ["     4  K001  missing-key               [error]",
                     "     1  D003  inconsistent-option-count [info]"]


@pytest.mark.parametrize("output_format", ["json", "sarif", "junit"])
def test_statistics_with_a_format_that_has_no_room_for_it_is_refused(run, bank, output_format):
    result = run("lint", *KEY_RULES, "--statistics", "--format", output_format, "content", cwd=bank)
    assert result.exit_code == 2 and result.stdout == ""
    assert (f"Invalid value for --statistics: --format {output_format} has no place for the table of findings per "
            "rule: it goes with --format text or github") in result.stderr
    assert run("lint", *KEY_RULES, "--statistics", "--format", "github", "content", cwd=bank).exit_code == 0


def test_stats_counts_one_quiz_file_in_the_singular(run, bank):
    rows = [line for line in run("stats", "content", cwd=bank).stdout.splitlines() if "(bank)" in line]
    assert len(rows) == 1 and rows[0].split()[:4] == ["(bank)", "1", "quiz", "file"], rows


# --- configuration values shown as TOML ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("paths = true\n", "`paths` must be a list, not true"),
    ('select = "K"\n', '`select` must be a list, not "K"'),
    ("languages = [1, 2.5]\n", "`languages` must be a list of strings, not [1, 2.5]"),
    ("paths = {content = 1}\n", "`paths` must be a list, not {content = 1}"),
    ("cache = 1979-05-27\n", "`cache` must be a boolean (true or false), not 1979-05-27"),
    ("fail-on = false\n", "`fail-on` must be a string, not false"),
    ('fail-on = "never"\n', '`fail-on` must be one of error, warning, info, not "never"'),
    ("[severity]\nK001 = false\n", "severity of K001 must be one of error, warning, info, not false"),
    ("[rules]\nK001 = inf\n", "rules.K001 must be a table of options, not inf"),
    ('[per-file-ignores]\n"a/*" = "K001"\n', 'per-file-ignores."a/*" must be a list of rule codes or names, not "K001"'),
    ('paths = ["no*where"]\n', '`paths` entry "no*where" matches no file or directory'),
])
def test_configuration_errors_show_values_as_toml_writes_them(run, bank, text, message):
    write(bank / "quizlint.toml", text)
    result = run("lint", "--no-cache", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"quizlint: {bank / 'quizlint.toml'}: {message}"), result.stderr


# --- the schema and the loader agree on points -----------------------------------------------------------------------

@pytest.mark.parametrize("points", [".inf", "1.0e+400"])
def test_the_schema_refuses_points_the_loader_refuses(run, bank, points):
    import jsonschema
    import yaml

    quiz = write(bank / "content" / "geo.quiz.yaml",
                 quiz_yaml(CLEAN_ITEM.rstrip("\n") + f"\n  points: {points}\n", quiz_id="geo"))
    result = run("lint", *KEY_RULES, "content", cwd=bank)
    assert result.exit_code == 1 and " S001 " in result.stdout, result.stdout
    # an editor's YAML language server reads `.inf` and 1.0e+400 as infinity: the schema must refuse it too
    schema = json.loads(run("schema", "quiz").stdout)
    data = yaml.safe_load(quiz.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))


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
    ('[rules.translation-length]\nmin-ratio = "a"\n', "option 'min-ratio' of rule T007 must be a number, at least 0, not \"a\""),
    ('[rules.T004]\nmargin = "x"\n', "option 'margin' of rule T004 must be a number between 0 and 1, not \"x\""),
    ("[rules.T003]\nmin-letters = true\n", "option 'min-letters' of rule T003 must be a whole number, at least 0, not true"),
    ("[rules.K003]\nmin-options = 2.5\n", "option 'min-options' of rule K003 must be a whole number between 2 and 26, not 2.5"),
    ("[rules.W003]\nrequire-emphasis = 1\n", "option 'require-emphasis' of rule W003 must be true or false, not 1"),
    # out of bounds; each of these used to pass silently: T004 never fired, T007 flagged every translation
    ("[rules.wrong-language]\nmargin = 5\n", "option 'margin' of rule T004 must be a number between 0 and 1, not 5"),
    ("[rules.T004]\nmin-letters = -1\n", "option 'min-letters' of rule T004 must be a whole number, at least 0, not -1"),
    ("[rules.T003]\nmin-letters = -2\n", "option 'min-letters' of rule T003 must be a whole number, at least 0, not -2"),
    ("[rules.T007]\nmin-length = -5\n", "option 'min-length' of rule T007 must be a whole number, at least 0, not -5"),
    ("[rules.translation-length]\nmin-ratio = 3.0\n", "min-ratio (3) is above max-ratio (2): no length would pass"),
    ("[rules.T007]\nmin-ratio = 0.8\nmax-ratio = 0.6\n", "min-ratio (0.8) is above max-ratio (0.6)"),
    ("[rules.K003]\nmin-options = 27\n", "option 'min-options' of rule K003 must be a whole number between 2 and 26, not 27"),
    # one rule, two tables: the second used to replace the first silently
    ("[rules.T007]\nmin-ratio = 0.8\n[rules.translation-length]\nmax-ratio = 3.0\n",
     "[rules.T007] and [rules.translation-length] both set the options of rule T007 (translation-length)"),
])
def test_a_bad_rule_option_is_a_configuration_error_naming_the_file(run, bank, table, expected):
    # `min-ratio = "a"` used to crash the linter with an internal TypeError.
    write(bank / "quizlint.toml", table)
    result = run("lint", "--no-cache", "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.startswith("quizlint: ") and "quizlint.toml: " in result.stderr
    assert expected in result.stderr and "[rules." in result.stderr and "Traceback" not in result.stderr


def test_a_rule_option_at_its_bounds_is_accepted(run, bank):
    write(bank / "quizlint.toml", "[rules.T004]\nmargin = 1\nmin-letters = 0\n[rules.T007]\nmin-ratio = 1\n"
                                  "max-ratio = 1\n[rules.K003]\nmin-options = 26\n")
    result = run("lint", "--no-cache", "content", cwd=bank)
    assert result.exit_code in (0, 1) and result.stderr == ""  # findings, maybe, but no configuration error


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


# --- special files --------------------------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_fifo_named_like_a_quiz_file_never_blocks_the_linter(run_process, bank):
    os.mkfifo(bank / "content" / "pipe.quiz.yaml")  # opening it for reading would wait for a writer forever
    walked = run_process("lint", *KEY_RULES, "content", cwd=bank, timeout=60)
    named = run_process("lint", *KEY_RULES, "content/pipe.quiz.yaml", cwd=bank, timeout=60)
    assert (walked.returncode, walked.stdout) == (0, "All clean: 1 file checked, no problems.\n")
    assert named.returncode == 2
    assert named.stderr == "quizlint: not a regular file or directory: content/pipe.quiz.yaml\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_the_loader_refuses_a_fifo_without_opening_it(tmp_path):
    from quizlint.load import load_document

    os.mkfifo(tmp_path / "pipe.quiz.yaml")
    document, [finding] = load_document(tmp_path / "pipe.quiz.yaml", "pipe.quiz.yaml")
    assert document is None
    assert (finding.code, finding.message) == ("Y009", "cannot read file: not a regular file")


# --- the same file reached twice ------------------------------------------------------------------------------------

def test_a_folder_named_twice_is_not_reported_as_duplicating_itself(run, bank):
    # `quizlint lint content $PWD/content` used to lint each file twice: D001 on every id of the bank.
    result = run("lint", "--no-cache", "--select", "D001", "content", bank / "content", cwd=bank)
    assert (result.exit_code, result.stdout) == (0, "All clean: 1 file checked, no problems.\n")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_symlinked_folder_is_linted_once(run, bank):
    (bank / "alias").symlink_to(bank / "content", target_is_directory=True)
    result = run("lint", "--no-cache", "--select", "D001", "content", "alias", cwd=bank)
    assert (result.exit_code, result.stdout) == (0, "All clean: 1 file checked, no problems.\n")


# --- start-up: what `quizlint lint` imports ---------------------------------------------------------------------------

HEAVY = ("lxml", "markdown_it", "nh3", "deep_translator", "ruamel", "lingua")


def imported_modules(*args, cwd) -> set[str]:
    """The modules a real ``python -m quizlint ARGS`` process imports (``-X importtime`` lists them)."""
    process = subprocess.run([sys.executable, "-X", "importtime", "-m", "quizlint", *args], cwd=cwd,
                             capture_output=True, text=True, timeout=120)
    assert "Traceback" not in process.stderr
    return {line.rsplit("|", 1)[1].strip() for line in process.stderr.splitlines() if line.startswith("import time:")}


def test_lint_imports_no_heavy_library_when_no_text_needs_one(tmp_path):
    english_only = CLEAN_ITEM.replace(', tr: "Türkiye\'nin başkenti hangi şehirdir?"', "")
    write(tmp_path / "en.quiz.yaml", quiz_yaml(english_only, languages="en"))
    modules = imported_modules("lint", "--no-cache", "en.quiz.yaml", cwd=tmp_path)
    assert "quizlint.lint.runner" in modules  # the measurement saw the linter
    assert not {name for name in modules if name.split(".")[0] in HEAVY}


def test_a_cached_lint_run_does_not_load_the_language_identifier(tmp_path):
    write(tmp_path / "geo.quiz.yaml", quiz_yaml(CLEAN_ITEM))
    first = imported_modules("lint", "geo.quiz.yaml", cwd=tmp_path)
    second = imported_modules("lint", "geo.quiz.yaml", cwd=tmp_path)
    assert "lingua" in first  # a bilingual text needed identification once
    assert "lingua" not in second and "concurrent.futures.process" not in second


# --- always-on codes named in a selection ---------------------------------------------------------------------------

LOAD_ERRORS = "load and schema errors cannot be selected or ignored"


@pytest.mark.parametrize("option, key, message", [
    ("--select", "Q001", "Q001 (unused-suppression) is always on: it is reported in every run unless ignored "
                         "(see `quizlint rule Q001`)"),
    ("--extend-select", "invalid-suppression", "Q002 (invalid-suppression) is always on: it is reported in every "
                                               "run unless ignored (see `quizlint rule Q002`)"),
    ("--select", "y004", f"Y004 (invalid-encoding) is always on: {LOAD_ERRORS} (see `quizlint rule Y004`)"),
    ("--ignore", "S002", f"S002 (unknown-key) is always on: {LOAD_ERRORS} (see `quizlint rule S002`)"),
    # a family of them by its letter was "unknown rule or selector 'Y'"
    ("--ignore", "Y", f"'Y' (Y001–Y010) are always on: {LOAD_ERRORS} (see `quizlint rule`)"),
    ("--ignore", "s", f"'s' (S001–S003) are always on: {LOAD_ERRORS} (see `quizlint rule`)"),
    ("--select", "Q", "'Q' (Q001–Q002) are always on: they are reported in every run unless ignored "
                      "(see `quizlint rule`)"),
])
def test_an_always_on_code_in_a_selection_is_explained_not_called_unknown(run, bank, option, key, message):
    # `quizlint rule` lists these codes, so "unknown rule or selector 'Q001'" was a contradiction.
    result = run("lint", "--no-cache", option, key, "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr == f"quizlint: {message}\n"


# --- quiz header mistakes -------------------------------------------------------------------------------------------

def lint_json(run, cwd: Path, name: str) -> list[dict]:
    result = run("lint", *KEY_RULES, "--format", "json", name, cwd=cwd)
    return json.loads(result.stdout)


@pytest.mark.parametrize("languages, position, shown", [
    ("[en, en]", (3, 17), "'en'"),
    ("[en, tr, EN]", (3, 21), "'EN'"),
])
def test_a_language_listed_twice_is_an_error_at_the_repeat(run, tmp_path, languages, position, shown):
    # `languages: [en, en]` passed silently: the source language then counted as its own translation.
    text = quiz_yaml(CLEAN_ITEM).replace("languages: [en, tr]", f"languages: {languages}")
    write(tmp_path / "q.quiz.yaml", text)
    [finding] = lint_json(run, tmp_path, "q.quiz.yaml")
    assert (finding["code"], finding["line"], finding["column"]) == ("S001", *position)
    assert f"{shown} is listed twice" in finding["message"]


def test_the_quiz_schema_says_languages_are_unique():
    from quizlint.model.schema import quiz_schema

    committed = json.loads((Path(__file__).resolve().parent.parent / "schema" / "quiz.schema.json").read_text())
    for schema in (quiz_schema(), committed):
        assert schema["properties"]["languages"]["uniqueItems"] is True


def test_schema_messages_say_what_to_write(run, tmp_path):
    write(tmp_path / "a.quiz.yaml", quiz_yaml(CLEAN_ITEM.replace("correct: true", 'correct: "true"'), quiz_id="a"))
    write(tmp_path / "b.quiz.yaml", quiz_yaml(CLEAN_ITEM).replace("languages: [en, tr]", "languages: []"))
    [quoted] = lint_json(run, tmp_path, "a.quiz.yaml")
    assert quoted["message"].endswith("(got 'true'); write true without quotes")
    empty = lint_json(run, tmp_path, "b.quiz.yaml")
    assert "languages: expected at least one entry (got an empty list)" in [f["message"] for f in empty]


# --- the [translate] table is checked by every command --------------------------------------------------------------

PROVIDER_NAMES = "google, libre, deepl, microsoft, mymemory"
HTTP_URL = "an http:// or https:// URL (e.g. http://localhost:5000/)"


@pytest.mark.parametrize("table, message", [
    ("[translate]\nbogus = 1\n", "unknown key(s) in [translate]: bogus; known: provider, url, timeout, retries"),
    ('[translate]\ntimeout = "x"\n', '[translate] timeout must be a number of seconds, not "x"'),
    ("[translate]\nretries = 1.5\n", "[translate] retries must be a whole number, not 1.5"),
    ("[translate]\nretries = true\n", "[translate] retries must be a whole number, not true"),
    # values out of the bounds of --retries and --timeout were accepted, then every text failed with
    # "libre gave an unusable answer (AssertionError)" (or ValueError, OverflowError) and exit status 1
    ("[translate]\nretries = -1\n", "[translate] retries must be a whole number between 0 and 10, not -1"),
    ("[translate]\nretries = 99\n", "[translate] retries must be a whole number between 0 and 10, not 99"),
    ("[translate]\ntimeout = 0\n", "[translate] timeout must be a number of seconds between 0.1 and 3600, not 0"),
    ("[translate]\ntimeout = -5\n", "[translate] timeout must be a number of seconds between 0.1 and 3600, not -5"),
    ("[translate]\ntimeout = inf\n", "[translate] timeout must be a number of seconds between 0.1 and 3600, not inf"),
    ("[translate]\ntimeout = nan\n", "[translate] timeout must be a number of seconds between 0.1 and 3600, not nan"),
    # an unknown provider passed every command but translate, whose message did not name the file
    ('[translate]\nprovider = "bogus"\n', f'[translate] provider must be one of {PROVIDER_NAMES}, not "bogus"'),
    ('[translate]\nprovider = "LIBRE"\n', f'[translate] provider must be one of {PROVIDER_NAMES}, not "LIBRE"'),
    # a url that is not one passed every command but translate
    ('[translate]\nprovider = "libre"\nurl = "localhost:5000"\n',
     f'[translate] url must be {HTTP_URL}, not "localhost:5000"'),
    ('[translate]\nurl = "ftp://example.org/"\n', f'[translate] url must be {HTTP_URL}, not "ftp://example.org/"'),
    ('[translate]\nurl = "http://"\n', f'[translate] url must be {HTTP_URL}, not "http://"'),
    ('[translate]\nurl = "http://[::1/"\n', f'[translate] url must be {HTTP_URL}, not "http://[::1/"'),
    ("[translate]\nurl = 5000\n", f"[translate] url must be {HTTP_URL}, not 5000"),
    # no host (only a port or a user), or a port that is not one, passed for a URL
    *((f'[translate]\nurl = "{url}"\n', f'[translate] url must be {HTTP_URL}, not "{url}"')
      for url in ("http://:80/", "http://user@/", "http://h:abc/", "http://h:99999/")),
])
@pytest.mark.parametrize("command", [("lint", "--no-cache"), ("stats",), ("translate", "--dry-run")])
def test_a_mistake_in_the_translate_table_is_a_configuration_error_everywhere(run, bank, table, message, command):
    config = write(bank / "quizlint.toml", table)
    result = run(*command, "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr == f"quizlint: {config}: {message}\n"


@pytest.mark.parametrize("command", [("lint", "--no-cache"), ("translate", "--dry-run")])
def test_a_mistake_in_the_translate_table_of_pyproject_names_the_table(run, bank, command):
    config = write(bank / "pyproject.toml", "[tool.quizlint.translate]\nprovider = \"libre\"\nretries = 11\n")
    result = run(*command, "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr == (f"quizlint: {config} [tool.quizlint]: [translate] retries must be a whole number "
                             "between 0 and 10, not 11\n")


def test_the_translate_table_accepts_the_bounds_of_the_command_line(run, bank):
    from quizlint.config import TRANSLATE_KEYS

    timeout, retries = TRANSLATE_KEYS["timeout"], TRANSLATE_KEYS["retries"]
    for low_or_high in ({"timeout": timeout.low, "retries": retries.low},
                        {"timeout": timeout.high, "retries": retries.high}):
        write(bank / "quizlint.toml", "[translate]\nprovider = \"mymemory\"\n"
              + "".join(f"{key} = {value}\n" for key, value in low_or_high.items()))
        result = run("lint", "--no-cache", "content", cwd=bank)
        assert result.exit_code == 0, result.stderr
    for option, value in (("--timeout", "0.09"), ("--timeout", "3601"), ("--timeout", "inf"), ("--timeout", "nan"),
                          ("--retries", "-1"), ("--retries", "11")):
        result = run("translate", "--dry-run", option, value, "content", cwd=bank)
        assert result.exit_code == 2 and f"Invalid value for '{option}'" in result.stderr


# --- a damaged cache ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("damage", [
    lambda entry: [1, 2],
    lambda entry: "not an entry",
    lambda entry: {**entry, "result": "x"},
    lambda entry: {**entry, "result": {**entry["result"], "summary": "x"}},
    lambda entry: {**entry, "result": {**entry["result"], "findings": [["x"]]}},
    lambda entry: {**entry, "path": "elsewhere.quiz.yaml"},
])
def test_a_damaged_cache_is_a_miss_not_an_internal_error(run, bank, damage):
    first = run("lint", "content", cwd=bank)
    [directory] = (bank / ".quizlint_cache").glob("lint-*")
    entries = sorted(directory.glob("*-*.json"))
    assert entries  # one entry per linted file
    for entry_file in entries:
        entry_file.write_text(json.dumps(damage(json.loads(entry_file.read_text()))), encoding="utf-8")
    second = run("lint", "content", cwd=bank)
    assert (second.exit_code, second.stdout, second.stderr) == (first.exit_code, first.stdout, "")


@pytest.mark.parametrize("damage", [
    lambda bank: [1, 2],
    lambda bank: "not the bank's findings",
    lambda bank: {**bank, "findings": [["x"]]},
    lambda bank: {**bank, "findings": "x"},
    lambda bank: {"findings": bank["findings"]},
    lambda bank: {**bank, "findings": [["content/a.quiz.yaml", "2", 1, "B001", "key-position-bias", "warning",
                                        "a line that is not a number", None, False]]},
])
def test_damaged_bank_findings_in_the_cache_are_worked_out_again(run, bank, damage):
    first = run("lint", "content", cwd=bank)
    [bank_file] = (bank / ".quizlint_cache").glob("lint-*/bank.json")
    bank_file.write_text(json.dumps(damage(json.loads(bank_file.read_text()))), encoding="utf-8")
    second = run("lint", "content", cwd=bank)
    assert (second.exit_code, second.stdout, second.stderr) == (first.exit_code, first.stdout, "")


def test_the_bank_findings_of_the_cache_read_back_as_they_were_written():
    # (the check of a row's values follows ``Finding``'s fields: a field added there must be added to it too)
    from quizlint.diagnostics import Finding
    from quizlint.lint.cache import _finding_rows, _is_finding_row

    findings = [Finding("a.quiz.yaml", 2, 1, "B001", "key-position-bias", "warning", "keys A:9 B:1", None, True),
                Finding("a.quiz.yaml", 7, 3, "D002", "duplicate-stem", "warning", "the stem of q1 again", "q2")]
    rows = _finding_rows(findings)
    assert all(map(_is_finding_row, rows))
    assert [Finding(*row) for row in rows] == findings


def test_a_cache_entry_that_is_not_json_is_a_miss(run, bank):
    first = run("lint", "content", cwd=bank)
    [directory] = (bank / ".quizlint_cache").glob("lint-*")
    for entry_file in directory.glob("*.json"):
        entry_file.write_bytes(b"\xff{not json")
    second = run("lint", "content", cwd=bank)
    assert (second.exit_code, second.stdout, second.stderr) == (first.exit_code, first.stdout, "")


# --- translate: a provider URL that is not one ----------------------------------------------------------------------

@pytest.mark.parametrize("url", ["notaurl", "ftp://example.org/", "http://", "http://[::1/", "http://:80/",
                                 "http://user@/", "http://h:abc/"])
def test_a_provider_url_that_is_not_http_is_a_usage_error_not_a_failed_request(run, bank, url):
    # `--url notaurl` used to be sent, fail with "request failed (MissingSchema)" and exit 1.
    result = run("translate", "--dry-run", "--provider", "libre", "--url", url, "content", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr == f"quizlint: --url: {url!r} is not {HTTP_URL}\n"


# --- message grammar ------------------------------------------------------------------------------------------------

def test_inconsistent_option_count_says_has_for_one_item(run, tmp_path):
    four = CLEAN_ITEM.replace("    - text: İzmir\n", "    - text: İzmir\n    - text: Bursa\n    - text: Konya\n")
    three = four.replace("id: capital", "id: other").replace("    - text: Konya\n", "").replace(
        "capital of Turkey", "largest city of Turkey")
    write(tmp_path / "q.quiz.yaml", quiz_yaml(four + three))
    [finding] = lint_json_selected(run, tmp_path, "D003", "q.quiz.yaml")
    assert finding["message"] == "item has 3 options; 1 of the bank's 2 items has 4"


def lint_json_selected(run, cwd: Path, codes: str, name: str) -> list[dict]:
    result = run("lint", "--no-cache", "--select", codes, "--format", "json", name, cwd=cwd)
    return json.loads(result.stdout)


# --- points ---------------------------------------------------------------------------------------------------------

def test_points_must_be_finite(run, tmp_path):
    # `points: 1e400` is infinity: it passed, and the JSON export wrote `Infinity` (not JSON), Moodle `inf`.
    write(tmp_path / "p.quiz.yaml", quiz_yaml(CLEAN_ITEM + "  points: 1e400\n"))
    [finding] = lint_json(run, tmp_path, "p.quiz.yaml")
    assert (finding["code"], finding["line"]) == ("S001", 13)
    assert finding["message"] == "items[0].points: input should be a finite number (got 1e400)"


# --- ids that differ only in case -----------------------------------------------------------------------------------

def test_ids_that_differ_only_in_case_are_duplicates(run, tmp_path):
    other = CLEAN_ITEM.replace("id: capital", "id: Capital").replace("capital of Turkey", "largest city of Turkey")
    write(tmp_path / "a.quiz.yaml", quiz_yaml(CLEAN_ITEM + other, quiz_id="geo"))
    write(tmp_path / "b.quiz.yaml", quiz_yaml(CLEAN_ITEM.replace("id: capital", "id: unique"), quiz_id="GEO"))
    messages = [(f["file"], f["line"], f["message"]) for f in lint_json_selected(run, tmp_path, "D001", ".")]
    assert messages == [
        ("a.quiz.yaml", 13, "item id 'Capital' differs only in case from 'capital' in a.quiz.yaml:6:5 (LMSs and "
                            "file systems that ignore case see one id)"),
        ("b.quiz.yaml", 2, "quiz id 'GEO' differs only in case from 'geo' in a.quiz.yaml:2:1 (LMSs and file "
                           "systems that ignore case see one id)"),
    ]


# --- preview never overwrites the user's own pages ------------------------------------------------------------------

def test_preview_does_not_overwrite_a_page_it_did_not_write(run, bank):
    own = write(bank / "site" / "index.html", "<html>my own page</html>\n")
    refused = run("preview", "content", "-o", "site", cwd=bank)
    assert refused.exit_code == 2
    assert "not overwriting site/index.html (not written by quizlint preview)" in refused.stderr
    assert own.read_text() == "<html>my own page</html>\n"
    assert not (bank / "site" / "quiz-geo.html").exists()  # nothing half-written
    forced = run("preview", "content", "-o", "site", "--force", cwd=bank)
    assert forced.exit_code == 0 and "quizlint preview" in own.read_text()


def test_preview_rewrites_its_own_pages(run, bank):
    assert run("preview", "content", "-o", "site", cwd=bank).exit_code == 0
    again = run("preview", "content", "-o", "site", cwd=bank)
    assert (again.exit_code, again.stdout) == (0, "Wrote 2 pages to site: open site/index.html\n")


def test_import_refuses_to_overwrite_its_own_input(tmp_path, run):
    source = tmp_path / "quiz.gift"
    original = "::Q1:: Which city is the capital of Turkey? {=Ankara ~Istanbul ~Izmir}\n"
    source.write_text(original, encoding="utf-8")
    result = run("import", "--from", "gift", source, "-o", source, "--force")
    assert result.exit_code == 1
    assert "is the input" in result.output
    assert source.read_text(encoding="utf-8") == original


def test_quiz_title_and_description_are_checked_for_translations(tmp_path, run):
    quiz = tmp_path / "t.quiz.yaml"
    quiz.write_text(
        "quizlint: 1\nid: t\nlanguages: [en, tr]\ntitle: {en: Capitals}\n"
        'description: {en: "About capitals.", tr: ""}\nitems:\n'
        "  - id: capital\n    stem: {en: 'Which city is the capital of Turkey?', tr: 'Türkiye’nin başkenti hangi şehirdir?'}\n"
        "    options:\n      - text: Ankara\n        correct: true\n      - text: İzmir\n",
        encoding="utf-8",
    )
    result = run("lint", quiz, "--format", "json", "--select", "T001,T002")
    import json

    found = {(entry["code"], entry["line"], entry["column"]) for entry in json.loads(result.stdout)}
    assert ("T001", 4, 8) in found  # the title has no tr translation
    assert ("T002", 5, 42) in found  # the description's tr text is empty
    assert result.exit_code == 1


# --- interruptions -------------------------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize("signal_name, status, said", [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "")])
def test_an_interrupted_run_exits_as_interrupted_not_as_a_result(tmp_path, signal_name, status, said):
    import signal
    import subprocess
    import sys

    source = tmp_path / "waiting.gift"
    os.mkfifo(source)  # reading it blocks until the signal comes
    command = [sys.executable, "-m", "quizlint", "import", str(source), "-o", str(tmp_path / "q.quiz.yaml")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert "guessed format: gift" in process.stderr.readline()  # it has started, and now waits on the pipe
    process.send_signal(getattr(signal, signal_name))
    rest = process.communicate(timeout=60)[1]
    assert process.returncode == status, rest
    assert rest.strip() == said and "Traceback" not in rest and "Aborted" not in rest
    assert sorted(path.name for path in tmp_path.iterdir()) == ["waiting.gift"]


# --- a working folder or an output that cannot be used ----------------------------------------------------------------

@pytest.mark.skipif(os.name != "posix", reason="removes the working folder of a running shell (POSIX)")
def test_a_deleted_working_folder_is_said_plainly(tmp_path):
    import shlex
    import subprocess
    import sys

    gone = tmp_path / "gone"
    gone.mkdir()
    script = (f"cd {shlex.quote(str(gone))} && rmdir {shlex.quote(str(gone))} && "
              f"exec {shlex.quote(sys.executable)} -m quizlint lint")
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "quizlint: the current folder cannot be used: No such file or directory (was it deleted?)\n"


def test_a_working_folder_that_cannot_be_searched_is_said_plainly(tmp_path):
    import subprocess
    import sys

    from conftest import unprivileged

    closed = tmp_path / "closed"
    closed.mkdir()
    command = unprivileged([sys.executable, "-m", "quizlint", "lint"])
    closed.chmod(0)
    try:
        result = subprocess.run(command, cwd=closed, capture_output=True, text=True, timeout=120)
    finally:
        closed.chmod(0o755)
    assert result.returncode == 2
    assert result.stderr == f"quizlint: cannot look for quizlint.toml in {closed}: Permission denied\n"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("command", [["export", "--to", "json", "--force", "content"],
                                     ["import", "--lang", "en", "in.aiken.txt"]])
def test_an_output_that_is_a_link_loop_is_a_write_error(run, bank, command):
    (bank / "in.aiken.txt").write_text("Which?\nA. a\nB. b\nANSWER: A\n", encoding="utf-8")
    os.symlink("loop-b.json", bank / "loop-a.json")
    os.symlink("loop-a.json", bank / "loop-b.json")
    result = run(*command, "-o", "loop-a.json", cwd=bank)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "quizlint: cannot write loop-a.json: too many levels of symbolic links"


@pytest.mark.parametrize("command", [["lint", "content"], ["export", "--to", "json", "--force", "content"],
                                     ["import", "--lang", "en", "in.aiken.txt"], ["preview", "content"]])
def test_an_empty_output_path_is_a_usage_error(run, bank, command):
    (bank / "in.aiken.txt").write_text("Which?\nA. a\nB. b\nANSWER: A\n", encoding="utf-8")
    before = sorted(path.name for path in bank.iterdir())
    result = run(*command, "-o", "", cwd=bank)
    assert result.exit_code == 2
    assert "Invalid value for -o: an empty path names nothing" in result.stderr
    assert sorted(path.name for path in bank.iterdir()) == before
