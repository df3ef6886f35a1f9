"""Where the statistical bank rules test and report: the bank as a whole, and each quiz file with a correction.

Every statistical bank rule (key-position-bias, key-over-balanced, key-middle-bias, longest-option-bank)
follows the same policy, so that one bias is reported once, where it can be fixed, and a bank without bias
stays silent however many files it has:

1. the items of all quiz files are pooled and tested once at ``alpha``;
2. each quiz file with at least ``min-items`` eligible items is tested on its own items, and the p-values of
   the files are corrected for multiple comparisons with Holm's step-down procedure (family-wise error at
   ``alpha``): with 13 files, no file is reported by chance one bank in twenty (uncorrected, about one in two
   would be). A file significant after correction is reported at its quiz ``id:`` line with its own counts
   ("in this quiz, Holm-corrected over N quiz files");
3. when no file is, a significant pooled result is reported ("across the bank (N quiz files)") at the quiz
   ``id:`` line of the first contributing file (in the order of their real paths, wherever quizlint runs
   from). A bank of one file is that file, tested at ``alpha`` ("in this quiz").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Callable, Generic, Hashable, Iterable, Iterator, TypeVar

from quizlint.lint.context import BankContext, ItemSummary, QuizSummary, bank_order
from quizlint.model import option_letter
from quizlint.rules._stats import (StatResult, format_p, holm_significant, poisson_binomial_upper,
                                   poisson_binomial_upper_below, weighted_bernoulli_upper,
                                   weighted_bernoulli_upper_below)
from quizlint.rules.base import Problem

Tally = TypeVar("Tally")
# test(group, tally, number of items, where) → (p-value, the finding's message); a p-value of 1.0 may stand for
# any p-value at or above ``alpha`` (not worked out exactly)
GroupTest = Callable[[Hashable, Tally, int, str], "tuple[float, str]"]
# a grouping gives its groups in sorted order of their keys
Grouping = Callable[[Iterable[ItemSummary]], dict[Hashable, list[ItemSummary]]]
# fixable(the bank, the items of each group reported) → per group, whether `quizlint fix` changes something for it
# (the bank, the groups of items reported, the (file, item id) of the items `quizlint fix` leaves in place) →
# per group, whether `quizlint fix` would move a key for it
Fixable = Callable[[list[QuizSummary], list[list[ItemSummary]], frozenset[tuple[str, str]]], list[bool]]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def option_count_words(n_options: int) -> str:
    """``4`` → ``four-option``."""
    return f"{_NUMBER_WORDS.get(n_options, str(n_options))}-option"


def repeated(values: list[Hashable]) -> set[Hashable]:
    """The values that occur more than once in ``values`` (quick when every value is unique, as usual)."""
    if len(set(values)) == len(values):
        return set()
    return {value for value, count in Counter(values).items() if count > 1}


def single_key_items(items: Iterable[ItemSummary], movable_only: bool) -> list[ItemSummary]:
    """Single-answer items with exactly one key and two or more options.

    ``movable_only`` leaves out items with a ``fixed`` option: their key positions are not free to vary, so
    they do not follow the uniform model the position tests assume (and `quizlint fix` cannot move them).
    """
    if movable_only:
        return list(filter(is_movable_item, items))
    return [item for item in items if item.type == "single" and len(item.keys) == 1 and item.n_options >= 2]


def one_group(select: Callable[[Iterable[ItemSummary]], list[ItemSummary]]) -> Grouping:
    """A grouping that puts every selected item into one group."""
    return lambda items: {"all": chosen} if (chosen := select(items)) else {}


def by_option_count(select: Callable[[Iterable[ItemSummary]], list[ItemSummary]]) -> Grouping:
    """A grouping by number of options (position tests compare like with like)."""

    def grouping(items: Iterable[ItemSummary]) -> dict[Hashable, list[ItemSummary]]:
        groups: dict[Hashable, list[ItemSummary]] = defaultdict(list)
        for item in select(items):
            groups[item.n_options].append(item)
        return dict(sorted(groups.items()))

    return grouping


# How a finding of the pooled bank says so (``quizlint fix`` tells it from a quiz file's own finding by it)
ACROSS_THE_BANK = "across the bank"

# The bounds of the `alpha` and `min-items` options every statistical bank rule has (its ``OPTION_LIMITS``).
STATISTICAL_LIMITS = {"alpha": (0, 1), "min-items": (1, None)}


def statistical_options(ctx: BankContext) -> tuple[float, int]:
    """The `alpha` and `min-items` options every statistical bank rule has."""
    return ctx.options["alpha"], ctx.options["min-items"]


@dataclass(frozen=True)
class Counting(Generic[Tally]):
    """What a statistical rule counts over the items of a group, and how it tests the count.

    ``tally(group, items)`` counts what ``test`` needs; ``pool(tallies)`` adds up the tallies of several quizzes
    as if counted over all their items in order, so the pooled bank is tested without counting its items again.
    """

    tally: Callable[[Hashable, list[ItemSummary]], Tally]
    pool: Callable[[list[Tally]], Tally]
    test: GroupTest


def scoped_problems(ctx: BankContext, grouping: Grouping, counting: Counting, min_items: int,
                    fixable: Fixable | None = None) -> Iterator[Problem]:
    """Test each quiz file and then the pooled bank, following the policy in the module doc; the findings are
    marked fixable where ``fixable`` says so of the groups they report (never without it)."""
    findings = list(_scoped_findings(ctx, grouping, counting, min_items))
    marks = (fixable(ctx.quizzes, [items for _, _, items in findings], ctx.kept_in_place) if fixable and findings
             else repeat(False))
    for (quiz, message, _), mark in zip(findings, marks):
        yield ctx.problem(message, quiz.file, quiz.line, quiz.column, fixable=mark)


def _scoped_findings(ctx: BankContext, grouping: Grouping, counting: Counting,
                     min_items: int) -> Iterator[tuple[QuizSummary, str, list[ItemSummary]]]:
    """(quiz where reported, message, the items tested) of each significant result."""
    quizzes = ctx.quizzes_in_path_order()
    parts: dict[Hashable, list[tuple[QuizSummary, list[ItemSummary], object]]] = defaultdict(list)
    for quiz in quizzes:
        for group, items in grouping(quiz.items).items():
            parts[group].append((quiz, items, counting.tally(group, items)))
    alpha = ctx.options["alpha"]
    for group, group_parts in sorted(parts.items()):
        yield from _group_findings(group, group_parts, counting, alpha, min_items)


def _group_findings(group, group_parts, counting: Counting, alpha: float,
                    min_items: int) -> Iterator[tuple[QuizSummary, str, list[ItemSummary]]]:
    """The findings of one group: its files with Holm's correction, else the pooled bank (module doc)."""
    files = sorted({item.file for _, items, _ in group_parts for item in items}, key=bank_order)
    if len(files) < 2:
        for quiz, items, tally in group_parts:
            if len(items) >= min_items and (found := counting.test(group, tally, len(items), "in this quiz"))[0] < alpha:
                yield quiz, found[1], items
        return
    testable = [(quiz, items, tally) for quiz, items, tally in group_parts if len(items) >= min_items]
    where = f"in this quiz, Holm-corrected over {len(testable)} quiz files"
    results = [counting.test(group, tally, len(items), where) for _, items, tally in testable]
    significant = holm_significant([p for p, _ in results], alpha)
    for (quiz, items, _), (_, message), kept in zip(testable, results, significant):
        if kept:
            yield quiz, message, items
    size = sum(len(items) for _, items, _ in group_parts)
    if any(significant) or size < min_items:
        return
    tally = counting.pool([tally for _, _, tally in group_parts])
    p_value, message = counting.test(group, tally, size, f"{ACROSS_THE_BANK} ({len(files)} quiz files)")
    if p_value < alpha:
        first = next(quiz for quiz, _, _ in group_parts if quiz.file == files[0])
        yield first, message, [item for _, items, _ in group_parts for item in items]


def chance_text(expected: float, total: int) -> str:
    """``2.0, 8`` → ``chance: 2 of 8``; ``4.17, 10`` → ``chance: 4.2 of 10``."""
    rounded = f"{expected:.1f}".rstrip("0").rstrip(".")
    return f"chance: {rounded} of {total}"


# --- key positions, per number of options (key-position-bias, key-over-balanced) ----------------------------

def movable_items(items: Iterable[ItemSummary]) -> list[ItemSummary]:
    return single_key_items(items, movable_only=True)


def is_movable_item(item: ItemSummary) -> bool:
    """Whether ``movable_items`` keeps ``item``."""
    return item.type == "single" and len(item.keys) == 1 and item.n_options >= 2 and not item.fixed


def key_counts(items: Iterable[ItemSummary], n_options: int) -> list[int]:
    """How many of ``items`` have their key at each position."""
    counts = [0] * n_options
    for item in items:
        counts[item.keys[0]] += 1
    return counts


def describe_counts(counts: list[int]) -> str:
    """``[6, 1, 1, 0]`` → ``A:6 B:1 C:1 D:0``."""
    return " ".join(f"{option_letter(index)}:{count}" for index, count in enumerate(counts))


def pooled_counts(tallies: list[list[int]]) -> list[int]:
    return [sum(column) for column in zip(*tallies)]


def key_count_problems(ctx: BankContext, test_counts: Callable[[list[int]], StatResult],
                       conclusion: Callable[[StatResult], str], fixable: Fixable | None = None) -> Iterator[Problem]:
    """Test the key counts of each option count with ``test_counts``; a p-value below ``alpha`` is reported
    as ``keys A:6 B:1 … over N four-option items <where><conclusion>``."""
    alpha, min_items = statistical_options(ctx)

    def test(n_options, counts, size, where):
        result = test_counts(counts)
        return result.p_value, (f"keys {describe_counts(counts)} over {size} {option_count_words(n_options)} items "
                                f"{where}{conclusion(result)}")

    counting = Counting(lambda n_options, items: key_counts(items, n_options), pooled_counts, test)
    yield from scoped_problems(ctx, by_option_count(movable_items), counting, min_items, fixable)


# --- rates against chance (key-middle-bias, longest-option-bank) -------------------------------------------

@dataclass(frozen=True)
class Rate:
    """How many items are hits, and the chance of a hit of each item, in item order. With ``shares``, a hit of
    item i counts ``1 / shares[i]`` (a key tied with k - 1 other options for the longest counts 1/k), and
    ``hits`` adds up those shares."""

    hits: float
    chances: list[float]
    shares: list[int] | None = None


def pooled_rate(rates: list[Rate]) -> Rate:
    chances = list(chain.from_iterable(rate.chances for rate in rates))
    shares = (None if all(rate.shares is None for rate in rates)
              else list(chain.from_iterable(rate.shares or [1] * len(rate.chances) for rate in rates)))
    return Rate(sum(rate.hits for rate in rates), chances, shares)


def rate_p_value(rate: Rate, alpha: float) -> StatResult | None:
    """The one-sided exact test of ``rate`` when its p-value is below ``alpha``, else None."""
    if _whole_hits(rate):
        return poisson_binomial_upper_below(round(rate.hits), rate.chances, alpha)
    return weighted_bernoulli_upper_below(rate.hits, _weighted_terms(rate), alpha)


def rate_result(rate: Rate) -> StatResult:
    """The one-sided exact test of ``rate``: Poisson-binomial, or weighted binomial when hits count fractions."""
    if _whole_hits(rate):
        return poisson_binomial_upper(round(rate.hits), rate.chances)
    return weighted_bernoulli_upper(rate.hits, _weighted_terms(rate))


def _weighted_terms(rate: Rate) -> list[tuple[int, int, float]]:
    """The (share, count, chance) groups of the items of ``rate`` (see ``weighted_bernoulli_upper``)."""
    terms = Counter(zip(rate.shares, rate.chances))
    return [(k, count, p) for (k, p), count in sorted(terms.items())]


def expected_hits(rate: Rate) -> float:
    """What chance makes of ``rate.hits``: the sum of each item's chance, times its share."""
    return sum(chance / share for chance, share in zip(rate.chances, rate.shares or repeat(1)))


def _whole_hits(rate: Rate) -> bool:
    return rate.shares is None or all(share == 1 for share in rate.shares)


def format_hits(hits: float) -> str:
    """``12.0`` → ``12``; ``12.5`` → ``12.5``."""
    return f"{hits:.2f}".rstrip("0").rstrip(".")


def rate_problems(ctx: BankContext, grouping: Grouping, rate: Callable[[list[ItemSummary]], Rate],
                  claim: str, fixable: Fixable | None = None) -> Iterator[Problem]:
    """Count the hits among the items of a group with ``rate(items)`` (with each item's chance under the null)
    and test the count with a one-sided exact (Poisson-)binomial test; reported as
    ``<claim> in H of N items <where> (chance: …)``."""
    alpha, min_items = statistical_options(ctx)

    def test(_group, rate, size, where):
        result = rate_p_value(rate, alpha)
        if result is None:
            return 1.0, ""
        expected = sum(chance / share for chance, share in zip(rate.chances, rate.shares or repeat(1)))
        ties = " (a tie of k longest options counts 1/k)" if any(share > 1 for share in rate.shares or ()) else ""
        return result.p_value, (f"{claim} in {format_hits(rate.hits)} of {size} items{ties} {where} "
                                f"({chance_text(expected, size)}), {result.method} {format_p(result.p_value)}")

    counting = Counting(lambda _group, items: rate(items), pooled_rate, test)
    yield from scoped_problems(ctx, grouping, counting, min_items, fixable)
