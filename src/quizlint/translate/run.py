"""The ``quizlint translate`` run: bank → plans → translations → files (or diffs) → summary."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

from quizlint.bank import BankSettings, load_glossary
from quizlint.load.paths import display_path
from quizlint.stats import plural
from quizlint.translate.cache import NoCache, TranslationCache
from quizlint.translate.files import declared_language, read_for_editing, write_error_reason
from quizlint.translate.http import HttpPolicy, ProviderError
from quizlint.translate.providers import make_provider
from quizlint.translate.workflow import (
    FilePlan,
    ItemTask,
    Summary,
    TextTranslator,
    TranslateOptions,
    YamlEditError,
    apply_results,
    count_texts,
    plan_file,
    translate_plans,
)

Echo = Callable[..., None]


@dataclass(frozen=True)
class TranslateRequest:
    provider: str = "google"
    url: str | None = None
    timeout: float = 20.0
    retries: int = 3
    target: str | None = None
    stale: bool = False
    overwrite_draft: bool = False
    overwrite_reviewed: bool = False
    dry_run: bool = False
    use_cache: bool = True

    @property
    def options(self) -> TranslateOptions:
        return TranslateOptions(self.target, self.stale, self.overwrite_draft, self.overwrite_reviewed)


def _stop(echo: Echo, message: str) -> None:
    echo(f"quizlint: {message}", err=True)
    sys.exit(2)


def run_translate(settings: BankSettings, request: TranslateRequest, echo: Echo, progress) -> Summary:
    glossary, findings = load_glossary(settings.glossary_path)
    if any(finding.severity == "error" for finding in findings):
        for finding in findings:
            echo(f"{finding.file}:{finding.line}:{finding.column}: {finding.code} {finding.message}", err=True)
        _stop(echo, "the glossary has errors; it must load before texts can be protected")
    try:
        provider = make_provider(request.provider, HttpPolicy(timeout=request.timeout, retries=request.retries),
                                 request.url)
    except ProviderError as error:
        _stop(echo, error.message)
    summary = Summary()
    plans = _plan(settings, request.options, summary, echo)
    translator = TextTranslator(provider, _cache(settings, provider.identity, request.use_cache, echo), glossary)
    _translate_with_progress(plans, translator, summary, echo, progress)
    for plan in plans:
        _write(plan, request.dry_run, summary, echo)
    echo(_summary_line(summary, provider, translator, request.dry_run), err=True)
    return summary


def _translate_with_progress(plans: list[FilePlan], translator: TextTranslator, summary: Summary, echo: Echo,
                             progress) -> None:
    reports: list[str] = []  # printed after the progress bar, not through it

    def report(note, severity: str) -> None:
        reports.append(f"{note.render()} [{severity}]")

    with progress(count_texts(plans), translator.provider.name) as tick:
        translate_plans(plans, translator, summary, report, tick)
    for line in reports:
        echo(line, err=True)
    if summary.stopped is not None and summary.not_attempted:
        why = "when interrupted" if summary.stopped == "interrupted" else "after the provider failed"
        echo(f"quizlint: stopped {why}; {summary.not_attempted} text(s) not attempted", err=True)


def _plan(settings: BankSettings, options: TranslateOptions, summary: Summary, echo: Echo) -> list[FilePlan]:
    """Read every file, check ``--to`` against the bank's languages (raises UnknownLanguage), plan each file."""
    readable = []
    for path in settings.files:
        display = display_path(path)
        quiz_file, findings = read_for_editing(path, display)
        if quiz_file is None:
            for finding in findings:
                echo(f"{finding.file}:{finding.line}:{finding.column}: {finding.code} {finding.message}", err=True)
            echo(f"quizlint: {display}: not translated: fix the errors above first", err=True)
            summary.files_not_read += 1
            continue
        readable.append((path, display, quiz_file))
    if options.target is not None and readable and len(readable) == len(settings.files):
        target = declared_language(options.target, [quiz_file for _, _, quiz_file in readable], "--to")
        options = replace(options, target=target)
    plans = []
    for path, display, quiz_file in readable:
        plan = plan_file(path, display, quiz_file, options)
        for note in plan.skipped:
            echo(f"{note.render()} [skipped]", err=True)
        summary.skipped += len(plan.skipped)
        plans.append(plan)
    return plans


def _cache(settings: BankSettings, identity: str, use_cache: bool, echo: Echo):
    if not use_cache:
        return NoCache()
    try:
        return TranslationCache(settings.config.root, identity)
    except OSError as error:
        echo(f"quizlint: translation cache disabled: {error.strerror or error}", err=True)
        return NoCache()


def _write(plan: FilePlan, dry_run: bool, summary: Summary, echo: Echo) -> None:
    change, refused = apply_results(plan)
    _report_refused(plan, refused, summary, echo)
    if change is None:
        return
    unwritten = {tasks[0].position for tasks, _ in refused}
    written = [task for task in plan.tasks if task.done and task.position not in unwritten]
    try:
        if dry_run:
            echo(change.diff())
        else:
            change.write()
    except OSError as error:
        echo(f"{plan.display}: cannot write the translations: {write_error_reason(error)}", err=True)
        summary.failed += sum(len(task.done) for task in written)
        return
    summary.translated += sum(len(task.done) for task in written)
    summary.files_changed += 1
    _note_states(written, plan, echo)


def _report_refused(plan: FilePlan, refused: list[tuple[list[ItemTask], YamlEditError]], summary: Summary,
                    echo: Echo) -> None:
    """The items whose translations cannot be written exactly (their texts count as failed)."""
    for tasks, error in refused:
        summary.failed += sum(len(task.done) for task in tasks)
        languages = ", ".join(task.lang for task in tasks)
        note = plan.note(plan.quiz_file.key_position_in_item(tasks[0].position, "id"),
                         f"cannot write the translations ({languages}): {error}", tasks[0].item.id)
        echo(f"{note.render()} [error]", err=True)


def _note_states(tasks: list[ItemTask], plan: FilePlan, echo: Echo) -> None:
    """Name the items (of those written) whose recorded state needs a person's attention, which the output would
    not show otherwise: the drafts (the linter does not report a draft: this is the hint that a person's
    translation now holds machine texts to review), and the partial retranslations, whose state was left as it
    was."""
    for task in tasks:
        if not task.records_state:
            left = len(task.texts) - len(task.done)
            message = (f"{len(task.done)} of {len(task.texts)} texts ({task.lang}) retranslated; the other {left} "
                       f"still translate{'s' if left == 1 else ''} the older source: translation state left as it "
                       f"was (stale), for the next `quizlint translate --stale` to retry")
        elif task.status == "draft":
            count = f"{len(task.done)} machine text{'s' if len(task.done) != 1 else ''}"
            message = (f"{count} ({task.lang}) written beside texts a person wrote: recorded as draft; review it "
                       f"with `quizlint review {task.item.id} --lang {task.lang}`")
        else:
            continue
        note = plan.note(plan.quiz_file.key_position_in_item(task.position, "id"), message, task.item.id)
        echo(f"{note.render()} [info]", err=True)


def _summary_line(summary: Summary, provider, translator: TextTranslator, dry_run: bool) -> str:
    verb = "would change" if dry_run else "changed"
    parts = [f"{summary.translated} translated", f"{summary.skipped} skipped", f"{summary.failed} failed"]
    if summary.not_attempted:
        parts.append(f"{summary.not_attempted} not attempted")
    if summary.files_not_read:
        parts.append(f"{plural(summary.files_not_read, 'file')} not translated (errors)")
    if summary.warnings:
        parts.append(plural(summary.warnings, "glossary warning"))
    return (f"translate ({provider.name}): {', '.join(parts)}; {verb} {plural(summary.files_changed, 'file')}; "
            f"{provider.requests_sent} request(s), {translator.cache.hits} cache hit(s)")
