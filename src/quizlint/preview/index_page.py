"""The index of the preview: the bank's health, and every quiz with its own."""

from __future__ import annotations

from quizlint.diagnostics import Finding
from quizlint.model import text_in
from quizlint.preview.health import health_panel, rule_table
from quizlint.preview.html import classes, el, language_name, page, plain_title
from quizlint.preview.quiz_page import finding_entry, findings_box
from quizlint.stats import BankStats, QuizStats, plural


def other_titles(quiz_stats: QuizStats):
    quiz = quiz_stats.entry.quiz
    titles = []
    for lang in quiz.target_languages:
        text = text_in(quiz.title, lang)
        if isinstance(quiz.title, dict) and text and text.strip():
            titles.append(el("p", {"class": "alt-title", "lang": lang}, text.strip()))
    return titles


def quiz_card(quiz_stats: QuizStats, href: str, number: int):
    quiz = quiz_stats.entry.quiz
    source = quiz.source_language
    heading_id = f"quiz-{number}-h"
    title = el("a", {"href": href, "lang": source}, plain_title(quiz.title, source, quiz.id))
    return el("article", {"class": "card quiz-card", "aria-labelledby": heading_id},
              el("h2", {"id": heading_id}, title), other_titles(quiz_stats),
              el("p", classes("sub"), el("code", quiz.id), " · ", el("code", quiz_stats.entry.path), " · ",
                 ", ".join(language_name(lang) for lang in quiz.languages)),
              health_panel(quiz_stats.summary, "in this quiz", f"quiz-{number}-chart", compact=True))


def unreadable_section(unreadable: dict[str, list[Finding]]):
    if not unreadable:
        return None
    entries = [el("li", el("code", path), el("ul", [finding_entry(finding) for finding in findings]))
               for path, findings in unreadable.items()]
    return el("section", {"class": "card findings", "aria-labelledby": "unreadable-h"},
              el("h2", {"id": "unreadable-h"}, "Files that could not be read"), el("ul", entries))


def other_findings_section(findings: list[Finding]):
    if not findings:
        return None
    return el("section", {"class": "card", "aria-labelledby": "other-h"},
              el("h2", {"id": "other-h"}, "Findings on other files"),
              findings_box(findings, "Findings on files other than quiz files"))


def analysis_link(analysis_page: str | None):
    """A link to the item analysis of `quizlint preview --responses`, or None."""
    if analysis_page is None:
        return None
    return el("p", el("a", {"href": analysis_page}, "Item analysis of the delivered quizzes"),
              " (facility, discrimination, option choices)")


def index_page(stats: BankStats, pages: dict[str, str], analysis_page: str | None = None) -> str:
    """``pages``: quiz file path → the file name of its page; ``analysis_page``: that of the item analysis."""
    languages = sorted({lang for quiz in stats.quizzes for lang in quiz.entry.quiz.languages})
    summary = (f"{plural(len(stats.quizzes), 'quiz', 'quizzes')} · {plural(stats.bank.items, 'item')} · "
               + (", ".join(language_name(lang) for lang in languages) or "no languages"))
    bank = el("section", {"class": "card", "aria-labelledby": "bank-h"},
              el("h2", {"id": "bank-h"}, "Bank health"),
              health_panel(stats.bank, "across the bank", "bank-chart"),
              rule_table(stats.bank, "Lint findings per rule"))
    cards = [quiz_card(quiz, pages[quiz.entry.path], number) for number, quiz in enumerate(stats.quizzes, start=1)]
    quizzes = el("section", {"aria-labelledby": "quizzes-h"},
                 el("h2", {"id": "quizzes-h", "class": "section-title"}, "Quizzes"),
                 el("div", classes("grid"), cards) if cards else el("p", classes("sub"), "No quiz files found."))
    body = [el("header", classes("top"), el("h1", "Quiz bank preview"), el("p", classes("sub"), summary)),
            analysis_link(analysis_page),
            bank, unreadable_section(stats.unreadable), other_findings_section(stats.other_findings), quizzes,
            el("footer", "Made with quizlint preview.")]
    return page("Quiz bank · quizlint preview", body)
