"""The statistics of `quizlint analyze`, checked against a direct computation of each textbook formula on small
cases (statistics.correlation, the point-biserial's own formula, KR-20 with p·q, groups counted by hand)."""

from __future__ import annotations

import math
import statistics as stdlib

import pytest

from quizlint.analyze.items import BankItem
from quizlint.analyze.responses import ResponseMatrix
from quizlint.analyze.statistics import (analyse_quiz, cronbach_alpha, item_score, pearson, standard_error,
                                         upper_lower)


def bank_item(item_id: str, keys=(0,), n_options: int = 4, type_: str = "single", points: float = 1.0) -> BankItem:
    labels = tuple("ABCDEFG"[:n_options])
    return BankItem("quiz", item_id, type_, labels, frozenset(keys), points, tuple(frozenset() for _ in labels),
                    frozenset(), "quiz.quiz.yaml", 1)


def matrix(items: list[BankItem], answers: dict[str, str]) -> ResponseMatrix:
    """``answers[item]``: one letter per respondent, ``.`` not shown, ``-`` blank."""
    columns = {}
    for item in items:
        column = []
        for letter in answers[item.id]:
            column.append(None if letter == "." else frozenset() if letter == "-" else frozenset({ord(letter) - 65}))
        columns[item.id] = column
    return ResponseMatrix("quiz", items, columns, len(answers[items[0].id]))


ITEMS = [bank_item("q1"), bank_item("q2", keys=(1,)), bank_item("q3", keys=(2,)), bank_item("q4")]
ANSWERS = {"q1": "AAABACDA", "q2": "BBBABCBA", "q3": "CCACBCAD", "q4": "AABBAACA"}
SCORES = {item.id: [1.0 if ord(letter) - 65 in item.keys else 0.0 for letter in ANSWERS[item.id]] for item in ITEMS}


def test_pearson_is_statistics_correlation():
    xs, ys = [1, 0, 1, 1, 0, 1], [3, 1, 2, 3, 2, 1]
    assert pearson(xs, ys) == pytest.approx(stdlib.correlation(xs, ys))
    assert pearson([1, 1, 1], [1, 2, 3]) is None and pearson([1], [2]) is None


def test_item_discrimination_is_the_point_biserial_with_the_rest_score():
    analysis = analyse_quiz(matrix(ITEMS, ANSWERS))
    for item, result in zip(ITEMS, analysis.items):
        scores = SCORES[item.id]
        rest = [sum(SCORES[other.id][row] for other in ITEMS if other is not item) for row in range(8)]
        # r_pb = (M1 − M0) / s · √(p q), s the population standard deviation of the rest score
        right = [value for value, score in zip(rest, scores) if score]
        wrong = [value for value, score in zip(rest, scores) if not score]
        p = len(right) / len(scores)
        direct = (stdlib.mean(right) - stdlib.mean(wrong)) / stdlib.pstdev(rest) * math.sqrt(p * (1 - p))
        assert result.discrimination == pytest.approx(direct)
        assert result.facility == pytest.approx(p) and result.n == 8


def test_option_share_and_point_biserial():
    result = analyse_quiz(matrix(ITEMS, ANSWERS)).items[0]  # q1: AAABACDA
    rest = [sum(SCORES[other.id][row] for other in ITEMS[1:]) for row in range(8)]
    assert [option.chosen for option in result.options] == [5 / 8, 1 / 8, 1 / 8, 1 / 8]
    chose_b = [1 if letter == "B" else 0 for letter in ANSWERS["q1"]]
    assert result.options[1].discrimination == pytest.approx(stdlib.correlation(chose_b, rest))
    assert [option.key for option in result.options] == [True, False, False, False]


def test_upper_lower_index_by_hand():
    # 10 respondents: 27 % is 3 (round(2.7)); totals descending 9..0; the top three scored 1, 1, 0, the bottom 0, 0, 1
    scores = [1, 1, 0, 1, 0, 1, 0, 0, 0, 1]
    totals = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert upper_lower(scores, totals) == pytest.approx(2 / 3 - 1 / 3)
    assert upper_lower([1], [1]) is None


def test_kr20_is_the_textbook_formula_and_sem_follows():
    columns = [SCORES[item.id] for item in ITEMS]
    totals = [sum(row) for row in zip(*columns)]
    k = len(columns)
    pq = sum(stdlib.mean(column) * (1 - stdlib.mean(column)) for column in columns)
    kr20 = k / (k - 1) * (1 - pq / stdlib.pvariance(totals))
    analysis = analyse_quiz(matrix(ITEMS, ANSWERS))
    assert analysis.kr20 == pytest.approx(kr20) and cronbach_alpha(columns) == pytest.approx(kr20)
    assert analysis.sem == pytest.approx(stdlib.pstdev(totals) * math.sqrt(1 - kr20))
    assert standard_error(columns, None) is None


def test_alpha_with_points_and_partial_credit():
    multiple = bank_item("m", keys=(0, 1), type_="multiple", points=2.0)
    assert item_score(multiple, frozenset({0, 1})) == 1.0
    assert item_score(multiple, frozenset({0})) == 0.5
    assert item_score(multiple, frozenset({0, 2})) == 0.0  # 1/2 − 1/2
    assert item_score(multiple, frozenset({2})) == 0.0  # never below 0
    columns = [[2.0, 1.0, 0.0, 2.0], [1.0, 1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0]]
    totals = [sum(row) for row in zip(*columns)]
    alpha = 3 / 2 * (1 - sum(stdlib.pvariance(column) for column in columns) / stdlib.pvariance(totals))
    assert cronbach_alpha(columns) == pytest.approx(alpha)


def test_items_not_shown_are_left_out_of_n_and_of_kr20():
    answers = {"q1": "AAB.A", "q2": "BBA-B", "q3": "CCAC."}
    analysis = analyse_quiz(matrix(ITEMS[:3], answers))
    assert [item.n for item in analysis.items] == [4, 5, 4]
    assert analysis.items[1].facility == pytest.approx(3 / 5)  # the blank counts, as a wrong answer
    # respondents 1, 2 and 3 saw all three items, scoring 1, 1, 0 on each: item variances 2/9, total variance 2
    assert analysis.kr20 == pytest.approx(3 / 2 * (1 - 3 * (2 / 9) / 2))
    assert analysis.respondents == 5


def test_true_false_and_single_scores():
    true_false = bank_item("tf", keys=(1,), n_options=2, type_="true_false")
    assert item_score(true_false, frozenset({1})) == 1.0 and item_score(true_false, frozenset({0})) == 0.0
    assert item_score(true_false, frozenset()) == 0.0
    single = bank_item("s")
    assert item_score(single, frozenset({0, 1})) == 0.0
