"""Numerical, short-answer, matching, ordering and essay items, and partial credit on multiple-answer items
(issue 26): the model, the lint rules, the bank rules and `fix` leaving them alone, the exports and what each
format cannot say, and Moodle's own GIFT test file."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT
from quizlint.model import read_quiz
from test_export_support import export, qti_package_errors

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server on 127.0.0.1

TENSOR_FORMATS = CONTENT / "tensor-formats.quiz.yaml"
THIRD_PARTY = ROOT / "tests" / "fixtures" / "third_party"
MOODLE_GIFT = Path(os.environ.get("QUIZLINT_MOODLE_GIFT", THIRD_PARTY / "moodle-questions.gift.txt"))

TYPES = """\
- id: n
  type: numerical
  stem: {en: "How many bytes?", tr: "Kaç bayt?"}
  answers:
    - {value: 5, tolerance: -1}
    - {value: 5.5, tolerance: 1, credit: 50}
- id: s
  type: short_answer
  stem: {en: "Which colour?", tr: "Hangi renk?"}
  answers:
    - text: {en: RED, tr: KIRMIZI}
    - text: {en: crimson, tr: kırmızı}
      credit: 50
- id: s2
  type: short_answer
  stem: {en: "Which format?", tr: "Hangi biçim?"}
  answers:
    - text: {en: safetensors}
- id: m
  type: matching
  stem: {en: "Match the types.", tr: "Türleri eşleştirin."}
  pairs:
    - {prompt: fp32, match: {en: "4 bytes", tr: "4 bayt"}}
- id: m2
  type: matching
  stem: {en: "Match the sizes.", tr: "Boyutları eşleştirin."}
  pairs:
    - {prompt: single, match: {en: "4 bytes", tr: "4 bayt"}}
    - {prompt: Single, match: {en: "2 bytes"}}
  distractors: [{en: "4 Bytes", tr: "4 bayt"}]
- id: o
  type: ordering
  stem: {en: "Put the steps in order.", tr: "Adımları sıralayın."}
  sequence: [{en: "Load", tr: "Yükle"}, {en: "load", tr: "yükle"}]
- id: c
  type: multiple
  stem: {en: "Which are 16-bit types?", tr: "Hangileri 16 bitlik türlerdir?"}
  options:
    - {text: bf16, correct: true, credit: 60}
    - {text: fp16, correct: true}
    - {text: fp32, credit: -100}
- id: e
  type: essay
  stem: {en: "Why quantize?", tr: "Neden nicelemeli?"}
  response: {format: plain, lines: 5}
  grader_info: {en: "Look for memory."}
"""


def findings(run, path: Path) -> list[tuple[str, str, str]]:
    """(code, "line:column", message) of every finding of ``quizlint lint`` on ``path``."""
    result = run("lint", path, "--format", "json")
    return [(entry["code"], f"{entry['line']}:{entry['column']}", entry["message"])
            for entry in json.loads(result.stdout)] if result.stdout.strip() else []


# --- the model ------------------------------------------------------------------------------------------------


def test_every_type_loads_and_the_content_has_one_bilingual_item_of_each(run):
    quiz_file, problems = read_quiz(TENSOR_FORMATS)
    assert problems == []
    items = {item.type: item for item in quiz_file.quiz.items}
    assert set(items) >= {"numerical", "short_answer", "matching", "ordering", "essay", "multiple"}
    for item in items.values():
        assert set(item.stem) == {"en", "tr"}
    assert [(answer.value, answer.tolerance, answer.credit) for answer in items["numerical"].answers] == [
        (500, 2, 100), (4000, 0, 0)]
    assert [option.credit for option in items["multiple"].options] == [50, 50, -50, -100]
    assert run("lint", CONTENT).exit_code == 0


def test_an_unknown_type_and_a_key_of_another_type_are_positioned(run, write_quiz):
    path = write_quiz("""
        - {id: a, type: essai, stem: {en: "?", tr: "?"}}
        - id: b
          type: numerical
          stem: {en: "?", tr: "?"}
          options: [{text: x}]
        - {id: c, stem: {en: "?", tr: "?"}, options: [{text: x, correct: true, credit: 150}, {text: y}]}
    """)
    found = findings(run, path)
    assert ("S001", "6:19", "items[0].type: input should be 'single', 'multiple', 'true_false', 'numerical', "
            "'short_answer', 'matching', 'ordering' or 'essay' (got 'essai'); did you mean 'essay'?") in found
    assert ("S002", "10:5", "unknown key 'options' in items[1]") in found
    assert any(code == "S001" and "items[2].options[0].credit" in message for code, _, message in found)


# --- lint rules -----------------------------------------------------------------------------------------------


def test_the_rules_of_each_type_report_at_the_right_place(run, write_quiz):
    found = findings(run, write_quiz(TYPES))
    codes = {(code, where) for code, where, _ in found}
    assert ("K011", "10:31") in codes  # negative tolerance, at the tolerance
    assert ("K012", "11:17") in codes  # the later answer's range overlaps for another credit
    assert ("K014", "17:33") in codes  # KIRMIZI / kırmızı: the same Turkish answer (I → ı), at the tr text
    assert ("K013", "22:5") in codes  # s2 has no answer in tr
    assert ("K015", "27:5") in codes  # m: one pair
    assert ("K016", "34:18") in codes  # m2: "Single" repeats "single" (prose: case ignored; "FP32" would be a symbol)
    assert ("K016", "35:24") in codes  # m2: the distractor "4 Bytes" repeats the first match
    assert ("K018", "39:48") in codes  # o: "load" repeats "Load"
    assert ("K019", "43:5") in codes  # c: 60 + 50 = 110
    messages = {code: message for code, _, message in found}
    assert "write `tolerance: 1`" in messages["K011"]
    assert messages["K014"] == "answer 2 is the same as answer 1 (tr, ignoring case): delete one"
    assert "add up to 110%" in messages["K019"]
    # (casefolded without the Turkish rule, KIRMIZI is "kirmizi", not "kırmızı")


def test_short_answers_differing_only_by_case_count_when_case_sensitive(run, write_quiz):
    path = write_quiz("""
        - id: s
          type: short_answer
          case_sensitive: true
          stem: {en: "Which colour?", tr: "Hangi renk?"}
          answers: [{text: {en: RED, tr: KIRMIZI}}, {text: {en: red, tr: kırmızı}, credit: 50}]
    """)
    assert [code for code, _, _ in findings(run, path) if code.startswith("K")] == []


def test_the_translation_rules_check_every_text_of_the_new_types(run, write_quiz):
    found = findings(run, write_quiz(TYPES))
    missing = {message for code, _, message in found if code == "T001"}
    assert "pair 2 match has no tr translation" in missing
    assert "grader information has no tr translation" in missing
    assert "answer 1 has no tr translation" in missing  # s2's only answer


BIASED = "".join(f"""\
- id: q{number}
  stem: {{en: "Which one is right in case {number}?", tr: "{number}. durumda hangisi doğrudur?"}}
  options: [{{text: "Right one {number}", correct: true}}, {{text: "Wrong one {number}"}}, {{text: "Other one {number}"}}]
""" for number in range(12))


def test_bank_rules_and_fix_leave_the_new_types_alone(run, write_quiz):
    """Twelve single-answer items with the key always first: B001 reports the bias and `fix` moves keys, never an
    answer, pair, step or option of the other items (nor the multiple-answer item with credits)."""
    path = write_quiz(BIASED + TYPES)
    codes = {code for code, _, _ in findings(run, path)}
    assert "B001" in codes and "D003" not in codes
    before = path.read_text(encoding="utf-8")
    result = run("fix", path, "--select", "B001")
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    assert after != before
    typed_part = before[before.index("  - id: n\n"):]
    assert after.endswith(typed_part)


# --- exports --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_qti_packages_of_every_type_validate(run, tmp_path, fmt):
    from test_roundtrip import EDGE_TYPES

    edges = tmp_path / "edges.quiz.yaml"
    edges.write_text(EDGE_TYPES, encoding="utf-8")
    for source in (TENSOR_FORMATS, edges):
        data = export(run, fmt, source, tmp_path / "out.zip", "--lang", "all")
        assert qti_package_errors(fmt, data) == {}


@pytest.mark.parametrize(("fmt", "left_out", "lost"), [
    ("gift", ["order-resume"], ["'bytes-4bit': GIFT has no units", "'why-quant': GIFT has no template"]),
    ("aiken", ["bytes-4bit", "fmt-name", "match-dtypes", "order-resume", "why-quant", "safe-formats"], []),
    ("canvas", ["order-resume"], ["'bytes-4bit': Canvas has no answers worth less than 100%",
                                  "'safe-formats': Canvas has no credits of the options"]),
    ("qti21", [], ["'bytes-4bit': QTI has no units"]),
    ("moodle", [], []),
    ("json", [], []),
])
def test_each_format_names_the_items_it_leaves_out_and_what_it_loses(run, tmp_path, fmt, left_out, lost):
    result = run("export", "--to", fmt, "-o", tmp_path / "out", TENSOR_FORMATS)
    assert result.exit_code == 0, result.stderr
    skipped = re.findall(r"item '([\w-]+)' skipped", result.stderr)
    assert skipped == left_out
    for words in lost:
        assert words in result.stderr


def test_credits_become_moodle_fractions_and_others_are_refused_with_the_item(run, write_quiz, tmp_path):
    thirds = write_quiz("""
        - id: thirds
          type: short_answer
          stem: {en: "Which?", tr: "Hangisi?"}
          answers: [{text: a}, {text: b, credit: 33.333}, {text: c, credit: -33.33333}]
    """)
    xml = export(run, "moodle", thirds, tmp_path / "out.xml").decode("utf-8")
    assert re.findall(r'fraction="([-\d.]+)"', xml) == ["100", "33.33333", "-33.33333"]
    odd = write_quiz("""
        - id: odd
          type: numerical
          stem: {en: "How many?", tr: "Kaç?"}
          answers: [{value: 1}, {value: 2, credit: 37}]
    """, name="odd.quiz.yaml")
    result = run("export", "--to", "moodle", "-o", tmp_path / "odd.xml", odd)
    assert result.exit_code == 1
    assert "odd.quiz.yaml:9:27:" in result.stderr and "item 'odd' gives 37% credit" in result.stderr


def test_gift_writes_the_forms_moodle_reads(run, tmp_path):
    gift = export(run, "gift", TENSOR_FORMATS, tmp_path / "out.gift.txt").decode("utf-8")
    assert "{\n\t#=500:2#" in gift and "\t=%0%4000#" in gift  # numerical, two answers
    assert "\t=safetensors\n\t=%50%safe tensors#" in gift
    assert "\t=fp32 -> 4 bytes\n" in gift and "\t= -> 8 bytes\n" in gift
    assert "::why-quant::[markdown]Explain in a few sentences why quantization can make inference faster on a " \
           "GPU.{}" in gift
    assert "\t~%50%GGUF\n" in gift and "\t~%-100%A Python pickle file" in gift


# --- Moodle's GIFT test file ----------------------------------------------------------------------------------


def import_nine(run, path: Path, tmp_path: Path):
    out = tmp_path / "nine.quiz.yaml"
    result = run("import", "--from", "gift", "--lang", "en", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    quiz_file, problems = read_quiz(out)
    assert problems == []
    return quiz_file.quiz.items, result.stderr


def check_nine_shapes(items) -> None:
    assert [item.type for item in items] == ["essay", "matching", "single", "multiple", "numerical", "short_answer",
                                             "true_false", "true_false", "true_false"]
    essay, matching, single, multiple, numerical, short, *true_false = items
    assert len(matching.pairs) == 4 and len(matching.distractors) == 1
    assert [option.correct for option in single.options] == [True, False, False]
    assert [option.credit for option in multiple.options] == [50, -100, 50, -100]  # the weights, kept
    assert [answer.credit for answer in numerical.answers] == [100]
    assert [answer.credit for answer in short.answers] == [100, 50, 0] and short.answers[-1].text == "*"
    assert [item.answer for item in true_false] == [False, True, True]


def test_our_gift_text_of_the_nine_moodle_shapes_imports_nine_of_nine(run, tmp_path):
    items, stderr = import_nine(run, THIRD_PARTY / "nine-shapes.gift.txt", tmp_path)
    check_nine_shapes(items)
    numerical = items[4]
    assert [(answer.value, answer.tolerance) for answer in numerical.answers] == [(4, 0.5)]
    assert "an answer without a value (any other answer): left out with its feedback 'Count the bits'" in stderr
    assert items[1].distractors == [{"en": "ONNX"}]
    assert "skipped" not in stderr


@pytest.mark.skipif(not MOODLE_GIFT.is_file(), reason=f"Moodle's GIFT test file (GPL-3.0, not committed) is not at "
                    f"{MOODLE_GIFT}: run tests/fixtures/third_party/fetch_moodle_gift.sh or set QUIZLINT_MOODLE_GIFT")
def test_moodles_own_gift_test_file_imports_nine_of_nine_with_weights(run, tmp_path):
    items, stderr = import_nine(run, MOODLE_GIFT, tmp_path)
    check_nine_shapes(items)
    assert [(answer.text, answer.credit) for answer in items[5].answers] == [("Frog", 100), ("Cat", 50), ("*", 0)]
    assert [(answer.value, answer.tolerance) for answer in items[4].answers] == [(3, 2)]
    assert "skipped" not in stderr


# --- translation ----------------------------------------------------------------------------------------------

UNTRANSLATED = """\
- id: order
  type: ordering
  stem: {en: "the file"}
  sequence: [{en: "checkpoint"}, {en: "shard"}]
- id: match
  type: matching
  stem: {en: "the file"}
  pairs:
    - {prompt: fp32, match: {en: "weights"}}
    - {prompt: bf16, match: {en: "shard"}}
- id: essay
  type: essay
  stem: {en: "the file"}
  template: {en: "checkpoint"}
"""


def test_translate_fills_the_texts_of_the_new_types(run, write_quiz, libre):
    path = write_quiz(UNTRANSLATED)
    result = run("translate", "--provider", "libre", "--url", libre.url, path)
    assert result.exit_code == 0, result.output
    items = {item.id: item for item in read_quiz(path)[0].quiz.items}
    assert [step["tr"] for step in items["order"].sequence] == ["kontrol noktası", "parça"]
    assert [pair.match["tr"] for pair in items["match"].pairs] == ["ağırlıklar", "parça"]
    assert items["match"].pairs[0].prompt == "fp32"  # language-neutral: nothing to translate
    assert items["essay"].template["tr"] == "kontrol noktası"
    assert all(item.translations["tr"].status == "machine" for item in items.values())


def test_glossary_copy_and_language_rules_read_the_steps_of_an_ordering_item(run, tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "glossary.yaml").write_text("terms:\n  - term: checkpoint\n    translations: {tr: kontrol nokta}\n"
                                        "    forbidden: {tr: [denetim noktası]}\n", encoding="utf-8")
    (bank / "g.quiz.yaml").write_text("""\
quizlint: 1
id: g
languages: [en, tr]
title: {en: Checkpoints, tr: Kontrol noktaları}
items:
  - id: o
    type: ordering
    stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
    sequence:
      - {en: "Save the checkpoint to disk", tr: "Denetim noktasını diske kaydet"}
      - {en: "Load the saved weights into the model", tr: "Load the saved weights into the model"}
""", encoding="utf-8")
    found = {(code, where) for code, where, _ in findings(run, bank)}
    assert {("T005", "10:49"), ("T003", "11:59"), ("T004", "11:59")} <= found


def test_the_canvas_package_of_every_type_follows_the_qti_1_2_dtd(run, tmp_path):
    from test_export_support import dtd_errors, zip_entries

    entries = zip_entries(export(run, "canvas", TENSOR_FORMATS, tmp_path / "out.zip"))
    assessment = entries["tensor-formats/tensor-formats.xml"]
    assert dtd_errors(assessment) is None
    for kind in ("numerical_question", "short_answer_question", "matching_question", "essay_question"):
        assert f"<fieldentry>{kind}</fieldentry>".encode() in assessment


RANGE_ITEM = """<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="q" title="Range" adaptive="false"
    timeDependent="false" xml:lang="en">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float">
    <correctResponse><value>3</value></correctResponse>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody><p>A number from 1 to 5? <textEntryInteraction responseIdentifier="RESPONSE"/></p></itemBody>
  <responseProcessing>
    <responseCondition>
      <responseIf>
        <and>
          <gte><variable identifier="RESPONSE"/><baseValue baseType="float">1</baseValue></gte>
          <lte><variable identifier="RESPONSE"/><baseValue baseType="float">5</baseValue></lte>
        </and>
        <setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue>
      </responseIf>
    </responseCondition>
  </responseProcessing>
</assessmentItem>
"""


def test_a_qti_range_written_with_gte_and_lte_is_a_value_and_a_tolerance(run, tmp_path):
    source = tmp_path / "range.xml"
    source.write_text(RANGE_ITEM, encoding="utf-8")
    out = tmp_path / "range.quiz.yaml"
    result = run("import", "--from", "qti", source, "-o", out)
    assert result.exit_code == 0, result.stderr
    (item,) = read_quiz(out)[0].quiz.items
    assert item.type == "numerical" and item.stem == {"en": "A number from 1 to 5?"}
    assert [(answer.value, answer.tolerance, answer.credit) for answer in item.answers] == [(3, 2, 100)]


def test_review_records_the_digest_of_every_text_and_refuses_a_missing_step(run, write_quiz):
    path = write_quiz("""
        - id: done
          type: ordering
          stem: {en: "Order.", tr: "Sıralayın."}
          sequence: [{en: "first", tr: "ilk"}, {en: "second", tr: "ikinci"}]
        - id: gap
          type: ordering
          stem: {en: "Order.", tr: "Sıralayın."}
          sequence: [{en: "first", tr: "ilk"}, {en: "second"}]
    """)
    assert run("review", "done", path).exit_code == 0
    refused = run("review", "gap", path)
    assert refused.exit_code != 0 and "gap" in refused.stderr
    items = {item.id: item for item in read_quiz(path)[0].quiz.items}
    from quizlint.model import source_digest

    assert items["done"].translations["tr"].source == source_digest(items["done"], "en")
    assert "tr" not in items["gap"].translations
    # a step is a source text: changing it makes the review stale
    path.write_text(path.read_text(encoding="utf-8").replace('en: "second", tr: "ikinci"',
                                                             'en: "then", tr: "ikinci"'), encoding="utf-8")
    assert any(code == "T008" for code, _, _ in findings(run, path))
