"""The real bank (`content/`) exports to every format, and every file validates against the real schemas."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from lxml import etree

from conftest import CONTENT, ROOT
from quizlint.export import FORMATS
from quizlint.export._common import MOODLE_FRACTIONS
from quizlint.model import read_quiz
from test_export_support import PARSER, dtd_errors, qti_package_errors, zip_entries

ACCEPTED = {float(value) for value in MOODLE_FRACTIONS} | {-float(value) for value in MOODLE_FRACTIONS}


def content_quizzes() -> list:
    return [read_quiz(path)[0].quiz for path in sorted(CONTENT.glob("*.quiz.yaml"))] if CONTENT.is_dir() else []


@pytest.fixture(scope="module")
def quizzes():
    found = content_quizzes()
    if not found:
        pytest.skip(f"no content yet: {CONTENT} has no *.quiz.yaml")
    return found


@pytest.fixture(scope="module")
def exported(quizzes, tmp_path_factory):
    """Every format of content/, exported once through the CLI without --force (content must lint clean)."""
    from click.testing import CliRunner

    from quizlint.cli import cli

    folder = tmp_path_factory.mktemp("content-export")
    files = {}
    for name in FORMATS:
        lang = ["--lang", "all"] if name in ("qti21", "qti30") else []
        out = folder / name
        result = CliRunner().invoke(cli, ["export", "--to", name, *lang, "-o", str(out), str(CONTENT)])
        assert result.exit_code == 0, result.output
        files[name] = out.read_bytes()
    return files


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_qti_items_tests_and_manifest_validate(exported, quizzes, fmt):
    assert qti_package_errors(fmt, exported[fmt]) == {}
    entries = zip_entries(exported[fmt])
    items = sum(len(quiz.items) * len(quiz.languages) for quiz in quizzes)
    assert len([name for name in entries if "/items/" in name]) == items


def test_canvas_validates_against_the_dtd(exported, quizzes):
    entries = zip_entries(exported["canvas"])
    for quiz in quizzes:
        assert dtd_errors(entries[f"{quiz.id}/{quiz.id}.xml"]) is None
        assert f"{quiz.id}/assessment_meta.xml" in entries


def test_json_validates_against_its_schema(exported, quizzes):
    schema = json.loads((ROOT / "schema" / "export.schema.json").read_text(encoding="utf-8"))
    document = json.loads(exported["json"])
    jsonschema.Draft202012Validator(schema).validate(document)
    assert [quiz["id"] for quiz in document["quizzes"]] == [quiz.id for quiz in quizzes]


def test_moodle_questions_have_right_fractions_idnumbers_and_language_spans(exported, quizzes):
    root = etree.fromstring(exported["moodle"], PARSER)
    questions = {q.findtext("idnumber"): q for q in root.iter("question") if q.get("type") != "category"}
    for quiz in quizzes:
        for item in quiz.items:
            question = questions.pop(item.id)
            fractions = [float(answer.get("fraction")) for answer in question.findall("answer")]
            if item.type == "ordering":  # (qtype_ordering: each answer's fraction is its position)
                assert fractions == list(range(1, len(item.sequence) + 1))
                continue
            assert set(fractions) <= ACCEPTED
            if item.type in ("numerical", "short_answer"):
                assert max(fractions) == 100 and len(fractions) >= len(item.answers)
            elif item.type in ("matching", "essay"):
                assert fractions == []
            elif item.type == "true_false":
                assert fractions == ([100, 0] if item.answer else [0, 100])
            else:
                assert [fraction > 0 for fraction in fractions] == [option.correct for option in item.options]
                assert sum(fraction for fraction in fractions if fraction > 0) == pytest.approx(100, abs=1e-3)
            html = question.findtext("questiontext/text")
            if len(quiz.languages) > 1 and isinstance(item.stem, dict):
                assert re.findall(r'<span lang="([\w-]+)" class="multilang">', html) == quiz.languages
                assert re.search(r"</span>\s+<span", html) is None
    assert questions == {}


def test_text_formats_carry_every_item(exported, quizzes):
    gift = exported["gift"].decode("utf-8")
    aiken_answers = exported["aiken"].decode("utf-8").count("\nANSWER: ")
    for quiz in quizzes:
        for item in quiz.items:
            assert (f"::{item.id}::[markdown]" in gift) == (item.type != "ordering")  # GIFT has no ordering
    assert aiken_answers == sum(1 for quiz in quizzes for item in quiz.items if item.type in ("single", "true_false"))
