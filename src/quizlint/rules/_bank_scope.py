"""Where the statistical bank rules test and report: each quiz file on its own, then the bank as a whole.

Every statistical bank rule (key-position-bias, key-over-balanced, key-middle-bias, longest-option-bank)
follows the same policy, so that one bias is reported once and where it can be fixed:

1. each quiz file with at least ``min-items`` eligible items is tested on its own items; a significant
   result is reported at that file's quiz ``id:`` line, with the quiz's own counts ("in this quiz");
2. the items of all quiz files are then pooled and tested once ("across the bank (N quiz files)"), reported
   at the quiz ``id:`` line of the first contributing file (in path order) — but only when the pool spans two
   or more files and no single file was reported for the same group: a bias spread thinly over many small
   quizzes is caught, and one already reported per file is not repeated.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Hashable, Iterable, Iterator

from quizlint.lint.context import BankContext, ItemSummary, QuizSummary
from quizlint.model import option_letter
from quizlint.rules._stats import StatResult, format_p, poisson_binomial_upper
from quizlint.rules.base import Problem

# test(group, items, where) → the finding's message, or None when the result is not significant
GroupTest = Callable[[Hashable, list[ItemSummary], str], "str | None"]
Grouping = Callable[[Iterable[ItemSummary]], dict[Hashable, list[ItemSummary]]]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def number_option(options: dict, rule: str, name: str, low: float, high: float | None = None,
                  integer: bool = False) -> float:
    """A numeric rule option, checked: a bad value in the configuration is a configuration error (exit 2)."""
    value = options[name]
    valid_type = isinstance(value, int) if integer else isinstance(value, (int, float))
    in_range = valid_type and not isinstance(value, bool) and value >= low and (high is None or value <= high)
    if not in_range:
        from quizlint.config import ConfigError

        kind = "an integer" if integer else "a number"
        bounds = f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"
        raise ConfigError(f"option {name!r} of rule {rule} must be {kind} {bounds}, not {value!r}")
    return value


def option_count_words(n_options: int) -> str:
    """``4`` → ``four-option``."""
    return f"{_NUMBER_WORDS.get(n_options, str(n_options))}-option"


def single_key_items(items: Iterable[ItemSummary], movable_only: bool) -> list[ItemSummary]:
    """Single-answer items with exactly one key and two or more options.

    ``movable_only`` leaves out items with a ``fixed`` option: their key positions are not free to vary, so
    they do not follow the uniform model the position tests assume (and `quizlint fix` cannot move them).
    """
    return [item for item in items
            if item.type == "single" and len(item.keys) == 1 and item.n_options >= 2
            and not (movable_only and item.fixed)]


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


def statistical_options(ctx: BankContext, rule: str) -> tuple[float, int]:
    """The `alpha` and `min-items` options every statistical bank rule has, checked."""
    return (number_option(ctx.options, rule, "alpha", 0.0, 1.0),
            int(number_option(ctx.options, rule, "min-items", 1, integer=True)))


def _problem(ctx: BankContext, quiz: QuizSummary, message: str, fixable: bool) -> Problem:
    return ctx.problem(message, quiz.file, quiz.line, quiz.column, fixable=fixable)


def scoped_problems(ctx: BankContext, grouping: Grouping, test: GroupTest, min_items: int,
                    fixable: bool = False) -> Iterator[Problem]:
    """Run ``test`` per quiz file and then over the pooled bank, following the policy in the module doc."""
    quizzes = sorted(ctx.quizzes, key=lambda quiz: (quiz.file, quiz.line))
    reported: set[Hashable] = set()
    for quiz in quizzes:
        for group, items in grouping(quiz.items).items():
            if len(items) >= min_items and (message := test(group, items, "in this quiz")):
                reported.add(group)
                yield _problem(ctx, quiz, message, fixable)
    pooled = grouping(item for quiz in quizzes for item in quiz.items)
    for group, items in pooled.items():
        files = sorted({item.file for item in items})
        if group in reported or len(files) < 2 or len(items) < min_items:
            continue
        message = test(group, items, f"across the bank ({len(files)} quiz files)")
        if message:
            first = next(quiz for quiz in quizzes if quiz.file == files[0])
            yield _problem(ctx, first, message, fixable)


def chance_text(expected: float, total: int) -> str:
    """``2.0, 8`` → ``chance: 2 of 8``; ``4.17, 10`` → ``chance: 4.2 of 10``."""
    rounded = f"{expected:.1f}".rstrip("0").rstrip(".")
    return f"chance: {rounded} of {total}"


# --- key positions, per number of options (key-position-bias, key-over-balanced) ----------------------------

def movable_items(items: Iterable[ItemSummary]) -> list[ItemSummary]:
    return single_key_items(items, movable_only=True)


def key_counts(items: Iterable[ItemSummary], n_options: int) -> list[int]:
    """How many of ``items`` have their key at each position."""
    counts = [0] * n_options
    for item in items:
        counts[item.keys[0]] += 1
    return counts


def describe_counts(counts: list[int]) -> str:
    """``[6, 1, 1, 0]`` → ``A:6 B:1 C:1 D:0``."""
    return " ".join(f"{option_letter(index)}:{count}" for index, count in enumerate(counts))


def key_count_problems(ctx: BankContext, rule: str, test_counts: Callable[[list[int]], StatResult],
                       conclusion: Callable[[StatResult], str], fixable: bool = False) -> Iterator[Problem]:
    """Test the key counts of each option count with ``test_counts``; a p-value below ``alpha`` is reported
    as ``keys A:6 B:1 … over N four-option items <where><conclusion>``."""
    alpha, min_items = statistical_options(ctx, rule)

    def test(n_options, items, where):
        counts = key_counts(items, n_options)
        result = test_counts(counts)
        if result.p_value >= alpha:
            return None
        return (f"keys {describe_counts(counts)} over {len(items)} {option_count_words(n_options)} items {where}"
                f"{conclusion(result)}")

    yield from scoped_problems(ctx, by_option_count(movable_items), test, min_items, fixable)


# --- rates against chance (key-middle-bias, longest-option-bank) -------------------------------------------

def rate_problems(ctx: BankContext, rule: str, grouping: Grouping, outcome: Callable[[ItemSummary], tuple[bool, float]],
                  claim: str, fixable: bool = False) -> Iterator[Problem]:
    """Count the items for which ``outcome(item)`` is a hit (with its chance under the null) and test the count
    with a one-sided exact (Poisson-)binomial test; reported as ``<claim> in H of N items <where> (chance: …)``."""
    alpha, min_items = statistical_options(ctx, rule)

    def test(_group, items, where):
        outcomes = [outcome(item) for item in items]
        hits = sum(1 for hit, _ in outcomes if hit)
        chances = [chance for _, chance in outcomes]
        result = poisson_binomial_upper(hits, chances)
        if result.p_value >= alpha:
            return None
        return (f"{claim} in {hits} of {len(items)} items {where} ({chance_text(sum(chances), len(items))}), "
                f"{result.method} {format_p(result.p_value)}")

    yield from scoped_problems(ctx, grouping, test, min_items, fixable)
