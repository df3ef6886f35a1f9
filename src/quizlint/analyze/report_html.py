"""The HTML report: one self-contained page (no script, no network), per quiz a table of items, per item a bar
for each option's share of choices, the key marked. Built as an lxml element tree."""

from __future__ import annotations

import lxml.html
from lxml.builder import ElementMaker

from quizlint.analyze.report_text import no_options
from quizlint.analyze.statistics import ItemAnalysis, QuizAnalysis
from quizlint.render import xml_safe

E = ElementMaker(makeelement=lxml.html.html_parser.makeelement)
PAGE_NAME = "analysis.html"
_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{padding:.35rem .5rem;border-bottom:1px solid #ddd;text-align:left;
vertical-align:top}td.num{text-align:right;font-variant-numeric:tabular-nums}
.option{display:grid;grid-template-columns:4.5rem 12rem 3.5rem 3.5rem;gap:.4rem;align-items:center}
.bar{background:#e6e6e6;height:.8rem}.bar span{display:block;height:100%;background:#8a8fa3}
.key .bar span{background:#2e7d32}.stem{color:#555;font-size:.85rem;max-width:16rem}
.key .label{font-weight:bold}.low{color:#b00020}
""".strip()


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _short(text: str, limit: int = 140) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _option_row(option):
    width = f"width:{100 * option.chosen:.1f}%"
    label = option.label + (" (key)" if option.key else "")
    return E.div({"class": "option key" if option.key else "option"},
                 E.span({"class": "label"}, label),
                 E.div({"class": "bar", "role": "img", "aria-label": f"{100 * option.chosen:.1f}% chose {label}"},
                       E.span({"style": width})),
                 E.span(f"{100 * option.chosen:.0f}%"),
                 E.span({"title": "point-biserial"}, _number(option.discrimination, True)))


def _item_row(item: ItemAnalysis):
    low = item.discrimination is not None and item.discrimination < 0
    return E.tr({"id": f"item-{item.id}"},
                E.td(E.code(xml_safe(item.id)), E.div({"class": "stem"}, xml_safe(_short(item.stem)))),
                E.td({"class": "num"}, str(item.n)),
                E.td({"class": "num"}, _number(item.facility)),
                E.td({"class": "num low" if low else "num"}, _number(item.discrimination, True)),
                E.td({"class": "num"}, _number(item.upper_lower, True)),
                E.td(*[_option_row(option) for option in item.options] if item.options
                     else [E.span({"class": "stem"}, no_options(item))]))


def _quiz_section(quiz: QuizAnalysis):
    head = E.tr(*[E.th(text) for text in ("Item", "n", "Facility", "Discrimination", "Upper–lower",
                                          "Options: chosen, point-biserial")])
    return E.section({"id": f"quiz-{quiz.id}"},
                     E.h2(xml_safe(quiz.id)),
                     E.p(f"{quiz.respondents} respondents · KR-20 {_number(quiz.kr20)} · SEM {_number(quiz.sem)} "
                         f"points"),
                     E.table(E.thead(head), E.tbody(*[_item_row(item) for item in quiz.items])))


def render(quizzes: list[QuizAnalysis], back_link: str | None = None, generator: str = "quizlint analyze") -> str:
    """The page; ``back_link``: the preview's index, when the page is part of its site."""
    body = [E.h1("Item analysis")]
    if back_link:
        body.append(E.p(E.a({"href": back_link}, "← the bank's preview")))
    body.append(E.p("Facility: mean score (0–1). Discrimination: the item's score against the total of the other "
                    "items (corrected point-biserial). Bars: the share of respondents who chose each option; "
                    "the key in green."))
    body.extend(_quiz_section(quiz) for quiz in quizzes)
    if not quizzes:
        body.append(E.p("No responses to analyse."))
    page = E.html({"lang": "en"},
                  E.head(E.meta({"charset": "utf-8"}), E.meta({"name": "generator", "content": generator}),
                         E.meta({"http-equiv": "Content-Security-Policy",
                                 "content": "default-src 'none'; style-src 'unsafe-inline'"}),
                         E.meta({"name": "viewport", "content": "width=device-width, initial-scale=1"}),
                         E.title("Item analysis"), E.style(_STYLE)),
                  E.body(*body))
    return "<!DOCTYPE html>\n" + lxml.html.tostring(page, encoding="unicode") + "\n"
