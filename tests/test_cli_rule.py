"""`quizlint rule`: the list of rules, and the explanation of one rule or built-in code."""

from __future__ import annotations

import json

import pytest

from quizlint.rules._builtin import builtin_rules
from quizlint.rules.base import all_rules

EVERY_CODE = [rule.code for rule in all_rules()] + [rule.code for rule in builtin_rules()]


def table_rows(output: str) -> list[list[str]]:
    """Split the aligned table on the column starts of its header line."""
    lines = output.splitlines()
    header = lines[0]
    starts = [header.index(column) for column in ("CODE", "NAME", "SEVERITY", "DEFAULT", "FIXABLE", "SUMMARY")]
    bounds = list(zip(starts, starts[1:] + [None]))
    return [[line[start:end].strip() for start, end in bounds] for line in lines]


def test_list_shows_every_rule_and_built_in_code_aligned(run):
    result = run("rule")
    assert result.exit_code == 0
    rows = table_rows(result.stdout)
    assert rows[0] == ["CODE", "NAME", "SEVERITY", "DEFAULT", "FIXABLE", "SUMMARY"]
    by_code = {row[0]: row for row in rows[1:]}
    assert sorted(by_code) == sorted(EVERY_CODE) and len(rows) - 1 == len(EVERY_CODE)
    assert by_code["W007"][1:5] == ["k-type", "warning", "off", ""]
    assert by_code["W009"][1:5] == ["numeric-order", "warning", "on", "yes"]
    assert by_code["K006"][2] == "info" and by_code["W010"][2] == "info"
    assert by_code["Y002"][1:4] == ["duplicate-key", "error", "always"]
    assert by_code["Q001"][1:4] == ["unused-suppression", "warning", "always"]
    for rule in all_rules():
        assert by_code[rule.code] == [rule.code, rule.name, rule.severity, "on" if rule.default_enabled else "off",
                                      "yes" if rule.fixable else "", rule.summary]


def test_list_as_json(run):
    result = run("rule", "--format", "json")
    assert result.exit_code == 0
    entries = json.loads(result.stdout)
    assert [entry["code"] for entry in entries] == sorted(EVERY_CODE)
    negative = next(entry for entry in entries if entry["name"] == "negative-stem")
    assert negative == {"code": "W003", "name": "negative-stem", "severity": "warning", "scope": "item",
                        "default_enabled": True, "builtin": False, "fixable": False,
                        "options": {"require-emphasis": True}, "option_limits": {}, "summary": negative["summary"]}
    wrong_language = next(entry for entry in entries if entry["code"] == "T004")
    assert wrong_language["option_limits"] == {"min-letters": [0, None], "margin": [0, 1]}
    assert next(entry for entry in entries if entry["code"] == "S002")["builtin"] is True


def test_explain_by_code_or_name_ruff_style(run):
    by_code = run("rule", "W003")
    assert by_code.exit_code == 0
    lines = by_code.stdout.splitlines()
    assert lines[0] == "W003 negative-stem (warning, default on)"
    assert lines[2].startswith("The question is asked negatively")
    for section in ("## What it does", "## Why it matters", "## Example", "## Use instead", "## How to fix",
                    "## Options", "## Configuration", "## Word lists"):
        assert section in lines, section
    assert "[rules.negative-stem]\nrequire-emphasis = true" in by_code.stdout
    assert "`değil*`" in by_code.stdout and "`*maz`" in by_code.stdout  # the Turkish lists, from the lexicon
    assert run("rule", "negative-stem").stdout == by_code.stdout
    assert run("rule", "w003").stdout == by_code.stdout


def test_configuration_section_shows_the_bounds_of_numeric_options(run):
    explained = run("rule", "translation-length").stdout
    assert "[rules.translation-length]\nmin-ratio = 0.5  # at least 0\nmax-ratio = 2.0  # at least 0\n" in explained
    assert "margin = 0.5  # between 0 and 1" in run("rule", "T004").stdout


def test_title_line_marks_off_by_default_and_fixable(run):
    assert run("rule", "k-type").stdout.splitlines()[0] == "W007 k-type (warning, default off)"
    assert run("rule", "W009").stdout.splitlines()[0] == "W009 numeric-order (warning, default on, fixable)"
    assert run("rule", "K006").stdout.splitlines()[0] == "K006 key-is-all-or-none (info, default on)"


def test_word_lists_are_shown_for_lexicon_rules_only(run):
    absolute = run("rule", "absolute-terms").stdout
    assert "`her zaman|durumda|koşulda`" in absolute and "`always`" in absolute and "not counted" in absolute
    assert "## Word lists" not in run("rule", "K004").stdout


def test_built_in_codes_are_explained(run):
    result = run("rule", "Y002")
    assert result.exit_code == 0
    assert result.stdout.startswith("Y002 duplicate-key (error, always on)\n\nA mapping has the same key twice.")
    assert run("rule", "duplicate-key").stdout == result.stdout
    assert run("rule", "unused-suppression").stdout.startswith("Q001 unused-suppression (warning, always on)")


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_code_can_be_explained(run, code):
    result = run("rule", code)
    assert result.exit_code == 0
    assert result.stdout.startswith(code + " ") and "## What it does" in result.stdout


@pytest.mark.parametrize("key, hint", [("W999", None), ("negativ-stem", "did you mean negative-stem?"),
                                       ("dupliate-option", "did you mean duplicate-option")])
def test_unknown_rule_exits_2_with_a_message(run, key, hint):
    result = run("rule", key)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"unknown rule {key!r}" in result.stderr and "quizlint rule" in result.stderr
    if hint:
        assert hint in result.stderr


def test_rule_in_a_real_process_is_deterministic(run_process):
    first = run_process("rule")
    second = run_process("rule")
    assert first.returncode == 0 and first.stdout == second.stdout and first.stderr == ""
    explained = run_process("rule", "fill-in-the-blank")
    assert explained.returncode == 0
    assert explained.stdout.splitlines()[0] == "W006 fill-in-the-blank (warning, default on)"
    assert "`\\_\\_\\_`" in explained.stdout
    unknown = run_process("rule", "nope")
    assert unknown.returncode == 2 and "unknown rule 'nope'" in unknown.stderr and "Traceback" not in unknown.stderr
