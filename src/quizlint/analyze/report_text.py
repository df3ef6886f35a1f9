"""The text report: per quiz a line, per item a line with its options."""

from __future__ import annotations

from quizlint.analyze.statistics import ItemAnalysis, QuizAnalysis


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _option(option) -> str:
    mark = "*" if option.key else ""
    return f"{option.label}{mark} {100 * option.chosen:.0f}% {_number(option.discrimination, True)}"


def no_options(item: ItemAnalysis) -> str:
    """What stands for the options of an item that has none."""
    return f"{item.type.replace('_', ' ')}: scored per response, no options"


def _item_line(item: ItemAnalysis, width: int) -> str:
    options = "  ".join(_option(option) for option in item.options) or f"({no_options(item)})"
    return (f"  {item.id:<{width}}  {item.n:>6}  {_number(item.facility):>8}  {_number(item.discrimination, True):>6}"
            f"  {_number(item.upper_lower, True):>6}  {options}")


def render(quizzes: list[QuizAnalysis]) -> str:
    lines = []
    for quiz in quizzes:
        lines.append(f"{quiz.id}: {quiz.respondents} respondents, KR-20 {_number(quiz.kr20)}, SEM "
                     f"{_number(quiz.sem)} points")
        width = max([4] + [len(item.id) for item in quiz.items])
        lines.append(f"  {'item':<{width}}  {'n':>6}  {'facility':>8}  {'discr.':>6}  {'U-L':>6}  options "
                     f"(* key: chosen, point-biserial)")
        lines.extend(_item_line(item, width) for item in quiz.items)
        lines.append("")
    if not quizzes:
        lines.append("No responses to analyse.")
    return "\n".join(lines).rstrip("\n") + "\n"
