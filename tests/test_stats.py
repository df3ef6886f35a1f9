"""The statistics behind the bias rules, checked against brute force and published table values."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.rules import _stats as stats


def brute_force_outcomes(n: int, k: int) -> Counter:
    """Every sequence of n answers over k positions, tallied by its count vector (k**n sequences)."""
    tally: Counter = Counter()
    for sequence in itertools.product(range(k), repeat=n):
        tally[tuple(sequence.count(cell) for cell in range(k))] += 1
    return tally


def brute_force_multinomial_p(counts: tuple[int, ...]) -> Fraction:
    """Exact p-value by enumeration: probability of all outcomes no more likely than ``counts``."""
    n, k = sum(counts), len(counts)
    tally = brute_force_outcomes(n, k)
    observed = tally[tuple(counts)]  # sequences per count vector ∝ probability of the vector
    return Fraction(sum(ways for vector, ways in tally.items() if ways <= observed), k ** n)


def brute_force_lower_tail(counts: tuple[int, ...]) -> Fraction:
    n, k = sum(counts), len(counts)
    squares = sum(c * c for c in counts)
    tally = brute_force_outcomes(n, k)
    return Fraction(sum(ways for vector, ways in tally.items() if sum(c * c for c in vector) <= squares), k ** n)


def test_keys_6_1_1_0_give_exact_p_0_027_as_brute_force_over_all_4_to_the_8_outcomes():
    expected = brute_force_multinomial_p((6, 1, 1, 0))
    result = stats.multinomial_exact([6, 1, 1, 0])
    assert result.method == "exact multinomial"
    assert result.p_value == pytest.approx(float(expected), rel=1e-12)
    assert round(result.p_value, 3) == 0.027


@pytest.mark.parametrize("counts", [(2, 2, 2, 2), (8, 0, 0, 0), (3, 2, 2, 1), (4, 3, 0), (5, 1, 1), (2, 3, 1, 0, 0),
                                    (4, 0), (3, 3), (1, 1, 1, 1, 3)])
def test_exact_multinomial_matches_brute_force(counts):
    assert stats.multinomial_exact(counts).p_value == pytest.approx(float(brute_force_multinomial_p(counts)),
                                                                    rel=1e-9)


@pytest.mark.parametrize("counts", [(2, 2, 2, 2), (3, 2, 2, 1), (6, 1, 1, 0), (3, 3, 2), (2, 2, 1, 1, 1)])
def test_too_even_lower_tail_matches_brute_force(counts):
    assert stats.multinomial_too_even_exact(counts).p_value == pytest.approx(
        float(brute_force_lower_tail(counts)), rel=1e-9)


def test_a_perfectly_balanced_40_item_bank_has_the_probability_of_exactly_10_10_10_10():
    exact = Fraction(math.factorial(40), math.factorial(10) ** 4 * 4 ** 40)
    result = stats.evenness_test([10, 10, 10, 10])
    assert result.p_value == pytest.approx(float(exact), rel=1e-9)
    assert result.p_value < 0.05
    assert stats.uniformity_test([10, 10, 10, 10]).p_value == pytest.approx(1.0)


def test_partition_count_matches_enumeration():
    for n, k in [(0, 3), (5, 1), (8, 4), (12, 3), (9, 5)]:
        enumerated = {tuple(sorted(vector, reverse=True)) for vector in itertools.product(range(n + 1), repeat=k)
                      if sum(vector) == n}
        assert stats.partition_count(n, k) == len(enumerated)


@pytest.mark.parametrize("x, df, p", [(3.841, 1, 0.05), (6.635, 1, 0.01), (5.991, 2, 0.05), (7.815, 3, 0.05),
                                      (11.345, 3, 0.01), (9.488, 4, 0.05), (18.307, 10, 0.05), (31.410, 20, 0.05),
                                      (0.352, 3, 0.95), (124.342, 100, 0.05)])
def test_chi_square_upper_tail_matches_table_values(x, df, p):
    assert stats.chi2_sf(x, df) == pytest.approx(p, abs=2e-4)
    assert stats.chi2_cdf(x, df) == pytest.approx(1 - p, abs=2e-4)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 2.0, 3.0, 10.0, 40.0, 200.0])
def test_chi_square_matches_closed_forms_for_one_and_two_degrees_of_freedom(x):
    # df=2: P(X >= x) = exp(-x/2); df=1: P(X >= x) = erfc(sqrt(x/2)). Covers both the series and the
    # continued-fraction branches of the incomplete gamma function.
    assert stats.chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10, abs=1e-300)
    assert stats.chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)


@given(a=st.floats(0.1, 60), x=st.floats(0.0, 150))
def test_incomplete_gamma_halves_add_up_to_one(a, x):
    assert stats.gamma_p(a, x) + stats.gamma_q(a, x) == pytest.approx(1.0, abs=1e-12)
    assert 0.0 <= stats.gamma_p(a, x) <= 1.0


def direct_binomial(n: int, p: Fraction) -> list[Fraction]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@pytest.mark.parametrize("n, p", [(8, Fraction(1, 4)), (8, Fraction(1, 2)), (20, Fraction(1, 3)), (15, Fraction(1, 5))])
def test_binomial_tails_match_direct_sums(n, p):
    pmf = direct_binomial(n, p)
    for k in range(n + 1):
        assert stats.binomial_upper(k, n, float(p)) == pytest.approx(float(sum(pmf[k:])), rel=1e-10)
        assert stats.binomial_lower(k, n, float(p)) == pytest.approx(float(sum(pmf[: k + 1])), rel=1e-10)
        two_sided = sum(value for value in pmf if value <= pmf[k])
        assert stats.binomial_two_sided(k, n, float(p)) == pytest.approx(float(two_sided), rel=1e-9)


def test_seven_longest_keys_of_eight_four_option_items():
    # P(X >= 7), X ~ Binomial(8, 1/4) = (8·3 + 1) / 4^8
    assert stats.binomial_upper(7, 8, 0.25) == pytest.approx(25 / 65536, rel=1e-12)


@settings(max_examples=40)
@given(st.lists(st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 0.6, 1.0]), min_size=1, max_size=10))
def test_poisson_binomial_matches_enumeration(probabilities):
    exact = [0.0] * (len(probabilities) + 1)
    for outcome in itertools.product([0, 1], repeat=len(probabilities)):
        weight = math.prod(p if hit else 1 - p for p, hit in zip(probabilities, outcome))
        exact[sum(outcome)] += weight
    for k in range(len(probabilities) + 1):
        assert stats.poisson_binomial_upper(k, probabilities).p_value == pytest.approx(sum(exact[k:]), abs=1e-12)


def test_poisson_binomial_is_plain_binomial_when_chances_are_equal():
    result = stats.poisson_binomial_upper(7, [0.25] * 8)
    assert result.method == "binomial"
    assert result.p_value == pytest.approx(stats.binomial_upper(7, 8, 0.25))
    assert stats.poisson_binomial_upper(3, [0.25, 0.5, 0.5, 0.25]).method == "Poisson-binomial"


@pytest.mark.parametrize("n, p", [(0, 0.5), (7, 0.25), (100, 1 / 3), (3000, 0.75), (10, 0.0), (10, 1.0)])
def test_binomial_pmfs_at_once_are_the_same_floats_as_one_at_a_time(n, p):
    assert stats._binomial_pmfs(n, p) == tuple(stats.binomial_pmf(k, n, p) for k in range(n + 1))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 0.6, 0.75, 1.0]), min_size=1, max_size=400),
       st.floats(min_value=-3.0, max_value=4.0), st.sampled_from([0.0, 0.01, 0.05, 0.2, 0.5, 0.9, 1.0]))
def test_the_tail_is_skipped_only_when_it_is_surely_not_below_alpha(probabilities, z, alpha):
    mean = sum(probabilities)
    spread = math.sqrt(sum(p * (1 - p) for p in probabilities)) or 1.0
    k = round(mean + z * spread)
    exact = stats.poisson_binomial_upper(k, probabilities)
    if stats.upper_tail_surely_at_least(k, probabilities, alpha):
        assert exact.p_value >= alpha
    assert stats.poisson_binomial_upper_below(k, probabilities, alpha) == (exact if exact.p_value < alpha else None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([1, 2, 3]), st.integers(min_value=1, max_value=120),
                          st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 0.75, 1.0])), min_size=1, max_size=4),
       st.floats(min_value=-3.0, max_value=4.0), st.sampled_from([0.0, 0.01, 0.05, 0.2, 0.5, 0.9, 1.0]))
def test_the_weighted_tail_is_skipped_only_when_it_is_surely_not_below_alpha(terms, z, alpha):
    mean = sum(count * p / k for k, count, p in terms)
    spread = math.sqrt(sum(count * p * (1 - p) / (k * k) for k, count, p in terms)) or 1.0
    observed = round((mean + z * spread) * 6) / 6  # (on the grid of every share: 1/6 is a multiple of 1/k)
    exact = stats.weighted_bernoulli_upper(observed, terms)
    below = stats.weighted_bernoulli_upper_below(observed, terms, alpha)
    assert below == (exact if exact.p_value < alpha else None)


def test_a_large_bank_with_ties_near_chance_needs_no_exact_distribution(monkeypatch):
    terms = [(1, 9800, 0.25), (2, 150, 0.5), (3, 50, 0.75)]
    mean = sum(count * p / k for k, count, p in terms)
    monkeypatch.setattr(stats, "weighted_bernoulli_upper", lambda *_: pytest.fail("worked out exactly"))
    assert stats.weighted_bernoulli_upper_below(round(mean) + 20, terms, 0.05) is None


def test_a_large_bank_near_chance_needs_no_exact_tail():
    probabilities = [0.25] * 9000 + [0.5] * 900 + [0.75] * 100
    mean = round(sum(probabilities))
    assert stats.upper_tail_surely_at_least(mean + 40, probabilities, 0.05)  # z ≈ 0.9
    assert not stats.upper_tail_surely_at_least(mean + 100, probabilities, 0.05)  # z ≈ 2.3: p ≈ 0.01
    assert not stats.upper_tail_surely_at_least(mean, probabilities, 1.0)


def test_large_banks_fall_back_to_chi_square_close_to_the_exact_answer():
    counts = [40, 25, 20, 15]
    exact = stats.uniformity_test(counts)
    approximate = stats.uniformity_test(counts, limit=10)
    assert exact.method == "exact multinomial"
    assert approximate.method == "chi-square"
    assert approximate.statistic == pytest.approx(stats.chi2_statistic(counts))
    assert approximate.p_value == pytest.approx(exact.p_value, rel=0.35)
    assert stats.evenness_test([26, 25, 25, 24], limit=10).method == "chi-square"


def test_format_p():
    assert stats.format_p(0.027160) == "p=0.027"
    assert stats.format_p(0.000381) == "p=0.0004"
    assert stats.format_p(0.00003) == "p<0.0001"
    assert stats.format_p(0.5) == "p=0.500"
