"""Planning the fixes of a whole bank: which items change, and how (nothing is edited here).

Item fixes come first (they decide some items' order for good), then the rebalancing of key positions over
what remains movable (:mod:`quizlint.fix.balance`), in the groups the position-bias rules report
(:mod:`quizlint.fix.bias`) and nowhere else. The result is, per file, a list of :class:`ItemFix`: a new option
order and the options to mark ``fixed``, which :mod:`quizlint.fix.apply` turns into text edits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from quizlint.fix.balance import Move, Ref, bank_candidates, plan_rebalance
from quizlint.fix.bias import (
    KEY_MIDDLE_BIAS,
    KEY_POSITION_BIAS,
    BiasRule,
    ReportedGroup,
    all_reported_groups,
    bias_rules,
    reporting_rule,
)
from quizlint.fix.items import (
    ALL_OF_THE_ABOVE,
    NONE_OF_THE_ABOVE,
    NUMERIC_ORDER,
    Action,
    ItemChange,
    all_or_none_last,
    numeric_ascending,
)
from quizlint.lint.context import ItemSummary, QuizSummary
from quizlint.lint.engine import summarize
from quizlint.model import Item, QuizFile, option_letter

FIX_CODES = (KEY_POSITION_BIAS, KEY_MIDDLE_BIAS, ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE, NUMERIC_ORDER)


@dataclass
class EditableFile:
    """A quiz file that loaded without errors, with the rules switched off for each of its items (per-file
    ignores of the configuration and ``# quizlint: disable=`` comments)."""

    path: Path
    display: str
    quiz_file: QuizFile
    disabled: Callable[[str | None], set[str]]  # item id → codes not to fix there; None → for the whole file


@dataclass(frozen=True)
class ItemFix:
    position: int  # index of the item among the quiz's items
    item: str
    change: ItemChange


@dataclass
class FilePlan:
    file: EditableFile
    fixes: list[ItemFix]


def item_change(item: Item, languages: list[str], active: set[str]) -> ItemChange | None:
    """The item-level fix of one item, with the rules ``active`` for it."""
    phrase_codes = [code for code in (ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE) if code in active]
    change = all_or_none_last(item, languages, phrase_codes)
    if change is None and NUMERIC_ORDER in active:
        change = numeric_ascending(item, languages)
    return change


def swap_change(n_options: int, move: Move, code: str) -> ItemChange:
    order = list(range(n_options))
    order[move.source], order[move.target] = order[move.target], order[move.source]
    source, target = option_letter(move.source), option_letter(move.target)
    return ItemChange(tuple(order), (), (Action(code, f"moved the key from {source} to {target} "
                                                      f"(swapped options {source} and {target})"),))


def plan_bank(files: list[EditableFile], selected: set[str],
              rule_options: Mapping[str, dict] | None = None) -> list[FilePlan]:
    """The fixes of every file, for the selected rule codes (see ``FIX_CODES``); ``rule_options`` are the
    options of the position-bias rules by code (default: their defaults)."""
    changes = item_changes(files, selected)
    rules = bias_rules(selected, rule_options)
    if rules:
        changes.update(rebalancing(files, changes, rules))
    return [FilePlan(file, [ItemFix(position, item.id, changes[(file_index, position)])
                            for position, item in enumerate(file.quiz_file.quiz.items)
                            if (file_index, position) in changes])
            for file_index, file in enumerate(files)]


def item_changes(files: list[EditableFile], selected: set[str]) -> dict[Ref, ItemChange]:
    changes: dict[Ref, ItemChange] = {}
    for file_index, file in enumerate(files):
        quiz = file.quiz_file.quiz
        for position, item in enumerate(quiz.items):
            change = item_change(item, quiz.languages, selected - file.disabled(item.id))
            if change is not None:
                changes[(file_index, position)] = change
    return changes


def summary_after(summary: ItemSummary, change: ItemChange | None) -> ItemSummary:
    """What the bank rules see of an item once ``change`` is applied."""
    if change is None:
        return summary
    new_position = {old: new for new, old in enumerate(change.order)}
    return summary._replace(keys=tuple(sorted(new_position[index] for index in summary.keys)),
                            fixed=tuple(sorted(new_position[index] for index in {*summary.fixed, *change.mark_fixed})),
                            lengths=tuple(summary.lengths[old] for old in change.order))


def with_changes(quizzes: list[QuizSummary], changes: Mapping[Ref, ItemChange]) -> list[QuizSummary]:
    """The summaries of the files (in the order of the bank) once ``changes`` are applied."""
    return [dataclasses.replace(quiz, items=tuple(summary_after(item, changes.get((file_index, position)))
                                                  for position, item in enumerate(quiz.items)))
            for file_index, quiz in enumerate(quizzes)]


def rebalancing(files: list[EditableFile], changes: Mapping[Ref, ItemChange],
                rules: list[BiasRule]) -> dict[Ref, ItemChange]:
    """The key swaps that quieten the position-bias ``rules`` on the bank once ``changes`` are applied.

    Only the groups the rules report are rebalanced. Balancing them can uncover another group (a pooled bank
    test runs only when no file reports the same group), so the rules are asked again on the planned result
    and the plan is redone with the new groups too, until they report nothing new.
    """
    base = with_changes([summarize(file.quiz_file) for file in files], changes)
    whole_file = {file.quiz_file.path: file.disabled(None) for file in files}

    def silenced(code: str, where: str) -> bool:
        return code in whole_file.get(where, set())

    reported = all_reported_groups(rules, base, silenced)
    while True:
        swaps = planned_swaps(files, base, changes, rules, reported)
        more = all_reported_groups(rules, with_changes(base, swaps), silenced) - reported
        if not more:
            return swaps
        reported |= more


def planned_swaps(files: list[EditableFile], base: list[QuizSummary], changes: Mapping[Ref, ItemChange],
                  rules: list[BiasRule], reported: set[ReportedGroup]) -> dict[Ref, ItemChange]:
    codes: dict[Ref, str] = {}  # the items that may move → the rule that reports their group
    for file_index, (file, quiz) in enumerate(zip(files, base)):
        for position, summary in enumerate(quiz.items):
            code = reporting_rule(rules, reported, quiz, summary)
            if code is not None and may_rebalance(file, summary, changes.get((file_index, position)), rules):
                codes[(file_index, position)] = code
    moves = plan_rebalance(bank_candidates(base, lambda ref, _item: ref in codes))
    return {move.ref: swap_change(base[move.ref[0]].items[move.ref[1]].n_options, move, codes[move.ref])
            for move in moves}


def may_rebalance(file: EditableFile, summary: ItemSummary, change: ItemChange | None, rules: list[BiasRule]) -> bool:
    """Whether an item's options may be swapped, as far as the fixes go: no item fix changes it and none of the
    position ``rules`` is disabled there (its options' order must mean nothing too: see
    :func:`~quizlint.fix.balance.bank_candidates`)."""
    disabled = file.disabled(summary.item)
    return change is None and not any(rule.code in disabled for rule in rules)
