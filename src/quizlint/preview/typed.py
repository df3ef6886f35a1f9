"""How the preview shows the item types without options: what a student sees (an answer box, the prompts and
answers to match, the steps to order, the essay's box) and, behind the "Show answer" toggle, the answers with
their tolerances and credits, the pairs, the right order and the grader's information."""

from __future__ import annotations

from quizlint.preview.html import classes, el, text_blocks

TYPE_LABELS = {"numerical": "Numerical", "short_answer": "Short answer", "matching": "Matching",
               "ordering": "Ordering", "essay": "Essay"}


def _number(value: float) -> str:
    return f"{value:g}"


def _credit(credit: float) -> str:
    return "" if credit == 100 else f" ({_number(credit)}%)"


def student_view(item, languages: list[str]):
    """What the student works with, below the stem."""
    kind = item.type
    if kind in ("numerical", "short_answer"):
        units = ", ".join(unit.unit for unit in item.units) if kind == "numerical" else ""
        return el("p", classes("answer-box"), el("input", {"type": "text", "aria-label": "Answer"}),
                  f" {units}" if units else None)
    if kind == "matching":
        answers = [pair.match for pair in item.pairs] + list(item.distractors)
        return el("div", classes("matching"),
                  el("ol", classes("prompts"), [el("li", text_blocks(pair.prompt, languages, compact=True, inline=True))
                                                for pair in item.pairs]),
                  el("ul", classes("matches"), [el("li", text_blocks(text, languages, compact=True, inline=True))
                                                for text in sorted(answers, key=str)]))
    if kind == "ordering":
        shown = sorted(item.sequence, key=str)  # (not in the right order: that is the answer)
        return el("ul", classes("steps"), [el("li", text_blocks(step, languages, compact=True, inline=True))
                                           for step in shown])
    lines = item.response.lines if item.response else 15
    box = el("div", classes("essay-box"), {"data-lines": str(lines)})
    if item.template is not None:
        box.append(text_blocks(item.template, languages, css_class="template"))
    return box


def answer_view(item, languages: list[str]) -> list:
    """The answer, for the region "Show answer" reveals."""
    kind = item.type
    if kind == "numerical":
        units = [f"{unit.unit} (× {_number(unit.multiplier)})" for unit in item.units]
        return [el("ul", classes("answers"), [
            el("li", f"{_number(answer.value)}" + (f" ± {_number(answer.tolerance)}" if answer.tolerance else "")
               + _credit(answer.credit),
               text_blocks(answer.feedback, languages, css_class="feedback") if answer.feedback is not None else None)
            for answer in item.answers] or [el("li", "no answer given")]),
            el("p", "Units: " + ", ".join(units)) if units else None]
    if kind == "short_answer":
        return [el("ul", classes("answers"), [
            el("li", text_blocks(answer.text, languages, compact=True, inline=True), _credit(answer.credit),
               text_blocks(answer.feedback, languages, css_class="feedback") if answer.feedback is not None else None)
            for answer in item.answers] or [el("li", "no answer given")]),
            el("p", "Case sensitive" if item.case_sensitive else "Case does not matter")]
    if kind == "matching":
        rows = [el("li", text_blocks(pair.prompt, languages, compact=True, inline=True), " → ",
                   text_blocks(pair.match, languages, compact=True, inline=True)) for pair in item.pairs]
        extra = [el("li", "Distractor: ", text_blocks(text, languages, compact=True, inline=True))
                 for text in item.distractors]
        return [el("ul", classes("pairs"), rows + extra)]
    if kind == "ordering":
        return [el("ol", classes("order"), [el("li", text_blocks(step, languages, compact=True, inline=True))
                                            for step in item.sequence])]
    response = item.response
    shown = [el("p", f"Graded by a person; answered in {'plain text' if response and response.format == 'plain' else 'an editor'}.")]
    if item.grader_info is not None:
        shown += [el("h3", "Grader information"), text_blocks(item.grader_info, languages)]
    return shown


def answer_summary(item) -> str:
    """One line for "Answer:"."""
    kind = item.type
    if kind == "numerical":
        full = [answer for answer in item.answers if answer.credit >= 100]
        return ", ".join(_number(answer.value) + (f" ± {_number(answer.tolerance)}" if answer.tolerance else "")
                         for answer in full) or "no answer gives full marks"
    if kind == "short_answer":
        return f"{len(item.answers)} accepted answer{'s' if len(item.answers) != 1 else ''}"
    if kind == "matching":
        return f"{len(item.pairs)} pairs"
    if kind == "ordering":
        return f"{len(item.sequence)} steps in this order"
    return "graded by a person"
