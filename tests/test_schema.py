"""The committed JSON Schemas: generated from the models, valid draft 2020-12, documented on every field, and
in agreement with the models on real content and on broken fixtures."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from conftest import CONTENT, ROOT
from quizlint.load import load_document
from quizlint.model import read_glossary, read_quiz
from quizlint.model.schema import SCHEMAS, render

SCHEMA_DIR = ROOT / "schema"
BROKEN = ROOT / "tests" / "fixtures" / "broken"
KINDS = sorted(SCHEMAS)


def committed(kind: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(committed(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_committed_schema_is_the_generated_one(kind, run):
    path = SCHEMA_DIR / f"{kind}.schema.json"
    hint = f"{path.relative_to(ROOT)} is out of date: regenerate it with `quizlint schema {kind} > {path.relative_to(ROOT)}`"
    assert path.is_file(), hint
    printed = run("schema", kind)
    assert printed.exit_code == 0
    assert path.read_text(encoding="utf-8") == printed.stdout, hint
    assert printed.stdout == render(SCHEMAS[kind]()), "generation must be deterministic"


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_draft_2020_12_with_an_id(kind):
    schema = committed(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://quizlint.dev/schema/{kind}.schema.json"


def _undocumented(node, where: str = "#") -> list[str]:
    """Every property and every $defs entry without a title or a description."""
    missing = []
    if isinstance(node, dict):
        named = {**{f"{where}/properties/{k}": v for k, v in node.get("properties", {}).items()},
                 **{f"{where}/$defs/{k}": v for k, v in node.get("$defs", {}).items()}}
        for path, child in named.items():
            missing += [f"{path} has no {key}" for key in ("title", "description") if not child.get(key)]
        for key, value in node.items():
            missing += _undocumented(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            missing += _undocumented(value, f"{where}/{index}")
    return missing


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_and_definition_has_title_and_description(kind):
    schema = committed(kind)
    assert schema.get("title") and schema.get("description")
    assert _undocumented(schema) == []


def test_text_fields_keep_their_own_title_and_description():
    defs = committed("quiz")["$defs"]
    stem = defs["Item"]["properties"]["stem"]
    assert stem["$ref"] == "#/$defs/Text"
    assert (stem["title"], stem["description"]) == ("Stem", "The question, per language (Markdown).")
    feedback = defs["Option"]["properties"]["feedback"]
    assert feedback["title"] == "Feedback" and "chose this option" in feedback["description"]
    assert {"$ref": "#/$defs/Text"} in feedback["anyOf"]
    assert defs["Text"]["title"] == "Text" and "language-neutral" in defs["Text"]["description"]


def content_files() -> list:
    return sorted(CONTENT.glob("*.quiz.yaml"))


def test_schema_validates_every_content_quiz():
    files = content_files()
    if not files:
        pytest.skip("content/ has no quiz files yet")
    for path in files:
        document, findings = load_document(path)
        assert findings == [], findings
        errors = [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
                  for error in validator("quiz").iter_errors(document.data)]
        assert errors == [], f"{path.name}: {errors}"
        quiz_file, findings = read_quiz(path)
        assert quiz_file is not None and findings == []


def test_schema_validates_the_content_glossary():
    path = CONTENT / "glossary.yaml"
    if not path.is_file():
        pytest.skip("content/glossary.yaml does not exist yet")
    document, findings = load_document(path)
    assert findings == []
    assert list(validator("glossary").iter_errors(document.data)) == []
    assert read_glossary(path)[1] == []


def broken_documents() -> list:
    """Broken fixtures that load as YAML: their problem is the structure, which both schema and models judge."""
    loaded = []
    for path in sorted(BROKEN.glob("*.quiz.yaml")):
        document, findings = load_document(path)
        if document is not None:
            loaded.append(pytest.param(path, document, id=path.name))
    return loaded


def test_structural_fixtures_are_among_the_broken_ones():
    names = {param.id for param in broken_documents()}
    assert {"wrong-type.quiz.yaml", "unknown-key.quiz.yaml", "missing-field.quiz.yaml",
            "top-level-list.quiz.yaml", "wrong-version.quiz.yaml"} <= names


@pytest.mark.parametrize("path,document", broken_documents())
def test_schema_rejects_what_the_models_reject(path, document):
    _, findings = read_quiz(path)
    assert [finding for finding in findings if finding.code.startswith("S")], "the models accept this fixture"
    assert list(validator("quiz").iter_errors(document.data)), "the schema accepts a fixture the models reject"


@pytest.mark.parametrize("data", [
    {"quizlint": 1, "id": "q", "languages": ["en"], "title": "T", "items": [
        {"id": "a", "stem": "S", "translations": {"t r": {"status": "draft"}}}]},
    {"quizlint": 1, "id": "q", "languages": ["en"], "title": {"english": "T"}},
    {"quizlint": 1, "id": "q", "languages": ["en"], "title": "T", "items": [{"id": "a", "stem": "S", "points": "2"}]},
    {"quizlint": 1, "id": "q", "languages": ["en"], "title": "T", "items": [{"id": "a", "stem": True}]},
    {"quizlint": True, "id": "q", "languages": ["en"], "title": "T"},
])
def test_schema_and_models_agree_on_edge_cases(data, tmp_path):
    path = tmp_path / "edge.quiz.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    _, findings = read_quiz(path)
    assert findings and all(finding.code.startswith("S") for finding in findings)
    assert list(validator("quiz").iter_errors(data))


def test_schema_accepts_language_neutral_and_numeric_texts():
    data = {"quizlint": 1, "id": "q", "languages": ["en", "tr"], "title": "T", "items": [
        {"id": "a", "stem": {"en": "S", "tr": None}, "options": [{"text": 42, "correct": True}, {"text": "MP3"}]}]}
    assert list(validator("quiz").iter_errors(data)) == []
