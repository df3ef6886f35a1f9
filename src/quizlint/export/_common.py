"""What every export format shares: the bank and options, languages, identifiers, keys, numbers, Moodle's
fractions, XML elements and bytes, content-package manifests and zip files. Each of these is decided here,
once."""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from quizlint.model import Item, Quiz, QuizFile, TextField, item_text_fields, quiz_text_fields, text_in
from quizlint.model.order import order_is_meaningful
from quizlint.render import left_out, list_starts, lxml_etree
from quizlint.text import spelled_in

TOOL_NAME = "quizlint"


class ExportError(Exception):
    """The bank cannot be exported in this format; the message says where and why (exit status 1, or 2 for a
    bad combination of options)."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class ExportOptions:
    lang: str | None = None  # None: the format's default; "all"; or one language tag
    multilang_syntax: str = "span"  # Moodle: "span" (<span lang class="multilang">) or "mlang2" ({mlang xx})


@dataclass
class ExportOutput:
    data: bytes
    warnings: list[str] = field(default_factory=list)


@dataclass
class ExportBank:
    """The quiz files to export, in order, and a name for the bank (used for default file names)."""

    files: list[QuizFile]
    name: str = "bank"


# --- languages --------------------------------------------------------------------------------------------

SOURCE = "source"
ALL = "all"


def languages_for(quiz: Quiz, requested: str | None, fmt) -> list[str]:
    """The languages of ``quiz`` to export: ``fmt.DEFAULT_LANG`` (``source`` or ``all``) when none is asked
    for; ``all`` only where the format can carry several languages (``fmt.MULTILINGUAL``). A language tag matches
    in any case (``TR`` is the quiz's ``tr``), as BCP 47 tags do."""
    choice = fmt.DEFAULT_LANG if requested is None else requested.strip()
    if choice.lower() == SOURCE:
        return [quiz.source_language]
    if choice.lower() == ALL:
        if not fmt.MULTILINGUAL:
            raise ExportError(f"{fmt.NAME} carries one language per file: choose one with --lang "
                              f"(quiz {quiz.id!r} has {', '.join(quiz.languages)})", exit_code=2)
        return list(quiz.languages)
    spelling = spelled_in(choice, quiz.languages)
    if spelling is None:
        raise ExportError(f"quiz {quiz.id!r} has no language {choice!r} (its languages: "
                          f"{', '.join(quiz.languages)})", exit_code=2)
    return [spelling]


# True/false labels per language (one place; other languages fall back to English).
TRUE_FALSE_LABELS = {"en": ("True", "False"), "tr": ("Doğru", "Yanlış")}


def one_line(text: str) -> str:
    """``text`` with every run of whitespace, line breaks included, made one space."""
    return " ".join(text.split())


def true_false_labels(lang: str) -> tuple[str, str]:
    return TRUE_FALSE_LABELS.get(lang.split("-")[0].lower(), TRUE_FALSE_LABELS["en"])


# --- identifiers ------------------------------------------------------------------------------------------

_NOT_NAME_CHAR = re.compile(r"[^A-Za-z0-9_.-]")


NCNAME_PREFIX = "id-"


def ncname(value: str, prefix: str = NCNAME_PREFIX) -> str:
    """``value`` as an XML NCName (and a safe file name): other characters become ``_``; a name that does not
    start with a letter or ``_`` gets ``prefix``."""
    name = _NOT_NAME_CHAR.sub("_", value) or "_"
    return name if re.match(r"[A-Za-z_]", name) else prefix + name


def unique_names(names: list[str], taken: set[str] | None = None) -> list[str]:
    """``names`` with later duplicates suffixed ``-2``, ``-3``… Names differing only in case count as
    duplicates, so they also make distinct file names on case-insensitive file systems. ``taken``: casefolded
    names already in use (updated)."""
    taken = set() if taken is None else taken
    result = []
    for name in names:
        candidate, number = name, 1
        while candidate.casefold() in taken:
            number += 1
            candidate = f"{name}-{number}"
        taken.add(candidate.casefold())
        result.append(candidate)
    return result


def choice_identifier(index: int) -> str:
    """A, B, … Z, then O27, O28…: option identifiers inside one item."""
    return chr(ord("A") + index) if index < 26 else f"O{index + 1}"


TRUE_ID, FALSE_ID = "TRUE", "FALSE"


# --- the quizzes, ready to write --------------------------------------------------------------------------


@dataclass
class Choice:
    """One choice as every format sees it: options of single/multiple items, True/False of true_false ones."""

    identifier: str
    text: object  # a text value (str or dict) or, for true/false, a dict of labels per language
    correct: bool
    fixed: bool = False
    feedback: object = None


@dataclass
class PreparedItem:
    item: Item
    index: int  # position in quiz.items
    identifier: str
    choices: list[Choice]
    quiz_languages: list[str] = field(default_factory=list)  # all the quiz's languages, exported or not
    name: str = ""  # the question's name in the export: the item id (``-<lang>`` added in another language)
    identifiers: dict[str, str] = field(default_factory=dict)  # ``identifier`` in each other exported language

    def __post_init__(self) -> None:
        self.name = self.name or self.item.id

    @functools.cached_property
    def meaningful_order(self) -> bool:
        """Whether the options' order means something, in any of the quiz's languages (the question ``quizlint
        fix`` asks too: :func:`quizlint.model.order.order_is_meaningful`); asked only by formats that shuffle."""
        return order_is_meaningful(self.item, self.quiz_languages)

    @property
    def multiple(self) -> bool:
        return self.item.type == "multiple"

    @property
    def correct(self) -> list[Choice]:
        return [choice for choice in self.choices if choice.correct]

    @property
    def any_fixed(self) -> bool:
        return any(choice.fixed for choice in self.choices)

    @property
    def shuffle(self) -> bool:
        """Whether the delivery may shuffle the choices (those marked ``fixed`` excepted): not for true/false
        (True comes first) nor for options whose order means something (numbers, "all of the above", "I and
        II")."""
        return self.item.type != "true_false" and not self.meaningful_order

    @property
    def pinned(self) -> bool:
        """Whether some choice must stay where it is: for formats that cannot pin one option (Moodle, Canvas),
        shuffling is off for the whole item."""
        return self.any_fixed or self.meaningful_order

    @property
    def has_feedback(self) -> bool:
        return self.item.explanation is not None or any(choice.feedback is not None for choice in self.choices)


def order_not_kept(format_label: str, written: list[PreparedItem]) -> list[str]:
    """A warning naming the ``written`` items whose options must stay in order (a fixed option, or an order that
    means something), for a format that cannot say so: Moodle imports GIFT and Aiken questions with the site's
    default answer shuffling (the quiz setting "shuffleanswers", on unless an administrator changed it)."""
    pinned = [prepared.item.id for prepared in written if prepared.pinned]
    if not pinned:
        return []
    return [f"{format_label} cannot keep options in order, and Moodle shuffles them by default: these items have "
            f"fixed options or an order that means something: {', '.join(pinned)} (export Moodle XML, which turns "
            "shuffling off for them, or turn off \"Shuffle within questions\" in the Moodle quiz)"]


def points_not_kept(format_label: str, written: list[PreparedItem]) -> list[str]:
    """A warning naming the ``written`` items worth other than 1 point, for a format without per-question points
    (Moodle gives each of its questions mark 1)."""
    unscored = [prepared.item.id for prepared in written if prepared.item.points != 1]
    if not unscored:
        return []
    return [f"{format_label} has no per-question points: Moodle gives these items mark 1: {', '.join(unscored)}"]


@dataclass
class PreparedQuiz:
    file: QuizFile
    identifier: str
    languages: list[str]
    items: list[PreparedItem]  # the items to write (see ``prepare`` for those left out)
    skipped: list[str] = field(default_factory=list)  # a warning per item left out
    name: str = ""  # the quiz's name in the export (a category, an idnumber): its id, ``-<lang>`` added likewise
    identifiers: dict[str, str] = field(default_factory=dict)  # ``identifier`` in each other exported language

    def __post_init__(self) -> None:
        self.name = self.name or self.quiz.id

    @property
    def quiz(self) -> Quiz:
        return self.file.quiz

    def in_language(self, lang: str) -> PreparedQuiz:
        """The quiz as its export in ``lang`` names it (see ``language_suffix``): its own identifiers and names in
        a language other than the source one, so that the exports of two languages can go into one course."""
        if lang not in self.identifiers:
            return self
        suffix = language_suffix(self.quiz, lang)
        items = [dataclasses.replace(prepared, identifier=prepared.identifiers[lang], name=prepared.item.id + suffix)
                 for prepared in self.items]
        return dataclasses.replace(self, identifier=self.identifiers[lang], name=self.quiz.id + suffix, items=items)

    def title(self, lang: str) -> str:
        """The title in ``lang``; in another language than the source one, a title that reads as the source's (a
        missing translation, a language-neutral title) gets `` (<lang>)``, so the two exports are told apart."""
        text = self.text(self.quiz.title, lang)
        source = self.quiz.source_language
        return f"{text} ({lang})" if lang != source and text == self.text(self.quiz.title, source) else text

    def text(self, value, lang: str) -> str:
        """The text in ``lang``; a missing translation falls back to the source language (lint reports it)."""
        found = text_in(value, lang)
        if found is None or not str(found).strip():
            found = text_in(value, self.quiz.source_language)
        return "" if found is None else str(found)

    def where(self, item: PreparedItem, *path) -> str:
        """``file:line:column`` of ``path`` inside an item, for messages."""
        line, column = self.file.key_position_in_item(item.index, *path)
        return f"{self.file.path}:{line}:{column}"


def left_out_warnings(quizzes: list[PreparedQuiz], *, description: bool = True,
                      no_list_start: str | None = None) -> list[str]:
    """A warning per text whose rendering leaves out what its reader would miss (``quizlint.render.left_out``,
    and, for the format named ``no_list_start``, which numbers every ordered list from 1, where a list starts):
    the written items' texts and, where the format writes it, each quiz's ``description``."""
    warnings = []
    for quiz in quizzes:
        if description:
            fields = [text for text in quiz_text_fields(quiz.quiz) if text.path == ("description",)]
            warnings += _texts_left_out(quiz, fields, None, None, no_list_start)
        for prepared in quiz.items:
            warnings += item_left_out(quiz, prepared, no_list_start=no_list_start)
    return warnings


def item_left_out(quiz: PreparedQuiz, prepared: PreparedItem, *, feedback: bool = True,
                  no_list_start: str | None = None) -> list[str]:
    """``left_out_warnings`` of one item; ``feedback``: the format writes its feedback and explanation."""
    fields = [text for text in item_text_fields(prepared.item)
              if feedback or text.path[-1] not in ("feedback", "explanation")]
    return _texts_left_out(quiz, fields, f"item {prepared.item.id!r}", prepared, no_list_start)


def _texts_left_out(quiz: PreparedQuiz, fields: list[TextField], owner: str | None, prepared: PreparedItem | None,
                    no_list_start: str | None) -> list[str]:
    warnings = []
    for text_field in fields:
        for path, lang in _written_texts(quiz, text_field).items():
            reasons = _left_out_of(quiz.text(text_field.value, lang), no_list_start)
            if not reasons:
                continue
            line, column = quiz.file.position_in_item(prepared.index, *path) if prepared is not None \
                else quiz.file.document.position(path)
            label = text_field.label if isinstance(text_field.value, str) else f"{text_field.label} ({lang})"
            label = label if owner is None else f"{owner}, {label}"
            warnings.append(f"{quiz.file.path}:{line}:{column}: {label}: {'; '.join(reasons)}")
    return warnings


def _left_out_of(text: str, no_list_start: str | None) -> list[str]:
    lost = left_out(text)
    reasons = [f"the HTML sanitiser leaves out {' and '.join(lost)}"] if lost else []
    if no_list_start is not None:
        reasons += [f"{no_list_start} has no start number for a list: the one that starts at {start} is numbered "
                    "from 1" for start in list_starts(text)]
    return reasons


def _written_texts(quiz: PreparedQuiz, text_field: TextField) -> dict[tuple, str]:
    """The path of each text of ``text_field`` that the export writes, and its language: a missing translation's
    place is taken by the source language's text (``PreparedQuiz.text``); a language-neutral text is one text."""
    written: dict[tuple, str] = {}
    for lang in quiz.languages:
        found = text_in(text_field.value, lang)
        lang = lang if found is not None and str(found).strip() else quiz.quiz.source_language
        written.setdefault(text_field.lang_path(lang), lang)
    return written


def prepare(bank: ExportBank, options: ExportOptions, format_name: str) -> list[PreparedQuiz]:
    """The bank's quizzes with unique identifiers (quiz and item ids made NCNames, collisions suffixed in
    bank order) and the languages to export in format ``format_name``. Those identifiers are the source
    language's; each other exported language has its own (``PreparedQuiz.in_language``).

    Items without a key (only a forced export has them) are left out, each with a warning in its quiz's
    ``skipped``, unless the format sets ``NEEDS_KEY = False`` (JSON, which writes the missing key as it is):
    written as a question, such an item would get a key nobody chose (GIFT ``{FALSE}``, a Moodle true/false
    question whose answers both score 0, which Moodle reads as "false is right") or one that nobody can
    answer right."""
    from quizlint.export.formats import get_format

    fmt = get_format(format_name)
    quiz_ids = unique_names([ncname(quiz_file.quiz.id) for quiz_file in bank.files])
    item_names = unique_names([ncname(item.id) for quiz_file in bank.files for item in quiz_file.quiz.items])
    item_ids = iter(item_names)
    prepared = []
    for quiz_file, quiz_id in zip(bank.files, quiz_ids):
        quiz = quiz_file.quiz
        items = [PreparedItem(item, index, next(item_ids), _choices(item, quiz), quiz.languages)
                 for index, item in enumerate(quiz.items)]
        prepared.append(PreparedQuiz(quiz_file, quiz_id, languages_for(quiz, options.lang, fmt), items))
        if getattr(fmt, "NEEDS_OPTIONS", True):
            _require_options(prepared[-1], fmt.NAME)
        if getattr(fmt, "NEEDS_KEY", True):
            _leave_out_keyless_items(prepared[-1])
    _name_other_languages(prepared, quiz_ids, item_names)
    return prepared


def language_suffix(quiz: Quiz, lang: str) -> str:
    """What the identifiers and names of a quiz's export in ``lang`` end with: nothing in its source language
    (the names earlier versions gave, so a new export replaces the old one in the LMS), ``-<lang>`` in another."""
    return "" if lang == quiz.source_language else f"-{ncname(lang)}"


def _name_other_languages(quizzes: list[PreparedQuiz], quiz_ids: list[str], item_ids: list[str]) -> None:
    """The identifiers of the quizzes and items in each exported language but the source one: ``<id>-<lang>``,
    made unique (in bank order) against the identifiers of their kind in the source language and each other."""
    planned = [(quiz, lang) for quiz in quizzes for lang in quiz.languages if language_suffix(quiz.quiz, lang)]
    for owners, taken in (([[quiz] for quiz, _ in planned], quiz_ids),
                          ([quiz.items for quiz, _ in planned], item_ids)):
        names = iter(unique_names([f"{owner.identifier}{language_suffix(quiz.quiz, lang)}"
                                   for (quiz, lang), group in zip(planned, owners) for owner in group],
                                  {name.casefold() for name in taken}))
        for (quiz, lang), group in zip(planned, owners):
            for owner in group:
                owner.identifiers[lang] = next(names)


def skipped_items(quizzes: list[PreparedQuiz]) -> list[str]:
    """The warnings about the items ``prepare`` left out, in bank order."""
    return [warning for quiz in quizzes for warning in quiz.skipped]


def _require_options(quiz: PreparedQuiz, format_name: str) -> None:
    """An item without options (only possible with --force) has no place in a choice interaction."""
    for prepared in quiz.items:
        if not prepared.choices:
            raise ExportError(f"{quiz.where(prepared, 'id')}: item {prepared.item.id!r} has no options: it cannot "
                              f"be written as a {format_name} choice question")


def _leave_out_keyless_items(quiz: PreparedQuiz) -> None:
    kept = []
    for prepared in quiz.items:
        if prepared.correct:
            kept.append(prepared)
            continue
        missing = "no `answer: true` or `answer: false`" if prepared.item.type == "true_false" else \
            "no option has `correct: true`"
        quiz.skipped.append(f"{quiz.where(prepared, 'id')}: item {prepared.item.id!r} skipped: it has no key to "
                            f"export ({missing})")
    quiz.items = kept


def _choices(item: Item, quiz: Quiz) -> list[Choice]:
    if item.type == "true_false":
        labels = {lang: true_false_labels(lang) for lang in quiz.languages}
        return [Choice(TRUE_ID, {lang: pair[0] for lang, pair in labels.items()}, item.answer is True),
                Choice(FALSE_ID, {lang: pair[1] for lang, pair in labels.items()}, item.answer is False)]
    return [Choice(choice_identifier(index), option.text, option.correct, option.fixed, option.feedback)
            for index, option in enumerate(item.options)]


def bank_name(files: list[Path], quizzes: list[Quiz]) -> str:
    """A name for default output files: the quiz id for one quiz, else the folder holding the quiz files."""
    if len(quizzes) == 1:
        return quizzes[0].id
    folders = sorted({str(path.resolve().parent) for path in files})
    common = Path(os.path.commonpath(folders)).name if folders else ""
    return ncname(common or "bank", prefix="bank-")


# --- numbers ----------------------------------------------------------------------------------------------


def number(value: float) -> str:
    """1.0 → "1", 2.5 → "2.5": the shortest text that reads back as the same float."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def points_sum(points) -> float:
    """The sum of ``points`` as the decimals they are written as: 0.1 + 0.2 is 0.3, where adding the floats gives
    0.30000000000000004 (which ``number`` would write)."""
    from decimal import Decimal

    return float(sum((Decimal(number(value)) for value in points), Decimal(0)))


# Moodle's grade list (question_bank::fraction_options_full): every fraction a question may give, in percent.
MOODLE_FRACTIONS = ("100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30",
                    "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0")
_SPLITS = {round(100 / float(value)): value for value in MOODLE_FRACTIONS[:-1]
           if abs(100 / float(value) - round(100 / float(value))) < 1e-4}


def moodle_fractions(quiz: PreparedQuiz, prepared: PreparedItem) -> list[str]:
    """Each option's fraction for Moodle (Moodle XML, GIFT), in percent from Moodle's list, in option order: 100
    for the key of a single-answer item and 0 for the others; for a multiple-answer item the right options share
    100 exactly and every wrong one takes the same share away. Raises ExportError where Moodle's list has no
    such share (11-19 or more than 20 right options).

    The list's shares are rounded (7 × 14.28571 = 99.99997): Moodle accepts them as its own exact splits, since
    it checks the total rounded to two decimals when it saves a question and grades a fraction above 0.999999
    as right (``question_state::graded_state_for_fraction``), so no larger value is needed (nor allowed)."""
    if not prepared.multiple:
        return ["100" if choice.correct else "0" for choice in prepared.choices]
    count = len(prepared.correct)
    share = _SPLITS.get(count)
    if share is None:
        raise ExportError(f"{quiz.where(prepared, 'options')}: item {prepared.item.id!r} has {count} right options; "
                          "Moodle's fraction list has no value that splits 100% exactly over them (it can for "
                          "1-10 or 20); change the number of right options or export another format")
    return [share if choice.correct else f"-{share}" for choice in prepared.choices]


# --- XML --------------------------------------------------------------------------------------------------

XSI = "http://www.w3.org/2001/XMLSchema-instance"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>\n'


def add_element(parent, tag: str, text: str | None = None, **attributes: str):
    """A new last child of ``parent``: ``tag`` (``{namespace}name`` or a plain name), ``text``, ``attributes``."""
    node = lxml_etree().SubElement(parent, tag, attributes)
    node.text = text
    return node


def root_element(namespace: str, tag: str, schema_location: str, **attributes: str):
    """A document element in ``namespace`` (the default namespace) with its ``xsi:schemaLocation``."""
    root = lxml_etree().Element(f"{{{namespace}}}{tag}", attributes, nsmap={None: namespace, "xsi": XSI})
    root.set(f"{{{XSI}}}schemaLocation", schema_location)
    return root


@dataclass
class PackageResource:
    """One ``<resource>`` of an IMS content package manifest."""

    identifier: str
    type: str
    files: list[str]
    href: str | None = None  # the resource's entry point, where the package format names one
    dependencies: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ContentPackage:
    """Which IMS content package a manifest belongs to: its namespace, schema and ``<metadata>`` schema."""

    namespace: str
    schema_location: str
    schema: str
    schema_version: str


def build_manifest(package: ContentPackage, name: str, resources: list[PackageResource]):
    """``imsmanifest.xml``: metadata, no organisation, the resources with their files and dependencies."""
    ns = package.namespace
    root = root_element(ns, "manifest", package.schema_location, identifier=ncname(f"manifest-{name}"))
    metadata = add_element(root, f"{{{ns}}}metadata")
    add_element(metadata, f"{{{ns}}}schema", package.schema)
    add_element(metadata, f"{{{ns}}}schemaversion", package.schema_version)
    add_element(root, f"{{{ns}}}organizations")
    container = add_element(root, f"{{{ns}}}resources")
    for resource in resources:
        attributes = {"identifier": resource.identifier, "type": resource.type}
        if resource.href is not None:
            attributes["href"] = resource.href
        node = add_element(container, f"{{{ns}}}resource", **attributes)
        for href in resource.files:
            add_element(node, f"{{{ns}}}file", href=href)
        for dependency in resource.dependencies:
            add_element(node, f"{{{ns}}}dependency", identifierref=dependency)
    return root


# --- writing ----------------------------------------------------------------------------------------------


def serialize_xml(root, *, xhtml: bool = False) -> bytes:
    """UTF-8 bytes with an XML declaration, indented for reading. Indentation only goes where whitespace means
    nothing: never into mixed content, and with ``xhtml`` never into XHTML elements nor next to inline ones."""
    from quizlint.render import ALLOWED_TAGS, INLINE_TAGS

    _indent(root, 0, ALLOWED_TAGS if xhtml else frozenset(), INLINE_TAGS if xhtml else frozenset())
    return XML_DECLARATION + lxml_etree().tostring(root, encoding="UTF-8", xml_declaration=False) + b"\n"


def _indent(element, level: int, html_tags: frozenset, inline_tags: frozenset) -> None:
    if not len(element) or _local(element) in html_tags:
        return
    if (element.text and element.text.strip()) or any(
            (child.tail and child.tail.strip()) or _local(child) in inline_tags for child in element):
        return
    inner = "\n" + "  " * (level + 1)
    element.text = inner
    for child in element:
        child.tail = inner
        _indent(child, level + 1, html_tags, inline_tags)
    element[-1].tail = "\n" + "  " * level


def _local(element) -> str:
    return element.tag.rpartition("}")[2] if isinstance(element.tag, str) else ""


ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A zip of ``entries`` (path → bytes) that is byte-identical for the same entries: sorted names, fixed
    timestamps and permissions, deflated."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()

