"""Configuration and rule selection through the CLI: where the configuration is found, what it may say, and
how `--select`, `--ignore`, `--extend-select`, severities and per-file ignores combine. Only K001
(missing-key) and K002 (multiple-keys) are relied on."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from conftest import quiz_yaml
from test_cli_lint import CLEAN_ITEMS, FLAWED_ITEMS

from quizlint.config import ConfigError, load_config


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path):
    """A project with a flawed quiz (one K001, one K002) in bank/ and a nested working directory."""
    write(tmp_path / "bank" / "flawed.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"))
    write(tmp_path / "bank" / "clean.quiz.yaml", quiz_yaml(CLEAN_ITEMS, quiz_id="clean"))
    (tmp_path / "bank" / "deep" / "er").mkdir(parents=True)
    return tmp_path


def codes(run, cwd: Path, *args: str) -> list[tuple[str, str]]:
    """(code, severity) of every finding of `quizlint lint --format json ARGS` run in ``cwd``."""
    result = run("lint", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert result.exit_code in (0, 1), result.output + result.stderr
    return [(finding["code"], finding["severity"]) for finding in json.loads(result.stdout)]


def usage_error(run, cwd: Path, *args: str) -> str:
    result = run("lint", "--no-cache", *args, cwd=cwd)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output + result.stderr
    assert result.stdout == ""
    return result.stderr


# --- finding the configuration ---------------------------------------------------------------------------------------

def test_quizlint_toml_is_found_walking_up(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\n')
    assert codes(run, project / "bank" / "deep" / "er", str(project / "bank")) == [("K001", "error")]


def test_tool_quizlint_in_pyproject_is_found_walking_up(run, project):
    write(project / "pyproject.toml", '[project]\nname = "x"\n\n[tool.quizlint]\nselect = ["multiple-keys"]\n')
    assert codes(run, project / "bank" / "deep", str(project / "bank")) == [("K002", "error")]


def test_pyproject_without_a_quizlint_table_is_passed_over(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\n')
    write(project / "bank" / "pyproject.toml", '[project]\nname = "unrelated"\n')
    assert codes(run, project / "bank", ".") == [("K001", "error")]


def test_nearest_configuration_wins_and_quizlint_toml_before_pyproject(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\n')
    write(project / "bank" / "pyproject.toml", '[tool.quizlint]\nselect = ["K001", "K002"]\n')
    assert codes(run, project / "bank", ".") == [("K001", "error"), ("K002", "error")]
    write(project / "bank" / "quizlint.toml", 'select = ["K002"]\n')
    assert codes(run, project / "bank", ".") == [("K002", "error")]


def test_explicit_config_option(run, project):
    write(project / "elsewhere" / "strict.toml", 'select = ["K002"]\n')
    assert codes(run, project, "--config", "elsewhere/strict.toml", "bank") == [("K002", "error")]
    assert "configuration file not found" in usage_error(run, project, "--config", "nope.toml", "bank")


def test_load_config_unit(project):
    write(project / "quizlint.toml", 'select = ["K001"]\nfail-on = "warning"\n')
    config = load_config(start=project / "bank" / "deep")
    assert config.source == project / "quizlint.toml" and config.root == project.resolve()
    assert config.select == ["K001"] and config.fail_on == "warning"
    from_bank = load_config(start=project / "bank")
    assert from_bank.source == project / "quizlint.toml"


@pytest.mark.parametrize("document", ["docs/format.md", "README.md"])
def test_documented_configuration_examples_are_valid(document):
    import re

    from conftest import ROOT
    from quizlint.config import parse_config, tomllib

    blocks = re.findall(r"```toml\n(.*?)```", (ROOT / document).read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, f"{document} has no configuration example"
    for block in blocks:
        config = parse_config(tomllib.loads(block), ROOT, ROOT / "quizlint.toml")
        assert config.selection().enabled


# --- configuration errors are usage errors (exit 2) ------------------------------------------------------------------

@pytest.mark.parametrize("text,words", [
    ('selct = ["K001"]\n', "unknown key(s) selct"),
    ('select = ["K999"]\n', "unknown rule or selector 'K999'"),
    ('ignore = ["not-a-rule"]\n', "unknown rule or selector 'not-a-rule'"),
    ('extend-select = ["Z"]\n', "unknown rule or selector 'Z'"),
    ('select = [""]\n', "unknown rule or selector ''"),
    ('[severity]\nK999 = "warning"\n', "unknown rule or selector 'K999'"),
    ('[severity]\nK001 = "fatal"\n', "severity of K001 must be one of error, warning, info"),
    ('[severity]\nK002 = "error"\nmultiple-keys = "info"\n',
     '[severity] K002 = "error" and multiple-keys = "info" both set the severity of rule K002 (multiple-keys)'),
    ('[per-file-ignores]\n"*.quiz.yaml" = ["K999"]\n', "unknown rule or selector 'K999'"),
    # built-in codes and their families are named as such, and what cannot be done with them is said
    ('[per-file-ignores]\n"*.quiz.yaml" = ["Y"]\n',
     "'Y' (Y001–Y010) are always on: load and schema errors cannot be selected or ignored"),
    ('[severity]\nY001 = "warning"\n',
     "Y001 (yaml-syntax) is always on, and always an error: the severity of load and schema errors cannot be changed"),
    ('[severity]\nQ = "error"\n',
     "'Q' (Q001–Q002) are always on, and always warnings: the severity cannot be changed, but they can be ignored"),
    ('[per-file-ignores]\n"*.quiz.yaml" = "K001"\n', "must be a list of rule codes or names"),
    ('[rules.missing-key]\nstrict = true\n', "unknown option(s) strict for rule K001 (missing-key); known: none"),
    ('[rules.K]\nratio = 1\n', "unknown rule 'K'"),
    ('[rules]\nK001 = 3\n', "rules.K001 must be a table of options"),
    ('select = "K001"\n', "`select` must be a list"),
    ('select = [1]\n', "`select` must be a list of strings"),
    ('jobs = true\n', "`jobs` must be a whole number"),
    ('jobs = 0\n', "`jobs` must be 1 or more"),
    ('cache = "yes"\n', "`cache` must be a boolean"),
    ('fail-on = "never"\n', "`fail-on` must be one of error, warning, info"),
    ('glossary = ""\n', "`glossary` must name a file, not \"\""),  # (was silently no glossary)
    ('glossary = "  "\n', "`glossary` must name a file, not \"  \""),
    ('select = [K001]\n', "invalid TOML"),
])
def test_bad_configuration_exits_2_with_a_clear_message(run, project, text, words):
    config = write(project / "quizlint.toml", text)
    message = usage_error(run, project, "bank")
    assert message.startswith(f"quizlint: {config}")
    assert words in message
    assert message.count("\n") == 1


def test_bad_pyproject_table_names_the_table(run, project):
    write(project / "pyproject.toml", '[tool.quizlint]\nignore = ["K999"]\n')
    message = usage_error(run, project, "bank")
    assert message.startswith(f"quizlint: {project / 'pyproject.toml'} [tool.quizlint]: unknown rule")


@pytest.mark.parametrize("text,words", [
    ("[tool]\nquizlint = 5\n", "[tool.quizlint] must be a table, not 5"),
    ('[tool]\nquizlint = ["K001"]\n', '[tool.quizlint] must be a table, not ["K001"]'),
])
def test_a_pyproject_whose_quizlint_entry_is_not_a_table_is_a_configuration_error(run, project, text, words):
    write(project / "pyproject.toml", text)
    message = usage_error(run, project, "bank")
    assert message.startswith(f"quizlint: {project / 'pyproject.toml'}: ") and words in message


def test_a_pyproject_with_an_odd_tool_entry_is_not_a_quizlint_configuration(run, project):
    write(project / "pyproject.toml", 'tool = "quizlint"\n')
    assert run("lint", "--no-cache", "--select", "K001", "bank", cwd=project).exit_code == 1  # linted, defaults


def test_the_same_severity_by_code_and_by_name_is_no_conflict(run, project):
    write(project / "quizlint.toml", 'select = ["K002"]\n[severity]\nK002 = "info"\nmultiple-keys = "info"\n'
                                     'K = "warning"\n')
    assert codes(run, project, "bank") == [("K002", "info")]


def test_config_error_is_reported_by_a_real_process(run_process, project):
    write(project / "quizlint.toml", "colour = true\n")
    result = run_process("lint", "--no-cache", "bank", cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith("quizlint: ") and "unknown key(s) colour" in result.stderr
    assert "Traceback" not in result.stderr


def test_config_error_class_is_a_click_exception_with_status_2():
    error = ConfigError("boom")
    assert error.exit_code == 2 and isinstance(error, Exception)


# --- selection ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,expected", [
    (["--select", "K001"], ["K001"]),
    (["--select", "missing-key"], ["K001"]),
    (["--select", "multiple-keys,missing-key"], ["K001", "K002"]),
    (["--select", "K001", "--select", "K002"], ["K001", "K002"]),
    (["--select", "k002"], ["K002"]),
    (["--select", "K001,K002", "--ignore", "K001"], ["K002"]),
    (["--select", "K001,K002", "--ignore", "multiple-keys"], ["K001"]),
    (["--select", "K001", "--extend-select", "K002"], ["K001", "K002"]),
    (["--select", "K001", "--extend-select", "multiple-keys"], ["K001", "K002"]),
    (["--select", "K00", "--ignore", "K00"], []),
])
def test_select_ignore_extend_select_with_codes_names_and_prefixes(run, project, args, expected):
    assert [code for code, _ in codes(run, project, *args, "bank")] == expected


def test_prefix_selects_the_whole_family(run, project):
    found = {code for code, _ in codes(run, project, "--select", "K", "bank")}
    assert {"K001", "K002"} <= found
    assert all(code.startswith("K") for code in found)


def test_command_line_select_replaces_the_configured_one(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\n')
    assert codes(run, project, "bank") == [("K001", "error")]
    assert codes(run, project, "--select", "K002", "bank") == [("K002", "error")]


def test_configured_ignore_and_extend_select_apply_on_top(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\nextend-select = ["K002"]\n')
    assert [code for code, _ in codes(run, project, "bank")] == ["K001", "K002"]
    write(project / "quizlint.toml", 'select = ["K001", "K002"]\nignore = ["missing-key"]\n')
    assert [code for code, _ in codes(run, project, "bank")] == ["K002"]
    assert [code for code, _ in codes(run, project, "--extend-select", "K001", "bank")] == ["K002"]


# --- severities and fail-on ----------------------------------------------------------------------------------------------

def test_severity_overrides_by_code_name_and_prefix(run, project):
    write(project / "quizlint.toml", 'select = ["K001", "K002"]\n[severity]\nK = "info"\nmultiple-keys = "warning"\n')
    assert codes(run, project, "bank") == [("K001", "info"), ("K002", "warning")]
    result = run("lint", "--no-cache", "bank", cwd=project)
    assert result.exit_code == 0
    assert "K001 [info]" in result.stdout and "K002 [warning]" in result.stdout


def test_fail_on_in_the_configuration_and_on_the_command_line(run, project):
    write(project / "quizlint.toml", 'select = ["K001"]\nfail-on = "info"\n[severity]\nK001 = "info"\n')
    assert run("lint", "--no-cache", "bank", cwd=project).exit_code == 1
    assert run("lint", "--no-cache", "--fail-on", "error", "bank", cwd=project).exit_code == 0
    assert run("lint", "--no-cache", "--fail-on", "warning", "bank", cwd=project).exit_code == 0
    assert run("lint", "--no-cache", "--exit-zero", "--fail-on", "info", "bank", cwd=project).exit_code == 0


# --- per-file ignores ------------------------------------------------------------------------------------------------------

@pytest.fixture
def two_dirs(project):
    write(project / "legacy" / "old.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="old"))
    return project


@pytest.mark.parametrize("pattern", ["legacy/*.quiz.yaml", "legacy/old.quiz.yaml", "old.quiz.yaml", "legacy/*"])
def test_per_file_ignores_are_relative_to_the_configuration(run, two_dirs, pattern):
    write(two_dirs / "quizlint.toml", f'select = ["K001", "K002"]\n[per-file-ignores]\n"{pattern}" = ["K001"]\n')
    for cwd, targets in [(two_dirs, ["bank", "legacy"]), (two_dirs / "legacy", [".", "../bank"])]:
        result = run("lint", "--no-cache", "--format", "json", *targets, cwd=cwd)
        found = sorted((Path(f["file"]).name, f["code"]) for f in json.loads(result.stdout))
        assert found == [("flawed.quiz.yaml", "K001"), ("flawed.quiz.yaml", "K002"), ("old.quiz.yaml", "K002")]


def test_per_file_ignores_never_match_the_path_as_seen_from_the_current_directory(run, two_dirs):
    # "legacy/*" names <root>/legacy/; run from bank/, a file bank/legacy/x is "legacy/x" but is not in it
    write(two_dirs / "quizlint.toml", 'select = ["K001", "K002"]\n[per-file-ignores]\n"legacy/*" = ["K001"]\n')
    write(two_dirs / "bank" / "legacy" / "new.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="new"))
    for cwd in (two_dirs, two_dirs / "bank"):
        result = run("lint", "--no-cache", "--format", "json", cwd=cwd)
        found = sorted((Path(f["file"]).name, f["code"]) for f in json.loads(result.stdout))
        assert [finding for finding in found if finding[0] == "new.quiz.yaml"] == [("new.quiz.yaml", "K001"),
                                                                                 ("new.quiz.yaml", "K002")], cwd


@pytest.mark.parametrize("pattern", ["**/legacy/*", "**/old.quiz.yaml", "**/**/legacy/*.quiz.yaml", "legacy/**/*"])
def test_a_double_star_in_per_file_ignores_also_matches_no_folder(run, two_dirs, pattern):
    write(two_dirs / "quizlint.toml", f'select = ["K001", "K002"]\n[per-file-ignores]\n"{pattern}" = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", "bank", "legacy", cwd=two_dirs)
    found = sorted((Path(f["file"]).name, f["code"]) for f in json.loads(result.stdout))
    assert found == [("flawed.quiz.yaml", "K001"), ("flawed.quiz.yaml", "K002"), ("old.quiz.yaml", "K002")]


def test_per_file_ignores_match_a_file_seen_through_a_linked_folder_and_patterns_starting_with_dot_slash(
        run, two_dirs, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    write(elsewhere / "old.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="linked"))
    (two_dirs / "linked").symlink_to(elsewhere, target_is_directory=True)
    write(two_dirs / "quizlint.toml", 'select = ["K001", "K002"]\n[per-file-ignores]\n"linked/*" = ["K001"]\n'
                                      '"./legacy/*" = ["K"]\n')
    result = run("lint", "--no-cache", "--format", "json", "linked", "legacy", cwd=two_dirs)
    assert [(f["file"], f["code"]) for f in json.loads(result.stdout)] == [("linked/old.quiz.yaml", "K002")]


@pytest.mark.parametrize("stored, written", [("NFD", "NFC"), ("NFC", "NFD")])
@pytest.mark.parametrize("pattern", ["ünite/*", "ünite/sınav-ö.quiz.yaml", "sınav-ö.quiz.yaml"])
def test_per_file_ignores_match_names_in_either_unicode_form(run, project, stored, written, pattern):
    # macOS tools may store "ünite" decomposed (u and a combining diaeresis): the pattern, written composed, did not
    # match it
    folder = project / unicodedata.normalize(stored, "ünite")
    write(folder / unicodedata.normalize(stored, "sınav-ö.quiz.yaml"), quiz_yaml(FLAWED_ITEMS, quiz_id="unit"))
    write(project / "quizlint.toml", f'select = ["K001", "K002"]\n[per-file-ignores]\n'
                                     f'"{unicodedata.normalize(written, pattern)}" = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", folder.name, cwd=project)
    assert [f["code"] for f in json.loads(result.stdout)] == ["K002"]


def test_per_file_ignores_accept_names_and_prefixes(run, two_dirs):
    write(two_dirs / "quizlint.toml", 'select = ["K001", "K002"]\n[per-file-ignores]\n"legacy/*" = ["K"]\n'
                                      '"bank/*" = ["missing-key"]\n')
    result = run("lint", "--no-cache", "--format", "json", "bank", "legacy", cwd=two_dirs)
    assert [(f["file"], f["code"]) for f in json.loads(result.stdout)] == [("bank/flawed.quiz.yaml", "K002")]


# --- configured paths --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pattern", ["bank/**", "bank/*", "**/bank/*"])
def test_a_glob_in_paths_takes_quiz_files_not_every_file(run, two_dirs, pattern):
    write(two_dirs / "quizlint.toml", f'paths = ["{pattern}"]\nselect = ["K001"]\n')
    write(two_dirs / "bank" / "README.md", "Some notes.\n")
    write(two_dirs / "bank" / "notes.yaml", "- not a quiz\n")
    result = run("lint", "--no-cache", "--format", "json", cwd=two_dirs)
    assert [f["file"] for f in json.loads(result.stdout)] == ["bank/flawed.quiz.yaml"]


@pytest.mark.parametrize("pattern", ["**/*.quiz.yaml", "**", "*"])
def test_a_glob_in_paths_skips_the_folders_a_folder_search_skips(run, two_dirs, pattern):
    write(two_dirs / "quizlint.toml", f'paths = ["{pattern}"]\nselect = ["K001"]\n')
    for folder in ("node_modules/pkg/examples", ".venv/share"):
        write(two_dirs / folder / "demo.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="demo"))
    result = run("lint", "--no-cache", "--format", "json", cwd=two_dirs)
    assert sorted({f["file"] for f in json.loads(result.stdout)}) == ["bank/flawed.quiz.yaml", "legacy/old.quiz.yaml"]


def test_a_glob_that_names_yaml_files_takes_them(run, two_dirs):
    write(two_dirs / "quizlint.toml", 'paths = ["bank/*.yaml"]\nselect = ["K001"]\n')
    write(two_dirs / "bank" / "legacy.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="legacy"))
    result = run("lint", "--no-cache", "--format", "json", cwd=two_dirs)
    assert [f["file"] for f in json.loads(result.stdout)] == ["bank/flawed.quiz.yaml", "bank/legacy.yaml"]


def test_configured_paths_are_linted_when_no_paths_are_given(run, two_dirs):
    write(two_dirs / "quizlint.toml", 'paths = ["bank/*.quiz.yaml"]\nselect = ["K001"]\n')
    write(two_dirs / "bank" / "deep" / "nested.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="nested"))
    for cwd, prefix in [(two_dirs, "bank/"), (two_dirs / "bank", "")]:
        result = run("lint", "--no-cache", "--format", "json", cwd=cwd)
        assert [f["file"] for f in json.loads(result.stdout)] == [f"{prefix}flawed.quiz.yaml"]
    summary = run("lint", "--no-cache", cwd=two_dirs / "legacy").stdout.splitlines()[-1]
    assert summary == "Found 1 error in 2 files."


def test_configured_directory_and_recursive_glob(run, two_dirs):
    write(two_dirs / "bank" / "deep" / "nested.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="nested"))
    write(two_dirs / "quizlint.toml", 'paths = ["legacy", "bank/**/nested.quiz.yaml"]\nselect = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", cwd=two_dirs)
    assert [f["file"] for f in json.loads(result.stdout)] == ["bank/deep/nested.quiz.yaml", "legacy/old.quiz.yaml"]


def test_paths_on_the_command_line_win_over_configured_paths(run, two_dirs):
    write(two_dirs / "quizlint.toml", 'paths = ["bank"]\nselect = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", "legacy", cwd=two_dirs)
    assert [f["file"] for f in json.loads(result.stdout)] == ["legacy/old.quiz.yaml"]


@pytest.mark.parametrize("entry", ["missing", "bank/*.quiz.yml", "gone/", "**/nothing.quiz.yaml"])
def test_configured_paths_that_find_nothing_are_errors(run, two_dirs, entry):
    config = write(two_dirs / "quizlint.toml", f'paths = ["{entry}"]\n')
    message = usage_error(run, two_dirs / "legacy")
    assert message == (f"quizlint: {config}: `paths` entry {json.dumps(entry)} matches no file or directory "
                       f"(paths are relative to {two_dirs})\n")


def test_a_glob_that_names_a_skipped_folder_takes_what_is_in_it(run, two_dirs):
    write(two_dirs / "quizlint.toml", 'paths = ["vendor/node_modules/**"]\nselect = ["K001"]\n')
    write(two_dirs / "vendor" / "node_modules" / "pkg" / "demo.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="demo"))
    result = run("lint", "--no-cache", "--format", "json", cwd=two_dirs)
    assert sorted({f["file"] for f in json.loads(result.stdout)}) == ["vendor/node_modules/pkg/demo.quiz.yaml"]


@pytest.mark.parametrize("stored, written", [("NFD", "NFC"), ("NFC", "NFD")])
@pytest.mark.parametrize("entry", ["ünite/*.quiz.yaml", "ünite/**/*.quiz.yaml", "*/sınav-ö.quiz.yaml", "ünite",
                                   "ünite/sınav-ö.quiz.yaml"])
def test_configured_paths_match_names_in_either_unicode_form(run, tmp_path, stored, written, entry):
    # macOS tools may store "ünite" decomposed (u and a combining diaeresis): the entry, written composed, found
    # nothing
    write(tmp_path / unicodedata.normalize(stored, "ünite") / unicodedata.normalize(stored, "sınav-ö.quiz.yaml"),
          quiz_yaml(FLAWED_ITEMS, quiz_id="unit"))
    write(tmp_path / "quizlint.toml", f'paths = ["{unicodedata.normalize(written, entry)}"]\nselect = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", cwd=tmp_path)
    assert result.exit_code == 1, result.output + result.stderr
    assert [unicodedata.normalize("NFC", f["file"]) for f in json.loads(result.stdout)] == ["ünite/sınav-ö.quiz.yaml"]


@pytest.mark.parametrize("folder", ["Quizzes [2024]", "bank*", "what?"])
def test_a_glob_in_paths_works_in_a_folder_whose_name_has_glob_characters(run, tmp_path, folder):
    root = tmp_path / folder
    write(root / "content" / "flawed.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"))
    write(root / "quizlint.toml", 'paths = ["content/*.quiz.yaml"]\nselect = ["K001"]\n')
    result = run("lint", "--no-cache", "--format", "json", cwd=root)
    assert result.exit_code == 1, result.output + result.stderr
    assert [f["file"] for f in json.loads(result.stdout)] == ["content/flawed.quiz.yaml"]


def test_a_glob_in_paths_never_takes_a_sibling_bank_its_folder_name_would_match_as_a_pattern(run, tmp_path):
    # unescaped, "<tmp>/bank[1]/content/*.quiz.yaml" matches <tmp>/bank1/: lint and fix would work on that bank
    mine, sibling = tmp_path / "bank[1]", tmp_path / "bank1"
    write(mine / "content" / "mine.quiz.yaml", quiz_yaml(CLEAN_ITEMS, quiz_id="mine"))
    other = write(sibling / "content" / "other.quiz.yaml", quiz_yaml(FLAWED_ITEMS.replace(
        "    - text: Venus\n", "    - text: Venus\n    - text: {en: All of the above, tr: Hepsi}\n"), quiz_id="other"))
    before = other.read_bytes()
    write(mine / "quizlint.toml", 'paths = ["content/*.quiz.yaml"]\n')
    result = run("lint", "--no-cache", "--format", "json", "--exit-zero", cwd=mine)
    assert result.exit_code == 0, result.output + result.stderr
    assert json.loads(result.stdout) == []
    assert run("lint", "--no-cache", cwd=mine).stdout == "All clean: 1 file checked, no problems.\n"
    fixed = run("fix", cwd=mine)
    assert "other.quiz.yaml" not in fixed.output + fixed.stderr
    assert other.read_bytes() == before
