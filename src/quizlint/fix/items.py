"""Fixes decided by one item alone: "all/none of the above" last and fixed, numeric options in ascending order.

Each returns an :class:`ItemChange` (the new option order and the options to mark ``fixed: true``) or None.
Neither ever moves an option that is already ``fixed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from quizlint.model import Item, option_letter, text_in
from quizlint.rules import _lexicon as lexicon
from quizlint.rules._texts import hits_by_language
from quizlint.rules.k_type import is_combination
from quizlint.rules.numeric_order import is_ordered, option_numbers

ALL_OF_THE_ABOVE, NONE_OF_THE_ABOVE, NUMERIC_ORDER = "W001", "W002", "W009"
PHRASE_CATEGORIES = {ALL_OF_THE_ABOVE: "all-of-the-above", NONE_OF_THE_ABOVE: "none-of-the-above"}


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
    for code in codes:
        category = PHRASE_CATEGORIES[code]
        if hits_by_language(item.options[index].text, languages,
                            lambda text, lang, category=category: lexicon.first(category, text, lang)):
            return code
    return None


def keeps_fixed_options(item: Item, order: tuple[int, ...]) -> bool:
    """Whether every ``fixed`` option stays at its position under ``order``."""
    return all(order[position] == position for position, option in enumerate(item.options) if option.fixed)


def all_or_none_last(item: Item, languages: list[str], codes: list[str]) -> ItemChange | None:
    """Move the "all/none of the above" options that are not ``fixed`` to the end (keeping their order among
    themselves) and mark them ``fixed``, so that shuffling and rebalancing never move them again.

    ``codes`` are the selected rules among W001 (all of the above) and W002 (none of the above). An item where
    the move would displace a ``fixed`` option is left alone.
    """
    if not codes:
        return None
    found = {index: code for index, option in enumerate(item.options)
             if not option.fixed and (code := _phrase_code(item, index, languages, codes))}
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


def order_is_meaningful(item: Item, languages: list[str]) -> bool:
    """Whether the options' order carries meaning, so rebalancing must not swap them: every option is a number
    (as the numeric-order rule reads them), or an option is "all/none of the above" (it refers to the options
    before it) or a combination such as "I and II", "Both A and B", "Yalnız I" (conventionally ordered, and
    letters refer to positions)."""
    if option_numbers(item, languages) is not None:
        return True
    return any(_phrase_code(item, index, languages, list(PHRASE_CATEGORIES)) or _is_combination(option, languages)
               for index, option in enumerate(item.options))


def _is_combination(option, languages: list[str]) -> bool:
    return bool(hits_by_language(option.text, languages, lambda text, lang: is_combination(text, lang)))


def numeric_ascending(item: Item, languages: list[str]) -> ItemChange | None:
    """Sort numeric options in ascending order where the numeric-order rule fires (neither ascending nor
    descending); items with a ``fixed`` option are left alone."""
    values = option_numbers(item, languages)
    if values is None or is_ordered(values) or any(option.fixed for option in item.options):
        return None
    order = tuple(sorted(range(len(values)), key=lambda index: (values[index], index)))
    shown = ", ".join(f"{values[index]:g}" for index in order)
    return ItemChange(order, (), (Action(NUMERIC_ORDER, f"sorted the numeric options in ascending order ({shown})"),))
