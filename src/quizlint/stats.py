"""Numbers about a bank, shared by `quizlint stats` and `quizlint preview`.

Items per quiz and type, options per item, translation coverage and review state per language, where the
keys sit (with the same exact test as the key-position-bias rule), how often the key is the longest option
(as the longest-option-bank rule counts it), and the lint findings per severity and rule.

Every number is computed the same way for one quiz and for the whole bank: from a list of :class:`ItemFacts`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from quizlint.bank import BankSettings
from quizlint.diagnostics import SEVERITIES, Finding
from quizlint.lint.context import ItemSummary
from quizlint.model import (Item, QuizFile, is_current_digest, is_neutral, item_text_fields, option_letter,
                            source_digest, text_in)

ITEM_TYPES = ("single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering", "essay")
# Review state of one target language of one item, from best to worst.
TRANSLATION_STATES = ("reviewed", "machine", "draft", "stale", "missing")
DEFAULT_ALPHA = 0.05
DEFAULT_MIN_ITEMS = 8


def format_number(value: float, decimals: int = 1) -> str:
    """``2.0`` → ``2``, ``2.25`` → ``2.2``: stable, short numbers for reports and pages."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def format_percent(fraction: float) -> str:
    return format_number(100 * fraction) + "%"


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


# --- Loading the bank once for stats and preview -------------------------------------------------------------

@dataclass
class QuizEntry:
    """One quiz file that could be read, with its bank-rule summary and the findings located in it."""

    file: QuizFile
    summary: object  # quizlint.lint.context.QuizSummary
    findings: list[Finding]

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def quiz(self):
        return self.file.quiz


@dataclass
class BankView:
    quizzes: list[QuizEntry]
    unreadable: dict[str, list[Finding]]  # files that could not be read at all → why
    findings: list[Finding]  # every lint finding, sorted
    files: list[str]
    settings: BankSettings | None = None

    def other_findings(self) -> list[Finding]:
        """Findings about files that are not quiz files of the view (the glossary, for one)."""
        quiz_files = {entry.path for entry in self.quizzes} | set(self.unreadable)
        return [finding for finding in self.findings if finding.file not in quiz_files]

    def load_errors(self) -> list[Finding]:
        """Findings that kept a file or an item out of the view (reading, parsing, structure)."""
        return [finding for finding in self.findings if finding.code[:1] in ("Y", "S")]


def load_bank(settings: BankSettings) -> BankView:
    """Lint the bank and read its quiz files (paths shown as in lint reports)."""
    from quizlint.lint.engine import summarize
    from quizlint.load.paths import display_path
    from quizlint.lint.runner import run_lint
    from quizlint.model import read_quiz

    result = run_lint(settings, use_cache=False)
    by_file: dict[str, list[Finding]] = {}
    for finding in result.findings:
        by_file.setdefault(finding.file, []).append(finding)
    quizzes: list[QuizEntry] = []
    unreadable: dict[str, list[Finding]] = {}
    for path in settings.files:
        display = display_path(path)
        quiz_file, _ = read_quiz(path, display)
        if quiz_file is None:
            unreadable[display] = by_file.get(display, [])
            continue
        quizzes.append(QuizEntry(quiz_file, summarize(quiz_file), by_file.get(display, [])))
    return BankView(quizzes, unreadable, result.findings, result.files, settings)


# --- Translation states -----------------------------------------------------------------------------------

def _has_text(text: str | None) -> bool:
    return text is not None and bool(text.strip())


def is_missing_in(item: Item, source: str, lang: str) -> bool:
    """True when a field that has a source text (or must have one) has no text in ``lang``."""
    for text_field in item_text_fields(item):
        if is_neutral(text_field.value):
            continue
        needed = text_field.required or _has_text(text_in(text_field.value, source))
        if needed and not _has_text(text_in(text_field.value, lang)):
            return True
    return False


def translation_state(item: Item, source: str, lang: str) -> str:
    """``missing`` (some text absent), ``stale`` (source changed since), else the recorded status.

    An item whose translation is complete but carries no ``translations.<lang>`` record counts as ``draft``:
    written, not yet reviewed.
    """
    if is_missing_in(item, source, lang):
        return "missing"
    state = item.translations.get(lang)
    if state is None:
        return "draft"
    if state.source is not None and not is_current_digest(state.source, source_digest(item, source)):
        return "stale"
    return state.status


# --- Per-item facts and their aggregates --------------------------------------------------------------------

@dataclass(frozen=True)
class ItemFacts:
    summary: ItemSummary
    translations: dict[str, str]  # target language → state


def item_facts(entry: QuizEntry) -> list[ItemFacts]:
    quiz = entry.quiz
    source = quiz.source_language
    return [
        ItemFacts(summary, {lang: translation_state(item, source, lang) for lang in quiz.target_languages})
        for item, summary in zip(quiz.items, entry.summary.items)
    ]


@dataclass
class Coverage:
    """Review states of one target language over the items that should have it."""

    language: str
    counts: dict[str, int]

    @property
    def items(self) -> int:
        return sum(self.counts.values())

    @property
    def translated(self) -> int:
        return self.items - self.counts["missing"]

    @property
    def coverage(self) -> float:
        return self.translated / self.items if self.items else 1.0

    def as_json(self) -> dict:
        return {"items": self.items, **self.counts, "coverage": round(self.coverage, 4)}


@dataclass
class PositionTest:
    """Where the keys of single-answer items with ``n_options`` options sit, and the uniformity test."""

    n_options: int
    counts: list[int]
    p_value: float
    method: str
    flagged: bool  # what key-position-bias would report with the configured alpha and min-items

    @property
    def items(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        return self.items / self.n_options

    @property
    def letters(self) -> list[str]:
        return [option_letter(index) for index in range(self.n_options)]

    def as_json(self) -> dict:
        return {"options": self.n_options, "items": self.items, "counts": dict(zip(self.letters, self.counts)),
                "expected": round(self.expected, 4), "p_value": self.p_value, "method": self.method,
                "flagged": self.flagged}


@dataclass
class LongestKey:
    """How often the key is the longest option (a k-way tie counting 1/k), against chance."""

    items: int
    hits: float  # an int when no tie made it a fraction

    @property
    def shown_hits(self) -> str:
        """``hits`` for a report: ``5``, ``3.83``."""
        return str(self.hits) if isinstance(self.hits, int) else f"{self.hits:.2f}".rstrip("0").rstrip(".")
    expected: float
    p_value: float
    method: str
    flagged: bool

    @property
    def rate(self) -> float:
        return self.hits / self.items if self.items else 0.0

    def as_json(self) -> dict:
        return {"items": self.items, "longest": self.hits if isinstance(self.hits, int) else round(self.hits, 4), "rate": round(self.rate, 4),
                "expected": round(self.expected, 4), "p_value": self.p_value, "method": self.method,
                "flagged": self.flagged}


@dataclass(frozen=True)
class RuleCount:
    code: str
    rule: str
    severity: str
    count: int

    def as_json(self) -> dict:
        return {"code": self.code, "rule": self.rule, "severity": self.severity, "count": self.count}


@dataclass
class FindingCounts:
    by_severity: dict[str, int]
    by_rule: list[RuleCount]

    @property
    def total(self) -> int:
        return sum(self.by_severity.values())

    def as_json(self) -> dict:
        return {**self.by_severity, "by_rule": [count.as_json() for count in self.by_rule]}


def count_findings(findings: Iterable[Finding]) -> FindingCounts:
    findings = list(findings)
    severities = Counter(finding.severity for finding in findings)
    rules = Counter((finding.code, finding.rule, finding.severity) for finding in findings)
    return FindingCounts({severity: severities[severity] for severity in SEVERITIES},
                         [RuleCount(code, rule, severity, count)
                          for (code, rule, severity), count in sorted(rules.items())])


@dataclass(frozen=True)
class TestSettings:
    """alpha and min-items of a statistical rule, as configured (the rule's defaults otherwise)."""

    alpha: float = DEFAULT_ALPHA
    min_items: int = DEFAULT_MIN_ITEMS

    def flags(self, p_value: float, items: int) -> bool:
        return items >= self.min_items and p_value < self.alpha


def rule_test_settings(selection, rule_name: str) -> TestSettings:
    from quizlint.rules.base import find_rule

    rule = find_rule(rule_name)
    if rule is None:
        return TestSettings()
    options = selection.options_for(rule) if selection is not None else rule.options
    return TestSettings(float(options.get("alpha", DEFAULT_ALPHA)), int(options.get("min-items", DEFAULT_MIN_ITEMS)))


@dataclass(frozen=True)
class BiasSettings:
    positions: TestSettings = TestSettings()
    longest: TestSettings = TestSettings()

    @classmethod
    def from_selection(cls, selection) -> "BiasSettings":
        return cls(rule_test_settings(selection, "key-position-bias"),
                   rule_test_settings(selection, "longest-option-bank"))


def position_tests(summaries: list[ItemSummary], settings: TestSettings) -> list[PositionTest]:
    """One test per number of options, over the items key-position-bias tests (one key, nothing fixed)."""
    from quizlint.rules._bank_scope import by_option_count, key_counts, movable_items
    from quizlint.rules._stats import uniformity_test

    tests = []
    for n_options, items in by_option_count(movable_items)(summaries).items():
        counts = key_counts(items, n_options)
        result = uniformity_test(counts)
        tests.append(PositionTest(n_options, counts, result.p_value, result.method,
                                  settings.flags(result.p_value, len(items))))
    return tests


def longest_key(summaries: list[ItemSummary], settings: TestSettings) -> LongestKey:
    """The key-is-the-longest-option count, tested as longest-option-bank does (a k-way tie counts 1/k)."""
    from quizlint.rules._bank_scope import expected_hits, rate_result
    from quizlint.rules.longest_option_bank import keyed_items, keys_longest

    items = keyed_items(summaries)
    rate = keys_longest(items)
    result = rate_result(rate)
    hits = int(rate.hits) if float(rate.hits).is_integer() else rate.hits
    return LongestKey(len(items), hits, expected_hits(rate), result.p_value, result.method,
                      settings.flags(result.p_value, len(items)))


@dataclass
class Summary:
    """The numbers of a set of items (one quiz, or the whole bank)."""

    items: int
    types: dict[str, int]
    options: dict[int, int]  # number of options → items
    translations: list[Coverage]
    positions: list[PositionTest]
    left_out: int  # single-answer items with one key left out of the position test for a fixed option
    longest: LongestKey
    findings: FindingCounts

    def coverage_for(self, lang: str) -> Coverage | None:
        return next((coverage for coverage in self.translations if coverage.language == lang), None)

    def as_json(self) -> dict:
        option_counts = [n for n, count in self.options.items() for _ in range(count)]
        return {
            "items": self.items,
            "types": self.types,
            "options_per_item": {
                "min": min(option_counts, default=0),
                "max": max(option_counts, default=0),
                "mean": round(sum(option_counts) / len(option_counts), 4) if option_counts else 0,
                "distribution": {str(n): count for n, count in self.options.items()},
            },
            "translations": {coverage.language: coverage.as_json() for coverage in self.translations},
            "key_positions": [test.as_json() for test in self.positions],
            "key_positions_left_out": self.left_out,
            "longest_option_key": self.longest.as_json(),
            "findings": self.findings.as_json(),
        }


def _coverages(facts: list[ItemFacts], languages: list[str]) -> list[Coverage]:
    coverages = []
    for lang in languages:
        states = Counter(fact.translations[lang] for fact in facts if lang in fact.translations)
        coverages.append(Coverage(lang, {state: states[state] for state in TRANSLATION_STATES}))
    return coverages


def summarize_items(facts: list[ItemFacts], languages: list[str], findings: Iterable[Finding],
                    bias: BiasSettings) -> Summary:
    from quizlint.rules._bank_scope import movable_items, single_key_items

    summaries = [fact.summary for fact in facts]
    types = Counter(summary.type for summary in summaries)
    options = Counter(summary.n_options for summary in summaries if summary.type in ("single", "multiple"))
    left_out = len(single_key_items(summaries, movable_only=False)) - len(movable_items(summaries))
    return Summary(
        items=len(summaries),
        types={name: types[name] for name in ITEM_TYPES},
        options=dict(sorted(options.items())),
        translations=_coverages(facts, languages),
        positions=position_tests(summaries, bias.positions),
        left_out=left_out,
        longest=longest_key(summaries, bias.longest),
        findings=count_findings(findings),
    )


@dataclass
class QuizStats:
    entry: QuizEntry
    summary: Summary

    def as_json(self) -> dict:
        quiz = self.entry.quiz
        return {"id": quiz.id, "file": self.entry.path, "languages": list(quiz.languages), "title": quiz.title,
                **self.summary.as_json()}


@dataclass
class BankStats:
    quizzes: list[QuizStats]
    bank: Summary
    languages: list[str]  # every target language of the bank, in order of first appearance
    unreadable: dict[str, list[Finding]] = field(default_factory=dict)
    other_findings: list[Finding] = field(default_factory=list)  # about other files, e.g. the glossary

    def as_json(self) -> dict:
        return {
            "bank": {"quizzes": len(self.quizzes), "files": len(self.quizzes) + len(self.unreadable),
                     **self.bank.as_json()},
            "quizzes": [quiz.as_json() for quiz in self.quizzes],
            "unreadable": [{"file": path, "findings": [finding.as_json() for finding in findings]}
                           for path, findings in self.unreadable.items()],
        }


def target_languages(entries: Iterable[QuizEntry]) -> list[str]:
    seen: dict[str, None] = {}
    for entry in entries:
        for lang in entry.quiz.target_languages:
            seen.setdefault(lang, None)
    return list(seen)


def bank_stats(view: BankView, bias: BiasSettings | None = None) -> BankStats:
    if bias is None:
        bias = BiasSettings.from_selection(view.settings.selection if view.settings else None)
    quizzes, every_fact = [], []
    for entry in view.quizzes:
        facts = item_facts(entry)
        every_fact.extend(facts)
        quizzes.append(QuizStats(entry, summarize_items(facts, entry.quiz.target_languages, entry.findings, bias)))
    bank = summarize_items(every_fact, target_languages(view.quizzes), view.findings, bias)
    return BankStats(quizzes, bank, target_languages(view.quizzes), view.unreadable, view.other_findings())
