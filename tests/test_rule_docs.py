"""Every rule documents itself, and its own examples prove the documentation right.

For each rule (all families: K, T, B, W, D) the docstring must have the sections `quizlint rule` prints, and
the rule, run alone through the real engine (``lint_file`` + ``lint_bank``), must report its failing examples
(`## Example`: every ```yaml block reports at least one finding of the rule) and stay quiet on its passing
ones (`## Use instead`: no finding of the rule).

An example block is one of:
- an item mapping, or a YAML list of items: wrapped into a quiz with ``languages: [en, tr]``;
- a whole quiz file (a mapping with a ``quizlint:`` key);
- a YAML list of quiz files (for bank rules), each written to its own file and linted as one bank.

A ```yaml block in a ``## Glossary`` section is the glossary the examples are checked with. A first line
``# options: {name: value}`` in a block runs the rule with those options for that block. The response rules (R)
give the responses of their examples as ```csv blocks (quizlint's long format) in the same section: the n-th
belongs to the n-th ```yaml block, the last to the blocks after it.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
import yaml

from conftest import quiz_yaml
from quizlint.lint.engine import lint_bank, lint_file
from quizlint.load import load_text
from quizlint.model import read_glossary
from quizlint.rules._builtin import builtin_rules
from quizlint.rules.base import Rule, Selection, all_rules

# Every rule name that issue 3 fixes (users and CI scripts refer to them).
REQUIRED_NAMES = [
    "missing-key", "multiple-keys", "too-few-options", "duplicate-option", "missing-translation", "empty-text",
    "untranslated-copy", "wrong-language", "glossary-term", "lost-markup", "stale-translation",
    "machine-unreviewed", "key-position-bias", "key-over-balanced", "key-middle-bias", "longest-option-key",
    "longest-option-bank", "all-of-the-above", "none-of-the-above", "negative-stem", "absolute-terms",
    "vague-terms", "fill-in-the-blank", "k-type", "true-false-as-choice", "numeric-order", "clang-association",
    "duplicate-id", "duplicate-stem",
]
SECTIONS = ["What it does", "Why it matters", "Example", "Use instead", "How to fix", "Options"]
BUILTIN_SECTIONS = ["What it does", "Why it matters", "Example", "Use instead", "How to fix"]

_YAML_BLOCK = re.compile(r"```yaml\n(.*?)```", re.DOTALL)
_CSV_BLOCK = re.compile(r"```csv\n(.*?)```", re.DOTALL)
_OPTIONS_LINE = re.compile(r"\A#\s*options:\s*(.+)\n")
RULES = all_rules()


def yaml_blocks(rule: Rule, section: str) -> list[str]:
    return _YAML_BLOCK.findall(rule.section(section))


def _shape(block: str):
    document, findings = load_text(block, "<example>")
    assert document is not None, f"example block is not valid YAML: {findings}"
    return document.data


def _list_elements(block: str) -> list[str]:
    """The texts of the elements of a top-level YAML list, each dedented (exactly as written)."""
    elements: list[list[str]] = []
    for line in block.splitlines():
        if line.startswith("- "):
            elements.append(["  " + line[2:]])
        elif elements:
            elements[-1].append(line)
    return [textwrap.dedent("\n".join(lines)) + "\n" for lines in elements]


def example_files(block: str, directory: Path) -> list[Path]:
    """Write one example block as the quiz files it stands for."""
    directory.mkdir(parents=True, exist_ok=True)
    data = _shape(block)
    if isinstance(data, dict) and "quizlint" in data:
        texts = [block]
    elif isinstance(data, list) and data and all(isinstance(entry, dict) and "quizlint" in entry for entry in data):
        texts = _list_elements(block)
    elif isinstance(data, dict):
        texts = [quiz_yaml("- " + textwrap.indent(block, "  ")[2:])]
    elif isinstance(data, list):
        texts = [quiz_yaml(block)]
    else:
        raise AssertionError(f"an example must be an item, a list of items, a quiz file or a list of quiz files:\n{block}")
    paths = []
    for index, text in enumerate(texts):
        path = directory / f"example{index}.quiz.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def glossary_for(rule: Rule, directory: Path):
    blocks = yaml_blocks(rule, "Glossary")
    if not blocks:
        return None
    path = directory / "glossary.yaml"
    path.write_text(blocks[0], encoding="utf-8")
    glossary, findings = read_glossary(path)
    assert glossary is not None, f"{rule.code}: the glossary of the examples does not load: {findings}"
    return glossary


def responses_for(rule: Rule, section: str, number: int) -> str | None:
    """The responses (```csv) of the ``number``-th example of a section, if it has any."""
    blocks = _CSV_BLOCK.findall(rule.section(section))
    return blocks[min(number, len(blocks) - 1)] if blocks else None


def lint_example(rule: Rule, block: str, directory: Path, responses: str | None = None):
    """All findings of linting the example with only ``rule`` enabled (with ``responses``, given as with
    ``quizlint lint --responses``)."""
    from contextlib import nullcontext

    from quizlint.analyze.run import analyse
    from quizlint.model import read_quiz
    from quizlint.rules._responses import responses_given

    options = {}
    match = _OPTIONS_LINE.match(block)
    if match:
        options = yaml.safe_load(match.group(1))
    selection = Selection(enabled={rule.code: rule}, options={rule.code: options})
    paths = example_files(block, directory)
    glossary = glossary_for(rule, directory)
    results = [lint_file(path, path.name, selection, glossary) for path in paths]
    given = nullcontext()
    if responses is not None:
        (directory / "responses.csv").write_text(responses, encoding="utf-8")
        quiz_files = [read_quiz(path, path.name)[0] for path in paths]
        given = responses_given(analyse([directory / "responses.csv"], quiz_files))
    with given:
        return lint_bank(results, selection).findings


def _show(findings) -> str:
    return "\n".join(f"  {f.file}:{f.line}:{f.column}: {f.code} {f.message}" for f in findings) or "  (none)"


def _assert_loads_cleanly(rule: Rule, block: str, findings) -> None:
    broken = [f for f in findings if f.code[0] in "YS"]
    assert not broken, f"{rule.code}: the example does not load:\n{_show(broken)}\n{block}"


# --- structure of every rule -------------------------------------------------------------------------


def test_codes_and_names_are_well_formed_and_unique():
    codes = [rule.code for rule in RULES]
    names = [rule.name for rule in RULES]
    assert all(re.fullmatch(r"[A-Z]\d{3}", code) for code in codes), codes
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", name) for name in names), names
    assert len(set(codes)) == len(codes), sorted(code for code in codes if codes.count(code) > 1)
    assert len(set(names)) == len(names), sorted(name for name in names if names.count(name) > 1)
    builtin = builtin_rules()
    assert not {rule.code for rule in builtin} & set(codes)
    assert not {rule.name for rule in builtin} & set(names)


@pytest.mark.parametrize("name", REQUIRED_NAMES)
def test_every_rule_name_of_the_issue_exists(name):
    assert name in {rule.name for rule in RULES}, f"no rule is called {name!r} yet"


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.code}-{rule.name}")
def test_rule_is_documented(rule: Rule):
    assert rule.severity in ("error", "warning", "info")
    assert rule.scope in ("item", "bank")
    assert isinstance(rule.default_enabled, bool) and isinstance(rule.fixable, bool)
    assert rule.summary, f"{rule.code}: the docstring needs a summary line"
    for title in SECTIONS:
        assert rule.section(title), f"{rule.code} {rule.name}: empty or missing section '## {title}'"
    assert yaml_blocks(rule, "Example"), f"{rule.code}: '## Example' needs a ```yaml block"
    assert yaml_blocks(rule, "Use instead"), f"{rule.code}: '## Use instead' needs a ```yaml block"
    options_doc = rule.section("Options")
    for option in rule.options:
        assert f"`{option}`" in options_doc, f"{rule.code}: option `{option}` is not documented under '## Options'"


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.code}-{rule.name}")
def test_option_limits_bound_numeric_options_and_hold_for_the_defaults(rule: Rule):
    numeric = {name for name, default in rule.options.items()
               if isinstance(default, (int, float)) and not isinstance(default, bool)}
    assert set(rule.option_limits) == numeric, f"{rule.code}: every numeric option needs its bounds"
    for name, (low, high) in rule.option_limits.items():
        assert high is None or low <= high
        assert rule.within_limits(name, rule.options[name]), f"{rule.code}: the default of {name} is out of bounds"
        assert not rule.within_limits(name, low - 1)
        assert high is None or not rule.within_limits(name, high + 0.5)
    if rule.options_error is not None:
        assert rule.options_error(dict(rule.options)) is None, f"{rule.code}: the defaults must be accepted"


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.code}-{rule.name}")
def test_failing_examples_are_reported(rule: Rule, tmp_path):
    for number, block in enumerate(yaml_blocks(rule, "Example")):
        findings = lint_example(rule, block, tmp_path / f"fail{number}", responses_for(rule, "Example", number))
        _assert_loads_cleanly(rule, block, findings)
        own = [f for f in findings if f.code == rule.code]
        assert own, f"{rule.code} {rule.name}: its failing example #{number + 1} reports nothing:\n{block}"
        assert all(f.severity == rule.severity and f.rule == rule.name for f in own)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.code}-{rule.name}")
def test_passing_examples_are_clean(rule: Rule, tmp_path):
    for number, block in enumerate(yaml_blocks(rule, "Use instead")):
        findings = lint_example(rule, block, tmp_path / f"pass{number}", responses_for(rule, "Use instead", number))
        _assert_loads_cleanly(rule, block, findings)
        own = [f for f in findings if f.code == rule.code]
        assert not own, f"{rule.code} {rule.name}: its passing example #{number + 1} is reported:\n{_show(own)}"


# --- the built-in codes (Y, S, Q) ---------------------------------------------------------------------


@pytest.mark.parametrize("rule", builtin_rules(), ids=lambda rule: f"{rule.code}-{rule.name}")
def test_builtin_code_is_documented(rule: Rule):
    assert rule.summary
    for title in BUILTIN_SECTIONS:
        assert rule.section(title), f"{rule.code}: empty or missing section '## {title}'"


def _builtin_findings(block: str, path: Path):
    path.write_text(block, encoding="utf-8")
    selection = Selection.default()
    return lint_bank([lint_file(path, path.name, selection)], selection).findings


@pytest.mark.parametrize("rule", [rule for rule in builtin_rules() if yaml_blocks(rule, "Example")],
                         ids=lambda rule: f"{rule.code}-{rule.name}")
def test_builtin_examples_show_the_problem(rule: Rule, tmp_path):
    for number, block in enumerate(yaml_blocks(rule, "Example")):
        findings = _builtin_findings(block, tmp_path / f"fail{number}.quiz.yaml")
        assert rule.code in {f.code for f in findings}, f"{rule.code}: example #{number + 1} gives\n{_show(findings)}"
    for number, block in enumerate(yaml_blocks(rule, "Use instead")):
        findings = _builtin_findings(block, tmp_path / f"pass{number}.quiz.yaml")
        assert rule.code not in {f.code for f in findings}, _show(findings)
        assert not [f for f in findings if f.code[0] in "YS"], _show(findings)
