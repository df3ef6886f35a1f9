"""`quizlint analyze` as users run it: formats, the JSON Schema, determinism, privacy, bad input (exit 2,
nothing written), `quizlint preview --responses`, and 100,000 response rows streamed."""

from __future__ import annotations

import json
import re

import pytest
from jsonschema import Draft202012Validator

from analyze_support import (SimItem, Simulation, canvas_student_analysis_csv, long_csv, moodle_responses_csv,
                             quiz_yaml, student, write)
from conftest import ROOT


@pytest.fixture(scope="module")
def bank(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bank")
    items = [SimItem(f"q{number}", a=1.0 + number / 10, b=number / 10 - 0.3, true_answer=number % 4)
             for number in range(8)]
    for item in items:
        item.bank_key = item.true_answer
    sim = Simulation(items, respondents=120, seed=5).run()
    write(folder / "capitals.quiz.yaml", quiz_yaml(sim.items))
    write(folder / "long.csv", long_csv(sim))
    write(folder / "moodle.csv", moodle_responses_csv(sim))
    write(folder / "canvas.csv", canvas_student_analysis_csv(sim))
    return folder, sim


def test_json_report_has_exactly_the_documented_shape_and_validates(run, bank):
    folder, _ = bank
    result = run("analyze", folder / "long.csv", folder / "capitals.quiz.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    schema = json.loads(run("schema", "analysis").stdout)
    Draft202012Validator.check_schema(schema)
    Draft202012Validator(schema).validate(report)
    (quiz,) = report["quizzes"]
    assert set(quiz) == {"id", "respondents", "kr20", "sem", "items"} and quiz["respondents"] == 120
    assert set(quiz["items"][0]) == {"id", "n", "facility", "discrimination", "upper_lower", "options"}
    assert set(quiz["items"][0]["options"][0]) == {"label", "chosen", "discrimination"}
    assert [item["id"] for item in quiz["items"]] == [f"q{number}" for number in range(8)]
    assert 0 < quiz["kr20"] < 1 and quiz["sem"] > 0


def test_committed_analysis_schema_is_the_printed_one(run):
    printed = run("schema", "analysis")
    assert printed.exit_code == 0
    assert (ROOT / "schema" / "analysis.schema.json").read_text(encoding="utf-8") == printed.stdout, \
        "schema/analysis.schema.json is out of date: `quizlint schema analysis > schema/analysis.schema.json`"


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_reports_are_byte_identical_run_after_run(run, bank, tmp_path, fmt):
    folder, _ = bank
    outputs = []
    for number in range(2):
        out = tmp_path / f"report{number}.{fmt}"
        result = run("analyze", folder / "moodle.csv", folder / "capitals.quiz.yaml", "--format", fmt, "-o", out)
        assert result.exit_code == 0, result.output
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] and outputs[0]


def test_text_report_lists_every_item_with_its_key_marked(run, bank):
    folder, sim = bank
    result = run("analyze", folder / "canvas.csv", folder / "capitals.quiz.yaml")
    assert result.exit_code == 0
    assert result.stdout.startswith("capitals: 120 respondents, KR-20 0.")
    for item in sim.items:
        line = next(line for line in result.stdout.splitlines() if line.strip().startswith(item.id + " "))
        assert f" {'ABCD'[item.bank_key]}* " in line


def test_html_report_is_self_contained_with_bars_and_the_key_marked(run, bank, tmp_path):
    folder, _ = bank
    out = tmp_path / "analysis.html"
    result = run("analyze", folder / "long.csv", folder / "capitals.quiz.yaml", "--format", "html", "-o", out)
    assert result.exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "default-src 'none'" in page
    assert not re.search(r"(src|href)=\"(https?:)?//", page) and "<script" not in page
    assert page.count('class="option key"') == 8 and page.count('class="bar"') == 32


def test_preview_links_to_the_item_analysis(run, bank, tmp_path):
    folder, _ = bank
    site = tmp_path / "site"
    result = run("preview", folder / "capitals.quiz.yaml", "-o", site, "--responses", folder / "long.csv")
    assert result.exit_code == 0, result.output
    assert 'href="analysis.html"' in (site / "index.html").read_text(encoding="utf-8")
    page = (site / "analysis.html").read_text(encoding="utf-8")
    assert 'href="index.html"' in page and 'id="item-q0"' in page
    rerun = run("preview", folder / "capitals.quiz.yaml", "-o", site, "--responses", folder / "long.csv")
    assert rerun.exit_code == 0, rerun.output  # (its own page: rewritten without --force)


def test_preview_shows_the_response_rules_findings_on_their_items(run, bank, tmp_path):
    folder, _ = bank
    config = write(tmp_path / "quizlint.toml", "extend-select = [\"R005\"]\n[rules.too-easy]\nmax-facility = 0.1\n")
    site = tmp_path / "site"
    result = run("preview", folder / "capitals.quiz.yaml", "-o", site, "--responses", folder / "long.csv",
                 "--config", config)
    assert result.exit_code == 0, result.output
    page = (site / "quiz-capitals.html").read_text(encoding="utf-8")
    assert page.count("R005") >= 8 and "over 120 responses (above 0.1)" in page
    plain = run("preview", folder / "capitals.quiz.yaml", "-o", tmp_path / "plain", "--config", config)
    assert plain.exit_code == 0
    assert "R005" not in (tmp_path / "plain" / "quiz-capitals.html").read_text(encoding="utf-8")


def test_no_name_email_or_id_of_a_student_is_written_anywhere(run, bank, tmp_path):
    folder, sim = bank
    secrets = set()
    for number in range(len(sim.choices)):
        last, first, email = student(number)
        secrets |= {last, email, f"SIS-{88_000 + number}", str(4_700_000 + number), f"student-{number:05d}"}
    outputs = []
    config = write(tmp_path / "quizlint.toml", "extend-select = [\"R005\"]\n[rules.too-easy]\nmax-facility = 0.1\n")
    for source in ("long.csv", "moodle.csv", "canvas.csv"):
        for fmt in ("text", "json", "html"):
            out = tmp_path / f"{source}.{fmt}"
            result = run("analyze", folder / source, folder / "capitals.quiz.yaml", "--format", fmt, "-o", out)
            outputs += [out.read_text(encoding="utf-8"), result.output]
        for fmt in ("text", "json", "sarif", "junit"):
            result = run("lint", "--responses", folder / source, folder / "capitals.quiz.yaml", "--format", fmt,
                         "--config", config, cwd=folder)
            outputs.append(result.output)
        site = tmp_path / f"site-{source}"
        run("preview", folder / "capitals.quiz.yaml", "-o", site, "--responses", folder / source)
        outputs += [page.read_text(encoding="utf-8") for page in site.iterdir()]
    # (and whatever lint left on disk: its results cache, if any)
    outputs += [path.read_text(encoding="utf-8", errors="replace") for path in folder.rglob("*")
                if path.is_file() and path.suffix != ".csv"]
    everything = "\n".join(outputs)
    assert "capitals" in everything and "R00" in everything
    leaked = sorted(secret for secret in secrets if secret in everything)
    assert not leaked, leaked[:5]


@pytest.mark.parametrize("content, expected", [
    (b"name,score\nA,1\n", "unknown columns ('name', 'score')"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a CSV file"),
    (b"respondent,item,response\nr1,no-such-item,A\n", ":2: column \"item\": 'no-such-item' is not an item of the bank"),
    (b"respondent,item,response,grade\nr1,q0,A,1\n", "unknown column 'grade'"),
    (b"respondent,item,response\nr1,q0,E\n", ":2: column \"response\": 'E' is not an answer to item q0"),
    (b"respondent,item,response\nr1,q0,A\nr1,q0,B\n", ":3: a second response of the same respondent"),
    (b"respondent,item,response\nr1,q0,\xff\xfe\n", "not UTF-8"),
    (b"", "empty file"),
    (b"Surname,State,Response 1\nA,Finished,Atlantis\n", "no question of the report matches an item"),
])
def test_bad_input_exits_2_with_a_clear_message_and_writes_nothing(run, bank, tmp_path, content, expected):
    folder, _ = bank
    bad = tmp_path / "responses.csv"
    bad.write_bytes(content)
    out = tmp_path / "report.json"
    result = run("analyze", bad, folder / "capitals.quiz.yaml", "--format", "json", "-o", out)
    assert result.exit_code == 2
    assert expected in result.stderr and str(bad) in result.stderr
    assert "Traceback" not in result.output and not out.exists()
    lint = run("lint", "--responses", bad, "--no-cache", "-o", tmp_path / "lint.txt", cwd=folder)  # (the whole bank)
    assert lint.exit_code == 2 and expected in lint.stderr and not (tmp_path / "lint.txt").exists()


def test_missing_responses_file_and_no_responses_are_usage_errors(run, bank, tmp_path):
    folder, _ = bank
    missing = run("analyze", tmp_path / "nope.csv", folder / "capitals.quiz.yaml")
    assert missing.exit_code == 2 and "no such responses file" in missing.stderr
    none = run("analyze", folder / "capitals.quiz.yaml")
    assert none.exit_code == 2 and "no responses file given" in none.stderr


def test_the_report_never_replaces_an_input(run, bank, tmp_path):
    folder, _ = bank
    copy = write(tmp_path / "long.csv", (folder / "long.csv").read_text(encoding="utf-8"))
    result = run("analyze", copy, folder / "capitals.quiz.yaml", "-o", copy)
    assert result.exit_code == 2 and "it is a responses file" in result.stderr
    assert copy.read_text(encoding="utf-8") == (folder / "long.csv").read_text(encoding="utf-8")


def test_100000_response_rows_are_streamed(run, tmp_path):
    items = [SimItem(f"item-{number:02d}", a=1.0, b=0.0, true_answer=number % 4) for number in range(20)]
    for item in items:
        item.bank_key = item.true_answer
    sim = Simulation(items, respondents=5_000, seed=3).run()
    write(tmp_path / "bank.quiz.yaml", quiz_yaml(sim.items, "big"))
    text = long_csv(sim)
    assert text.count("\n") == 100_001
    write(tmp_path / "long.csv", text)
    result = run("analyze", tmp_path / "long.csv", tmp_path / "bank.quiz.yaml", "--format", "json")
    assert result.exit_code == 0
    (quiz,) = json.loads(result.stdout)["quizzes"]
    assert quiz["respondents"] == 5_000 and all(item["n"] == 5_000 for item in quiz["items"])
    assert "reading" not in result.stderr  # (the progress line is for terminals only)


def test_progress_is_shown_on_a_terminal_only():
    import io

    from quizlint.analyze.csvfile import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        progress = Progress("big.csv", stream)
        for rows in range(1, 5001):
            progress.update(rows)
        progress.done()
    assert "reading big.csv: 1,000 rows" in terminal.getvalue() and pipe.getvalue() == ""


def test_several_files_of_one_quiz_add_up(run, bank):
    folder, _ = bank
    result = run("analyze", folder / "long.csv", folder / "moodle.csv", folder / "capitals.quiz.yaml",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    (quiz,) = json.loads(result.stdout)["quizzes"]
    assert quiz["respondents"] == 240 and all(item["n"] == 240 for item in quiz["items"])


def test_an_item_id_in_two_quizzes_needs_the_quiz_column(run, bank, tmp_path):
    folder, sim = bank
    write(tmp_path / "a.quiz.yaml", quiz_yaml(sim.items, "morning"))
    write(tmp_path / "b.quiz.yaml", quiz_yaml(sim.items, "evening"))
    write(tmp_path / "plain.csv", "respondent,item,response\nr1,q0,A\n")
    plain = run("analyze", tmp_path / "plain.csv", tmp_path)
    assert plain.exit_code == 2 and "item 'q0' is in several quizzes (evening, morning): add a \"quiz\" column" \
        in plain.stderr
    write(tmp_path / "quiz.csv", "respondent,quiz,item,response\nr1,evening,q0,A\nr2,evening,q0,B\n")
    result = run("analyze", tmp_path / "quiz.csv", tmp_path, "--format", "json")
    assert result.exit_code == 0, result.output
    (quiz,) = json.loads(result.stdout)["quizzes"]
    assert quiz["id"] == "evening" and quiz["respondents"] == 2
