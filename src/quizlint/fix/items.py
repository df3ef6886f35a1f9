"""Fixes decided by one item alone: "all/none of the above" last and fixed, numeric options in ascending order.

Each returns an :class:`ItemChange` (the new option order and the options to mark ``fixed: true``) or None.
Neither ever moves an option that is already ``fixed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from quizlint.model import Item, option_letter, text_in
from quizlint.model import order as option_order
from quizlint.model.order import is_ordered, is_phrase, numeric_reading, option_spelling
from quizlint.rules.all_of_the_above import can_move_last
from quizlint.rules.numeric_order import can_sort

ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE, NUMERIC_ORDER = "W001", "W002", "W009"
PHRASE_CATEGORIES = {ALL_OF_THE_ABOVE: option_order.ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE: option_order.NONE_OF_THE_ABOVE}


@dataclass(frozen=True)
class Action:
    """One thing a fix did to an item, for the report: the rule it answers and what was done."""

    code: str
    message: str


@dataclass(frozen=True)
class ItemChange:
    order: tuple[int, ...]  # the option now at position k was at position order[k]
    mark_fixed: tuple[int, ...] = ()  # options (by their original position) that get `fixed: true`
    actions: tuple[Action, ...] = field(default=())

    @property
    def moves_options(self) -> bool:
        return self.order != tuple(range(len(self.order)))


def shown_text(item: Item, index: int, languages: list[str]) -> str:
    """An option's text for a message, in the first language that has it: ``"None of the above"``."""
    for lang in languages:
        text = text_in(item.options[index].text, lang)
        if text and text.strip():
            return f'"{text.strip()}"'
    return f"option {option_letter(index)}"


def _phrase_code(item: Item, index: int, languages: list[str], codes: list[str]) -> str | None:
    """Which of ``codes`` (W001, W002) the option's whole text is a phrase of, in any language."""
    text = item.options[index].text
    return next((code for code in codes if is_phrase(text, languages, PHRASE_CATEGORIES[code])), None)


def keeps_fixed_options(item: Item, order: tuple[int, ...]) -> bool:
    """Whether every ``fixed`` option stays at its position under ``order``."""
    return all(order[position] == position for position, option in enumerate(item.options) if option.fixed)


def all_or_none_last(item: Item, languages: list[str], codes: list[str]) -> ItemChange | None:
    """Move the "all/none of the above" options that are not ``fixed`` to the end (keeping their order among
    themselves) and mark them ``fixed``, so that shuffling and rebalancing never move them again.

    ``codes`` are the selected rules among W001 (all of the above) and W002 (none of the above). An option with
    a ``fixed`` option after it stays where it is (``can_move_last``: the rules then do not mark it fixable).
    """
    if not codes:
        return None
    found = {index: code for index in range(len(item.options))
             if can_move_last(item, index) and (code := _phrase_code(item, index, languages, codes))}
    if not found:
        return None
    order = tuple([index for index in range(len(item.options)) if index not in found] + sorted(found))
    if not keeps_fixed_options(item, order):
        return None
    actions = []
    for index, code in sorted(found.items()):
        where = order.index(index)
        if where == index:
            message = f"marked {shown_text(item, index, languages)} (option {option_letter(index)}) fixed"
        else:
            message = (f"moved {shown_text(item, index, languages)} from option {option_letter(index)} to "
                       f"{option_letter(where)} (last) and marked it fixed")
        actions.append(Action(code, message))
    return ItemChange(order, tuple(sorted(found)), tuple(actions))


def numeric_ascending(item: Item, languages: list[str]) -> ItemChange | None:
    """Sort numeric options in ascending order where the numeric-order rule fires (neither ascending nor
    descending); items with a ``fixed`` option are left alone."""
    reading = numeric_reading(item, languages)
    if reading is None or is_ordered(reading[1]) or not can_sort(item):
        return None
    lang, values = reading
    order = tuple(sorted(range(len(values)), key=lambda index: (values[index], index)))
    shown = ", ".join(option_spelling(item.options[index], lang) for index in order)
    return ItemChange(order, (), (Action(NUMERIC_ORDER, f"sorted the numeric options in ascending order ({shown})"),))
