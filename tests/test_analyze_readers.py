"""`quizlint analyze` reads quizlint's long CSV, Moodle's Responses report and Canvas's Student Analysis report
(written here in those reports' real column layouts), matching texts to the bank in any of its languages."""

from __future__ import annotations

import csv
import io
import json

import pytest

from analyze_support import (SimItem, Simulation, canvas_student_analysis_csv, long_csv, moodle_responses_csv,
                             quiz_yaml, write)

MIXED = """\
quizlint: 1
id: mixed
languages: [en, tr]
title: {en: Mixed, tr: Karışık}
items:
  - id: primes
    type: multiple
    stem: {en: "Which are prime?", tr: "Hangileri asaldır?"}
    options:
      - {text: "2", correct: true}
      - {text: "3", correct: true}
      - {text: "4"}
      - {text: "9"}
    translations: {tr: {status: reviewed}}
  - id: earth-round
    type: true_false
    stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
    answer: true
    translations: {tr: {status: reviewed}}
  - id: city
    stem: {en: "Which city is in **France**?", tr: "Hangi şehir **Fransa**'dadır?"}
    options:
      - {text: {en: "Paris, the capital", tr: "Paris, başkent"}, correct: true}
      - {text: {en: Berlin, tr: Berlin}}
      - {text: {en: Rome, tr: Roma}}
    translations: {tr: {status: reviewed}}
"""


def csv_text(rows) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


def analysed(run, tmp_path, name: str, text: str, bank: str = MIXED, encoding: str = "utf-8"):
    write(tmp_path / "bank.quiz.yaml", bank)
    (tmp_path / name).write_bytes(text.encode(encoding))
    result = run("analyze", tmp_path / name, tmp_path / "bank.quiz.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    return {item["id"]: item for quiz in json.loads(result.stdout)["quizzes"] for item in quiz["items"]}, result.stderr


def chosen(item) -> dict:
    return {option["label"]: option["chosen"] for option in item["options"]}


MOODLE_HEADER = ["Surname", "First name", "Email address", "State", "Started on", "Completed", "Time taken",
                 "Grade/3.00", "Response 1", "Right answer 1", "Response 2", "Right answer 2", "Response 3",
                 "Right answer 3"]


def test_moodle_responses_report_multiple_answers_true_false_multilang_and_blanks(run, tmp_path):
    rows = [MOODLE_HEADER,
            ["Yılmaz", "Ayşe", "ayse@example.edu", "Finished", "", "", "", "3.00",
             "2; 3", "2; 3", "Doğru", "Doğru", "Paris, başkent", "Paris, başkent"],
            ["Müller", "Jan", "jan@example.edu", "Finished", "", "", "", "0.00",
             "2; 4", "2; 3", "Yanlış", "Doğru", "Paris, the capitalParis, başkent", "Paris, başkent"],
            ["Okafor", "Chidi", "chidi@example.edu", "Finished", "", "", "", "0.00",
             "-", "2; 3", "-", "Doğru", "Roma", "Paris, başkent"],
            ["Tanaka", "Yui", "yui@example.edu", "Finished", "", "", "", "1.00",
             "9", "2; 3", "Doğru", "Doğru", "Madrid", "Paris, başkent"]]
    items, warnings = analysed(run, tmp_path, "responses.csv", "\ufeff" + csv_text(rows))
    assert items["primes"]["n"] == 4 and items["primes"]["facility"] == 0.25  # 1, 1/2 − 1/2, blank, 0 − 1/2 → 0
    assert chosen(items["primes"]) == {"A": 0.5, "B": 0.25, "C": 0.25, "D": 0.25}
    assert items["earth-round"]["n"] == 4 and chosen(items["earth-round"]) == {"true": 0.5, "false": 0.25}
    assert items["city"]["n"] == 3 and items["city"]["facility"] == pytest.approx(0.6667)  # "Madrid": left out
    assert "Response 3 (item city): 1 distinct response matches no option (such as 'Madrid'): left out" in warnings


def test_moodle_slots_are_matched_by_responses_alone_and_a_custom_slot_number(run, tmp_path):
    rows = [["Surname", "First name", "State", "Grade/2.00", "Response 1a", "Response 2"],
            ["A", "B", "Finished", "1.00", "Paris, the capital", "2; 3"],
            ["C", "D", "Finished", "1.00", "Berlin", "4"]]
    items, warnings = analysed(run, tmp_path, "responses.csv", csv_text(rows))
    assert set(items) == {"city", "primes"} and not warnings
    assert chosen(items["city"]) == {"A": 0.5, "B": 0.5, "C": 0.0}


def test_a_moodle_column_that_fits_several_items_is_named_and_left_out(run, tmp_path):
    two_true_false = MIXED + """\
  - id: sky-blue
    type: true_false
    stem: {en: "The sky is blue.", tr: "Gökyüzü mavidir."}
    answer: true
    translations: {tr: {status: reviewed}}
"""
    rows = [["Surname", "State", "Grade/2.00", "Response 1", "Response 2"],
            ["A", "Finished", "1.00", "True", "2; 3"], ["B", "Finished", "1.00", "False", "4"]]
    items, warnings = analysed(run, tmp_path, "responses.csv", csv_text(rows), two_true_false)
    assert set(items) == {"primes"}
    assert "Response 1 matches several items (mixed/earth-round, mixed/sky-blue): left out" in warnings


CANVAS_HEADER = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
                 "5101: Which are prime?", "2.0", "5102: The Earth is round.", "1.0",
                 "5103: Which city is in France?", "1.0", "n correct", "n incorrect", "score"]


def test_canvas_student_analysis_multiple_answers_blanks_and_questions_not_shown(run, tmp_path):
    rows = [CANVAS_HEADER,
            ["Ayşe Yılmaz", "4711", "S-1", "Sec 1", "61", "SEC-1", "2026-12-07 09:00:00 UTC", "1",
             "2,3", "2.0", "True", "1.0", "Paris, the capital", "1.0", "3", "0", "4.0"],
            ["Jan Müller", "4712", "S-2", "Sec 1", "61", "SEC-1", "2026-12-07 09:00:00 UTC", "1",
             "2", "1.0", "False", "0.0", "Rome", "0.0", "0", "3", "1.0"],
            ["Chidi Okafor", "4713", "S-3", "Sec 1", "61", "SEC-1", "2026-12-07 09:00:00 UTC", "2",
             "", "0.0", "", "", "Berlin", "0.0", "0", "2", "0.0"]]
    items, warnings = analysed(run, tmp_path, "student_analysis.csv", csv_text(rows))
    assert not warnings
    assert items["primes"]["n"] == 3 and items["primes"]["facility"] == 0.5  # 1, 1/2, blank (points 0.0): 0
    assert items["earth-round"]["n"] == 2  # the third attempt was not shown the question (both cells empty)
    assert chosen(items["city"]) == {"A": pytest.approx(0.3333), "B": pytest.approx(0.3333), "C": pytest.approx(0.3333)}


def test_canvas_multiple_answers_keep_escaped_commas(run, tmp_path):
    bank = MIXED.replace('{text: "4"}', '{text: "4, or 2 squared"}')
    rows = [CANVAS_HEADER[:10] + ["n correct", "n incorrect", "score"],
            ["A B", "1", "S", "Sec", "6", "S6", "2026-12-07", "1", "2,4\\, or 2 squared", "0.0", "0", "1", "0"]]
    items, warnings = analysed(run, tmp_path, "student_analysis.csv", csv_text(rows), bank)
    assert chosen(items["primes"]) == {"A": 1.0, "B": 0.0, "C": 1.0, "D": 0.0} and not warnings


def simulated(n_items: int = 6, respondents: int = 80) -> Simulation:
    items = [SimItem(f"q{number}", a=1.2, b=0.0, true_answer=number % 4) for number in range(n_items)]
    for item in items:
        item.bank_key = item.true_answer
    return Simulation(items, respondents, seed=11).run()


@pytest.mark.parametrize("layout", ["moodle-tr", "moodle-en", "canvas-en", "canvas-tr"])
def test_an_lms_report_reads_as_the_same_responses_in_the_long_format(run, tmp_path, layout):
    sim = simulated()
    fmt, lang = layout.split("-")
    text = moodle_responses_csv(sim, lang) if fmt == "moodle" else canvas_student_analysis_csv(sim, lang)
    from_lms, warnings = analysed(run, tmp_path, "report.csv", text, quiz_yaml(sim.items))
    from_long, _ = analysed(run, tmp_path, "long.csv", long_csv(sim), quiz_yaml(sim.items))
    assert from_lms == from_long and not warnings
    assert all(item["n"] == 80 for item in from_lms.values())


def test_unfinished_moodle_attempts_are_left_out_with_a_warning(run, tmp_path):
    sim = simulated(respondents=20)
    items, warnings = analysed(run, tmp_path, "report.csv", moodle_responses_csv(sim, unfinished=3),
                               quiz_yaml(sim.items))
    assert all(item["n"] == 20 for item in items.values())
    assert "3 attempts not finished (grade -): left out" in warnings


def test_semicolon_separated_long_csv(run, tmp_path):
    text = "respondent;item;response\nr1;primes;A,B\nr1;earth-round;true\nr2;primes;\nr2;earth-round;F\n"
    items, _ = analysed(run, tmp_path, "long.csv", text)
    assert items["primes"]["n"] == 2 and chosen(items["primes"])["A"] == 0.5
    assert chosen(items["earth-round"]) == {"true": 0.5, "false": 0.5}


def test_a_report_without_attempts_says_so(run, tmp_path):
    header_only = csv_text([MOODLE_HEADER])
    items, warnings = analysed(run, tmp_path, "responses.csv", header_only)
    assert items == {} and "the report holds no attempt" in warnings


def test_texts_match_across_case_markup_and_the_turkish_i():
    from quizlint.analyze.items import match_key

    assert match_key("İZMİR ŞEHRİ") == match_key("İzmir şehri") == match_key("izmir  Şehri")
    assert match_key("ISPANAK") == match_key("ıspanak")
    assert match_key("<p>Paris,&nbsp;<b>the</b> capital</p>") == match_key("Paris, the capital")
    assert match_key("{mlang en}Rome{mlang}{mlang tr}Roma{mlang}") == match_key("RomeRoma")
    assert match_key("Paris") != match_key("Pariss")
