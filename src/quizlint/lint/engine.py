"""Stage 3: run the rules. Per file: load, validate, item rules, summaries; then bank rules over all files.

``lint_file`` is a pure function of the file and the settings (so results can be cached and computed in
worker processes); ``lint_bank`` puts the per-file results together.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from quizlint.diagnostics import REPORT_ORDER, Finding
from quizlint.language.identify import Services
from quizlint.lint.context import BankContext, Identified, ItemContext, ItemSummary, QuizContext, QuizSummary
from quizlint.lint.suppress import (FileSuppressions, apply_suppressions, disabled_codes, may_suppress,
                                   parse_suppressions)
from quizlint.load import read_source
from quizlint.model import read_quiz, text_in

if TYPE_CHECKING:
    from quizlint.model import Glossary, QuizFile
from quizlint.rules.base import SEVERITY_ORDER, Problem, Rule, Selection
from quizlint.text import comparison_key


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    summary: QuizSummary | None = None
    suppressions: FileSuppressions | None = None
    # the content hash of the bytes linted (None: the file could not be read); a result is cached under it, not
    # under a hash taken before or after, so that a file edited during a run never gets another content's result
    digest: str | None = None
    # a digest of ``summary``, set by the results cache: the bank rules' cached findings are keyed by those
    summary_digest: str | None = None


@dataclass
class LintResult:
    findings: list[Finding]
    files: list[str]

    def count(self, severity: str) -> int:
        return sum(1 for finding in self.findings if finding.severity == severity)


def _finding(rule: Rule, selection: Selection, file: str, position: tuple[int, int], problem: Problem,
             item: str | None) -> Finding:
    severity = selection.severity(rule)
    if problem.at_most is not None and SEVERITY_ORDER[problem.at_most] < SEVERITY_ORDER[severity]:
        severity = problem.at_most
    return Finding(file, position[0], position[1], rule.code, rule.name, severity, problem.message,
                   item, problem.fixable)


def item_findings(quiz_file: QuizFile, selection: Selection, glossary: Glossary | None, services: Services,
                  ordered: list[bool] | None = None, lengths: list[tuple[int, ...]] | None = None) -> list[Finding]:
    """Findings of the item rules, after the languages of the texts they ask for are identified
    (``identify_languages``). ``ordered`` gets, item by item, whether its options' order means something, and
    ``lengths`` the visible lengths of its options (for its summary: asked here, where what the rules worked out
    of the item is at hand)."""
    from quizlint.rules._texts import option_lengths, order_means_something

    rules = [(rule, selection.options_for(rule)) for rule in selection.enabled.values() if rule.scope == "item"]
    identified = identify_languages(quiz_file, rules, glossary, services)
    runs = [(rule, options, identified.get(rule.code)) for rule, options in rules]
    findings: list[Finding] = []
    for index, item in enumerate(quiz_file.quiz.items):
        # one context per item, handed to each rule in turn with the rule's options (a rule reads its context
        # while it runs and keeps nothing of it; ``memo`` is what the rules of one item share)
        context = ItemContext(quiz_file, item, index, {}, glossary, services, {})
        for rule, options, identified_per_item in runs:
            context.options = options
            context.identified = identified_per_item[index] if identified_per_item is not None else ()
            for problem in rule.check(context):
                if problem.at_key:
                    position = quiz_file.key_position_in_item(index, *problem.path)
                else:
                    position = quiz_file.position_in_item(index, *problem.path)
                findings.append(_finding(rule, selection, quiz_file.path, position, problem, item.id))
        if ordered is not None:
            ordered.append(order_means_something(context))
        if lengths is not None:
            lengths.append(option_lengths(context))
    return findings


def identify_languages(quiz_file: QuizFile, rules: list[tuple[Rule, dict]], glossary: Glossary | None,
                       services: Services) -> dict[str, list[list[Identified]]]:
    """The engine's language step, before the item rules run: for each rule that names texts to identify
    (``texts_to_identify``), all of them in one batch. Per rule code, per item: the texts whose declared
    language a quick look did not confirm, with the confidences of a full look (``Services.confirm_languages``;
    a rule's ``margin`` option spares the full looks that cannot make another language win by it)."""
    found: dict[str, list[list[Identified]]] = {}
    for rule, options in rules:
        if rule.texts_to_identify is None:
            continue
        texts = rule.texts_to_identify(QuizContext(quiz_file, options, glossary, services))
        per_item: list[list[Identified]] = [[] for _ in quiz_file.quiz.items]
        if texts:
            answers = services.confirm_languages(texts, quiz_file.quiz.languages, options.get("margin"))
            for text, confidences in zip(texts, answers):
                if confidences:
                    per_item[text.item].append(Identified(text, confidences))
        found[rule.code] = per_item
    return found


def quiz_text_findings(quiz_file: QuizFile, selection: Selection, glossary: Glossary | None,
                       services: Services) -> list[Finding]:
    """Findings of item rules that also check the quiz's own texts (``check_quiz``: title, description)."""
    document = quiz_file.document
    findings: list[Finding] = []
    for rule in selection.enabled.values():
        if rule.scope != "item" or rule.check_quiz is None:
            continue
        context = QuizContext(quiz_file, selection.options_for(rule), glossary, services)
        for problem in rule.check_quiz(context):
            position = document.key_position(problem.path) if problem.at_key else document.position(problem.path)
            findings.append(_finding(rule, selection, quiz_file.path, position, problem, None))
    return findings


def summarize(quiz_file: QuizFile, ordered: list[bool] | None = None,
              data: dict[str, Callable] | None = None, lengths: list[tuple[int, ...]] | None = None) -> QuizSummary:
    """What the bank rules know of a quiz; ``ordered``: per item, whether its options' order means something,
    and ``lengths``, the visible lengths of its options (``rules._texts.option_lengths``), when the caller knows
    (else worked out here); ``data``: what the bank rules declare they read besides (name → function of the quiz
    file and the item's index, see ``summary_data``; default: every rule's)."""
    # (not at start-up: exporting loads this module, and no rule)
    from quizlint.model.order import order_is_meaningful
    from quizlint.rules._texts import visible_lengths

    quiz = quiz_file.quiz
    path, quiz_id, languages = quiz_file.path, quiz.id, quiz.languages
    source = languages[0]
    if data is None:
        from quizlint.rules.base import all_rules

        data = summary_data(all_rules())
    items = []
    for index, item in enumerate(quiz.items):
        line, column = quiz_file.key_position_in_item(index, "id")
        options = item.options
        items.append(
            ItemSummary(
                file=path,
                quiz=quiz_id,
                item=item.id,
                line=line,
                column=column,
                type=item.type,
                n_options=len(options),
                keys=tuple([i for i, option in enumerate(options) if option.correct]),
                fixed=tuple([i for i, option in enumerate(options) if option.fixed]),
                lengths=lengths[index] if lengths is not None else visible_lengths(
                    [text_in(option.text, source) for option in options]),
                stems=stem_digests(item.stem, languages),
                stem_position=quiz_file.position_in_item(index, "stem"),
                ordered=ordered[index] if ordered is not None else order_is_meaningful(item, languages),
                data={name: function(quiz_file, index) for name, function in data.items()} if data else {},
            )
        )
    line, column = quiz_file.document.key_position(("id",))
    return QuizSummary(quiz_file.path, quiz.id, line, column, tuple(quiz.languages), tuple(items))


def summary_data(rules: Iterable[Rule]) -> dict[str, Callable]:
    """The per-item data the bank ``rules`` declare they read from item summaries (``ITEM_SUMMARY``)."""
    return {name: function for rule in rules if rule.scope == "bank" for name, function in rule.item_summary.items()}


def content_hash(data: bytes) -> str:
    """What identifies a file's content in the lint cache."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def quiz_file_digest(path, data: bytes) -> str:
    """What identifies a quiz file in the lint cache: its content, and that of the images and media files its
    texts name (``quizlint.media.cache_digest_suffix``: a changed image relints the files that show it)."""
    from quizlint.media import cache_digest_suffix

    return content_hash(data) + cache_digest_suffix(path, data)


def stem_digests(stem: Any, languages: list[str]) -> dict[str, str]:
    """Language → ``stem_digest`` of each of the stem's texts that is not blank."""
    digests = {}
    for lang in languages:
        text = text_in(stem, lang)
        if text and text.strip():
            digests[lang] = stem_digest(text, lang)
    return digests


def stem_digest(stem: str, lang: str) -> str:
    """What duplicate-stem compares: a digest of the stem's comparison key (96 bits: no two different stems of
    any bank share one), so that the cached summary of an item stays small."""
    return hashlib.blake2b(comparison_key(stem, lang).encode("utf-8"), digest_size=12).hexdigest()


def _item_id_lines(quiz_file: QuizFile) -> dict[int, str]:
    lines = {}
    data_items = quiz_file.document.data.get("items", []) if isinstance(quiz_file.document.data, dict) else []
    for index, raw in enumerate(data_items if isinstance(data_items, list) else []):
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            lines[quiz_file.document.key_position(("items", index, "id"))[0]] = raw["id"]
    return lines


def lint_file(path: str | os.PathLike, display: str, selection: Selection, glossary: Glossary | None = None,
              services: Services | None = None) -> FileResult:
    services = services or Services()
    source, findings = read_source(path, display)
    if source is None:
        return FileResult(display, findings)
    quiz_file, findings = read_quiz(path, display, source=source)
    result = FileResult(display, list(findings), digest=quiz_file_digest(path, source))
    if quiz_file is None:
        return result
    ordered: list[bool] = []
    lengths: list[tuple[int, ...]] = []
    result.findings.extend(item_findings(quiz_file, selection, glossary, services, ordered, lengths))
    result.findings.extend(quiz_text_findings(quiz_file, selection, glossary, services))
    result.summary = summarize(quiz_file, ordered, summary_data(selection.enabled.values()), lengths)
    result.suppressions = file_suppressions(display, quiz_file)
    return result


def file_suppressions(display: str, quiz_file: QuizFile) -> FileSuppressions:
    """The suppression comments of a quiz file that loaded (``display``: its path in reports)."""
    text = quiz_file.document.text
    return parse_suppressions(display, text, _item_id_lines(quiz_file) if may_suppress(text) else {},
                              quiz_file.document.in_scalar)


def kept_in_place(results: Iterable[FileResult], selection: Selection,
                  ignored_for: Callable[[str], Iterable[str]] | None = None) -> frozenset[tuple[str, str]]:
    """(file, item id) of the items whose options ``quizlint fix`` leaves in place although the rules that move
    keys count them: one of those rules (when enabled) is disabled there, by a suppression comment or by the
    per-file ignores ``ignored_for(file)``. (``quizlint.fix.plan.may_rebalance`` decides the same way.)"""
    codes = {code for code, rule in selection.enabled.items() if rule.moves_keys}
    kept: set[tuple[str, str]] = set()
    for result in results:
        ignored = codes & set(ignored_for(result.path)) if ignored_for is not None and codes else set()
        if result.summary is None or not (ignored or result.suppressions is not None and result.suppressions.entries):
            continue
        disabled = disabled_codes(result.suppressions, ignored)
        kept.update((item.file, item.item) for item in result.summary.items if codes & disabled(item.item))
    return frozenset(kept)


def bank_findings(summaries: list[QuizSummary], selection: Selection, services: Services,
                  kept: frozenset[tuple[str, str]] = frozenset()) -> list[Finding]:
    """The findings of the bank rules; ``kept``: the items ``quizlint fix`` leaves in place (``kept_in_place``)."""
    findings = []
    for rule in selection.enabled.values():
        if rule.scope != "bank":
            continue
        context = BankContext(summaries, selection.options_for(rule), services, kept)
        for problem in rule.check(context):
            findings.append(_finding(rule, selection, problem.file or "", problem.position or (1, 1), problem,
                                     problem.item))
    return findings


def summaries_of(results: Iterable[FileResult]) -> list[QuizSummary]:
    """The quiz summaries of per-file results (a file that did not validate has none): what bank rules read."""
    return [result.summary for result in results if result.summary is not None]


def lint_bank(results: Iterable[FileResult], selection: Selection, services: Services | None = None,
              bank: list[Finding] | None = None, whole_bank: bool = True,
              ignored_for: Callable[[str], Iterable[str]] | None = None) -> LintResult:
    """Combine per-file results, run bank rules (unless their findings are known: ``bank``), apply
    suppressions, sort. When the results are not of the ``whole_bank``, a suppression of a bank rule is never
    reported unused: what it silences may be in a file the run did not see. ``ignored_for(file)``: the
    per-file ignores (the caller drops their findings; the bank rules need them to tell what ``quizlint fix``
    would leave in place)."""
    results = list(results)
    if bank is None:
        bank = bank_findings(summaries_of(results), selection, services or Services(),
                             kept_in_place(results, selection, ignored_for))
    by_file: dict[str, list[Finding]] = {result.path: list(result.findings) for result in results}
    for finding in bank:
        by_file.setdefault(finding.file, []).append(finding)
    enabled = {code for code, rule in selection.enabled.items() if whole_bank or rule.scope != "bank"}
    findings: list[Finding] = []
    for result in results:
        file_findings = by_file.pop(result.path, [])
        if result.suppressions is not None:
            file_findings = apply_suppressions(file_findings, result.suppressions, enabled)
        findings.extend(file_findings)
    for rest in by_file.values():
        findings.extend(rest)
    findings.sort(key=REPORT_ORDER)
    return LintResult(findings, [result.path for result in results])


def lint_paths(files: list[Path], selection: Selection, glossary: Glossary | None = None,
               root: Path | None = None) -> LintResult:
    from quizlint.load.paths import display_path

    services = Services()
    results = [lint_file(path, display_path(path, root), selection, glossary, services) for path in files]
    return lint_bank(results, selection, services)
