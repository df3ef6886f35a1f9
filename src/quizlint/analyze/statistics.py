"""Classical item analysis: pure functions over item scores, and the analysis of one quiz's responses.

Formulas (Crocker & Algina 1986, *Introduction to Classical and Modern Test Theory*, ch. 14 and 7; Moodle's
"Quiz statistics calculations" documentation), over the respondents shown the item:

- score of an item: 1 for the key, 0 otherwise (single, true/false); multiple answers: the chosen options'
  credits added up, between 0 and 1 (without credits written, the keys share 100 % and each other option takes
  one share away, as the exports score it); numerical, short answer, matching, ordering: as ``typed`` scores
  them. Points weigh it in the total.
- facility: the mean score (0–1).
- discrimination: the corrected point-biserial, Pearson's r between the item's score and the rest score (the
  total of the *other* items), so that the item does not correlate with itself.
- upper–lower index: mean score of the 27 % with the highest totals minus that of the 27 % with the lowest
  (Kelley 1939), ties at the cut broken by order of the file.
- per option: the share that chose it, and its point-biserial with the rest score.
- KR-20 / Cronbach's α (KR-20 is α for 0/1 scores): k/(k−1) · (1 − Σ var(item points) / var(total)), over
  respondents shown every item; SEM = sd(total) · √(1 − α), in points.

Variances are population variances (divided by n). An undefined value (no variance) is None.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from quizlint.analyze.items import BankItem
from quizlint.analyze.responses import ResponseMatrix

UPPER_LOWER_FRACTION = 0.27


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def variance(values: Sequence[float]) -> float:
    """Population variance."""
    centre = mean(values)
    return math.fsum((value - centre) ** 2 for value in values) / len(values)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's r; None with fewer than two pairs or when either side does not vary."""
    if len(xs) < 2:
        return None
    mx, my = mean(xs), mean(ys)
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))


def default_credits(keys: frozenset[int], n_options: int) -> tuple[float, ...]:
    """A multiple-answer item's option credits when it has none written: the keys share 100 % and each other option
    takes one share away (what quizlint's Moodle XML, GIFT and QTI exports give)."""
    share = 100 / len(keys) if keys else 0.0
    return tuple(share if index in keys else -share for index in range(n_options))


def item_score(item: BankItem, chosen) -> float:
    """The item's score (0–1) for a response: a choice of options, or the score a typed answer was given when
    it was read (``typed``)."""
    if not item.is_choice:
        return float(chosen)
    if item.type != "multiple":
        return 1.0 if len(chosen) == 1 and chosen <= item.keys else 0.0
    # Moodle: the chosen options' fractions added up, kept between 0 and 1
    credits = item.credits if item.credits is not None else default_credits(item.keys, item.n_options)
    return max(0.0, min(1.0, math.fsum(credits[index] for index in chosen) / 100))


def extreme_groups(totals: Sequence[float], fraction: float = UPPER_LOWER_FRACTION) -> tuple[list[int], list[int]]:
    """The positions of the top and the bottom ``fraction`` by total (ties in order of position; none below 2)."""
    n = len(totals)
    if n < 2:
        return [], []
    group = max(1, round(fraction * n))
    order = sorted(range(n), key=lambda row: -totals[row])  # (stable: ties in file order)
    return order[:group], order[-group:]


def upper_lower(scores: Sequence[float], totals: Sequence[float],
                fraction: float = UPPER_LOWER_FRACTION) -> float | None:
    """Mean score of the top ``fraction`` by total minus that of the bottom ``fraction`` (None below 2)."""
    upper, lower = extreme_groups(totals, fraction)
    if not upper:
        return None
    return mean([scores[row] for row in upper]) - mean([scores[row] for row in lower])


def cronbach_alpha(columns: Sequence[Sequence[float]]) -> float | None:
    """α of item scores (one sequence per item, respondents in the same order); KR-20 for 0/1 scores."""
    k = len(columns)
    if k < 2 or len(columns[0]) < 2:
        return None
    totals = [math.fsum(row) for row in zip(*columns)]
    total_variance = variance(totals)
    if total_variance <= 1e-12:
        return None
    return k / (k - 1) * (1 - math.fsum(variance(column) for column in columns) / total_variance)


def standard_error(columns: Sequence[Sequence[float]], alpha: float | None) -> float | None:
    """SEM = sd(total) · √(1 − α)."""
    if alpha is None:
        return None
    totals = [math.fsum(row) for row in zip(*columns)]
    return math.sqrt(variance(totals)) * math.sqrt(max(0.0, 1 - alpha))


@dataclass(frozen=True)
class OptionAnalysis:
    label: str
    chosen: float  # share of the respondents shown the item who chose it
    discrimination: float | None
    key: bool
    upper: float = 0.0  # share of the upper 27 % (by total) who chose it (not in the reports: for the rules)


@dataclass(frozen=True)
class ItemAnalysis:
    id: str
    type: str
    n: int
    facility: float | None
    discrimination: float | None
    upper_lower: float | None
    options: tuple[OptionAnalysis, ...]
    file: str
    line: int
    stem: str = ""

    @property
    def key_options(self) -> list[OptionAnalysis]:
        return [option for option in self.options if option.key]

    @property
    def distractors(self) -> list[OptionAnalysis]:
        return [option for option in self.options if not option.key]


@dataclass(frozen=True)
class QuizAnalysis:
    id: str
    respondents: int
    kr20: float | None
    sem: float | None
    items: tuple[ItemAnalysis, ...]


def _totals(matrix: ResponseMatrix, points: dict[str, list[float | None]]) -> list[float]:
    totals = [0.0] * matrix.respondents
    for column in points.values():
        for row, value in enumerate(column):
            if value is not None:
                totals[row] += value
    return totals


def analyse_item(item: BankItem, choices: list[frozenset[int] | float | None], weighted: list[float | None],
                 totals: list[float]) -> ItemAnalysis:
    rows = [row for row, choice in enumerate(choices) if choice is not None]
    scores = [weighted[row] / item.points for row in rows]
    rest = [totals[row] - weighted[row] for row in rows]
    shown_totals = [totals[row] for row in rows]
    upper, _ = extreme_groups(shown_totals)
    options = []
    for index, label in enumerate(item.labels):
        picked = [1.0 if index in choices[row] else 0.0 for row in rows]
        options.append(OptionAnalysis(label, mean(picked) if rows else 0.0, pearson(picked, rest),
                                      index in item.keys, mean([picked[row] for row in upper]) if upper else 0.0))
    return ItemAnalysis(item.id, item.type, len(rows), mean(scores) if rows else None, pearson(scores, rest),
                        upper_lower(scores, shown_totals), tuple(options), item.file, item.line, item.stem)


def analyse_quiz(matrix: ResponseMatrix) -> QuizAnalysis:
    """The item analysis of one quiz's responses."""
    points: dict[str, list[float | None]] = {}
    for item in matrix.items:
        points[item.id] = [None if choice is None else item.points * item_score(item, choice)
                           for choice in matrix.columns[item.id]]
    totals = _totals(matrix, points)
    items = tuple(analyse_item(item, matrix.columns[item.id], points[item.id], totals) for item in matrix.items)
    complete = [row for row in range(matrix.respondents) if all(points[item.id][row] is not None
                                                                 for item in matrix.items)]
    columns = [[points[item.id][row] for row in complete] for item in matrix.items]
    alpha = cronbach_alpha(columns) if complete else None
    return QuizAnalysis(matrix.quiz, matrix.respondents, alpha, standard_error(columns, alpha) if complete else None,
                        items)
