"""Where the statistical bank rules test and report: each quiz file on its own, then the bank as a whole.

Every statistical bank rule (key-position-bias, key-over-balanced, key-middle-bias, longest-option-bank)
follows the same policy, so that one bias is reported once and where it can be fixed:

1. each quiz file with at least ``min-items`` eligible items is tested on its own items; a significant
   result is reported at that file's quiz ``id:`` line, with the quiz's own counts ("in this quiz");
2. the items of all quiz files are then pooled and tested once ("across the bank (N quiz files)"), reported
   at the quiz ``id:`` line of the first contributing file (in the order of their real paths, wherever
   quizlint runs from) — but only when the pool spans two or more files and no single file was reported for
   the same group: a bias spread thinly over many small quizzes is caught, and one already reported per file
   is not repeated.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import chain, repeat
from operator import attrgetter
from typing import Callable, Generic, Hashable, Iterable, Iterator, TypeVar

from quizlint.lint.context import BankContext, ItemSummary, QuizSummary, bank_order
from quizlint.model import option_letter
from quizlint.rules._stats import StatResult, format_p, poisson_binomial_upper_below
from quizlint.rules.base import Problem

Tally = TypeVar("Tally")
# test(group, tally, number of items, where) → the finding's message, or None when the result is not significant
GroupTest = Callable[[Hashable, Tally, int, str], "str | None"]
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
    reported: set[Hashable] = set()
    parts: dict[Hashable, list[tuple[list[ItemSummary], object]]] = defaultdict(list)  # group → (items, tally)
    for quiz in quizzes:
        for group, items in grouping(quiz.items).items():
            tally = counting.tally(group, items)
            parts[group].append((items, tally))
            if len(items) >= min_items and (message := counting.test(group, tally, len(items), "in this quiz")):
                reported.add(group)
                yield quiz, message, items
    for group, group_parts in sorted(parts.items()):
        if group in reported:
            continue
        size = sum(len(items) for items, _ in group_parts)
        files = sorted(set(map(attrgetter("file"), chain.from_iterable(items for items, _ in group_parts))),
                       key=bank_order)
        if len(files) < 2 or size < min_items:
            continue
        tally = counting.pool([tally for _, tally in group_parts])
        message = counting.test(group, tally, size, f"across the bank ({len(files)} quiz files)")
        if message:
            first = next(quiz for quiz in quizzes if quiz.file == files[0])
            yield first, message, list(chain.from_iterable(items for items, _ in group_parts))


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
        if result.p_value >= alpha:
            return None
        return (f"keys {describe_counts(counts)} over {size} {option_count_words(n_options)} items {where}"
                f"{conclusion(result)}")

    counting = Counting(lambda n_options, items: key_counts(items, n_options), pooled_counts, test)
    yield from scoped_problems(ctx, by_option_count(movable_items), counting, min_items, fixable)


# --- rates against chance (key-middle-bias, longest-option-bank) -------------------------------------------

@dataclass(frozen=True)
class Rate:
    """How many items are hits, and the chance of a hit of each item, in item order."""

    hits: int
    chances: list[float]


def pooled_rate(rates: list[Rate]) -> Rate:
    return Rate(sum(rate.hits for rate in rates), list(chain.from_iterable(rate.chances for rate in rates)))


def rate_problems(ctx: BankContext, grouping: Grouping, rate: Callable[[list[ItemSummary]], Rate],
                  claim: str, fixable: Fixable | None = None) -> Iterator[Problem]:
    """Count the hits among the items of a group with ``rate(items)`` (with each item's chance under the null)
    and test the count with a one-sided exact (Poisson-)binomial test; reported as
    ``<claim> in H of N items <where> (chance: …)``."""
    alpha, min_items = statistical_options(ctx)

    def test(_group, rate, size, where):
        result = poisson_binomial_upper_below(rate.hits, rate.chances, alpha)
        if result is None:
            return None
        return (f"{claim} in {rate.hits} of {size} items {where} ({chance_text(sum(rate.chances), size)}), "
                f"{result.method} {format_p(result.p_value)}")

    counting = Counting(lambda _group, items: rate(items), pooled_rate, test)
    yield from scoped_problems(ctx, grouping, counting, min_items, fixable)
