"""`quizlint stats`: numbers checked against values counted by hand (tests/test_preview_bank.py) and p-values
computed independently by brute force."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from test_preview_bank import (EXPECTED, build_bank, longest_expected, longest_hits, longest_p_brute_force,
                               multinomial_p_brute_force)

OTHER_TYPES = ("numerical", "short_answer", "matching", "ordering", "essay")


@pytest.fixture
def bank(tmp_path):
    return build_bank(tmp_path)


def stats_json(run, bank, *args):
    result = run("stats", bank, "--format", "json", *args, cwd=bank.parent)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def scopes(data):
    quizzes = {quiz["id"]: quiz for quiz in data["quizzes"]}
    return {"alpha": quizzes["alpha"], "beta": quizzes["beta"], "bank": data["bank"]}


@pytest.mark.parametrize("scope", ["alpha", "beta", "bank"])
def test_counts_match_the_hand_counted_bank(run, bank, scope):
    data = scopes(stats_json(run, bank))[scope]
    expected = EXPECTED[scope]
    assert data["items"] == expected["items"]
    # (the other item types are counted too: none in this bank)
    assert data["types"] == {**dict.fromkeys(OTHER_TYPES, 0), **expected["types"]}
    assert data["options_per_item"]["distribution"] == expected["options"]
    options = [int(n) for n, count in expected["options"].items() for _ in range(count)]
    assert data["options_per_item"]["min"] == min(options)
    assert data["options_per_item"]["max"] == max(options)
    assert data["options_per_item"]["mean"] == pytest.approx(sum(options) / len(options), abs=1e-4)
    assert data["key_positions_left_out"] == expected["left_out"]


@pytest.mark.parametrize("scope", ["alpha", "bank"])
def test_translation_states_per_language(run, bank, scope):
    data = scopes(stats_json(run, bank))[scope]
    tr = data["translations"]["tr"]
    expected = EXPECTED[scope]["tr"]
    assert {state: tr[state] for state in expected} == expected
    assert tr["coverage"] == pytest.approx((expected["items"] - expected["missing"]) / expected["items"], abs=1e-4)


def test_a_single_language_quiz_has_no_translation_rows(run, bank):
    assert scopes(stats_json(run, bank))["beta"]["translations"] == {}


@pytest.mark.parametrize("scope", ["alpha", "beta", "bank"])
def test_key_positions_and_exact_test(run, bank, scope):
    data = scopes(stats_json(run, bank))[scope]
    expected = EXPECTED[scope]["positions"]
    assert [group["options"] for group in data["key_positions"]] == sorted(expected)
    for group in data["key_positions"]:
        counts = expected[group["options"]]
        assert list(group["counts"].values()) == counts
        assert list(group["counts"]) == ["A", "B", "C", "D"][: group["options"]]
        assert group["items"] == sum(counts)
        assert group["expected"] == pytest.approx(sum(counts) / group["options"], abs=1e-4)
        assert group["method"] == "exact multinomial"
        assert group["p_value"] == pytest.approx(multinomial_p_brute_force(counts), rel=1e-6)
        assert group["flagged"] is False  # fewer than min-items (8) items: never reported


@pytest.mark.parametrize("scope", ["alpha", "beta", "bank"])
def test_longest_option_rate_and_test(run, bank, scope):
    data = scopes(stats_json(run, bank))[scope]["longest_option_key"]
    items = EXPECTED[scope]["longest"]
    assert data["items"] == len(items)
    assert data["longest"] == pytest.approx(longest_hits(items), abs=0.01)
    assert data["rate"] == pytest.approx(longest_hits(items) / len(items), abs=1e-4)
    assert data["expected"] == pytest.approx(longest_expected(items), abs=1e-4)
    assert data["p_value"] == pytest.approx(longest_p_brute_force(items), rel=1e-6)


def lint_counts(run, bank, *args) -> Counter:
    result = run("lint", bank, "--format", "json", "--exit-zero", *args, cwd=bank.parent)
    return Counter((finding["file"], finding["code"], finding["severity"]) for finding in json.loads(result.stdout))


def test_findings_per_rule_and_severity_agree_with_lint(run, bank):
    data = stats_json(run, bank)
    lint = lint_counts(run, bank)
    assert lint, "the fixture bank is meant to have findings"
    by_rule = Counter()
    for (_, code, severity), count in lint.items():
        by_rule[(code, severity)] += count
    assert {(rule["code"], rule["severity"]): rule["count"] for rule in data["bank"]["findings"]["by_rule"]} == by_rule
    for severity in ("error", "warning", "info"):
        assert data["bank"]["findings"][severity] == sum(n for (_, _, level), n in lint.items() if level == severity)
    for quiz in data["quizzes"]:
        assert sum(rule["count"] for rule in quiz["findings"]["by_rule"]) == sum(
            n for (file, _, _), n in lint.items() if file == quiz["file"])
    assert any(rule["code"] == "K001" for rule in data["bank"]["findings"]["by_rule"])  # a9 has no key


def test_rule_selection_applies_to_the_findings(run, bank):
    data = stats_json(run, bank, "--select", "missing-key")
    assert [(rule["code"], rule["count"]) for rule in data["bank"]["findings"]["by_rule"]] == [("K001", 1)]
    assert data["bank"]["items"] == EXPECTED["bank"]["items"]  # the numbers do not depend on the selection


def test_text_report(run, bank):
    result = run("stats", bank, cwd=bank.parent)
    assert result.exit_code == 0, result.output
    text = result.stdout
    p_alpha = multinomial_p_brute_force([3, 1, 1, 0])
    assert f"alpha: 4 options, 5 items: A:3 B:1 C:1 D:0 (expected 1.25 each), exact multinomial p={p_alpha:.3f}" in text
    assert "beta: 3 options, 3 items: A:1 B:1 C:1 (expected 1 each), exact multinomial p=1.000" in text
    assert "alpha: 1 item with a fixed option left out" in text
    assert "bank: 5.33 of 9 items (59.3%; chance: 2.5 of 9)" in text  # ties count 1/k
    tr_alpha = next(line for line in text.splitlines() if line.split()[:2] == ["tr", "alpha"])
    assert tr_alpha.split()[2:] == ["3", "1", "3", "1", "1", "88.9%"]
    alpha_row = next(line for line in text.splitlines() if line.split()[:1] == ["alpha"])
    assert alpha_row.split()[2:8] == ["9", "7", "1", "1", "3,", "4"]
    assert "K001 missing-key" in text


def test_output_is_deterministic(run, bank):
    first = run("stats", bank, "--format", "json", cwd=bank.parent).stdout
    second = run("stats", bank, "--format", "json", cwd=bank.parent).stdout
    assert first == second


def test_a_biased_bank_is_flagged_as_the_rule_reports_it(run, write_quiz, tmp_path):
    items = "\n".join(
        f"- {{id: q{n}, stem: {{en: 'Question number {n} about topic {n}?', tr: 'Konu {n} hakkında {n}. soru?'}}, "
        f"options: [{{text: 'Right {n}', correct: true}}, {{text: 'Wrong {n}'}}, {{text: 'Other {n}'}}, "
        f"{{text: 'Else {n}'}}]}}"
        for n in range(1, 11))
    path = write_quiz(items, name="biased.quiz.yaml")
    only = ("--select", "key-position-bias")  # the numbers do not depend on the selection; lint runs faster
    data = json.loads(run("stats", path, "--format", "json", *only, cwd=tmp_path).stdout)
    group = data["bank"]["key_positions"][0]
    assert list(group["counts"].values()) == [10, 0, 0, 0]
    assert group["p_value"] == pytest.approx(multinomial_p_brute_force([10, 0, 0, 0]), rel=1e-6)
    assert group["flagged"] is True
    lint = run("lint", path, "--format", "json", "--exit-zero", *only, cwd=tmp_path)
    assert [finding["code"] for finding in json.loads(lint.stdout)] == ["B001"]
    text = run("stats", path, *only, cwd=tmp_path).stdout
    assert "A:10 B:0 C:0 D:0" in text and "[biased]" in text


def test_unreadable_file_is_reported_and_left_out(run, bank):
    (bank / "broken.quiz.yaml").write_text("quizlint: 1\nid: [unclosed\n", encoding="utf-8")
    result = run("stats", bank, "--format", "json", cwd=bank.parent)
    assert result.exit_code == 1
    assert "bank/broken.quiz.yaml:" in result.stderr and "Y001" in result.stderr
    data = json.loads(result.stdout)
    assert [entry["file"] for entry in data["unreadable"]] == ["bank/broken.quiz.yaml"]
    assert data["bank"]["items"] == EXPECTED["bank"]["items"]
    assert "Traceback" not in result.output


def test_missing_path_is_a_usage_error(run, tmp_path):
    result = run("stats", tmp_path / "nope", cwd=tmp_path)
    assert result.exit_code == 2
    assert "no such file or directory" in result.stderr


def test_stats_in_a_real_process(run_process, bank):
    result = run_process("stats", "bank", "--select", "K", cwd=bank.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Items\n")
