"""One page per quiz: every item as a student sees it, in every language, with the answers behind toggles and
the lint findings on the item they belong to."""

from __future__ import annotations

from quizlint.diagnostics import Finding
from quizlint.model import Item, option_letter
from quizlint.preview.health import health_panel, severity_badges
from quizlint.preview.html import (
    badge,
    classes,
    el,
    has_text,
    language_name,
    page,
    plain_title,
    text_blocks,
    true_false_words,
)
from quizlint.preview.typed import TYPE_LABELS as TYPED_LABELS
from quizlint.preview.typed import answer_view, student_view
from quizlint.preview.typed import answer_summary as typed_answer_summary
from quizlint.rules.base import SEVERITY_ORDER as SEVERITY_RANK
from quizlint.stats import QuizStats, plural, translation_state

TYPE_LABELS = {"single": "Single answer", "multiple": "Multiple answers", "true_false": "True or false",
               **TYPED_LABELS}


# --- The toolbar ------------------------------------------------------------------------------------------

def view_choice(value: str, label, checked: bool):
    radio = el("input", {"type": "radio", "name": "view", "value": value})
    if checked:
        radio.set("checked", "checked")
    return el("label", classes("seg"), radio, el("span", classes("mark"), label))


def views(languages: list[str]) -> list[tuple[str, object]]:
    """One view per language, then the source beside each translation."""
    source = languages[0]
    single = [(lang, el("span", {"lang": lang}, language_name(lang))) for lang in languages]
    side_by_side = [(f"{source}+{lang}", el("span", el("span", {"lang": source}, language_name(source)), " | ",
                                            el("span", {"lang": lang}, language_name(lang)), " side by side"))
                    for lang in languages[1:]]
    return single + side_by_side


def toolbar(languages: list[str]):
    parts = []
    if len(languages) > 1:
        choices = [view_choice(value, label, index == 0) for index, (value, label) in enumerate(views(languages))]
        parts.append(el("fieldset", el("legend", "Language"), choices))
    parts.append(el("button", {"type": "button", "id": "toggle-answers", "class": "toggle", "aria-pressed": "false"},
                    "Show answers"))
    parts.append(el("button", {"type": "button", "id": "toggle-findings", "class": "toggle", "aria-pressed": "true"},
                    "Show findings"))
    return el("div", classes("toolbar"), parts)


# --- Findings ---------------------------------------------------------------------------------------------

def finding_entry(finding: Finding):
    return el("li", badge(finding.severity, finding.severity), " ", el("code", finding.code), " ",
              el("strong", finding.rule), ": ", finding.message, " ",
              el("span", classes("loc"), f"{finding.file}:{finding.line}:{finding.column}"))


def findings_box(findings: list[Finding], label: str):
    if not findings:
        return None
    worst = max((finding.severity for finding in findings), key=SEVERITY_RANK.__getitem__)
    return el("aside", {"class": f"findings worst-{worst}", "aria-label": label},
              el("h3", plural(len(findings), "finding")), el("ul", [finding_entry(finding) for finding in findings]))


# --- Items ------------------------------------------------------------------------------------------------

def true_false_options(item: Item, languages: list[str]) -> list[tuple[object, bool, None]]:
    words = {lang: true_false_words(lang) for lang in languages}
    return [({lang: pair[0] for lang, pair in words.items()}, item.answer is True, None),
            ({lang: pair[1] for lang, pair in words.items()}, item.answer is False, None)]


def option_rows(item: Item, languages: list[str]) -> list[tuple[object, bool, object]]:
    """(text, is the key, feedback) of every option, as the student sees them."""
    if item.type == "true_false":
        return true_false_options(item, languages)
    return [(option.text, option.correct, option.feedback) for option in item.options]


def option_entry(anchor: str, index: int, row, input_type: str, languages: list[str]):
    text, correct, feedback = row
    letter = option_letter(index)
    input_id = f"{anchor}-{letter.lower()}"
    answer = None
    if correct or feedback is not None:
        verdict = el("span", classes("verdict", "right" if correct else "wrong"), "Correct" if correct else "Incorrect")
        answer = el("div", classes("ans"), verdict,
                    text_blocks(feedback, languages, css_class="feedback") if feedback is not None else None)
    label = el("label", {"for": input_id},
               el("input", {"type": input_type, "name": anchor, "id": input_id, "value": letter}),
               el("span", {"class": "letter"}, letter),
               text_blocks(text, languages, compact=True, inline=True))
    return el("li", classes("option", "key" if correct else None), label, answer)


def answer_summary(item: Item, rows) -> str:
    if not item.is_choice:
        return typed_answer_summary(item)
    keys = [option_letter(index) for index, (_, correct, _) in enumerate(rows) if correct]
    if item.type == "true_false":
        return {True: "A (true)", False: "B (false)"}.get(item.answer, "not given")
    return ", ".join(keys) if keys else "no option is marked correct"


def answer_region(item: Item, anchor: str, rows, languages: list[str]):
    explanation = None
    if item.explanation is not None and has_text(item.explanation, languages):
        explanation = [el("h3", "Explanation"), text_blocks(item.explanation, languages)]
    typed = None if item.is_choice else answer_view(item, languages)
    return el("div", {"class": "ans explanation", "id": f"{anchor}-answer"},
              el("p", el("strong", "Answer: "), answer_summary(item, rows)), typed, explanation)


def item_meta(item: Item, source: str, languages: list[str]):
    points = plural(int(item.points), "point") if float(item.points).is_integer() else f"{item.points:g} points"
    parts = [el("code", item.id), el("span", TYPE_LABELS[item.type]), el("span", points)]
    for lang in languages[1:]:
        state = translation_state(item, source, lang)
        parts.append(badge(f"{lang.upper()} {state}", state, f"{language_name(lang)} translation: {state}"))
    if item.tags:
        parts.append(el("span", classes("tags"), [badge(tag, "plain") for tag in item.tags]))
    return el("span", classes("meta"), parts)


def item_section(item: Item, number: int, languages: list[str], findings: list[Finding]):
    anchor = f"q{number}"
    rows = option_rows(item, languages)
    input_type = "checkbox" if item.type == "multiple" else "radio"
    head = el("div", classes("item-head"),
              el("h2", {"id": f"{anchor}-h"}, f"Question {number}"),
              item_meta(item, languages[0], languages),
              el("button", {"type": "button", "class": "reveal", "aria-expanded": "false",
                            "aria-controls": f"{anchor}-answer"}, "Show answer"))
    options = el("ol", {"class": "options", "aria-labelledby": f"{anchor}-h"},
                 [option_entry(anchor, index, row, input_type, languages) for index, row in enumerate(rows)]) \
        if item.is_choice else student_view(item, languages)
    return el("section", {"class": "card item", "id": anchor, "aria-labelledby": f"{anchor}-h", "data-item": item.id},
              head, text_blocks(item.stem, languages, css_class="stem"), options,
              answer_region(item, anchor, rows, languages),
              findings_box(findings, f"Lint findings for question {number}"))


# --- The page ---------------------------------------------------------------------------------------------

def findings_by_item(quiz_stats: QuizStats) -> tuple[dict[str, list[Finding]], list[Finding]]:
    """Findings on each shown item, and the rest (the quiz, the bank, items that could not be shown)."""
    shown = {item.id for item in quiz_stats.entry.quiz.items}
    per_item: dict[str, list[Finding]] = {}
    rest: list[Finding] = []
    for finding in quiz_stats.entry.findings:
        if finding.item in shown:
            per_item.setdefault(finding.item, []).append(finding)
        else:
            rest.append(finding)
    return per_item, rest


def quiz_header(quiz_stats: QuizStats, index_href: str):
    quiz = quiz_stats.entry.quiz
    languages = list(quiz.languages)
    names = [el("span", {"lang": lang}, language_name(lang)) for lang in languages]
    language_list = [part for index, name in enumerate(names) for part in ([", "] if index else []) + [name]]
    description = (text_blocks(quiz.description, languages, css_class="description")
                   if quiz.description is not None else None)
    return el("header", classes("top"),
              el("p", classes("crumbs"), el("a", {"href": index_href}, "← All quizzes")),
              el("h1", text_blocks(quiz.title, languages, compact=True, inline=True)),
              description,
              el("p", classes("sub"), el("code", quiz_stats.entry.path), " · quiz ", el("code", quiz.id), " · ",
                 plural(len(quiz.items), "item"), " · ", language_list, " (source first)"))


def quiz_page(quiz_stats: QuizStats, index_href: str = "index.html") -> str:
    quiz = quiz_stats.entry.quiz
    languages = list(quiz.languages)
    per_item, rest = findings_by_item(quiz_stats)
    health = el("section", {"class": "card", "aria-labelledby": "health-h"},
                el("h2", {"id": "health-h"}, "Quiz health ",
                   el("span", classes("tags"), severity_badges(quiz_stats.summary.findings.by_severity))),
                health_panel(quiz_stats.summary, "in this quiz", "chart"),
                findings_box(rest, "Findings on the quiz as a whole"))
    items = [item_section(item, number, languages, per_item.get(item.id, []))
             for number, item in enumerate(quiz.items, start=1)]
    if not items:
        items = [el("p", classes("card", "sub"), "This quiz has no items that could be shown.")]
    title = plain_title(quiz.title, quiz.source_language, quiz.id)
    body = [quiz_header(quiz_stats, index_href), toolbar(languages), health,
            el("noscript", el("p", classes("sub"), "Switching languages and showing answers needs JavaScript.")),
            el("div", classes("items"), items),
            el("footer", "Made with quizlint preview.")]
    return page(f"{title} · quizlint preview", body, main_attrs={"data-view": languages[0]})
