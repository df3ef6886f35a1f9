"""``quizlint review``: record that a person reviewed an item's translation, with the current source digest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from quizlint.bank import BankSettings
from quizlint.load.paths import display_path
from quizlint.model import QuizFile, is_current_digest, source_digest, text_in
from quizlint.rules._translation import has_text
from quizlint.text import spelled_in
from quizlint.translate.files import (FileChange, declared_language, read_for_editing, translation_state,
                                     write_error_reason)
from quizlint.translate.workflow import translatable_fields
from quizlint.yamledit import YamlEditor, edit_each

Echo = Callable[..., None]


class ReviewRefused(Exception):
    pass


def review_items(settings: BankSettings, item_ids: list[str], lang: str | None, dry_run: bool, echo: Echo) -> bool:
    """Mark each item's translation reviewed; True when every item was found and marked (or already was).

    Nothing is written when an item id is not found (a typo must not half-apply a review). Raises
    UnknownLanguage when no quiz declares ``lang``.
    """
    wanted = set(item_ids)
    located: list[tuple[Path, str, QuizFile, list[int]]] = []
    found: set[str] = set()
    readable: list[QuizFile] = []
    for path in settings.files:
        display = display_path(path)
        quiz_file, findings = read_for_editing(path, display)
        if quiz_file is None:  # reported; an item in it counts as not found
            for finding in findings:
                echo(f"{finding.file}:{finding.line}:{finding.column}: {finding.code} {finding.message}", err=True)
            continue
        readable.append(quiz_file)
        positions = [index for index, item in enumerate(quiz_file.quiz.items) if item.id in wanted]
        if positions:
            found.update(quiz_file.quiz.items[index].id for index in positions)
            located.append((path, display, quiz_file, positions))
    if lang is not None and readable and len(readable) == len(settings.files):
        lang = declared_language(lang, readable, "--lang")
    missing = sorted(wanted - found)
    if missing:
        echo(f"quizlint: no valid item {', '.join(map(repr, missing))} in the {len(settings.files)} quiz file(s) "
             "searched; nothing marked", err=True)
        return False
    ok = True
    for path, display, quiz_file, positions in located:
        ok = _review_file(path, quiz_file, display, positions, lang, dry_run, echo) and ok
    return ok


@dataclass
class _Review:
    """One item's review: what to say about it, and the translation states to record (none: nothing to write)."""

    position: int
    where: str  # `file:line:column: item`
    messages: list[str]
    states: dict[str, dict]


def _review_file(path: Path, quiz_file: QuizFile, display: str, positions: list[int], lang: str | None, dry_run: bool,
                 echo: Echo) -> bool:
    """Mark the items of one file; what is said on standard output is said once it is written (or shown)."""
    reviews, ok = [], True
    for position in positions:
        try:
            reviews.append(_review(quiz_file, display, position, lang))
        except ReviewRefused as error:
            echo(f"{_where(quiz_file, display, position)}: {error}", err=True)
            ok = False

    def record(editor: YamlEditor, review: _Review) -> None:
        editor.update_mapping(quiz_file.item_path(review.position) + ("translations",), review.states,
                              quiz_file.quiz.languages)

    old = quiz_file.document.text
    new, refused = edit_each(old, display, [review for review in reviews if review.states], record)
    for review, error in refused:
        echo(f"{review.where}: cannot mark {', '.join(review.states)} reviewed: {error}", err=True)
    change = FileChange(path, display, old, new) if new != old else None
    if change is not None and not dry_run:
        try:
            change.write()
        except OSError as error:
            echo(f"{display}: cannot write: {write_error_reason(error)}", err=True)
            return False
    unmarked = {id(review) for review, _ in refused}
    for review in reviews:
        if id(review) not in unmarked:
            for message in review.messages:
                echo(f"{review.where}: {message}")
    if change is not None and dry_run:
        echo(change.diff())
    return ok and not refused


def _where(quiz_file: QuizFile, display: str, position: int) -> str:
    line, column = quiz_file.key_position_in_item(position, "id")
    return f"{display}:{line}:{column}: {quiz_file.quiz.items[position].id}"


def _review(quiz_file: QuizFile, display: str, position: int, lang: str | None) -> _Review:
    review = _Review(position, _where(quiz_file, display, position), [], {})
    for language in _languages(quiz_file, lang):
        message, state = _review_state(quiz_file, position, language)
        review.messages.append(message)
        if state is not None:
            review.states[language] = state
    return review


def _languages(quiz_file: QuizFile, lang: str | None) -> list[str]:
    targets = quiz_file.quiz.target_languages
    if lang is None:
        if len(targets) != 1:
            raise ReviewRefused(f"the quiz has {len(targets)} target languages ({', '.join(targets) or 'none'}): "
                                "choose one with --lang")
        return targets
    target = spelled_in(lang, targets)
    if target is None:
        raise ReviewRefused(f"{lang} is not a target language of the quiz ({', '.join(targets) or 'none'})")
    return [target]


def _review_state(quiz_file: QuizFile, position: int, lang: str) -> tuple[str, dict | None]:
    item = quiz_file.quiz.items[position]
    source = quiz_file.quiz.source_language
    fields = translatable_fields(item, source)
    if not fields:
        raise ReviewRefused("nothing to review: no text is written per language")
    missing = [field.label for field in fields if not has_text(text_in(field.value, lang))]
    if missing:
        raise ReviewRefused(f"cannot mark {lang} reviewed: no {lang} text for {', '.join(missing)}")
    digest = source_digest(item, source)
    state = item.translations.get(lang)
    if (state is not None and state.status == "reviewed" and state.source is not None
            and is_current_digest(state.source, digest)):
        return f"{lang} already reviewed (source {digest})", None
    before = state.status if state is not None else "no status"
    return f"{lang} marked reviewed ({before} → reviewed, source {digest})", translation_state("reviewed", digest)
