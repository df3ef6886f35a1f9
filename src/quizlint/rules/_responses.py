"""How the response rules (family R) get the statistics of delivered quizzes: `quizlint lint --responses FILE…`
analyses the files (``quizlint.analyze``) and hands the analysis to the rules for the run with
``responses_given``; each R rule is a bank rule that looks its items up in it and reports at the item's `id:`
line. Without responses (a plain `quizlint lint`), the R rules find nothing.

The analysis is held here for the run rather than passed through the lint runtime, which knows nothing of it:
bank rules run in the process that called the linter, so they see it.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

from quizlint.rules.base import Problem

# The analysis of the lint run in progress (None: a run without responses). A context variable: set for the
# run by ``responses_given``, it is seen by the bank rules, which run in the process and thread that linted.
_GIVEN: ContextVar = ContextVar("quizlint_responses", default=None)


@contextmanager
def responses_given(analysis) -> Iterator[None]:
    """Run the lint of the ``with`` block with ``analysis`` (``quizlint.analyze.run.Analysis``)."""
    token = _GIVEN.set(analysis)
    try:
        yield
    finally:
        _GIVEN.reset(token)


def analysed_items(ctx, min_responses: int) -> Iterator[tuple[object, object]]:
    """(item summary, item analysis) of each item of the bank with at least ``min_responses`` responses."""
    analysis = _GIVEN.get()
    if analysis is None:
        return
    for quiz in ctx.quizzes_in_path_order():
        for item in quiz.items:
            analysed = analysis.item(quiz.quiz, item.item)
            if analysed is not None and analysed.n >= min_responses:
                yield item, analysed


def facility_problems(ctx, outside: Callable[[float], bool], bound: str) -> Iterator[Problem]:
    """too-easy and too-hard: each item whose facility is ``outside`` the bound (``bound``: "above 0.9")."""
    for item, analysed in analysed_items(ctx, ctx.options["min-responses"]):
        if analysed.facility is not None and outside(analysed.facility):
            yield item_problem(ctx, item, f"facility {analysed.facility:.2f} over {analysed.n} responses ({bound})")


def item_problem(ctx, item, message: str) -> Problem:
    """A finding at the item's `id:` line."""
    return ctx.problem(message, item.file, item.line, item.column, item=item.item)


# The level at which low-discrimination leaves a negative discrimination to negative-discrimination (whose
# default `alpha` it is).
NEGATIVE_ALPHA = 0.05


def _z(r: float) -> float:
    return math.atanh(max(min(r, 0.999999), -0.999999))


def below_p(r: float, n: int, bound: float = 0.0) -> float:
    """One-sided p-value of a correlation ``r`` over ``n`` pairs being below ``bound`` (Fisher's z test)."""
    z = (_z(r) - _z(bound)) * math.sqrt(n - 3)
    return 0.5 * math.erfc(-z / math.sqrt(2))


def significantly_below(r: float | None, n: int, bound: float, alpha: float) -> bool:
    """Whether a correlation ``r`` over ``n`` pairs is below ``bound`` at one-sided level ``alpha``."""
    return r is not None and r < bound and n >= 4 and below_p(r, n, bound) < alpha


def negative_p(r: float, n: int) -> float:
    """One-sided p-value of a correlation ``r`` over ``n`` pairs being below 0."""
    return below_p(r, n)


def significantly_negative(r: float | None, n: int, alpha: float) -> bool:
    """Whether a correlation ``r`` over ``n`` pairs is below 0 at one-sided level ``alpha``."""
    return significantly_below(r, n, 0.0, alpha)


def signed(value: float) -> str:
    return f"{value:+.2f}"


def percent(share: float) -> str:
    return f"{100 * share:.1f} %".replace(".0 %", " %")
