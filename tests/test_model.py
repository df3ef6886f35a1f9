"""The models: strict about structure, lenient about content; schema errors with exact positions; one broken
item never hides the findings in the others; the text helpers and the source digest."""

from __future__ import annotations

import json

import pytest

from quizlint.load import load_text
from quizlint.model import (
    Item,
    Option,
    Quiz,
    is_neutral,
    item_text_fields,
    option_letter,
    read_glossary,
    read_quiz,
    source_digest,
    text_in,
)
from quizlint.model.build import build_quiz
from test_cli_lint import FLAWED_ITEMS

HEADER = "quizlint: 1\nid: demo\nlanguages: [en, tr]\ntitle: {en: Demo, tr: Deneme}\nitems:\n"


def build(text: str):
    document, findings = load_text(text, "demo.quiz.yaml")
    assert findings == [], findings
    return build_quiz(document)


def codes_at(findings) -> list[tuple[str, int, int]]:
    return [(finding.code, finding.line, finding.column) for finding in findings]


# --- structure errors with positions -----------------------------------------------------------------------------

@pytest.mark.parametrize("item_yaml,expected,words", [
    ("  - id: a\n    stem: S\n    options: [{text: A, correct: maybe}]\n", ("S001", 8, 34),
     "items[0].options[0].correct: expected true or false (got 'maybe')"),
    ("  - id: a\n    stem: S\n    colour: red\n", ("S002", 8, 5), "unknown key 'colour' in items[0]"),
    ("  - id: a\n    options: []\n", ("S003", 6, 5), "missing required key 'stem' in items[0]"),
    ("  - id: a b\n    stem: S\n", ("S001", 6, 9), "'a b' is not an id"),
    ("  - id: a\n    stem: S\n    type: choice\n", ("S001", 8, 11),
     "items[0].type: input should be 'single', 'multiple', 'true_false', 'numerical', 'short_answer', 'matching', 'ordering' or 'essay' (got 'choice')"),
    ("  - id: a\n    stem: {english: S}\n", ("S001", 7, 12), "items[0].stem: key 'english' is not a BCP 47 language tag"),
    ("  - id: a\n    stem: [S]\n", ("S001", 7, 11), "items[0].stem: expected text"),
    ("  - id: a\n    stem: S\n    options: [{text: true}]\n", ("S001", 8, 22), "write it in quotes"),
    ("  - id: a\n    stem: S\n    answer: 'true'\n", ("S001", 8, 13), "expected true or false (got 'true')"),
    ("  - id: a\n    stem: S\n    points: '2'\n", ("S001", 8, 13), "expected a number (got '2')"),
    ("  - id: a\n    stem: S\n    points: 0\n", ("S001", 8, 13), "greater than 0"),
    ("  - id: a\n    stem: S\n    tags: ['']\n", ("S001", 8, 12), "items[0].tags[0]"),
    ("  - id: a\n    stem: S\n    translations: {tr: reviewed}\n", ("S001", 8, 24),
     "items[0].translations.tr: expected a mapping (got 'reviewed')"),
    ("  - id: a\n    stem: S\n    translations: {tr: {status: reviewed, source: XYZ}}\n", ("S001", 8, 51),
     "'XYZ' is not a digest"),
    ("  - 42\n", ("S001", 6, 5), "items[0]: expected a mapping (got 42)"),
])
def test_item_structure_errors_are_positioned(item_yaml, expected, words):
    quiz_file, findings = build(HEADER + item_yaml)
    assert codes_at(findings) == [expected]
    assert words in findings[0].message
    assert quiz_file is not None and quiz_file.quiz.items == []


@pytest.mark.parametrize("header,expected,words", [
    ("quizlint: 2\nid: q\nlanguages: [en]\ntitle: T\n", ("S001", 1, 11), "quizlint: input should be 1 (got 2)"),
    ("quizlint: true\nid: q\nlanguages: [en]\ntitle: T\n", ("S001", 1, 11), "(got true)"),
    ("quizlint: 1\nid: q\nlanguages: []\ntitle: T\n", ("S001", 3, 12), "languages"),
    ("quizlint: 1\nid: q\nlanguages: en\ntitle: T\n", ("S001", 3, 12), "languages: expected a list (got 'en')"),
    ("quizlint: 1\nid: q\nlanguages: [en]\n", ("S003", 1, 1), "missing required key 'title'"),
    ("quizlint: 1\nid: q\nlanguages: [en]\ntitle: T\nitems: {}\n", ("S001", 5, 8), "items: expected a list"),
    ("quizlint: 1\nid: q\nlanguages: [en]\ntitle: T\nauthor: me\n", ("S002", 5, 1), "unknown key 'author'"),
])
def test_header_structure_errors_are_positioned(header, expected, words):
    quiz_file, findings = build(header)
    assert codes_at(findings) == [expected]
    assert words in findings[0].message


def test_invalid_header_still_reports_item_errors():
    quiz_file, findings = build("quizlint: 1\nid: q\ntitle: T\nitems:\n  - id: a\n    stem: S\n    bad: 1\n")
    assert quiz_file is None
    assert codes_at(findings) == [("S003", 1, 1), ("S002", 7, 5)]


def test_one_bad_item_keeps_the_others():
    quiz_file, findings = build(HEADER + "  - id: good-1\n    stem: S\n  - id: bad\n    stem: S\n    extra: 1\n"
                                "  - id: good-2\n    stem: S\n")
    assert codes_at(findings) == [("S002", 10, 5)]
    assert findings[0].item == "bad"
    assert [item.id for item in quiz_file.quiz.items] == ["good-1", "good-2"]
    assert quiz_file.item_indexes == [0, 2]
    assert quiz_file.invalid_item_ids == ["bad"]
    assert quiz_file.position_in_item(1, "stem") == (12, 11)
    assert quiz_file.key_position_in_item(1, "id") == (11, 5)


def test_several_errors_in_one_item_are_all_reported():
    quiz_file, findings = build(HEADER + "  - id: a\n    stem: S\n    options:\n      - {text: A, correct: 1}\n"
                                "      - {text: B, fixed: 'no', note: x}\n")
    assert codes_at(findings) == [("S001", 9, 28), ("S001", 10, 26), ("S002", 10, 32)]


# --- lenient about content -----------------------------------------------------------------------------------------

def test_content_problems_are_not_schema_errors():
    quiz_file, findings = build(HEADER + "  - id: a\n    stem: {en: '', tr: null}\n    options:\n      - text: 42\n"
                                "      - text: {en: Yes}\n    explanation: {en: ~}\n")
    assert findings == []
    item = quiz_file.quiz.items[0]
    assert item.stem == {"en": "", "tr": None}
    assert [option.text for option in item.options] == ["42", {"en": "Yes"}]
    assert not any(option.correct for option in item.options)


def test_defaults():
    item = Item.model_validate({"id": "a", "stem": "S"})
    assert (item.type, item.options, item.answer, item.explanation, item.tags, item.points, item.translations) == (
        "single", [], None, None, [], 1, {})
    option = Option.model_validate({"text": "A"})
    assert (option.correct, option.fixed, option.feedback) == (False, False, None)


def test_quiz_languages():
    quiz = Quiz.model_validate({"quizlint": 1, "id": "q", "languages": ["tr", "en", "de"], "title": "T"})
    assert quiz.source_language == "tr" and quiz.target_languages == ["en", "de"]


# --- texts and digest ----------------------------------------------------------------------------------------------

def test_text_helpers():
    assert text_in("MP3", "tr") == "MP3" and is_neutral("MP3")
    assert text_in({"en": "Yes", "tr": "Evet"}, "tr") == "Evet" and not is_neutral({"en": "Yes"})
    assert text_in({"en": "Yes"}, "tr") is None and text_in(None, "en") is None
    assert [option_letter(i) for i in (0, 1, 25, 26)] == ["A", "B", "Z", "27"]


def test_item_text_fields_in_document_order():
    item = Item.model_validate({"id": "a", "stem": {"en": "S"}, "explanation": "E", "options": [
        {"text": "A", "feedback": {"en": "F"}}, {"text": {"en": "B", "tr": "B"}}]})
    fields = list(item_text_fields(item))
    assert [(field.path, field.label, field.required) for field in fields] == [
        (("stem",), "stem", True),
        (("options", 0, "text"), "option A", True),
        (("options", 0, "feedback"), "option A feedback", False),
        (("options", 1, "text"), "option B", True),
        (("explanation",), "explanation", False),
    ]
    assert fields[0].lang_path("tr") == ("stem", "tr") and fields[1].lang_path("tr") == ("options", 0, "text")


def test_source_digest_follows_source_texts_only():
    base = {"id": "a", "stem": {"en": "Which?", "tr": "Hangisi?"}, "options": [{"text": {"en": "A", "tr": "A"}}]}
    digest = source_digest(Item.model_validate(base), "en")
    assert len(digest) == 8 and int(digest, 16) >= 0
    changed_target = json.loads(json.dumps(base))
    changed_target["stem"]["tr"] = "Hangisidir?"
    assert source_digest(Item.model_validate(changed_target), "en") == digest
    changed_source = json.loads(json.dumps(base))
    changed_source["stem"]["en"] = "Which one?"
    assert source_digest(Item.model_validate(changed_source), "en") != digest
    decomposed = json.loads(json.dumps(base))
    decomposed["stem"]["en"] = "Which?"
    assert source_digest(Item.model_validate(decomposed), "en") == digest


# --- files -----------------------------------------------------------------------------------------------------------

def test_read_quiz_reports_load_errors_without_raising(tmp_path):
    path = tmp_path / "x.quiz.yaml"
    path.write_bytes(b"\xff\xfe")
    quiz_file, findings = read_quiz(path, "x.quiz.yaml")
    assert quiz_file is None and codes_at(findings) == [("Y004", 1, 1)]


def test_glossary_model(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text("terms:\n  - term: safetensors\n    translate: false\n  - term: checkpoint\n"
                    "    translations: {tr: kontrol noktası}\n    forbidden: {tr: [denetim noktası]}\n",
                    encoding="utf-8")
    glossary, findings = read_glossary(path)
    assert findings == []
    assert [(term.term, term.translate) for term in glossary.terms] == [("safetensors", False), ("checkpoint", True)]
    assert glossary.terms[1].forbidden == {"tr": ["denetim noktası"]}
    path.write_text("terms:\n  - term: x\n    forbiden: {tr: [y]}\n", encoding="utf-8")
    glossary, findings = read_glossary(path, "glossary.yaml")
    assert glossary.terms == [] and codes_at(findings) == [("S002", 3, 5)]  # (the broken term is left out)
    assert "unknown key 'forbiden' in terms[0]" in findings[0].message


@pytest.mark.parametrize("text, position, message", [
    ("- term: x\n", (1, 1), "(top level): expected a mapping (got a list)"),
    ("terms: x\n", (1, 8), "terms: expected a list (got 'x')"),
    ("terms:\n", (1, 7), "terms: expected a list (got null)"),
])
def test_a_glossary_that_is_not_a_mapping_with_a_list_of_terms_is_refused_whole(tmp_path, text, position, message):
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    glossary, findings = read_glossary(path, "glossary.yaml")
    assert glossary is None and codes_at(findings) == [("S001", *position)]
    assert findings[0].message == message


def test_each_glossary_term_is_validated_separately(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text("version: 2\nterms:\n  - term: GPU\n    note: 5\n  - 7\n  - term: inference\n"
                    "    translations: {tr: çıkarım}\n  - term: ''\n", encoding="utf-8")
    glossary, findings = read_glossary(path, "glossary.yaml")
    assert [term.term for term in glossary.terms] == ["inference"]
    assert [(finding.code, finding.line, finding.column, finding.message) for finding in findings] == [
        ("S002", 1, 1, "unknown key 'version'"),
        ("S001", 4, 11, "terms[0].note: expected a string (got 5)"),
        ("S001", 5, 5, "terms[1]: expected a mapping (got 7)"),
        ("S001", 8, 11, "terms[3].term: string should have at least 1 character (got '')"),
    ]


# --- through the CLI -------------------------------------------------------------------------------------------------

BROKEN_AND_NESTED_ITEMS = """\
- id: broken
  stem: {en: "Which gas do plants absorb?", tr: "Bitkiler hangi gazı emer?"}
  options:
    - text: {en: Oxygen, tr: Oksijen}
      correct: sometimes
    - text: {en: Carbon dioxide, tr: Karbondioksit}
- id: nested
  stem: {en: "Which is a prime number?", tr: "Hangisi asal sayıdır?"}
  options:
    - text: "4"
    - text: "6"
    - text: {en: Seven, tr: [Yedi]}
      correct: true
"""


def test_one_invalid_item_does_not_hide_findings_in_others(run, write_quiz):
    path = write_quiz(FLAWED_ITEMS + BROKEN_AND_NESTED_ITEMS)
    result = run("lint", "--no-cache", "--format", "json", "--select", "K001,K002", path, cwd=path.parent)
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert [(f["code"], f["line"], f["column"], f["item"]) for f in findings] == [
        ("K001", 9, 7, "no-key"),  # the options list
        ("K002", 17, 9, "two-keys"),  # the second `correct:` key
        ("S001", 22, 18, "broken"),  # `sometimes`
        ("S001", 29, 31, "nested"),  # `[Yedi]`
    ]
    assert all(set(finding) == {"file", "line", "column", "code", "rule", "severity", "message", "item"}
               for finding in findings)
    assert findings[2]["message"] == "items[2].options[0].correct: expected true or false (got 'sometimes')"
    assert findings[3]["message"] == "items[3].options[2].text.tr: expected a string (got a list)"
    assert findings[3]["rule"] == "schema-type" and findings[3]["file"] == "demo.quiz.yaml"


def test_one_invalid_glossary_term_does_not_hide_the_glossary_findings(run, write_quiz):
    # The glossary was validated whole: one bad term was reported and every T005 of the bank disappeared.
    path = write_quiz('- id: i1\n  stem: {en: "Which step runs inference?", tr: "Hangi adım çıkarsama yapar?"}\n'
                      '  options:\n    - text: {en: Serving, tr: Sunma}\n      correct: true\n'
                      '    - text: {en: Training, tr: Eğitim}\n')
    (path.parent / "glossary.yaml").write_text(
        "terms:\n  - term: inference\n    translations: {tr: çıkarım}\n    forbidden: {tr: [çıkarsama]}\n"
        "  - term: GPU\n    translate: false\n    note: 5\n", encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", "T005", cwd=path.parent)
    assert result.exit_code == 1
    assert [(f["file"], f["line"], f["column"], f["code"], f["message"]) for f in json.loads(result.stdout)] == [
        ("demo.quiz.yaml", 7, 50, "T005", "stem: 'çıkarsama' is a forbidden tr rendering of glossary term 'inference' "
                                          "(use 'çıkarım')"),
        ("glossary.yaml", 7, 11, "S001", "terms[1].note: expected a string (got 5)"),
    ]


def test_numbers_of_a_text_mapping_become_text_language_by_language():
    # (one validator call per text turns the numbers of every language: as one per language did)
    from quizlint.load import load_text
    from quizlint.model.types import _number_to_text, _numbers_to_text

    document, _ = load_text("t: {en: 3.10, tr: 007, de: true, fr: null, es: x, it: [1], pt: 1e3}\n")
    text = document.data["t"]
    assert _numbers_to_text(text) == {lang: _number_to_text(value) for lang, value in text.items()}
    assert _numbers_to_text(text)["en"] == "3.10" and _numbers_to_text({"en": "x"}) == {"en": "x"}
    assert _numbers_to_text(text["tr"]) == "007" and _numbers_to_text(True) is True
