"""The health of a quiz or of the bank, as the index and the quiz pages show it: items, findings by
severity, translation coverage per language, key positions and the longest-option rate."""

from __future__ import annotations

from quizlint.diagnostics import SEVERITIES
from quizlint.preview.chart import coverage_bar, position_chart, state_legend
from quizlint.preview.html import badge, classes, el, language_name
from quizlint.rules._stats import format_p
from quizlint.stats import TRANSLATION_STATES, Coverage, Summary, format_number, format_percent, plural

TYPE_NAMES = {"single": "single-answer", "multiple": "multiple-answer", "true_false": "true/false",
              "numerical": "numerical", "short_answer": "short-answer", "matching": "matching", "ordering": "ordering",
              "essay": "essay"}


def describe_items(summary: Summary) -> str:
    types = [f"{count} {TYPE_NAMES[name]}" for name, count in summary.types.items() if count]
    return f"{summary.items}" + (f" ({', '.join(types)})" if types else "")


def describe_options(summary: Summary) -> str:
    counts = list(summary.options)
    if not counts:
        return "no options"
    if len(counts) == 1:
        return f"{counts[0]} per item"
    return f"{counts[0]} to {counts[-1]} per item"


def severity_badges(by_severity: dict[str, int]):
    counts = [badge(plural(by_severity[severity], severity, "info" if severity == "info" else None), severity)
              for severity in SEVERITIES if by_severity.get(severity)]
    return counts or [badge("no findings", "ok")]


def coverage_line(coverage: Coverage):
    states = ", ".join(f"{coverage.counts[state]} {state}" for state in TRANSLATION_STATES if coverage.counts[state])
    return el("div", classes("coverage"),
              el("strong", {"lang": coverage.language}, language_name(coverage.language)),
              coverage_bar(coverage),
              el("span", f"{format_percent(coverage.coverage)} translated", f" ({states})" if states else None))


def longest_line(summary: Summary):
    longest = summary.longest
    if not longest.items:
        return "no single-answer items with one key"
    text = (f"{longest.shown_hits} of {longest.items} items ({format_percent(longest.rate)}; chance: "
            f"{format_number(longest.expected, 2)} of {longest.items}), {longest.method} {format_p(longest.p_value)}")
    flag = el("span", classes("flag"), " A length cue: longest-option-bank.") if longest.flagged else None
    return el("span", text, flag)


def facts(summary: Summary, legend: bool = True):
    """A definition list of the numbers."""
    rows = [
        ("Items", describe_items(summary)),
        ("Options", describe_options(summary)),
        ("Findings", el("span", classes("tags"), severity_badges(summary.findings.by_severity))),
    ]
    if summary.translations:
        rows.append(("Translations", el("div", [coverage_line(coverage) for coverage in summary.translations],
                                        state_legend() if legend else None)))
    rows.append(("Key is the longest option", longest_line(summary)))
    if summary.left_out:
        rows.append(("Left out of the position test", f"{plural(summary.left_out, 'item')} with a fixed option"))
    return el("dl", classes("facts"), [[el("dt", label), el("dd", value)] for label, value in rows])


def charts(summary: Summary, scope: str, id_prefix: str) -> list:
    if not summary.positions:
        return [el("p", classes("sub"), "No single-answer items with one key: no position chart.")]
    return [position_chart(test, f"{id_prefix}-{test.n_options}", scope) for test in summary.positions]


def health_panel(summary: Summary, scope: str, id_prefix: str, compact: bool = False):
    return el("div", classes("health", "compact" if compact else None),
              el("div", charts(summary, scope, id_prefix)), facts(summary, legend=not compact))


def rule_table(summary: Summary, caption: str):
    if not summary.findings.by_rule:
        return el("p", classes("sub"), "No lint findings.")
    header = el("tr", el("th", {"scope": "col"}, "Rule"), el("th", {"scope": "col"}, "Severity"),
                el("th", {"scope": "col", "class": "num"}, "Findings"))
    rows = [el("tr", el("td", el("code", count.code), f" {count.rule}"),
               el("td", badge(count.severity, count.severity)), el("td", {"class": "num"}, str(count.count)))
            for count in summary.findings.by_rule]
    return el("table", classes("rules"), el("caption", {"class": "sub"}, caption), el("thead", header),
              el("tbody", rows))
