"""`quizlint export --to json`: the normalised bank, valid against the published export schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from conftest import ROOT
from test_export_support import export, load_models, write_bank

SCHEMA_FILE = ROOT / "schema" / "export.schema.json"


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


def test_committed_schema_is_the_generated_one(run):
    result = run("schema", "export")
    assert result.exit_code == 0
    assert SCHEMA_FILE.read_text(encoding="utf-8") == result.stdout, \
        "schema/export.schema.json is stale: regenerate it with `quizlint schema export > schema/export.schema.json`"


def test_export_validates_against_the_schema(run, bank, tmp_path):
    document = json.loads(export(run, "json", bank, tmp_path / "out.json"))
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(document)
    broken = {**document, "quizzes": [{**document["quizzes"][0], "items": [{"id": "x"}]}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(broken)


def test_texts_are_normalised_per_language(run, bank, tmp_path):
    document = json.loads(export(run, "json", bank, tmp_path / "out.json"))
    models = load_models(bank)
    alpha = document["quizzes"][0]
    assert (alpha["id"], alpha["source_language"], alpha["languages"]) == ("alpha", "en", ["en", "tr"])
    capital = alpha["items"][0]
    assert capital["options"][1] == {"text": {"en": "Ankara", "tr": "Ankara"}, "correct": True, "fixed": False,
                                      "feedback": {"en": "Right: since 1923.", "tr": "Doğru: 1923'ten beri."},
                                      "credit": None}
    assert capital["stem"] == models["alpha"].items[0].stem
    earth = alpha["items"][2]
    assert (earth["type"], earth["answer"], earth["options"]) == ("true_false", True, [])
    assert document["quizzes"][1]["items"][0]["points"] == 1.5


def test_one_language(run, bank, tmp_path):
    document = json.loads(export(run, "json", bank, tmp_path / "out.json", "--lang", "tr"))
    stems = [item["stem"] for quiz in document["quizzes"] for item in quiz["items"]]
    assert all(list(stem) == ["tr"] for stem in stems)
