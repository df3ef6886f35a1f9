"""The response rules (R) on responses simulated from a 3PL item-response model with known parameters and
planted flaws: each planted flaw is found where it was planted, and nowhere else."""

from __future__ import annotations

import json
import random

import pytest

from analyze_support import SimItem, Simulation, long_csv, quiz_yaml, write

PLANTED = {"miskey": "capital-03", "dead": "capital-05", "negative": "capital-08", "flat": "capital-11"}


def simulated_items() -> list[SimItem]:
    rng = random.Random(7)
    items = []
    for number in range(20):
        item_id = f"capital-{number:02d}"
        item = SimItem(item_id, a=rng.uniform(0.9, 1.8), b=rng.uniform(-0.3, 1.0), true_answer=number % 4)
        item.bank_key = item.true_answer
        if item_id == PLANTED["miskey"]:
            item.bank_key = (item.true_answer + 1) % 4  # the bank marks a distractor correct
        if item_id == PLANTED["dead"]:
            dead = (item.true_answer + 2) % 4
            item.weights = tuple(0.0 if index == dead else 1.0 for index in range(4))
        if item_id == PLANTED["negative"]:
            item.a, item.b = -1.2, -0.5  # (wrong answers spread over the distractors: none is dead)
        if item_id == PLANTED["flat"]:
            item.a = 0.05
        items.append(item)
    return items


@pytest.fixture(scope="module")
def delivered(tmp_path_factory):
    folder = tmp_path_factory.mktemp("delivered")
    sim = Simulation(simulated_items(), respondents=600).run()
    write(folder / "capitals.quiz.yaml", quiz_yaml(sim.items))
    write(folder / "responses.csv", long_csv(sim))
    return folder, sim


def findings(run, folder, *args):
    """The R findings of linting the folder with its responses (the rules enabled by default, or as ``args`` say)."""
    result = run("lint", "--responses", folder / "responses.csv", folder / "capitals.quiz.yaml", "--format", "json",
                 *args, "--no-cache", cwd=folder)
    assert result.exit_code in (0, 1), result.output
    return [finding for finding in json.loads(result.stdout) if finding["code"].startswith("R")]


def by_rule(found, code):
    return sorted(finding["item"] for finding in found if finding["code"] == code)


def test_each_planted_flaw_is_found_at_its_item_and_nowhere_else(run, delivered):
    folder, _ = delivered
    found = findings(run, folder)
    assert by_rule(found, "R001") == [PLANTED["miskey"]]
    # the miskeyed item discriminates negatively too, as it should: the bank scores the right answer as wrong
    assert by_rule(found, "R002") == sorted([PLANTED["miskey"], PLANTED["negative"]])
    assert by_rule(found, "R003") == [PLANTED["flat"]]
    assert by_rule(found, "R004") == [PLANTED["dead"]]
    assert not by_rule(found, "R005") and not by_rule(found, "R006")  # (off by default)


def test_findings_point_at_the_item_id_line_and_name_the_options(run, delivered):
    folder, sim = delivered
    found = findings(run, folder)
    text = (folder / "capitals.quiz.yaml").read_text(encoding="utf-8").splitlines()
    for finding in found:
        assert text[finding["line"] - 1].strip() == f"- id: {finding['item']}"
        assert finding["column"] == text[finding["line"] - 1].index("id:") + 1
    miskey = next(item for item in sim.items if item.id == PLANTED["miskey"])
    message = next(f["message"] for f in found if f["code"] == "R001")
    assert f"option {'ABCD'[miskey.true_answer]} " in message and f"the key {'ABCD'[miskey.bank_key]} " in message
    dead_item = next(item for item in sim.items if item.id == PLANTED["dead"])
    dead = "ABCD"[dead_item.weights.index(0.0)]
    assert f"option {dead} chosen by 0 % of 600 respondents" in next(f["message"] for f in found if f["code"] == "R004")


def test_below_min_responses_every_rule_is_silent(run, delivered):
    folder, _ = delivered
    config = folder / "quizlint.toml"
    config.write_text("".join(f'[rules.{name}]\nmin-responses = 601\n' for name in (
        "possible-miskey", "negative-discrimination", "low-discrimination", "non-functioning-distractor",
        "too-easy", "too-hard")), encoding="utf-8")
    try:
        assert findings(run, folder, "--extend-select", "R005,R006") == []
    finally:
        config.unlink()


def test_too_easy_and_too_hard_when_selected(run, delivered):
    folder, sim = delivered
    found = findings(run, folder, "--extend-select", "R005,R006")
    hard = by_rule(found, "R006")
    assert PLANTED["miskey"] in hard  # (scored against the wrong key, almost nobody is "right")
    for finding in found:
        if finding["code"] in ("R005", "R006"):
            facility = float(finding["message"].split()[1])
            assert facility > 0.9 if finding["code"] == "R005" else facility < 0.3


def test_without_responses_the_rules_find_nothing(run, delivered):
    folder, _ = delivered
    result = run("lint", folder / "capitals.quiz.yaml", "--format", "json", "--select", "R", "--no-cache", cwd=folder)
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_a_suppression_silences_a_response_rule(run, delivered, tmp_path):
    folder, _ = delivered
    text = (folder / "capitals.quiz.yaml").read_text(encoding="utf-8")
    text = text.replace(f"  - id: {PLANTED['dead']}\n",
                        f"  - id: {PLANTED['dead']}  # quizlint: disable=R004 -- replaced next term\n")
    write(tmp_path / "capitals.quiz.yaml", text)
    write(tmp_path / "responses.csv", (folder / "responses.csv").read_text(encoding="utf-8"))
    found = findings(run, tmp_path)
    assert by_rule(found, "R004") == [] and by_rule(found, "R001") == [PLANTED["miskey"]]


def test_the_one_sided_tests_of_a_correlation_are_fishers_z():
    import math
    from statistics import NormalDist

    from quizlint.rules._responses import below_p, significantly_below, significantly_negative

    for r, n, bound in ((-0.52, 10, 0.0), (0.05, 600, 0.2), (0.15, 40, 0.2)):
        z = (math.atanh(r) - math.atanh(bound)) * math.sqrt(n - 3)
        assert below_p(r, n, bound) == pytest.approx(NormalDist().cdf(z))
    assert significantly_negative(-0.52, 10, 0.1) and not significantly_negative(-0.52, 10, 0.05)
    assert significantly_below(0.05, 600, 0.2, 0.05) and not significantly_below(0.15, 40, 0.2, 0.05)
    assert not significantly_below(None, 600, 0.2, 0.05) and not significantly_below(0.25, 600, 0.2, 0.05)


def test_linting_some_files_leaves_out_the_responses_to_the_others(run, delivered, tmp_path):
    folder, sim = delivered
    write(tmp_path / "capitals.quiz.yaml", (folder / "capitals.quiz.yaml").read_text(encoding="utf-8"))
    write(tmp_path / "other.quiz.yaml", quiz_yaml(sim.items[:3], "other").replace("capital-", "other-"))
    text = (folder / "responses.csv").read_text(encoding="utf-8")
    write(tmp_path / "responses.csv", text + "".join(f"r{n},other-0{n % 3},A\n" for n in range(40)))
    one_file = run("lint", "--responses", tmp_path / "responses.csv", tmp_path / "capitals.quiz.yaml", "--format",
                   "json", "--no-cache", cwd=tmp_path)
    assert one_file.exit_code == 0, one_file.output
    assert "40 responses to items outside the files given: left out" in one_file.stderr
    assert {f["item"] for f in json.loads(one_file.stdout) if f["code"] == "R001"} == {PLANTED["miskey"]}
    analyze = run("analyze", tmp_path / "responses.csv", tmp_path / "capitals.quiz.yaml")
    assert analyze.exit_code == 2 and "'other-00' is not an item of the bank" in analyze.stderr
