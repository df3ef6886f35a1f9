"""Partial credit: what each option of an item gives, in percent of its points (one answer, used by the
credit rule, the exporters and the importers)."""

from __future__ import annotations


def has_credits(item) -> bool:
    """Whether some option of a `multiple` item says its credit (else the default scoring applies)."""
    return item.type == "multiple" and any(option.credit is not None for option in item.options)


def option_credits(item) -> list[float]:
    """Each option's credit in percent, in option order: the one written, else (by default) the keys share 100
    equally and the other options give 0."""
    keys = sum(1 for option in item.options if option.correct)
    share = 100 / keys if keys else 0.0
    return [option.credit if option.credit is not None else (share if option.correct else 0.0)
            for option in item.options]


def positive_credit(credits) -> float:
    """The sum of the positive credits: what choosing every right option gives."""
    return sum(credit for credit in credits if credit > 0)
