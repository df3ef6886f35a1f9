"""Exact and asymptotic tests for the bank rules, in pure Python (no scipy): multinomial goodness of fit
(both tails), chi-square, binomial and Poisson-binomial tails.

Every test returns a :class:`StatResult` with the p-value and the method used, so that a finding can say
how its p-value was obtained ("exact multinomial", "chi-square").
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, compress, repeat
from operator import add, mul, sub
from typing import Sequence

# Relative tolerance when comparing probabilities of outcomes ("no more likely than observed"): the same
# guard against rounding that R's exact tests use, so that equally likely outcomes count as ties.
_RELATIVE_TIES = 1e-7
_GAMMA_EPS = 3e-16
_GAMMA_TINY = 1e-300
_GAMMA_MAX_ITERATIONS = 10_000
# Above this many outcome classes (partitions of n into k parts) the exact tests give way to chi-square: about
# 188 items with four options, 102 with five (a fraction of a second); by then every expected count is large
# enough for the chi-square approximation to be close.
EXACT_LIMIT = 50_000


@dataclass(frozen=True)
class StatResult:
    statistic: float
    p_value: float
    method: str  # "exact multinomial", "chi-square", "binomial", ...


# --- Gamma function family (Numerical Recipes, 3rd ed., §6.2) ---------------------------------------------

def _gamma_series(a: float, x: float) -> float:
    """Regularized lower incomplete gamma P(a, x) by its series; converges fast for x < a + 1."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_GAMMA_MAX_ITERATIONS):
        denominator += 1.0
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _GAMMA_EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_continued_fraction(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) by its continued fraction (modified Lentz); x >= a + 1."""
    b = x + 1.0 - a
    c = 1.0 / _GAMMA_TINY
    d = 1.0 / b
    h = d
    for i in range(1, _GAMMA_MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _GAMMA_TINY if abs(d) < _GAMMA_TINY else d
        c = b + an / c
        c = _GAMMA_TINY if abs(c) < _GAMMA_TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _GAMMA_EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gamma_p(a: float, x: float) -> float:
    """Regularized lower incomplete gamma function P(a, x)."""
    if a <= 0:
        raise ValueError("gamma_p needs a > 0")
    if x <= 0:
        return 0.0
    if x < a + 1.0:
        return _gamma_series(a, x)
    return 1.0 - _gamma_continued_fraction(a, x)


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    if a <= 0:
        raise ValueError("gamma_q needs a > 0")
    if x <= 0:
        return 1.0
    if x < a + 1.0:
        return 1.0 - _gamma_series(a, x)
    return _gamma_continued_fraction(a, x)


def chi2_sf(x: float, df: int) -> float:
    """Upper tail P(X >= x) of the chi-square distribution with ``df`` degrees of freedom."""
    return gamma_q(df / 2.0, x / 2.0)


def chi2_cdf(x: float, df: int) -> float:
    """Lower tail P(X <= x) of the chi-square distribution with ``df`` degrees of freedom."""
    return gamma_p(df / 2.0, x / 2.0)


# --- Multinomial goodness of fit (uniform cell probabilities) ---------------------------------------------

def chi2_statistic(counts: Sequence[int]) -> float:
    """Pearson's X² of ``counts`` against equal expected counts."""
    n, k = sum(counts), len(counts)
    expected = n / k
    return sum((count - expected) ** 2 / expected for count in counts)


@lru_cache(maxsize=256)
def partition_count(n: int, k: int) -> int:
    """How many ways to write n as a sum of k non-negative parts, ignoring order (partitions into ≤ k parts)."""
    table = [1] + [0] * n  # table[m] = partitions of m into parts of size ≤ j, for j = 1..k
    for size in range(1, k + 1):
        # table[m] += table[m - size] for m = size..n: a running sum over each class of m modulo size
        for start in range(min(size, n + 1)):
            table[start::size] = accumulate(table[start::size])
    return table[n]


def _outcome_classes(n: int, k: int) -> tuple[list[float], list[float], list[int]]:
    """Every outcome of n trials over k equally likely cells, grouped by partition of n (non-increasing
    counts, each standing for all its distinct orderings).

    Returns, per partition, the log probability of one outcome, the log number of orderings and the sum of
    squared counts (three columns); computed incrementally (the last count is what remains), so a 100-item
    four-option bank costs about 8,000 steps instead of 177,000 compositions.
    """
    log_factorial = [math.lgamma(m + 1) for m in range(max(n, k) + 2)]
    base = log_factorial[n] - n * math.log(k)
    log_probabilities: list[float] = []
    log_orderings: list[float] = []
    sums_of_squares: list[int] = []

    def last_two(remaining: int, largest: int, log_denominator: float, squares: int, run_value: int,
                 run_length: int, log_runs: float) -> None:
        """Every split of ``remaining`` into the last two counts (part ≥ last), largest part first."""
        for part in range(min(remaining, largest), (remaining + 1) // 2 - 1, -1):
            last = remaining - part
            if part == run_value:
                length, runs = run_length + 1, log_runs
            else:
                length, runs = 1, log_runs + log_factorial[run_length]
            if last == part:
                runs += log_factorial[length + 1]
            else:
                runs += log_factorial[length] + log_factorial[1]
            log_probabilities.append(base - (log_denominator + log_factorial[part]) - log_factorial[last])
            log_orderings.append(log_factorial[k] - runs)
            sums_of_squares.append(squares + part * part + last * last)

    def walk(remaining: int, cells: int, largest: int, log_denominator: float, squares: int, run_value: int,
             run_length: int, log_runs: float) -> None:
        if cells == 2:
            last_two(remaining, largest, log_denominator, squares, run_value, run_length, log_runs)
            return
        if cells == 1:  # one cell in all: it holds every trial
            log_probabilities.append(base - log_denominator - log_factorial[remaining])
            log_orderings.append(log_factorial[k] - (log_runs + (log_factorial[run_length] + log_factorial[1])))
            sums_of_squares.append(squares + remaining * remaining)
            return
        for part in range(min(remaining, largest), -1, -1):
            if part * cells < remaining:
                break
            if part == run_value:
                next_length, next_runs = run_length + 1, log_runs
            else:
                next_length, next_runs = 1, log_runs + log_factorial[run_length]
            walk(remaining - part, cells - 1, part, log_denominator + log_factorial[part], squares + part * part,
                 part, next_length, next_runs)

    walk(n, k, n, 0.0, 0, -1, 0, 0.0)
    return log_probabilities, log_orderings, sums_of_squares


@lru_cache(maxsize=32)
def _class_table(n: int, k: int) -> tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...]]:
    """``_outcome_classes(n, k)`` as columns, computed once per (n, k): the log probability of one outcome,
    the probability of the whole class, the sum of squared counts (a bank's quizzes share their sizes)."""
    log_probabilities, log_orderings, squares = _outcome_classes(n, k)
    return (tuple(log_probabilities), tuple(map(math.exp, map(add, log_probabilities, log_orderings))),
            tuple(squares))


def _log_outcome_probability(counts: Sequence[int], n: int, k: int) -> float:
    """log P(counts) under a uniform multinomial with n trials and k cells."""
    return math.lgamma(n + 1) - sum(math.lgamma(count + 1) for count in counts) - n * math.log(k)


def exact_enumeration_feasible(n: int, k: int, limit: int = EXACT_LIMIT) -> bool:
    return partition_count(n, k) <= limit


def multinomial_exact(counts: Sequence[int]) -> StatResult:
    """Exact goodness-of-fit test of ``counts`` against equal cell probabilities.

    The p-value is the total probability of all outcomes no more likely than the observed one (ties within a
    relative 1e-7 count as equally likely). The observed outcome's probability is the statistic.
    """
    n, k = sum(counts), len(counts)
    if k < 2 or n == 0:
        return StatResult(0.0, 1.0, "exact multinomial")
    observed = _log_outcome_probability(counts, n, k)
    threshold = observed + math.log1p(_RELATIVE_TIES)
    log_probabilities, cumulative = _tail_table(n, k)
    total = cumulative[bisect_right(log_probabilities, threshold)]
    return StatResult(math.exp(observed), min(1.0, total), "exact multinomial")


@lru_cache(maxsize=32)
def _tail_table(n: int, k: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The classes of ``_class_table(n, k)`` from the least likely outcome up: the log probabilities of one
    outcome, ascending, and the probability of all classes before each position (a p-value is then one
    look-up: a bank tests every quiz, and its quizzes share their sizes)."""
    log_probabilities, probabilities, _ = _class_table(n, k)
    order = sorted(range(len(log_probabilities)), key=log_probabilities.__getitem__)
    return (tuple(map(log_probabilities.__getitem__, order)),
            (0.0, *accumulate(map(probabilities.__getitem__, order))))


def _sum_of_squares(counts: Sequence[int]) -> int:
    return sum(count * count for count in counts)


def multinomial_too_even_exact(counts: Sequence[int]) -> StatResult:
    """Exact lower-tail test: the probability of an outcome at least as even as ``counts``.

    "As even" is measured by Pearson's X² (equivalently, by the sum of squared counts, compared exactly as
    integers): p = P(X² <= observed X²) under equal cell probabilities.
    """
    n, k = sum(counts), len(counts)
    if k < 2 or n == 0:
        return StatResult(0.0, 1.0, "exact multinomial")
    observed = _sum_of_squares(counts)
    _, probabilities, squares = _class_table(n, k)
    total = sum(compress(probabilities, map(operator.le, squares, repeat(observed))))
    return StatResult(chi2_statistic(counts), min(1.0, total), "exact multinomial")


def uniformity_test(counts: Sequence[int], limit: int = EXACT_LIMIT) -> StatResult:
    """Are ``counts`` far from uniform? Exact multinomial when feasible, else Pearson's chi-square."""
    n, k = sum(counts), len(counts)
    if exact_enumeration_feasible(n, k, limit):
        return multinomial_exact(counts)
    statistic = chi2_statistic(counts)
    return StatResult(statistic, chi2_sf(statistic, k - 1), "chi-square")


def evenness_test(counts: Sequence[int], limit: int = EXACT_LIMIT) -> StatResult:
    """Are ``counts`` suspiciously close to uniform? Exact lower tail when feasible, else chi-square's."""
    n, k = sum(counts), len(counts)
    if exact_enumeration_feasible(n, k, limit):
        return multinomial_too_even_exact(counts)
    statistic = chi2_statistic(counts)
    return StatResult(statistic, chi2_cdf(statistic, k - 1), "chi-square")


# --- Binomial and Poisson-binomial tails --------------------------------------------------------------------

def binomial_pmf(k: int, n: int, p: float) -> float:
    if k < 0 or k > n:
        return 0.0
    if p <= 0.0:
        return 1.0 if k == 0 else 0.0
    if p >= 1.0:
        return 1.0 if k == n else 0.0
    log_pmf = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
               + k * math.log(p) + (n - k) * math.log1p(-p))
    return math.exp(log_pmf)


def binomial_upper(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return min(1.0, sum(_binomial_pmfs(n, p)[max(k, 0):]))


@lru_cache(maxsize=256)
def _binomial_pmfs(n: int, p: float) -> tuple[float, ...]:
    """``binomial_pmf(k, n, p)`` for k = 0..n, once per (n, p) (a bank's quizzes share their sizes).

    The same operations as ``binomial_pmf``, in the same order (the same floats), over all k at once.
    """
    if p <= 0.0 or p >= 1.0:
        return tuple(binomial_pmf(k, n, p) for k in range(n + 1))
    log_factorials = list(map(math.lgamma, range(1, n + 2)))  # lgamma(k + 1) for k = 0..n
    log_choose = map(sub, map(sub, repeat(log_factorials[n]), log_factorials), reversed(log_factorials))
    successes = map(mul, range(n + 1), repeat(math.log(p)))
    failures = map(mul, range(n, -1, -1), repeat(math.log1p(-p)))
    return tuple(map(math.exp, map(add, map(add, log_choose, successes), failures)))


def binomial_lower(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    return min(1.0, sum(binomial_pmf(i, n, p) for i in range(0, min(k, n) + 1)))


def binomial_two_sided(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test: the probability of all outcomes no more likely than k."""
    observed = binomial_pmf(k, n, p) * (1 + _RELATIVE_TIES)
    return min(1.0, sum(value for value in (binomial_pmf(i, n, p) for i in range(n + 1)) if value <= observed))


def _convolve(left: Sequence[float], right: Sequence[float]) -> list[float]:
    result = [0.0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                result[i + j] += a * b
    return result


def poisson_binomial_pmf(probabilities: Sequence[float]) -> list[float]:
    """Distribution of the number of successes of independent trials with the given success probabilities.

    Trials with equal probabilities are grouped into one binomial, so a bank with a few option counts costs a
    few convolutions rather than one per item.
    """
    return list(_poisson_binomial_pmf(tuple(sorted(Counter(probabilities).items()))))


@lru_cache(maxsize=256)
def _poisson_binomial_pmf(groups: tuple[tuple[float, int], ...]) -> tuple[float, ...]:
    pmf = [1.0]
    for p, n in groups:
        pmf = _convolve(pmf, _binomial_pmfs(n, p))
    return tuple(pmf)


def poisson_binomial_upper(k: int, probabilities: Sequence[float]) -> StatResult:
    """P(X >= k) where X counts successes of independent trials; plain binomial when all are alike."""
    distinct = set(probabilities)
    if len(distinct) <= 1:
        p = distinct.pop() if distinct else 0.0
        return StatResult(k, binomial_upper(k, len(probabilities), p), "binomial")
    pmf = _poisson_binomial_pmf(tuple(sorted(Counter(probabilities).items())))
    return StatResult(k, min(1.0, sum(pmf[max(k, 0):])), "Poisson-binomial")


# Berry–Esseen: for a sum S of independent terms with variance σ², |P(S <= x) - Φ((x - mean) / σ)| is at most
# C · Σ E|Xᵢ - pᵢ|³ / σ³ for every x, with C <= 0.7975 when the terms are not alike (van Beek 1972; smaller
# constants are known since, this one is safe).
_BERRY_ESSEEN = 0.7975
# How far above alpha the bound must put a p-value: far more than any exact computation's rounding errors.
_SURE_MARGIN = 1e-6


def upper_tail_surely_at_least(k: int, probabilities: Sequence[float], alpha: float) -> bool:
    """Whether P(X >= k) >= alpha for certain, X counting successes of independent trials with these
    probabilities: the normal approximation less the Berry–Esseen bound on its error is a lower bound."""
    return _sum_tail_surely_at_least(k, [(1, count, p) for p, count in Counter(probabilities).items()], alpha)


def _sum_tail_surely_at_least(k: int, terms: Sequence[tuple[int, int, float]], alpha: float) -> bool:
    """Whether P(S >= k) >= alpha for certain, S summing independent terms worth ``w`` (a whole number) with
    probability ``p`` and else 0, ``count`` of each (w, count, p) of ``terms`` (see ``upper_tail_surely_at_least``)."""
    variance = sum(count * w * w * p * (1.0 - p) for w, count, p in terms)
    if variance <= 0.0:
        return False
    mean = sum(count * w * p for w, count, p in terms)
    third_moments = sum(count * w * w * w * p * (1.0 - p) * (p * p + (1.0 - p) * (1.0 - p)) for w, count, p in terms)
    sigma = math.sqrt(variance)
    error = _BERRY_ESSEEN * third_moments / (variance * sigma)
    z = (k - 1 - mean) / sigma  # P(S >= k) = 1 - P(S <= k - 1), and P(S <= k - 1) <= Φ(z) + error
    return 0.5 * math.erfc(z / math.sqrt(2.0)) - error >= alpha + _SURE_MARGIN


def poisson_binomial_upper_below(k: int, probabilities: Sequence[float], alpha: float) -> StatResult | None:
    """``poisson_binomial_upper(k, probabilities)`` when its p-value is below ``alpha``, else None.

    The exact tail (millions of products for a large bank) is not computed when a lower bound already
    puts the p-value at ``alpha`` or above: the answer is the same, found sooner.
    """
    if upper_tail_surely_at_least(k, probabilities, alpha):
        return None
    result = poisson_binomial_upper(k, probabilities)
    return result if result.p_value < alpha else None


def weighted_bernoulli_upper(observed: float, terms: Sequence[tuple[int, int, float]]) -> StatResult:
    """P(S >= observed) where S sums independent terms, each worth ``1/k`` with probability ``p`` and else 0,
    for the (k, count, p) groups of ``terms``: the exact distribution, on the grid of the least common multiple
    of the k (a tie of k longest options counts 1/k)."""
    scale = _grid(terms)
    pmf = [1.0]
    for k, count, p in sorted(terms, key=lambda term: -term[1]):
        step = scale // k
        binomial = _binomial_pmfs(count, p)
        result = [0.0] * (len(pmf) + count * step)
        for i, a in enumerate(pmf):
            if a:
                for j, b in enumerate(binomial):
                    result[i + j * step] += a * b
        pmf = result
    first = _grid_index(observed, scale)
    return StatResult(observed, min(1.0, sum(pmf[max(first, 0):])), "exact weighted binomial")


def weighted_bernoulli_upper_below(observed: float, terms: Sequence[tuple[int, int, float]],
                                   alpha: float) -> StatResult | None:
    """``weighted_bernoulli_upper(observed, terms)`` when its p-value is below ``alpha``, else None; the exact
    distribution (a million products for a bank of 10,000 items with ties) is not worked out when a lower
    bound already puts the p-value at ``alpha`` or above."""
    scale = _grid(terms)
    on_grid = [(scale // k, count, p) for k, count, p in terms]
    if _sum_tail_surely_at_least(_grid_index(observed, scale), on_grid, alpha):
        return None
    result = weighted_bernoulli_upper(observed, terms)
    return result if result.p_value < alpha else None


def _grid(terms: Sequence[tuple[int, int, float]]) -> int:
    """How many steps a unit has on the grid of a weighted sum's values: the least common multiple of the k."""
    return math.lcm(*(k for k, _, _ in terms)) if terms else 1


def _grid_index(observed: float, scale: int) -> int:
    """The first point of the grid (in steps of ``1 / scale``) at or above ``observed``."""
    return math.ceil(observed * scale - 1e-9)


def holm_significant(p_values: Sequence[float], alpha: float) -> list[bool]:
    """Holm's step-down procedure: which of ``p_values`` are significant at family-wise level ``alpha``."""
    order = sorted(range(len(p_values)), key=p_values.__getitem__)
    significant = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] >= alpha / (len(p_values) - rank):
            break
        significant[index] = True
    return significant


def format_p(p: float) -> str:
    """A p-value for a message: ``p=0.027``, ``p=0.0004``, ``p<0.0001``."""
    if p < 0.0001:
        return "p<0.0001"
    if p < 0.01:
        return f"p={p:.4f}"
    return f"p={p:.3f}"
