"""Planning the fixes of a whole bank: which items change, and how (nothing is edited here).

Item fixes come first (they decide some items' order for good), then the rebalancing of key positions over
what remains movable (:mod:`quizlint.fix.balance`). The result is, per file, a list of :class:`ItemFix`: a new
option order and the options to mark ``fixed``, which :mod:`quizlint.fix.apply` turns into text edits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from quizlint.fix.balance import Candidate, Move, plan_rebalance
from quizlint.fix.items import (
    ALL_OF_THE_ABOVE,
    NONE_OF_THE_ABOVE,
    NUMERIC_ORDER,
    Action,
    ItemChange,
    all_or_none_last,
    numeric_ascending,
    order_is_meaningful,
)
from quizlint.model import Item, QuizFile, option_letter

KEY_POSITION_BIAS, KEY_MIDDLE_BIAS = "B001", "B003"
REBALANCE_CODES = (KEY_POSITION_BIAS, KEY_MIDDLE_BIAS)
FIX_CODES = (KEY_POSITION_BIAS, KEY_MIDDLE_BIAS, ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE, NUMERIC_ORDER)


@dataclass
class EditableFile:
    """A quiz file that loaded without errors, with the rules switched off for each of its items (per-file
    ignores of the configuration and ``# quizlint: disable=`` comments)."""

    path: Path
    display: str
    quiz_file: QuizFile
    disabled: Callable[[str], set[str]]  # item id → codes that must not be fixed there


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


def counted_key(item: Item, change: ItemChange | None) -> int | None:
    """The key's position after ``change`` when the position-bias rules count the item (a single-answer item
    with one key, two or more options and no ``fixed`` option), else None."""
    keys = [index for index, option in enumerate(item.options) if option.correct]
    fixed = any(option.fixed for option in item.options) or bool(change and change.mark_fixed)
    if item.type != "single" or len(keys) != 1 or len(item.options) < 2 or fixed:
        return None
    return change.order.index(keys[0]) if change else keys[0]


def swap_change(n_options: int, move: Move, code: str) -> ItemChange:
    order = list(range(n_options))
    order[move.source], order[move.target] = order[move.target], order[move.source]
    source, target = option_letter(move.source), option_letter(move.target)
    return ItemChange(tuple(order), (), (Action(code, f"moved the key from {source} to {target} "
                                                      f"(swapped options {source} and {target})"),))


def plan_bank(files: list[EditableFile], selected: set[str]) -> list[FilePlan]:
    """The fixes of every file, for the selected rule codes (see ``FIX_CODES``)."""
    changes: dict[tuple[int, int], ItemChange] = {}
    candidates: list[Candidate] = []
    rebalancing = [code for code in REBALANCE_CODES if code in selected]
    for file_index, file in enumerate(files):
        quiz = file.quiz_file.quiz
        for position, item in enumerate(quiz.items):
            disabled = file.disabled(item.id)
            change = item_change(item, quiz.languages, selected - disabled)
            if change is not None:
                changes[(file_index, position)] = change
            key = counted_key(item, change)
            if key is None:
                continue
            movable = (bool(rebalancing) and change is None and not disabled.intersection(rebalancing)
                       and not order_is_meaningful(item, quiz.languages))
            candidates.append(Candidate((file_index, position), file.display, quiz.id, item.id, len(item.options),
                                        key, movable))
    if rebalancing:
        for move in plan_rebalance(candidates):
            file_index, position = move.ref
            n_options = len(files[file_index].quiz_file.quiz.items[position].options)
            changes[move.ref] = swap_change(n_options, move, rebalancing[0])
    return [FilePlan(file, [ItemFix(position, file.quiz_file.quiz.items[position].id, changes[(file_index, position)])
                            for position in range(len(file.quiz_file.quiz.items)) if (file_index, position) in changes])
            for file_index, file in enumerate(files)]
