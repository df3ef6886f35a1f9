"""Bank consistency (D rules): duplicate ids and stems, inconsistent option counts — through the CLI."""

from __future__ import annotations

import json

import pytest

from conftest import quiz_yaml
from quizlint.rules.base import find_rule


def lint(run, *args, cwd=None) -> list[dict]:
    result = run("lint", "--format", "json", "--exit-zero", *args, cwd=cwd)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def item(item_id: str, stem_en: str, stem_tr: str, n_options: int = 4) -> str:
    options = ", ".join("{text: {en: 'Choice %d', tr: 'Seçenek %d'}%s}" % (i, i, ", correct: true" if i == 0 else "")
                        for i in range(n_options))
    return f"- {{id: {item_id}, stem: {{en: {json.dumps(stem_en)}, tr: {json.dumps(stem_tr, ensure_ascii=False)}}}, options: [{options}]}}"


# --- D001 duplicate-id -------------------------------------------------------------------------------------

def test_an_item_id_repeated_in_another_file_points_to_the_first(run, write_quiz, tmp_path):
    write_quiz(item("dns", "What does DNS do?", "DNS ne yapar?"), name="a.quiz.yaml", quiz_id="net-a")
    write_quiz(item("nat", "What does NAT do?", "NAT ne yapar?") + "\n" + item("dns", "Which port does DNS use?",
                                                                                "DNS hangi portu kullanır?"),
               name="b.quiz.yaml", quiz_id="net-b")
    result = run("lint", "--select", "duplicate-id", ".", cwd=tmp_path)
    assert result.exit_code == 1  # an error
    assert result.stdout.splitlines()[0] == ("b.quiz.yaml:7:6: D001 [error] item id 'dns' is already used in "
                                             "a.quiz.yaml:6:6")


def test_a_repeated_quiz_id_is_reported_at_the_later_file(run, write_quiz, tmp_path):
    write_quiz(item("q1", "One?", "Bir?"), name="a.quiz.yaml", quiz_id="same")
    write_quiz(item("q2", "Two?", "İki?"), name="b.quiz.yaml", quiz_id="same")
    findings = lint(run, "--select", "D001", ".", cwd=tmp_path)
    assert [(f["file"], f["line"], f["message"]) for f in findings] == [
        ("b.quiz.yaml", 2, "quiz id 'same' is already used in a.quiz.yaml:2:1")]


def test_an_item_id_repeated_in_the_same_file(run, write_quiz):
    path = write_quiz(item("q1", "One?", "Bir?") + "\n" + item("q1", "Two?", "İki?") + "\n"
                      + item("q1", "Three?", "Üç?"))
    findings = lint(run, "--select", "D001", path)
    assert [(f["line"], f["item"]) for f in findings] == [(7, "q1"), (8, "q1")]
    assert all(f["message"].endswith("demo.quiz.yaml:6:6") for f in findings)


def test_unique_ids_are_clean(run, write_quiz):
    path = write_quiz(item("q1", "One?", "Bir?") + "\n" + item("q2", "Two?", "İki?"))
    assert lint(run, "--select", "D001", path) == []


# --- D002 duplicate-stem -----------------------------------------------------------------------------------

def test_the_same_stem_after_normalisation_is_reported_with_its_languages(run, write_quiz):
    path = write_quiz(item("nat", "What does NAT do?", "NAT ne yapar?") + "\n"
                      + item("nat-again", "what does  NAT do", "nat ne yapar"))
    findings = lint(run, "--select", "duplicate-stem", path)
    assert [(f["line"], f["column"], f["item"]) for f in findings] == [(7, 27, "nat-again")]  # the stem mapping
    assert findings[0]["message"].startswith("same stem as item 'nat' (")
    assert findings[0]["message"].endswith("demo.quiz.yaml:6:6) in en, tr")


def test_turkish_casefolding_decides_what_is_the_same_stem(run, write_quiz):
    # Turkish İ/i and I/ı: "İSTANBUL" folds to "istanbul", "ISPARTA" to "ısparta" (not "isparta").
    path = write_quiz(item("ist", "Which province is Istanbul in?", "İstanbul hangi ildedir?") + "\n"
                      + item("ist-2", "Which province contains the city?", "İSTANBUL HANGİ İLDEDİR") + "\n"
                      + item("isp", "Which province is Isparta in?", "Isparta hangi ildedir?") + "\n"
                      + item("isp-2", "Where is the lake district?", "isparta hangi ildedir?"))
    findings = lint(run, "--select", "D002", path)
    assert [(f["item"], f["message"].rsplit(" in ", 1)[1]) for f in findings] == [("ist-2", "tr")]


def test_the_same_stem_in_another_quiz_file(run, write_quiz, tmp_path):
    write_quiz(item("a1", "What is latency?", "Gecikme nedir?"), name="a.quiz.yaml", quiz_id="a")
    write_quiz(item("b1", "What is latency?", "Gecikme süresi nedir?"), name="b.quiz.yaml", quiz_id="b")
    findings = lint(run, "--select", "D002", ".", cwd=tmp_path)
    assert [(f["file"], f["message"]) for f in findings] == [
        ("b.quiz.yaml", "same stem as item 'a1' (a.quiz.yaml:6:6) in en")]


def test_which_duplicate_is_reported_does_not_depend_on_the_current_folder(run, write_quiz, tmp_path):
    # the later of two files was chosen by the paths shown, which are relative to the current folder: from
    # content/sub, "../../legacy/b.quiz.yaml" sorts before "a.quiz.yaml", and the findings (and their SARIF
    # fingerprints) moved to content/sub/a.quiz.yaml
    (tmp_path / ".git").mkdir()
    (tmp_path / "quizlint.toml").write_text('paths = ["content", "legacy"]\n', encoding="utf-8")
    for name in ("content/sub/a", "legacy/b"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        write_quiz(item("same-id", "What is latency?", "Gecikme nedir?"), name=f"{name}.quiz.yaml", quiz_id=name[-1])
    sub = tmp_path / "content" / "sub"
    for cwd in (tmp_path, sub):
        findings = lint(run, "--select", "D001,D002", cwd=cwd)
        assert [((cwd / f["file"]).resolve(), f["code"]) for f in findings] == [
            (tmp_path / "legacy" / "b.quiz.yaml", "D001"), (tmp_path / "legacy" / "b.quiz.yaml", "D002")], cwd
    assert sarif_results(run, tmp_path) == sarif_results(run, sub)


def sarif_results(run, cwd) -> list[tuple[str, str, dict]]:
    """(rule, file as SARIF names it, fingerprints) of each result of ``quizlint lint --format sarif`` in ``cwd``."""
    report = json.loads(run("lint", "--format", "sarif", "--exit-zero", "--select", "D001,D002", cwd=cwd).stdout)
    return [(result["ruleId"], result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
             result["partialFingerprints"]) for result in report["runs"][0]["results"]]


def test_a_stem_left_untranslated_is_not_a_duplicate_of_itself(run, write_quiz, tmp_path):
    # the same text in two languages of one item; a repeat of it in another file is reported in both
    write_quiz(item("a1", "What is latency?", "What is latency?") + "\n" + item("a2", "What is jitter?",
                                                                                  "Jitter nedir?"),
               name="a.quiz.yaml", quiz_id="a")
    assert lint(run, "--select", "D002", "a.quiz.yaml", cwd=tmp_path) == []
    write_quiz(item("b1", "What is latency?", "What is latency?"), name="b.quiz.yaml", quiz_id="b")
    findings = lint(run, "--select", "D002", ".", cwd=tmp_path)
    assert [(f["file"], f["message"]) for f in findings] == [
        ("b.quiz.yaml", "same stem as item 'a1' (a.quiz.yaml:6:6) in en, tr")]


def test_stems_that_differ_in_an_operator_or_sign_are_different_stems(run, write_quiz):
    # "+", "-", "*", "<", ">" carry the question: only prose punctuation, case and emphasis are ignored
    path = write_quiz(item("add", "What is 7 + 3?", "7 + 3 kaçtır?") + "\n" + item("sub", "What is 7 - 3?", "7 - 3 kaçtır?")
                      + "\n" + item("mul", "What is 7 * 3?", "7 * 3 kaçtır?") + "\n"
                      + item("lt", "Is `a < b` true?", "`a < b` doğru mu?") + "\n"
                      + item("gt", "Is `a > b` true?", "`a > b` doğru mu?") + "\n"
                      + item("lt-again", "is **`a < b`** TRUE", "(`a < b`) doğru mu"))
    findings = lint(run, "--select", "D002", path)
    assert [(f["item"], f["message"].rsplit(" in ", 1)[1]) for f in findings] == [("lt-again", "en, tr")]


@pytest.mark.parametrize("code, shouted", [("`{}`", "`{}`"), ("<code>{}</code>", "<CODE>{}</CODE>")])
def test_stems_whose_code_differs_in_case_are_different_stems(run, write_quiz, code, shouted):
    # code is case-sensitive: Python's `None` is not `none`; the prose around it (and HTML tags) still folds. (HTML
    # code was casefolded: the stems with <code>None</code> and <code>none</code> were the same stem)
    none, lower, again = code.format("None"), code.format("none"), shouted.format("None")
    path = write_quiz(item("none", f"What does {none} mean?", f"{none} ne demektir?") + "\n"
                      + item("lower", f"What does {lower} mean?", f"{lower} ne demektir?") + "\n"
                      + item("again", f"WHAT DOES {again} MEAN", f"{again} NE DEMEKTİR"))
    findings = lint(run, "--select", "D002", path)
    assert [(f["item"], f["message"].rsplit(" in ", 1)[1]) for f in findings] == [("again", "en, tr")]


def test_different_stems_are_clean(run, write_quiz):
    path = write_quiz(item("q1", "What does NAT do?", "NAT ne yapar?") + "\n"
                      + item("q2", "Why do routers use NAT?", "Yönlendiriciler neden NAT kullanır?"))
    assert lint(run, "--select", "D002", path) == []


# --- D003 inconsistent-option-count ------------------------------------------------------------------------

def test_an_item_with_an_unusual_number_of_options_is_information(run, write_quiz, tmp_path):
    write_quiz("\n".join(item(f"a{i}", f"Question {i}?", f"Soru {i}?") for i in range(3)), name="a.quiz.yaml",
               quiz_id="a")
    write_quiz(item("b1", "Question b?", "Soru b?", n_options=3), name="b.quiz.yaml", quiz_id="b")
    result = run("lint", "--select", "D003", ".", cwd=tmp_path)
    assert result.exit_code == 0  # info never fails the run by default
    assert result.stdout.splitlines()[0] == ("b.quiz.yaml:6:6: D003 [info] item has 3 options; 3 of the bank's 4 "
                                             "items have 4")


def test_on_a_tie_the_larger_count_is_the_usual_one(run, write_quiz):
    path = write_quiz(item("q1", "One?", "Bir?", n_options=3) + "\n" + item("q2", "Two?", "İki?", n_options=4))
    findings = lint(run, "--select", "D003", path)
    assert [(f["item"], f["message"]) for f in findings] == [("q1", "item has 3 options; 1 of the bank's 2 items has 4")]


def test_an_item_suppression_silences_a_deliberate_difference(run, tmp_path):
    text = quiz_yaml(item("q1", "One?", "Bir?") + "\n" + item("q2", "Two?", "İki?") + "\n"
                     + item("q3", "Three?", "Üç?", n_options=3))
    text = text.replace("- {id: q3,", "- {id: q3, # quizlint: disable=D003 -- a three-way choice\n    ", 1)
    path = tmp_path / "demo.quiz.yaml"
    path.write_text(text, encoding="utf-8")
    assert lint(run, "--select", "D003", path) == []


def test_consistent_banks_and_true_false_items_are_clean(run, write_quiz):
    true_false = "- {id: tf, type: true_false, stem: {en: 'Sky is blue.', tr: 'Gökyüzü mavidir.'}, answer: true}"
    path = write_quiz(item("q1", "One?", "Bir?") + "\n" + item("q2", "Two?", "İki?") + "\n" + true_false)
    assert lint(run, "--select", "D003", path) == []


# --- every D rule on its own documented examples -----------------------------------------------------------

@pytest.mark.parametrize("code", ["D001", "D002", "D003"])
def test_documented_examples_fail_and_pass(run, tmp_path, code):
    failing, passing = find_rule(code).examples()
    for label, text, expected in (("failing", failing, [code]), ("passing", passing, [])):
        path = tmp_path / f"{label}.quiz.yaml"
        path.write_text(text, encoding="utf-8")
        assert [f["code"] for f in lint(run, "--select", code, path)] == expected, label
