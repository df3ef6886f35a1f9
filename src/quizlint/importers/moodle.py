"""Moodle XML (``<quiz><question type="…">…``).

Imported: ``multichoice`` (``<single>`` true: single answer, correct = fraction 100; false: multiple
answers, correct = positive fraction), ``truefalse``, per-answer ``<feedback>``, ``<generalfeedback>`` (→
explanation), ``<shuffleanswers>`` false or 0 (→ every option ``fixed``, unless quizlint finds a meaning in
their order), ``<idnumber>`` (→ item id when it is a valid, readable id; else the question ``<name>``
when it is one), ``<tags>``, ``<defaultgrade>`` (→ points; one that is not a finite number greater than 0
makes them 1, with a warning) and categories: the category of the first question gives the quiz its title
(the category's name, per language where it is in multilang markup, as ``quizlint export --to moodle``
writes it), its id (the category's ``<idnumber>``) and its description (``<info>``);
questions from several categories are tagged with theirs, or, with ``--split``, make one quiz per category
(see ``merge_categories`` and ``split_by_category``). Other question types are
skipped with a warning naming them. Not imported, with a warning per question: combined feedback
(``<correctfeedback>``, ``<partiallycorrectfeedback>``, ``<incorrectfeedback>``), hints (``<hint>``) and unequal
credit among the right answers of a multiple-answer question (quizlint shares the points equally).

Texts: multilang markup, ``<span lang="tr" class="multilang">…</span>`` and ``{mlang tr}…{mlang}``, fills
the matching language fields (``pt_br`` is ``pt-BR``; a language that cannot be a tag, ``lang="english"``, makes
the question fail with its line). In a file that uses multilang, a text without it is language-neutral (Moodle
shows it in every language); in a file that does not, texts go into ``--lang``. Each text is read as its
``format`` says (see ``_convert``): ``plain_text`` literally, ``markdown`` as Markdown, ``html`` and
``moodle_auto_format`` as HTML, which becomes Markdown where it is simple and stays inline HTML where it is
not; embedded files (``@@PLUGINFILE@@``) are not imported.
"""

from __future__ import annotations

import html
from pathlib import Path

from quizlint.importers.draft import (
    NEUTRAL,
    Category,
    DraftItem,
    DraftOption,
    DraftQuiz,
    Texts,
    add_items,
    apply_categories,
    category_name,
    item_points,
)
from quizlint.importers.html_markdown import html_to_markdown, moodle_auto_format_markdown, plain_text_markdown
from quizlint.importers.identifiers import is_language_tag
from quizlint.importers.log import ImportFailure, ImportLog, unequal_credit_dropped, whole_answer_feedback_dropped
from quizlint.importers.multilang import split_languages
from quizlint.importers.reading import child_named, children_named, descendants_named, local_name, parse_xml, read_bytes

SUPPORTED = ("multichoice", "truefalse")
COMBINED_FEEDBACK = ("correctfeedback", "partiallycorrectfeedback", "incorrectfeedback")


def _raw_text(element) -> str:
    if element is None:
        return ""
    inner = child_named(element, "text")
    return (inner.text if inner is not None else element.text) or ""


def _convert(raw: str, text_format: str) -> str:
    """A Moodle text as Markdown, read as its ``format`` says (Moodle's ``format_text``): ``plain_text`` is
    literal (shown escaped; ``wiki_like``, long gone from Moodle, is shown so too), ``markdown`` is Markdown,
    ``moodle_auto_format`` is HTML whose line breaks count, and ``html`` (also what Moodle assumes when the
    format is missing or unknown) is HTML."""
    text_format = text_format.strip()
    if text_format in ("plain_text", "wiki_like"):
        return plain_text_markdown(raw)
    if text_format == "markdown":
        return raw.strip()
    if text_format == "moodle_auto_format":
        return moodle_auto_format_markdown(raw)
    return html_to_markdown(raw)


def _languages_checked(texts: dict, where: str, element) -> dict:
    """``texts`` (by the languages of the multilang markup in ``element``), or a failure at ``element`` when one of
    those languages cannot be a quiz file's (``lang="english"``)."""
    for lang in texts:
        if lang not in (None, "other") and not is_language_tag(lang):
            raise ImportFailure(where, f"multilang markup names the language {lang!r}, which is not a language tag "
                                "(such as en, tr, pt-BR)", element.sourceline, 1)
    return texts


class _Texts:
    """Moodle text elements → draft texts, per language."""

    def __init__(self, multilang: bool, where: str):
        self.multilang, self.where = multilang, where

    def key(self, lang: str | None) -> str | None:
        """Unmarked text in a multilang file is neutral; ``{mlang other}`` text goes into ``--lang``."""
        if lang is None:
            return NEUTRAL if self.multilang else None
        return None if lang == "other" else lang

    def of(self, element) -> Texts | None:
        if element is None:
            return None
        raw = _raw_text(element)
        text_format = element.get("format", "")
        texts: Texts = {}
        for lang, value in _languages_checked(split_languages(raw), self.where, element).items():
            converted = _convert(value, text_format)
            if converted:
                texts[self.key(lang)] = converted
        return texts or None


def _uses_multilang(root) -> bool:
    return any(None not in split_languages(element.text or "") for element in descendants_named(root, "text"))


def _flag(element, default: bool) -> bool:
    if element is None or element.text is None:
        return default
    return element.text.strip().lower() in ("true", "1", "yes")


def _name_texts(name: str) -> Texts:
    """A category name per language (its multilang markup split; an unmarked name goes into ``--lang``), as
    plain text: Moodle keeps names as HTML-escaped text."""
    return {None if lang in (None, "other") else lang: html.unescape(text).strip()
            for lang, text in split_languages(name).items()}


class _Reader:
    def __init__(self, where: str, log: ImportLog, texts: _Texts):
        self.where, self.log, self.texts = where, log, texts
        self.category: str | None = None  # the label of the current category
        self.categories: dict[str, Category] = {}
        self.number = 0

    def name(self, question) -> str:
        return _raw_text(child_named(question, "name")).strip()

    def category_question(self, question) -> None:
        name = category_name(_raw_text(child_named(question, "category")).strip())
        if name is None:
            self.category = None
            return
        title = _languages_checked(_name_texts(name), self.where, question)
        self.category = next(iter(title.values()))
        self.categories.setdefault(self.category, Category(
            title, _raw_text(child_named(question, "idnumber")).strip() or None,
            self.texts.of(child_named(question, "info"))))

    def question(self, question) -> DraftItem | None:
        kind = question.get("type", "")
        if kind == "category":
            self.category_question(question)
            return None
        self.number += 1
        label = f"'{self.name(question)}'" if self.name(question) else str(self.number)
        if kind not in SUPPORTED:
            self.log.warn(self.where, f"skipped {kind or 'untyped'} question {label} (only multichoice and truefalse "
                          "are imported)", question.sourceline)
            return None
        if any(True for _ in descendants_named(question, "file")):
            self.log.warn(self.where, f"question {label}: embedded files (images, media) are not imported",
                          question.sourceline)
        item = self.common(question, label)
        if kind == "truefalse":
            self.true_false(item, question, label)
        else:
            self.multichoice(item, question, label)
        self.not_imported(question, label)
        return item

    def not_imported(self, question, label: str) -> None:
        """Warn about what quizlint has no place for: combined feedback and hints (interactive mode)."""
        combined = [name for name in COMBINED_FEEDBACK if self.texts.of(child_named(question, name))]
        whole_answer_feedback_dropped(self.log, self.where, f"question {label}", combined, question.sourceline)
        hints = [hint for hint in children_named(question, "hint") if self.texts.of(hint)]
        if hints:
            self.log.warn(self.where, f"question {label}: {len(hints)} hint(s) not imported (quizlint has no hints)",
                          question.sourceline)

    def fraction(self, answer, label: str) -> float:
        """The answer's ``fraction`` (percent of the grade); one that is not a number counts as 0, with a warning."""
        value = answer.get("fraction", "0")
        try:
            return float(value)
        except ValueError:
            self.log.warn(self.where, f"question {label}: fraction {value!r} is not a number: the answer is imported "
                          "as wrong", answer.sourceline)
            return 0.0

    def common(self, question, label: str) -> DraftItem:
        idnumber = _raw_text(child_named(question, "idnumber")).strip()
        tags = [_raw_text(tag).strip() for tags in children_named(question, "tags")
                for tag in children_named(tags, "tag")]
        item = DraftItem(number=self.number, stem=self.texts.of(child_named(question, "questiontext")) or {None: ""},
                         explanation=self.texts.of(child_named(question, "generalfeedback")),
                         tags=[tag for tag in tags if tag], category=self.category,
                         source_ids=tuple(value.strip() for value in (idnumber, self.name(question)) if value))
        grade = child_named(question, "defaultgrade")
        if grade is not None:
            item.points = item_points(grade.text, self.log, self.where, f"question {label}", grade.sourceline)
        return item

    def multichoice(self, item: DraftItem, question, label: str) -> None:
        single = _flag(child_named(question, "single"), True)
        item.type = "single" if single else "multiple"
        item.keeps_order = not _flag(child_named(question, "shuffleanswers"), True)
        credit = []
        for answer in children_named(question, "answer"):
            fraction = self.fraction(answer, label)
            if not single and fraction > 0:
                credit.append(fraction)
            correct = fraction >= 99.99 if single else fraction > 0
            if single and 0 < fraction < 99.99:
                self.log.warn(self.where, f"question {label}: partial credit ({fraction:g}%) dropped: the option is "
                              "imported as wrong", answer.sourceline)
            item.options.append(DraftOption(self.texts.of(answer) or {None: ""}, correct=correct,
                                            feedback=self.texts.of(child_named(answer, "feedback"))))
        if len(item.options) < 2:
            raise ImportFailure(self.where, f"question {label} has {len(item.options)} answer(s); a multichoice "
                                "question needs at least two", question.sourceline, 1)
        unequal_credit_dropped(self.log, self.where, f"question {label}", credit, question.sourceline)

    def true_false(self, item: DraftItem, question, label: str) -> None:
        item.type = "true_false"
        dropped = []
        for answer in children_named(question, "answer"):
            value = _raw_text(answer).strip().lower()
            if self.fraction(answer, label) >= 99.99 and value in ("true", "false"):
                item.answer = value == "true"
            feedback = self.texts.of(child_named(answer, "feedback"))
            if feedback:
                dropped.append(" / ".join(feedback.values()))
        if item.answer is None:
            raise ImportFailure(self.where, f"true/false question {label} has no answer 'true' or 'false' with "
                                "fraction 100", question.sourceline, 1)
        if dropped:
            self.log.warn(self.where, f"true/false question {label}: per-answer feedback dropped (a true_false item "
                          f"has none; move it to the explanation): {' | '.join(dropped)}", question.sourceline)


def read(path: Path, log: ImportLog) -> DraftQuiz:
    where = str(path)
    root = parse_xml(read_bytes(path), where)
    if local_name(root) != "quiz":
        raise ImportFailure(where, f"not a Moodle XML file: the root element is <{local_name(root)}>, expected <quiz>",
                            root.sourceline, 1)
    reader = _Reader(where, log, _Texts(_uses_multilang(root), where))
    draft = DraftQuiz(fallback_title=path.stem)
    add_items(draft, log, children_named(root, "question"), reader.question)
    draft.categories.update(reader.categories)
    apply_categories(draft)
    return draft
