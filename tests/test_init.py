"""`quizlint init [DIR]`: a bank skeleton that lints clean and never overwrites a file without --force (issue 27)."""

from __future__ import annotations

import json
import re

import yaml

from conftest import ROOT

FILES = ["quizlint.toml", "glossary.yaml", "quizzes/example.quiz.yaml", "schema/quiz.schema.json",
         "schema/glossary.schema.json", ".pre-commit-config.yaml", ".github/workflows/quizlint.yml"]


def test_init_then_lint_exits_0(run, tmp_path):
    bank = tmp_path / "bank"
    result = run("init", bank)
    assert result.exit_code == 0, result.output
    assert sorted(str(path.relative_to(bank)) for path in bank.rglob("*") if path.is_file()) == sorted(FILES)
    lint = run("lint", "--no-cache", cwd=bank)
    assert lint.exit_code == 0, lint.output
    assert "1 file checked, no problems" in lint.stdout
    every_rule = run("lint", "--no-cache", "--select", "ALL", "--fail-on", "info", cwd=bank)  # not even an info
    assert every_rule.exit_code == 0, every_rule.output
    assert run("init", cwd=tmp_path / "bank" / "quizzes").exit_code == 0  # DIR defaults to the current folder
    assert (bank / "quizzes" / "quizlint.toml").is_file()


def test_init_example_is_bilingual_reviewed_and_valid_against_its_schema(run, tmp_path):
    import jsonschema

    assert run("init", tmp_path).exit_code == 0
    text = (tmp_path / "quizzes" / "example.quiz.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schema/quiz.schema.json\n")
    quiz = yaml.safe_load(text)
    assert quiz["languages"] == ["en", "tr"]
    assert {item["translations"]["tr"]["status"] for item in quiz["items"]} == {"reviewed"}
    schema = json.loads((tmp_path / "schema" / "quiz.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(quiz)
    assert (tmp_path / "glossary.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=schema/glossary.schema.json\n")
    # the schemas are the project's own
    assert (tmp_path / "schema" / "quiz.schema.json").read_text(encoding="utf-8") == run("schema", "quiz").stdout


def test_init_hook_and_workflow(run, tmp_path):
    assert run("init", tmp_path).exit_code == 0
    hooks = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks["repos"][0]["hooks"]
    published = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))[0]
    assert (hook["id"], hook["entry"], hook["files"], hook["pass_filenames"]) == (
        "quizlint", published["entry"], published["files"], False)
    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "quizlint.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["lint"]["steps"]
    lint = next(step["run"] for step in steps if "quizlint lint" in step.get("run", ""))
    sarif = re.search(r"--format sarif -o (\S+)", lint).group(1)
    upload = next(step for step in steps if step.get("uses", "").startswith("github/codeql-action/upload-sarif@"))
    assert upload["with"]["sarif_file"] == sarif and upload["if"] == "always()"
    assert workflow["permissions"]["security-events"] == "write"


def test_init_refuses_to_overwrite_existing_files_without_force(run, tmp_path):
    (tmp_path / "quizlint.toml").write_text('paths = ["mine"]\n', encoding="utf-8")
    result = run("init", tmp_path)
    assert result.exit_code == 1
    assert "quizlint.toml exists; nothing was written (use --force to overwrite)" in result.stderr
    assert (tmp_path / "quizlint.toml").read_text(encoding="utf-8") == 'paths = ["mine"]\n'
    assert sorted(path.name for path in tmp_path.iterdir()) == ["quizlint.toml"]  # nothing else either
    forced = run("init", "--force", tmp_path)
    assert forced.exit_code == 0, forced.output
    assert 'paths = ["quizzes"]' in (tmp_path / "quizlint.toml").read_text(encoding="utf-8")
    assert run("lint", "--no-cache", cwd=tmp_path).exit_code == 0


def test_init_into_a_file_is_a_usage_error(run, tmp_path):
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    result = run("init", tmp_path / "taken")
    assert result.exit_code == 2 and "Traceback" not in result.output
