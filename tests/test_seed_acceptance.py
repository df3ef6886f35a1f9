"""Acceptance tests of issue 3 on the raw seed quizzes (../shared/seeds/) and on the real content.

The seeds are plain text: a title, numbered questions and their options on lines starting with `•`, a mix
of Turkish and English (some texts were never translated, "safetensors" was machine-translated literally
as "emniyet tensörleri"). Each test turns them into quiz files the way the issue says — every text in the
`tr` field of a `languages: [tr, en]` quiz — and lints them through the CLI.

Which texts are still English is written down here by seed line number, read off the seeds by a person,
so the language identifier is checked against an independent answer, not against itself.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from conftest import CONTENT, shared_dir
from quizlint.load import load_document

SEED_000 = "000_30d6e60471c39c99.txt"  # checkpoint sharding and resumable training
SEED_002 = "002_4a9197a1c6ba9112.txt"  # model quantization

# Lines (1-based) of each seed whose question or option is in English.
ENGLISH_LINES = {
    SEED_000: {10, 12, 13, 14, 20, 21, 22, 23, 24, *range(35, 45)},
    SEED_002: {5, 10, 11, 12, 13, 14, *range(35, 45)},
}
# Lines that are names, not text in any language: never a wrong-language finding.
NAME_LINES = {SEED_000: {31, 32}, SEED_002: {28}}  # MP3, CSV; QLoRA
# The right option of each question (0-based), worked out from the content.
ANSWER_KEYS = {
    SEED_000: [3, 1, 2, 0, 1, 2, 0, 3],
    SEED_002: [0, 2, 1, 3, 2, 0, 3, 1],
}
SEED_GLOSSARY = {
    "terms": [
        {"term": "safetensors", "translate": False, "forbidden": {"tr": ["emniyet tensörleri"]}},
    ]
}
_QUESTION = re.compile(r"^(\d+)\.\s+(.*\S)\s*$")
_OPTION = re.compile(r"^\s*•\s*(.*\S)\s*$")


@dataclass
class SeedText:
    line: int
    text: str


@dataclass
class SeedQuestion:
    number: int
    stem: SeedText
    options: list[SeedText]


def parse_seed(path: Path) -> tuple[str, list[SeedQuestion]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    title = lines[0].strip()
    questions: list[SeedQuestion] = []
    for number, line in enumerate(lines, start=1):
        if match := _QUESTION.match(line):
            questions.append(SeedQuestion(int(match.group(1)), SeedText(number, match.group(2)), []))
        elif (match := _OPTION.match(line)) and questions:
            questions[-1].options.append(SeedText(number, match.group(1)))
    return title, questions


def item_id(name: str, number: int) -> str:
    return f"s{name[:3]}-q{number}"  # unique across the bank


def seed_quiz(name: str, keys: list[int] | None = None) -> dict:
    title, questions = parse_seed(shared_dir("seeds") / name)
    items = []
    for index, question in enumerate(questions):
        options = []
        for position, option in enumerate(question.options):
            entry: dict = {"text": {"tr": option.text}}
            if keys is not None and keys[index] == position:
                entry["correct"] = True
            options.append(entry)
        items.append({"id": item_id(name, question.number), "type": "single", "stem": {"tr": question.stem.text},
                      "options": options})
    return {"quizlint": 1, "id": f"seed-{name[:3]}", "languages": ["tr", "en"], "title": {"tr": title},
            "items": items}


def write_yaml(path: Path, data: dict) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")
    return path


def write_seed_bank(directory: Path, with_keys: bool = False) -> None:
    for name in (SEED_000, SEED_002):
        write_yaml(directory / f"seed-{name[:3]}.quiz.yaml", seed_quiz(name, ANSWER_KEYS[name] if with_keys else None))
    write_yaml(directory / "glossary.yaml", SEED_GLOSSARY)


def lint_json(run, *args) -> list[dict]:
    result = run("lint", "--format", "json", "--no-cache", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def seed_labels(name: str) -> dict[tuple[str, str], int]:
    """(item id, field label as in messages) → seed line number."""
    _, questions = parse_seed(shared_dir("seeds") / name)
    labels = {}
    for question in questions:
        item = item_id(name, question.number)
        labels[(item, "stem")] = question.stem.line
        for position, option in enumerate(question.options):
            labels[(item, f"option {chr(ord('A') + position)}")] = option.line
    return labels


def seed_lines_with(findings: list[dict], rule: str, name: str) -> set[int]:
    labels = seed_labels(name)
    lines = set()
    for finding in findings:
        if finding["rule"] == rule and Path(finding["file"]).name == f"seed-{name[:3]}.quiz.yaml":
            label = finding["message"].split(":", 1)[0]
            lines.add(labels[(finding["item"], label)])
    return lines


@pytest.fixture(scope="module")
def seed_findings(tmp_path_factory):
    from click.testing import CliRunner

    from quizlint.cli import cli

    directory = tmp_path_factory.mktemp("seeds")
    write_seed_bank(directory)
    result = CliRunner().invoke(cli, ["lint", "--format", "json", "--no-cache", str(directory)],
                                catch_exceptions=False)
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


def test_seed_parsing_matches_the_seed_description():
    for name in (SEED_000, SEED_002):
        _, questions = parse_seed(shared_dir("seeds") / name)
        assert [question.number for question in questions] == list(range(1, 9))
        assert all(len(question.options) == 4 for question in questions)


def test_missing_key_on_every_seed_item(seed_findings):
    missing = {(Path(f["file"]).name, f["item"]) for f in seed_findings if f["rule"] == "missing-key"}
    assert missing == {(f"seed-{name[:3]}.quiz.yaml", item_id(name, number))
                       for name in (SEED_000, SEED_002) for number in range(1, 9)}


@pytest.mark.parametrize("name", [SEED_000, SEED_002])
def test_wrong_language_on_every_english_text_and_no_turkish_one(seed_findings, name):
    flagged = seed_lines_with(seed_findings, "wrong-language", name)
    assert flagged == ENGLISH_LINES[name]


@pytest.mark.parametrize("name", [SEED_000, SEED_002])
def test_no_wrong_language_on_names(seed_findings, name):
    names = {text.text for question in parse_seed(shared_dir("seeds") / name)[1] for text in question.options
             if text.line in NAME_LINES[name]}
    assert names <= {"MP3", "CSV", "QLoRA"} and names
    assert not seed_lines_with(seed_findings, "wrong-language", name) & NAME_LINES[name]


def test_wrong_language_findings_name_the_languages(seed_findings):
    messages = [f["message"] for f in seed_findings if f["rule"] == "wrong-language"]
    assert messages and all("looks like English, not Turkish" in message for message in messages)


def test_glossary_term_on_emniyet_tensorleri(seed_findings):
    hits = [f for f in seed_findings if f["rule"] == "glossary-term"]
    assert len(hits) == 1
    assert hits[0]["item"] == item_id(SEED_000, 6) and "emniyet tensörleri" in hits[0]["message"]
    assert seed_labels(SEED_000)[(item_id(SEED_000, 6), hits[0]["message"].split(":", 1)[0])] == 33


def test_the_answer_keys_give_the_length_cue():
    """Sanity check of ANSWER_KEYS: the key is the longest option in 7 of the 8 items of each quiz."""
    for name, keys in ANSWER_KEYS.items():
        _, questions = parse_seed(shared_dir("seeds") / name)
        longest = [max(range(4), key=lambda i: len(question.options[i].text)) for question in questions]
        assert sum(1 for key, best in zip(keys, longest) if key == best) == 7


def test_longest_option_bank_reports_the_seed_length_cue(run, tmp_path):
    from quizlint.rules.base import find_rule

    if find_rule("longest-option-bank") is None:
        pytest.skip("rule longest-option-bank is not implemented yet (bias rules, B family)")
    write_seed_bank(tmp_path, with_keys=True)
    findings = lint_json(run, "--select", "longest-option-bank", str(tmp_path))
    assert {f["rule"] for f in findings} == {"longest-option-bank"}
    assert {Path(f["file"]).name for f in findings} == {"seed-000.quiz.yaml", "seed-002.quiz.yaml"}
    assert all(re.search(r"\b7\b.*\b8\b", f["message"]) for f in findings), findings
    without_keys = tmp_path / "unkeyed"
    without_keys.mkdir()
    write_seed_bank(without_keys)
    assert lint_json(run, "--select", "longest-option-bank", str(without_keys)) == []


# ------------------------------------------------------------------------------------------- content


def _content_quizzes() -> list[Path]:
    quizzes = sorted(CONTENT.glob("*.quiz.yaml"))
    if not quizzes or not (CONTENT / "glossary.yaml").is_file():
        pytest.skip("content/ has no quiz files and glossary yet")
    return quizzes


def _options_with_safetensors(path: Path) -> list[tuple[tuple, object]]:
    document, _ = load_document(path)
    found = []
    for i, item in enumerate(document.data.get("items", [])):
        for j, option in enumerate(item.get("options", [])):
            text = option.get("text")
            value = text.get("tr") if isinstance(text, dict) else text
            # (a file name in code, `model-00001-of-00004.safetensors`, is code, not a term to translate)
            if isinstance(value, str) and "safetensors" in re.sub(r"`[^`]*`", "", value).lower():
                found.append((("items", i, "options", j, "text"), text))
    return found


def _translate_safetensors_badly(path: Path, text_path: tuple, text) -> tuple[int, str]:
    """Edit the file in place: that option's Turkish says "emniyet tensörleri". Returns (line, item id)."""
    document, _ = load_document(path)
    lines = path.read_text(encoding="utf-8").split("\n")
    item_id = document.data["items"][text_path[1]]["id"]
    if isinstance(text, dict):
        line, column = document.position(text_path + ("tr",))
        before, after = lines[line - 1][: column - 1], lines[line - 1][column - 1:]
        lines[line - 1] = before + re.sub("safetensors", "emniyet tensörleri", after, count=1, flags=re.I)
    else:  # a language-neutral plain string becomes a localized text
        line, column = document.position(text_path)
        before, after = lines[line - 1][: column - 1], lines[line - 1][column - 1:]
        scalar = re.match(r"\"[^\"]*\"|'[^']*'|[^#]*?(?=\s*(?:#|$))", after).group(0)
        mapping = json.dumps({"en": text, "tr": text.replace("safetensors", "emniyet tensörleri")},
                             ensure_ascii=False)
        lines[line - 1] = before + mapping + after[len(scalar):]
    path.write_text("\n".join(lines), encoding="utf-8")
    return line, item_id


def test_glossary_term_fires_on_a_mistranslated_content_option(run, tmp_path):
    quizzes = _content_quizzes()
    bank = tmp_path / "content"
    shutil.copytree(CONTENT, bank)
    candidates = [(bank / path.name, text_path, text) for path in quizzes
                  for text_path, text in _options_with_safetensors(path)]
    if not candidates:
        pytest.skip("no option of content/ mentions safetensors")
    clean = [f for f in lint_json(run, "--select", "glossary-term", str(bank))]
    assert clean == []
    for path, text_path, text in candidates:
        original = path.read_text(encoding="utf-8")
        line, item_id = _translate_safetensors_badly(path, text_path, text)
        findings = lint_json(run, "--select", "glossary-term", str(bank))
        assert [(Path(f["file"]).name, f["line"], f["item"]) for f in findings] == [(path.name, line, item_id)]
        assert "emniyet tensörleri" in findings[0]["message"] and "safetensors" in findings[0]["message"]
        path.write_text(original, encoding="utf-8")
