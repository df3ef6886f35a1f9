"""`quizlint analyze` on the items without options (numerical, short answer, matching, ordering, essay) and on
multiple-answer items with credits: each response scored as docs/analyze.md says, the statistics checked against
a direct computation, in quizlint's long CSV and in Moodle's Responses report."""

from __future__ import annotations

import csv
import io
import json
import math
import statistics as stdlib
import unicodedata

import pytest
from jsonschema import Draft202012Validator

from analyze_support import write
from quizlint.analyze.items import bank_item, match_key
from quizlint.analyze.statistics import item_score
from quizlint.analyze.typed import parse_number
from quizlint.model.types import validate_item

BANK = """\
quizlint: 1
id: typed
languages: [en, tr]
title: {en: Typed, tr: Yazılı}
items:
  - id: bytes
    type: numerical
    stem: {en: "How many bytes are 4000 bits?", tr: "4000 bit kaç bayttır?"}
    answers:
      - {value: 500, tolerance: 2}
      - {value: 1000, credit: 50}
    units: [{unit: B, multiplier: 1}, {unit: KB, multiplier: 0.001}]
    translations: {tr: {status: reviewed}}
  - id: city
    type: short_answer
    stem: {en: "Which city is the capital of Türkiye?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
    answers:
      - {text: Ankara}
      - {text: {en: "Istanbul", tr: "İstanbul"}, credit: 50}
    translations: {tr: {status: reviewed}}
  - id: primes
    type: multiple
    stem: {en: "Which are prime?", tr: "Hangileri asaldır?"}
    options:
      - {text: "2", correct: true, credit: 50}
      - {text: "3", correct: true, credit: 50}
      - {text: "4", credit: -50}
      - {text: "9"}
    translations: {tr: {status: reviewed}}
  - id: pairs
    type: matching
    stem: {en: "Match the types with their sizes.", tr: "Türleri boyutlarıyla eşleştirin."}
    pairs:
      - {prompt: fp32, match: {en: "4 bytes", tr: "4 bayt"}}
      - {prompt: fp16, match: {en: "2 bytes", tr: "2 bayt"}}
    distractors: [{en: "8 bytes", tr: "8 bayt"}]
    translations: {tr: {status: reviewed}}
  - id: steps
    type: ordering
    stem: {en: "Put the steps in order.", tr: "Adımları sıraya koyun."}
    sequence: [{en: "Load the index", tr: "Dizini yükle"}, {en: "Read the shard", tr: "Parçayı oku"},
               {en: "Write the output", tr: "Çıktıyı yaz"}]
    translations: {tr: {status: reviewed}}
  - id: why
    type: essay
    stem: {en: "Why shard a dataset?", tr: "Bir veri kümesi neden parçalanır?"}
    translations: {tr: {status: reviewed}}
"""

# Per respondent, per item: (response, the score docs/analyze.md gives it, and why).
RESPONSES = [
    {"bytes": ("0,5 KB", 1.0),  # decimal comma; 0.5 KB / 0.001 = 500 B
     "city": ("ANKARA", 1.0),  # not case sensitive
     "primes": ("AB", 1.0),  # 50 + 50
     "pairs": ("AB", 1.0), "steps": ("ABC", 1.0)},
    {"bytes": ("1000", 0.5),  # the second answer, 50 %
     "city": ("İSTANBUL", 0.5),  # Turkish casefolding: İ is i (50 %)
     "primes": ("AC", 0.0),  # 50 − 50
     "pairs": ("BA", 0.0), "steps": ("ACB", 1 / 3)},
    {"bytes": ("503 B", 0.0),  # outside 500 ± 2
     "city": ("Izmir", 0.0),
     "primes": ("C", 0.0),  # −50, kept at 0
     "pairs": ("AC", 0.5),  # fp16 given the distractor
     "steps": ("CBA", 1 / 3)},
    {"bytes": ("501.5", 1.0),  # within the tolerance
     "city": ("", 0.0),  # blank: shown, not answered
     "primes": ("ABD", 1.0),  # 9 gives 0
     "pairs": ("", 0.0), "steps": ("", 0.0)},
    {"bytes": ("0.4 KB", 0.0),  # 400 B
     "city": ("  ankara ", 1.0),  # spaces around do not count
     "primes": ("B", 0.5),
     "pairs": ("A-", 0.5),  # fp16 left without an answer
     "steps": ("BAC", 1 / 3)},
    {"bytes": ("1,000.0", 0.5),  # both marks: the last is the decimal point
     "city": ("istanbul", 0.5),
     "primes": ("ABC", 0.5),  # 50 + 50 − 50
     "pairs": ("AB", 1.0), "steps": ("ABC", 1.0)},
]
ITEMS = ["bytes", "city", "primes", "pairs", "steps"]


def long_csv(responses, essay: bool = True) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["respondent", "item", "response"])
    for number, row in enumerate(responses):
        for item in ITEMS:
            writer.writerow([f"student-{number}", item, row[item][0]])
        if essay:
            writer.writerow([f"student-{number}", "why", "Because a shard fits in memory."])
    return out.getvalue()


def analyse(run, tmp_path, name: str, text: str, *more: str):
    write(tmp_path / "bank.quiz.yaml", BANK)
    write(tmp_path / name, text)
    paths = [tmp_path / name]
    for number, extra in enumerate(more):
        paths.append(write(tmp_path / f"more{number}.csv", extra))
    result = run("analyze", *paths, tmp_path / "bank.quiz.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr


def test_long_csv_scores_every_type_as_documented_and_the_statistics_follow(run, tmp_path):
    report, warnings = analyse(run, tmp_path, "long.csv", long_csv(RESPONSES))
    (quiz,) = report["quizzes"]
    items = {item["id"]: item for item in quiz["items"]}
    assert list(items) == ITEMS  # the essay is left out of the statistics
    scores = {item: [row[item][1] for row in RESPONSES] for item in ITEMS}
    totals = [sum(scores[item][row] for item in ITEMS) for row in range(len(RESPONSES))]
    for item in ITEMS:
        rest = [total - score for total, score in zip(totals, scores[item])]
        assert items[item]["n"] == len(RESPONSES)
        assert items[item]["facility"] == pytest.approx(stdlib.mean(scores[item]), abs=1e-4), item
        assert items[item]["discrimination"] == pytest.approx(stdlib.correlation(scores[item], rest), abs=1e-4)
    assert items["bytes"]["options"] == [] and items["city"]["options"] == []
    assert [option["chosen"] for option in items["primes"]["options"]] == pytest.approx([4 / 6, 4 / 6, 3 / 6, 1 / 6],
                                                                                        abs=1e-4)
    # Cronbach's α of the partial-credit scores, the textbook formula
    k = len(ITEMS)
    alpha = k / (k - 1) * (1 - sum(stdlib.pvariance(scores[item]) for item in ITEMS) / stdlib.pvariance(totals))
    assert quiz["kr20"] == pytest.approx(alpha, abs=1e-4)
    assert quiz["sem"] == pytest.approx(stdlib.pstdev(totals) * math.sqrt(1 - alpha), abs=1e-4)
    assert "essay item typed/why: graded by a person, not scored here" in warnings


def test_the_report_with_items_without_options_validates_and_shows_them(run, tmp_path):
    report, _ = analyse(run, tmp_path, "long.csv", long_csv(RESPONSES))
    schema = json.loads(run("schema", "analysis").stdout)
    Draft202012Validator(schema).validate(report)
    text = run("analyze", tmp_path / "long.csv", tmp_path / "bank.quiz.yaml")
    assert "(numerical: scored per response, no options)" in text.stdout
    assert "(short answer: scored per response, no options)" in text.stdout
    html = run("analyze", tmp_path / "long.csv", tmp_path / "bank.quiz.yaml", "--format", "html")
    assert html.exit_code == 0 and 'id="item-bytes"' in html.stdout
    assert "numerical: scored per response, no options" in html.stdout


def test_an_essay_is_named_once_whatever_the_number_of_files(run, tmp_path):
    _, warnings = analyse(run, tmp_path, "long.csv", long_csv(RESPONSES[:3]), long_csv(RESPONSES[3:]))
    assert warnings.count("typed/why") == 1
    assert "6 responses counted as not answered and left out of the statistics" in warnings


def test_a_numerical_response_that_is_no_number_scores_0_with_a_warning(run, tmp_path):
    rows = [dict(row) for row in RESPONSES]
    rows[0]["bytes"] = ("five hundred", 0.0)
    rows[1]["bytes"] = ("12 kg", 0.0)  # a unit the item does not have
    report, warnings = analyse(run, tmp_path, "long.csv", long_csv(rows, essay=False))
    bytes_ = report["quizzes"][0]["items"][0]
    assert bytes_["n"] == 6 and bytes_["facility"] == pytest.approx(stdlib.mean(row["bytes"][1] for row in rows),
                                                                     abs=1e-4)
    assert "item bytes: 2 responses are no number in the item's units (such as 'five hundred'): scored 0" in warnings
    assert "essay" not in warnings


@pytest.mark.parametrize(("item", "response", "expected"), [
    ("pairs", "ABC", "2 letters, one per prompt in the bank's order"),
    ("pairs", "AD", "2 letters"),
    ("steps", "ABD", "the step letters A–C in the order given"),
    ("steps", "AAB", "the step letters"),
    ("steps", "AB", "the step letters"),
    ("primes", "AE", "option letters A–D"),
])
def test_a_response_that_is_no_answer_of_its_item_stops_the_long_csv(run, tmp_path, item, response, expected):
    write(tmp_path / "bank.quiz.yaml", BANK)
    bad = write(tmp_path / "long.csv", f"respondent,item,response\ns1,{item},{response}\n")
    out = tmp_path / "report.json"
    result = run("analyze", bad, tmp_path / "bank.quiz.yaml", "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert f"long.csv:2: column \"response\": {response!r} is not an answer to item {item}" in result.stderr
    assert expected in result.stderr


MOODLE_HEADER = ["Surname", "First name", "Email address", "State", "Started on", "Completed", "Time taken",
                 "Grade/6.00"] + [f"{kind} {slot}" for slot in range(1, 7)
                                  for kind in ("Question", "Response", "Right answer")]
QUESTIONS = {  # slot → (question summary, right answer), as Moodle writes them in Turkish
    1: ("4000 bit kaç bayttır?", "500 B"),
    2: ("Türkiye'nin başkenti hangi şehirdir?", "Ankara"),
    3: ("Türleri boyutlarıyla eşleştirin. {fp32; fp16} -> {4 bayt; 2 bayt; 8 bayt}", "fp32 -> 4 bayt; fp16 -> 2 bayt"),
    4: ("Adımları sıraya koyun.", "Dizini yük...; Parçayı oku; Çıktıyı yaz"),
    5: ("Bir veri kümesi neden parçalanır?", ""),
    6: ("Hangileri asaldır?: 2; 3; 4; 9", "2; 3"),
}


def moodle_csv(attempts: list[list[str]]) -> str:
    """Moodle's Responses report: per attempt the responses of slots 1–6 (as the report summarises them)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(MOODLE_HEADER)
    for number, responses in enumerate(attempts):
        cells = [f"Student{number}", "A", f"s{number}@example.edu", "Finished", "7 December 2026  9:00 AM",
                 "7 December 2026  9:20 AM", "20 mins", "3.00"]
        for slot, response in enumerate(responses, start=1):
            question, right = QUESTIONS[slot]
            cells += [question, response, right]
        writer.writerow(cells)
    return "\ufeff" + out.getvalue()


def test_moodle_report_with_numerical_short_answer_matching_ordering_and_an_essay(run, tmp_path):
    attempts = [  # with the score each response gets
        [("0,5 KB", 1.0), ("ankara", 1.0), ("fp32 -> 4 bayt; fp16 -> 2 bayt", 1.0),
         ("Dizini yük...; Parçayı oku; Çıktıyı yaz", 1.0), ("Çünkü bellek yetmez.", None), ("2; 3", 1.0)],
        [("1000 B", 0.5), ("İstanbul", 0.5), ("fp32 -> 4 bayt; fp16 -> 8 bayt", 0.5),
         ("Çıktıyı yaz; Parçayı oku; Dizini yük...", 1 / 3), ("-", None), ("2; 4", 0.0)],
        [("12 kg", 0.0), ("Ankara'dır", 0.0), ("-", 0.0), ("Parçayı oku; Dizini yük...; Çıktıyı yaz", 1 / 3),
         ("Bilmiyorum", None), ("9", 0.0)],
        [("-", 0.0), ("ANKARA", 1.0), ("fp16 -> 2 bayt", 0.5), ("Dizini yük...; Parçayı oku; Çıktıyı yaz", 1.0),
         ("-", None), ("3", 0.5)],
    ]
    report, warnings = analyse(run, tmp_path, "moodle.csv", moodle_csv([[text for text, _ in row]
                                                                         for row in attempts]))
    items = {item["id"]: item for item in report["quizzes"][0]["items"]}
    assert set(items) == {"bytes", "city", "pairs", "steps", "primes"}
    for slot, item in enumerate(["bytes", "city", "pairs", "steps", None, "primes"]):
        if item is None:
            continue
        scores = [row[slot][1] for row in attempts]
        assert items[item]["n"] == 4 and items[item]["facility"] == pytest.approx(stdlib.mean(scores), abs=1e-4), item
    assert "Response 1 (item bytes): 1 distinct response is no number in the item's units (such as '12 kg')" in warnings
    assert "essay item typed/why: graded by a person, not scored here: 4 responses" in warnings
    assert "matches no item" not in warnings and "several items" not in warnings


def test_a_moodle_numerical_column_without_question_text_is_matched_by_its_answers(run, tmp_path):
    rows = [["Surname", "State", "Grade/1.00", "Response 1", "Response 2"],
            ["A", "Finished", "1.00", "500", "Ankara"], ["B", "Finished", "0.00", "1000 B", "Izmir"]]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    report, warnings = analyse(run, tmp_path, "moodle.csv", out.getvalue())
    (bytes_,) = report["quizzes"][0]["items"]
    assert bytes_["id"] == "bytes" and bytes_["facility"] == 0.75
    # any text is a short answer: without the question text or the right answer, never guessed
    assert "Response 2 matches no item of the bank: left out" in warnings


def model_item(yaml_item: dict):
    return bank_item("typed", validate_item(yaml_item), ["en", "tr"], "bank.quiz.yaml", 1)


def test_numbers_are_read_with_a_decimal_comma_exponents_and_units():
    assert parse_number("0,5") == (0.5, "")
    assert parse_number(" 1.000,25 KB") == (1000.25, "KB")
    assert parse_number("1,000.25") == (1000.25, "")
    assert parse_number("−2e3") == (-2000.0, "")
    assert parse_number("1.2.3") is None and parse_number("abc") is None and parse_number("") is None
    item = model_item({"id": "n", "type": "numerical", "stem": "?", "answers": [{"value": 0.3}],
                       "units": [{"unit": "m", "multiplier": 1}, {"unit": "cm", "multiplier": 100}]})
    assert item.scoring.score(str(0.1 + 0.2)) == 1.0  # Moodle's tolerance hair (MDL-3225)
    assert item.scoring.score("30 cm") == 1.0 and item.scoring.score("30cm") == 1.0
    assert item.scoring.score("30 CM") is None  # units are compared as written, as in Moodle
    assert item.scoring.score("0.3 m") == 1.0 and item.scoring.score("-") == 0.0


def test_short_answers_casefold_the_turkish_way_in_nfc_with_moodle_wildcards():
    item = model_item({"id": "s", "type": "short_answer", "stem": "?",
                       "answers": [{"text": {"en": "Istanbul", "tr": "İstanbul"}},
                                   {"text": "safe*tensors", "credit": 40}, {"text": "2\\*3", "credit": 30},
                                   {"text": "IĞDIR", "credit": 20}]})
    score = item.scoring.score
    assert score("İSTANBUL") == 1.0 and score("istanbul") == 1.0 and score("ISTANBUL") == 1.0
    assert score("ığdır") == 0.2  # Turkish: I is the capital of ı
    assert score("ıstanbul") == 0.0  # …and ı is no i
    assert score("Safe Tensors") == 0.4 and score("safetensors") == 0.4
    assert score("2*3") == 0.3 and score("2x3") == 0.0
    sensitive = model_item({"id": "c", "type": "short_answer", "stem": "?", "case_sensitive": True,
                            "answers": [{"text": "Türkiye"}]})
    assert sensitive.scoring.score(unicodedata.normalize("NFD", "Türkiye")) == 1.0
    assert sensitive.scoring.score("türkiye") == 0.0


def test_multiple_answers_with_credits_add_up_between_0_and_1():
    item = model_item({"id": "m", "type": "multiple", "stem": "?", "options": [
        {"text": "a", "correct": True, "credit": 70}, {"text": "b", "correct": True, "credit": 30},
        {"text": "c", "credit": -40}, {"text": "d"}]})
    assert item.credits == (70, 30, -40, 0)
    assert item_score(item, frozenset({0})) == pytest.approx(0.7)
    assert item_score(item, frozenset({0, 1, 3})) == pytest.approx(1.0)
    assert item_score(item, frozenset({0, 2})) == pytest.approx(0.3)
    assert item_score(item, frozenset({1, 2})) == 0.0  # −10 %, kept at 0
    plain = model_item({"id": "p", "type": "multiple", "stem": "?", "options": [
        {"text": "a", "correct": True}, {"text": "b", "correct": True}, {"text": "c"}]})
    assert plain.credits is None and item_score(plain, frozenset({0, 2})) == 0.0  # 50 − 50
    assert item_score(plain, frozenset({0, 1, 2})) == 0.5  # 100 − 50: a wrong option takes one key's share away
    one_key = model_item({"id": "k", "type": "multiple", "stem": "?", "options": [
        {"text": "a", "correct": True}, {"text": "b"}, {"text": "c"}, {"text": "d"}]})
    assert item_score(one_key, frozenset({0})) == 1.0 and item_score(one_key, frozenset({0, 1})) == 0.0


def test_matching_and_ordering_summaries_as_moodle_writes_them():
    pairs = model_item({"id": "p", "type": "matching", "stem": "?", "pairs": [
        {"prompt": "fp32", "match": {"en": "4 bytes", "tr": "4 bayt"}},
        {"prompt": "fp16", "match": {"en": "2 bytes", "tr": "2 bayt"}}], "distractors": ["8 bytes"]})
    split = lambda text: text.split("; ")  # noqa: E731
    assert pairs.scoring.score("fp16 -> 2 bytes; fp32 -> 4 bayt", split, match_key) == 1.0
    assert pairs.scoring.score("fp32 -> 8 bytes", split, match_key) == 0.0
    assert pairs.scoring.score("fp32 -> 16 bytes", split, match_key) is None  # no answer of the item
    assert pairs.scoring.score("fp32 -> 4 bytes; fp32 -> 2 bytes", split, match_key) is None
    steps = model_item({"id": "o", "type": "ordering", "stem": "?",
                        "sequence": ["Load the index", "Load the shard", "Write"]})
    assert steps.scoring.score("Load the i...; Load the s...; Write", split, match_key) == 1.0
    assert steps.scoring.score("Load th...; Write; Load the i...", split, match_key) is None  # ambiguous cut
    assert steps.scoring.score("Write; Load the s...; Load the i...", split, match_key) == pytest.approx(1 / 3)


def test_response_rules_judge_every_scored_item_and_options_of_choice_items_only(run, tmp_path):
    write(tmp_path / "bank.quiz.yaml", BANK)
    write(tmp_path / "long.csv", long_csv(RESPONSES))
    write(tmp_path / "quizlint.toml", "[rules.too-hard]\nmin-responses = 2\nmin-facility = 0.6\n"
                                      "[rules.non-functioning-distractor]\nmin-responses = 2\nmax-share = 0.99\n")
    result = run("lint", tmp_path / "bank.quiz.yaml", "--responses", tmp_path / "long.csv", "--format", "json",
                 "--select", "R", "--extend-select", "R006", "--no-cache", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    lines = {item: BANK.splitlines().index(f"  - id: {item}") + 1 for item in [*ITEMS, "why"]}
    hard = {finding["line"] for finding in found if finding["code"] == "R006"}
    expected = {lines[item] for item in ITEMS if stdlib.mean(row[item][1] for row in RESPONSES) < 0.6}
    assert hard == expected and {lines["bytes"], lines["city"], lines["steps"]} <= hard
    assert {finding["line"] for finding in found if finding["code"] == "R004"} == {lines["primes"]}


def test_canvas_student_analysis_with_numerical_and_short_answer_questions(run, tmp_path):
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
              "7101: How many bytes are 4000 bits?", "1.0", "7102: Which city is the capital of Türkiye?", "1.0",
              "n correct", "n incorrect", "score"]
    rows = [header,
            ["Ayşe Yılmaz", "1", "S-1", "Sec", "1", "S", "2026-12-07 09:00:00 UTC", "1", "500", "1.0", "Ankara",
             "1.0", "2", "0", "2.0"],
            ["Jan Müller", "2", "S-2", "Sec", "1", "S", "2026-12-07 09:00:00 UTC", "1", "1000", "0.5",
             "Ankara, Türkiye", "0.0", "0", "2", "0.5"],
            ["Chidi Okafor", "3", "S-3", "Sec", "1", "S", "2026-12-07 09:00:00 UTC", "1", "", "", "", "", "0", "0",
             "0.0"]]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    report, warnings = analyse(run, tmp_path, "canvas.csv", out.getvalue())
    items = {item["id"]: item for item in report["quizzes"][0]["items"]}
    assert items["bytes"]["n"] == 2 and items["bytes"]["facility"] == 0.75  # 1 and 0.5; not shown to the third
    assert items["city"]["n"] == 2 and items["city"]["facility"] == 0.5  # a comma is no separator in a typed text
    assert not warnings
