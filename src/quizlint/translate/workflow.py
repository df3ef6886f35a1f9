"""``quizlint translate``: plan which texts to translate, translate them, write them surgically.

Planning (:func:`plan_file`) decides, per item and target language, which texts are missing (or stale,
with ``--stale``) and whether the item's review state lets them be written. Translating
(:class:`TextTranslator`) protects, sends (through the cache), restores and checks each text. Writing
(:func:`apply_results`) inserts the texts and sets ``translations.<lang>`` to
``{status: machine, source: <digest>}`` with :mod:`quizlint.yamledit`, so nothing else in the file changes —
or ``status: draft`` when texts a person wrote remain beside the machine's (:attr:`ItemTask.status`) — or
leaves it as it was when a retranslation did not get through every text (:attr:`ItemTask.records_state`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from quizlint.model import QuizFile, TextField, is_current_digest, is_neutral, source_digest, text_in
from quizlint.model.types import Glossary, Item
from quizlint.rules._translation import has_text as _has_text
from quizlint.rules._translation import localized_fields
from quizlint.text import spelled_in, without_control_characters
from quizlint.translate.files import FileChange, translation_state
from quizlint.translate.http import ProviderError
from quizlint.translate.protect import DamagedPlaceholder, glossary_problems, keep_terms, protect
from quizlint.translate.providers import Provider, TextRefused
from quizlint.yamledit import YamlEditError, YamlEditor, edit_each

@dataclass(frozen=True)
class TranslateOptions:
    target: str | None = None  # one target language, else every target language of each quiz
    stale: bool = False  # also retranslate items whose source changed since their translation
    overwrite_draft: bool = False
    overwrite_reviewed: bool = False

    def may_overwrite(self, status: str) -> bool:
        return {"draft": self.overwrite_draft, "reviewed": self.overwrite_reviewed}.get(status, True)


@dataclass
class Note:
    """Something reported about a file: a skipped or failed text, a warning."""

    display: str
    line: int
    column: int
    message: str
    item: str | None = None

    def render(self) -> str:
        where = f"{self.display}:{self.line}:{self.column}"
        return f"{where}: {self.item}: {self.message}" if self.item else f"{where}: {self.message}"


@dataclass
class TextTask:
    field: TextField
    source_text: str
    line: int
    column: int
    translation: str | None = None
    problem: str | None = None


@dataclass
class ItemTask:
    position: int  # index in quiz.items
    item: Item
    lang: str
    texts: list[TextTask]
    digest: str  # the source digest to record
    retranslating: bool = False  # (--stale) the texts hold a translation of an older source

    @property
    def done(self) -> list[TextTask]:
        return [text for text in self.texts if text.translation is not None]

    @property
    def records_state(self) -> bool:
        """Whether writing the texts done also records the item's state (:attr:`status`, :attr:`digest`).

        Not when a retranslation left texts untranslated (failed, or not attempted after a failure): they
        still hold a translation of the older source, so the state must go on saying so. The texts done are
        written all the same; the linter goes on reporting the translation as stale, and the next ``--stale``
        retranslates the item (the texts done come from the cache then).
        """
        return not self.retranslating or len(self.done) == len(self.texts)

    @property
    def status(self) -> str:
        """The status to record once the texts done are written.

        ``machine`` when every text of the item in ``lang`` is then machine output. When texts a person
        wrote remain beside them (the item had no state, or a draft or reviewed one), ``draft``: calling the
        whole item machine output would let ``--stale`` overwrite the person's texts later, and ``reviewed``
        would hide the machine's; a draft is still to be reviewed, and is only rewritten with
        ``--overwrite-draft``.
        """
        state = self.item.translations.get(self.lang)
        if state is not None and state.status == "machine":
            return "machine"
        written = {text.field.path for text in self.done}
        kept = [field for field in localized_fields(self.item)
                if field.path not in written and _has_text(text_in(field.value, self.lang))]
        return "draft" if kept else "machine"


@dataclass
class FilePlan:
    path: Path
    display: str
    quiz_file: QuizFile
    tasks: list[ItemTask] = field(default_factory=list)
    skipped: list[Note] = field(default_factory=list)

    @property
    def source(self) -> str:
        return self.quiz_file.quiz.source_language

    def note(self, position: tuple[int, int], message: str, item: str | None = None) -> Note:
        return Note(self.display, position[0], position[1], message, item)


# ----------------------------------------------------------------------------------------------- planning

def translatable_fields(item: Item, source: str) -> list[TextField]:
    """The item's per-language fields that have a source-language text."""
    return [field for field in localized_fields(item) if _has_text(text_in(field.value, source))]


def plan_file(path: Path, display: str, quiz_file: QuizFile, options: TranslateOptions) -> FilePlan:
    plan = FilePlan(path, display, quiz_file)
    quiz = quiz_file.quiz
    languages = quiz.target_languages
    if options.target is not None:
        target = spelled_in(options.target, quiz.languages)
        if target is None or target == quiz.source_language:
            what = "is its source language" if target is not None else "is not one of its languages"
            plan.skipped.append(plan.note(quiz_file.document.position(("languages",)),
                                          f"{target or options.target} {what}; nothing to translate"))
            return plan
        languages = [target]
    _note_untracked_quiz_texts(plan, languages)
    for position, item in enumerate(quiz.items):
        for lang in languages:
            task = _item_task(plan, position, item, lang, options)
            if task is not None:
                plan.tasks.append(task)
    return plan


def _note_untracked_quiz_texts(plan: FilePlan, languages: list[str]) -> None:
    """The quiz title and description have no review state to mark a machine translation: never filled."""
    quiz = plan.quiz_file.quiz
    for key in ("title", "description"):
        value = getattr(quiz, key)
        if value is None or is_neutral(value) or not _has_text(text_in(value, plan.source)):
            continue
        for lang in languages:
            if not _has_text(text_in(value, lang)):
                plan.skipped.append(plan.note(
                    plan.quiz_file.document.position((key,)),
                    f"quiz {key} ({lang}) is missing: translate it by hand (only items record a review state)"))


def _item_task(plan: FilePlan, position: int, item: Item, lang: str, options: TranslateOptions) -> ItemTask | None:
    digest = source_digest(item, plan.source)
    state = item.translations.get(lang)
    stale = state is not None and state.source is not None and not is_current_digest(state.source, digest)
    retranslate = options.stale and stale
    fields = [f for f in translatable_fields(item, plan.source) if retranslate or not _has_text(text_in(f.value, lang))]
    if not fields:
        return None
    # Filling a gap in a reviewed translation overwrites nothing: done by default, and the item is recorded as a
    # draft (``ItemTask.status``), which the linter reports until reviewed again. A draft is not filled without
    # --overwrite-draft: it would stay a draft, and nothing would tell its writer which texts are the machine's.
    gap_in_reviewed = state is not None and state.status == "reviewed" and not retranslate
    if state is not None and not gap_in_reviewed and not options.may_overwrite(state.status):
        count = f"{len(fields)} text{'s' if len(fields) != 1 else ''}"
        why = "stale" if retranslate else "missing"
        plan.skipped.append(plan.note(
            plan.quiz_file.key_position_in_item(position, "translations", lang),
            f"{count} ({lang}) {why} but the translation is {state.status}: not touched "
            f"(use --overwrite-{state.status})", item.id))
        return None
    # Filling gaps in a stale translation must not make its older texts look current: keep its digest.
    record = state.source if (stale and not retranslate and state is not None) else digest
    texts = [TextTask(f, text_in(f.value, plan.source) or "",
                      *plan.quiz_file.position_in_item(position, *f.lang_path(plan.source))) for f in fields]
    return ItemTask(position, item, lang, texts, record, retranslate)


# -------------------------------------------------------------------------------------------- translating

UnitKey = tuple[str, str, str]  # (source language, target language, the line sent)


class TextTranslator:
    """Protect → (cache | provider) line by line → restore → glossary check.

    A reply reaches the cache only once the text it belongs to passed every check (placeholders restored,
    no glossary problem); a text that fails them takes its replies out of the cache, so a rerun asks the
    provider again instead of serving the same bad reply.
    """

    def __init__(self, provider: Provider, cache, glossary: Glossary | None):
        self.provider = provider
        self.cache = cache
        self.glossary = glossary
        self._terms: dict[str, re.Pattern | None] = {}  # the do-not-translate terms, by source language
        self._memo: dict[UnitKey, str] = {}
        self._cached: set[UnitKey] = set()  # memo keys whose reply is in the cache

    def translate(self, text: str, source: str, target: str) -> tuple[str, list[str]]:
        """The translation and the glossary warnings; raises DamagedPlaceholder, TextRefused, ProviderError."""
        protected = protect(text, self._keep_terms(source))
        sent: list[UnitKey] = []
        try:
            parts = [self._unit((source, target, piece), sent) if send else piece
                     for piece, send in protected.units()]
            translation = without_control_characters(protected.restore("".join(parts)))  # (a provider's stray bell)
            warnings = glossary_problems(self.glossary, text, translation, source, target)
        except DamagedPlaceholder:
            self._forget(sent)
            raise
        if warnings:
            self._forget(sent)
        else:
            self._remember(sent)
        return translation, warnings

    def _keep_terms(self, source: str) -> re.Pattern | None:
        if source not in self._terms:
            self._terms[source] = keep_terms(self.glossary, source)
        return self._terms[source]

    def _unit(self, key: UnitKey, sent: list[UnitKey]) -> str:
        """The reply for one line (memo, else cache, else provider); its key is added to ``sent``."""
        if key not in self._memo:
            source, target, text = key
            reply = self.cache.get(source, target, text)
            if reply is None:
                reply = self.provider.translate(text, source, target)
            else:
                self._cached.add(key)
            self._memo[key] = reply
        sent.append(key)
        return self._memo[key]

    def _remember(self, keys: list[UnitKey]) -> None:
        for key in keys:
            if key not in self._cached:
                self.cache.put(*key, self._memo[key])
                self._cached.add(key)

    def _forget(self, keys: list[UnitKey]) -> None:
        for key in keys:
            if key in self._cached:
                self.cache.drop(*key)
                self._cached.discard(key)


@dataclass
class Summary:
    translated: int = 0
    skipped: int = 0
    failed: int = 0  # texts tried that failed (or could not be written)
    not_attempted: int = 0  # texts left after the run stopped (the provider failed, or Ctrl-C)
    files_not_read: int = 0  # files with errors, left alone
    warnings: int = 0
    files_changed: int = 0
    stopped: str | None = None  # why the run stopped early (the provider failed)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.not_attempted == 0 and self.files_not_read == 0


def translate_plans(plans: list[FilePlan], translator: TextTranslator, summary: Summary,
                    report: Callable[[Note, str], None], tick: Callable[[], None]) -> None:
    """Translate every task in place; after a provider failure (or Ctrl-C), leave the rest untranslated."""
    for plan, task, text in _texts(plans):
        if summary.stopped is not None:
            summary.not_attempted += 1
            continue
        label = f"{text.field.label} ({task.lang})"
        try:
            text.translation, warnings = translator.translate(text.source_text, plan.source, task.lang)
        except KeyboardInterrupt:  # keep (and write) what is done; the rest counts as not attempted
            summary.stopped = "interrupted"
            summary.not_attempted += 1
            continue
        except ProviderError as error:
            summary.stopped = translator.provider.redact(error.message)
            summary.failed += 1
            report(plan.note((text.line, text.column), f"{label}: {summary.stopped}", task.item.id), "error")
        except (DamagedPlaceholder, TextRefused) as error:
            text.problem = translator.provider.redact(str(error))
            summary.failed += 1
            report(plan.note((text.line, text.column), f"{label}: not written: {text.problem}", task.item.id),
                   "error")
        else:
            for warning in warnings:
                summary.warnings += 1
                report(plan.note((text.line, text.column), f"{label}: {warning}", task.item.id), "warning")
        tick()


def _texts(plans: list[FilePlan]) -> Iterator[tuple[FilePlan, ItemTask, TextTask]]:
    for plan in plans:
        for task in plan.tasks:
            for text in task.texts:
                yield plan, task, text


def count_texts(plans: list[FilePlan]) -> int:
    return sum(len(task.texts) for plan in plans for task in plan.tasks)


# ------------------------------------------------------------------------------------------------ writing

def apply_results(plan: FilePlan) -> tuple[FileChange | None, list[tuple[list[ItemTask], YamlEditError]]]:
    """The file with every successful translation written and its items marked (None when nothing changed),
    and the tasks of the items whose edits cannot be made exactly, with why (nothing of those is written)."""
    quiz = plan.quiz_file.quiz
    by_item: dict[int, list[ItemTask]] = {}
    for task in plan.tasks:
        if task.done:
            by_item.setdefault(task.position, []).append(task)

    def write_item(editor: YamlEditor, tasks: list[ItemTask]) -> None:
        base = plan.quiz_file.item_path(tasks[0].position)
        for task in tasks:
            earlier = quiz.languages[: quiz.languages.index(task.lang)]
            for text in task.done:
                editor.set_key(base + text.field.path, task.lang, text.translation, after=earlier)
        states = {task.lang: translation_state(task.status, task.digest) for task in tasks if task.records_state}
        if states:
            editor.update_mapping(base + ("translations",), states, quiz.languages)

    old = plan.quiz_file.document.text
    new, refused = edit_each(old, plan.display, list(by_item.values()), write_item)
    return (FileChange(plan.path, plan.display, old, new) if new != old else None), refused


__all__ = ["FilePlan", "ItemTask", "Note", "Summary", "TextTranslator", "TranslateOptions", "YamlEditError",
           "apply_results", "count_texts", "plan_file", "translate_plans"]
