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
from quizlint.rules.base import Problem

# test(group, items, where) → the finding's message, or None when the result is not significant
GroupTest = Callable[[Hashable, list[ItemSummary], str], "str | None"]
Grouping = Callable[[Iterable[ItemSummary]], dict[Hashable, list[ItemSummary]]]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


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
    """``2.0, 8`` → ``chance: 2 of 8``; ``2.25, 9`` → ``chance: 2.3 of 9``."""
    rounded = f"{expected:.1f}".rstrip("0").rstrip(".")
    return f"chance: {rounded} of {total}"
