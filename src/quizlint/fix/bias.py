"""Which groups of keys the position-bias rules report: ``quizlint fix`` rebalances those, and only those.

Like ruff, ``fix`` repairs what the rules report, no more: a bank where ``quizlint lint`` is quiet is left as it
is. The rules decide themselves: key-position-bias (B001) and key-middle-bias (B003) are run (their own
``check``, on the bank summaries lint gives them, with the options of the configuration: ``alpha``,
``min-items``), never a copy of their statistics. A finding names a file, not a group, so each rule is run on
one group at a time (the grouping is the rule's own: B001 compares items with the same number of options,
B003 pools every item with a middle position), on the group's items of every file, so that the rule follows
the policy of :mod:`quizlint.rules._bank_scope` itself (each file with Holm's correction, else the pooled bank):

1. a quiz file's own finding ("in this quiz") makes the group movable *in that file*;
2. the pooled bank's finding ("across the bank") makes the group movable *in every file*.

Findings silenced for the whole file where they would be reported (``per-file-ignores``, a
``# quizlint: disable=`` comment at the top of the file) do not count, as lint does not show them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

from quizlint.lint.context import BankContext, ItemSummary, QuizSummary
from quizlint.rules._bank_scope import ACROSS_THE_BANK, Grouping, by_option_count, movable_items, one_group
from quizlint.rules.base import find_rule
from quizlint.rules.key_middle_bias import items_with_a_middle

KEY_POSITION_BIAS, KEY_MIDDLE_BIAS = "B001", "B003"
REBALANCE_CODES = (KEY_POSITION_BIAS, KEY_MIDDLE_BIAS)

# How each rule groups the items it tests (as in key_position_bias.check and key_middle_bias.check).
GROUPINGS: dict[str, Grouping] = {
    KEY_POSITION_BIAS: by_option_count(movable_items),
    KEY_MIDDLE_BIAS: one_group(items_with_a_middle),
}

# (rule code, file, group): the file of a quiz file's own finding, or None for the pooled bank's finding.
ReportedGroup = tuple[str, "str | None", Hashable]
# (rule code, file where lint reports the finding) → whether that finding is silenced there.
Silenced = Callable[[str, str], bool]


@dataclass(frozen=True)
class BiasRule:
    """A position-bias rule as ``quizlint fix`` asks it: its own check, options and grouping."""

    code: str
    check: Callable[[BankContext], Iterable]
    options: dict
    grouping: Grouping

    def findings(self, quizzes: list[QuizSummary]) -> list[tuple[str, bool]]:
        """(file where it is reported, whether it is the pooled bank's) of each finding of the rule on ``quizzes``."""
        return [(problem.file or "", ACROSS_THE_BANK in problem.message)
                for problem in self.check(BankContext(quizzes, self.options))]


def bias_rules(codes: Iterable[str], options: Mapping[str, dict] | None = None) -> list[BiasRule]:
    """The position-bias rules among ``codes``, with ``options[code]`` (default: the rule's own defaults)."""
    rules = []
    for code in REBALANCE_CODES:
        rule = find_rule(code) if code in codes else None
        if rule is not None:
            rules.append(BiasRule(code, rule.check, dict((options or {}).get(code, rule.options)), GROUPINGS[code]))
    return rules


def restricted(quiz: QuizSummary, members: set[int]) -> QuizSummary:
    """The quiz with only the items whose ``id()`` is in ``members``."""
    return dataclasses.replace(quiz, items=tuple(item for item in quiz.items if id(item) in members))


def reported_groups(rule: BiasRule, quizzes: list[QuizSummary], silenced: Silenced) -> set[ReportedGroup]:
    """The groups ``rule`` reports on ``quizzes`` (see the module documentation)."""
    reported: set[ReportedGroup] = set()
    for group, items in rule.grouping(item for quiz in quizzes for item in quiz.items).items():
        members = {id(item) for item in items}
        pool = [part for part in (restricted(quiz, members) for quiz in quizzes) if part.items]
        for file, across_the_bank in rule.findings(pool):
            if not silenced(rule.code, file):
                reported.add((rule.code, None if across_the_bank else file, group))
    return reported


def all_reported_groups(rules: list[BiasRule], quizzes: list[QuizSummary], silenced: Silenced) -> set[ReportedGroup]:
    return {group for rule in rules for group in reported_groups(rule, quizzes, silenced)}


def group_of(rule: BiasRule, item: ItemSummary) -> Hashable | None:
    """The group ``rule`` tests ``item`` in, or None when the rule does not count it."""
    return next((group for group, items in rule.grouping([item]).items() if items), None)


def reporting_rule(rules: list[BiasRule], reported: set[ReportedGroup], quiz: QuizSummary,
                   item: ItemSummary) -> str | None:
    """The first rule that reports a group ``item`` belongs to, in its file or over the bank; else None."""
    for rule in rules:
        group = group_of(rule, item)
        if group is not None and ((rule.code, quiz.file, group) in reported or (rule.code, None, group) in reported):
            return rule.code
    return None
