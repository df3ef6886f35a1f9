"""What every importer shares: problems and warnings, the draft quiz an importer fills, stable ids, safe
reading of files, XML and zip archives, HTML → Markdown, Moodle's multilang markup, and writing the quiz
file as readable, deterministic YAML.

Importers fill a :class:`DraftQuiz` whose texts are ``{language: text}`` mappings, where the language
``None`` stands for "the language given with ``--lang``" and the language :data:`NEUTRAL` for
language-neutral text (a plain string in the quiz file). :func:`quiz_document` turns the draft into the
plain data of a quiz file and :func:`dump_quiz` into its YAML text, which is checked to load back to
exactly the same data.
"""

from __future__ import annotations

import html
import io
import math
import os
import re
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any, Iterator

from quizlint.importers._types import typed_item_data, typed_texts
from quizlint.text import without_control_characters

# ---------------------------------------------------------------------------------------------------------
# Problems and warnings
# ---------------------------------------------------------------------------------------------------------


class ImportFailure(Exception):
    """Input that cannot be imported: a message with where it stands (file or zip entry, line, column)."""

    def __init__(self, where: str, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.where, self.message, self.line, self.column = where, message, line, column

    def __str__(self) -> str:
        position = ""
        if self.line is not None:
            position = f":{self.line}:{self.column or 1}"
        return f"{self.where}{position}: {self.message}"


@dataclass
class ImportLog:
    """Warnings (skipped question types, dropped content) and recoverable errors of one import."""

    warnings: list[str] = field(default_factory=list)
    errors: list[ImportFailure] = field(default_factory=list)
    taken: int = 0

    def take_warnings(self) -> list[str]:
        """The warnings not taken yet (so that each is printed once, as soon as it is known)."""
        new, self.taken = self.warnings[self.taken:], len(self.warnings)
        return new

    def warn(self, where: str, message: str, line: int | None = None) -> None:
        warning = f"{where}:{line}: {message}" if line is not None else f"{where}: {message}"
        if warning not in self.warnings:  # (said once, even when several quizzes come from one file)
            self.warnings.append(warning)

    def error(self, failure: ImportFailure) -> None:
        """A question that cannot be imported; the others still can (see ``--keep-going``)."""
        self.errors.append(failure)


def whole_answer_feedback_dropped(log: ImportLog, where: str, subject: str, dropped: list[str],
                                  line: int | None) -> None:
    """Warn that ``subject`` (``question 'x'``) loses ``dropped``, feedback on the answer as a whole (right,
    partly right, wrong), which quizlint has no place for (it has feedback per option and an explanation)."""
    if dropped:
        log.warn(where, f"{subject}: feedback shown for a right or wrong answer as a whole is not imported "
                 f"({', '.join(dropped)})", line)


def unequal_credit_dropped(log: ImportLog, where: str, subject: str, percents: list[float], line: int | None) -> None:
    """Warn when the right options of the multiple-answer ``subject`` earn different shares (``percents`` of the
    grade, in option order): quizlint shares an item's points equally among its right options."""
    if percents and max(percents) - min(percents) > CREDIT_TOLERANCE:
        log.warn(where, f"{subject}: unequal partial credit ({', '.join(f'{percent:g}%' for percent in percents)}) "
                 "is not imported: every option that earns some is right, and quizlint shares the points equally "
                 "among the right options", line)


CREDIT_TOLERANCE = 0.01  # percent: Moodle writes an equal third as 33.33333


def item_points(value: str | None, log: ImportLog, where: str, subject: str, line: int | None) -> float:
    """The points of ``subject`` from the source's ``value`` (1 without one); a value that is not a finite number
    greater than 0 (Moodle's ungraded 0, ``1e400``, ``ten``) makes the item worth 1, with a warning."""
    if value is None or not value.strip():
        return 1.0
    try:
        points = float(value)
    except ValueError:
        points = math.nan
    if math.isfinite(points) and points > 0:
        return points
    log.warn(where, f"{subject}: points {value.strip()!r} are not a finite number greater than 0: the item is worth 1",
             line)
    return 1.0


# ---------------------------------------------------------------------------------------------------------
# The draft an importer fills
# ---------------------------------------------------------------------------------------------------------

NEUTRAL = "*"  # language key of language-neutral text
Texts = dict  # {language or None (the --lang language) or NEUTRAL: text}


@dataclass
class DraftOption:
    text: Texts
    correct: bool = False
    feedback: Texts | None = None
    fixed: bool = False
    credit: float | None = None  # percent, on options of a multiple-answer question (see _types.option_credits)


@dataclass
class DraftItem:
    number: int  # 1-based position of the question in the source (skipped questions count)
    stem: Texts
    type: str = "single"  # single | multiple | true_false
    options: list[DraftOption] = field(default_factory=list)
    answer: bool | None = None
    explanation: Texts | None = None
    tags: list[str] = field(default_factory=list)
    points: float = 1
    source_ids: tuple[str, ...] = ()  # ids the source gives the question, best first (idnumber, name, …)
    category: str | None = None  # the label of the source's category (Moodle, GIFT, QTI test): see merge_categories
    keeps_order: bool = False  # the source never shuffles its options (Moodle shuffleanswers off, QTI shuffle="false")
    typed: Any = None  # the other types' part: a ``quizlint.importers._types.TypedDraft``


@dataclass(frozen=True)
class Category:
    """A category of the source (Moodle XML, GIFT ``$CATEGORY:``): what a quiz of its questions is called."""

    title: Texts
    idnumber: str | None = None
    description: Texts | None = None


@dataclass
class DraftQuiz:
    title: Texts = field(default_factory=dict)
    description: Texts | None = None
    items: list[DraftItem] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)  # languages the source declares, in order
    default_lang: str | None = None  # the language the source declares for unmarked texts (QTI xml:lang)
    fallback_title: str = "Imported quiz"
    id_hint: str | None = None  # a quiz id the source gives (QTI test identifier)
    categories: dict[str, Category] = field(default_factory=dict)  # by label (``DraftItem.category``)
    categories_are_quizzes: bool = False  # the categories are quizzes (QTI tests): see merge_categories


@dataclass(frozen=True)
class ImportOptions:
    lang: str | None = None  # language of texts that carry none
    languages: tuple[str, ...] = ()  # the quiz's languages (first = source)
    quiz_id: str | None = None


_CATEGORY_ROOTS = {"$course$", "$system$", "$module$", "$coursecategory$", "top"}


def category_name(path: str) -> str | None:
    """The name a Moodle category path gives a quiz: its last segment that is not a root or a "Default for"
    (``$course$/top/Default for Physics/Optics`` → ``Optics``); ``//`` is Moodle's escaped ``/``."""
    segments = [segment.replace("\x00", "/").strip() for segment in path.replace("//", "\x00").split("/")]
    named = [segment for segment in segments
             if segment and segment.lower() not in _CATEGORY_ROOTS and not segment.lower().startswith("default for")]
    return named[-1] if named else None


def add_items(draft: "DraftQuiz", log: ImportLog, sources, read_one) -> None:
    """``read_one(source)`` for each source, keeping the items it returns (None: a skipped question); a
    question that cannot be imported is logged as an error and the others are still read."""
    for source in sources:
        try:
            item = read_one(source)
        except ImportFailure as failure:
            log.error(failure)
            continue
        if item is not None:
            draft.items.append(item)


def apply_categories(draft: "DraftQuiz") -> None:
    """Categories (Moodle XML, GIFT ``$CATEGORY:``) are known by their labels (a category the source describes no
    further is called by its label)."""
    for name in dict.fromkeys(item.category for item in draft.items if item.category):
        draft.categories.setdefault(name, Category({None: name}))


def tag_categories(draft: "DraftQuiz") -> None:
    """One quiz of questions from more than one category: a tag on each question names its category."""
    if len({item.category for item in draft.items if item.category}) > 1:
        for item in draft.items:
            if item.category:
                item.tags.append(item.category)


def merge_categories(draft: "DraftQuiz", log: ImportLog, where: str) -> None:
    """Without ``--split``: one quiz of the questions of every category, tagged with their category when there are
    several. A source without a title of its own (Moodle XML, GIFT) gives the quiz the title, id and description
    of the category of its first question; categories that are quizzes of their own (the tests of a QTI package)
    lend it nothing, since the quiz is not any one of them: it keeps the package's name, and a warning names them."""
    tag_categories(draft)
    labels = list(dict.fromkeys(item.category for item in draft.items if item.category)) or list(draft.categories)
    if draft.categories_are_quizzes:
        if len(labels) > 1:
            log.warn(where, f"the package holds {len(labels)} tests ({', '.join(repr(label) for label in labels)}): "
                     "their questions make one quiz, named after the package and tagged with their test; "
                     "--split -o FOLDER writes one quiz per test")
        return
    if labels and not draft.title:
        category = draft.categories[labels[0]]
        draft.title, draft.id_hint, draft.description = category.title, category.idnumber, category.description


def split_by_category(draft: "DraftQuiz") -> list["DraftQuiz"]:
    """One quiz per category, in the order of their first questions, called as the category is (title, id,
    description); questions outside every category make a quiz called as the source is (its own title, id and
    description, else the name of the file). Each declares those of the source's languages its own texts use."""
    groups: dict[str | None, list[DraftItem]] = {}
    for item in draft.items:
        groups.setdefault(item.category, []).append(item)
    quizzes = []
    for label, items in groups.items():
        category = draft.categories.get(label) if label else None
        if category is None:
            quiz = replace(draft, items=items, categories={})
        else:
            quiz = replace(draft, items=items, categories={}, title=category.title, id_hint=category.idnumber,
                           description=category.description)
        quiz.languages = _languages_used(quiz)
        quizzes.append(quiz)
    return quizzes


def _languages_used(quiz: "DraftQuiz") -> list[str]:
    """The languages ``quiz`` declares that its texts use (the first of them when its texts use none)."""
    used = {lang for texts in _draft_texts(quiz) for lang in texts}
    return [lang for lang in quiz.languages if lang in used] or quiz.languages[:1]


def _truth_value(texts: Texts) -> bool | None:
    """True or False when every language's text is a True or False label (the labels the exporters write,
    ``quizlint.export._common.TRUE_FALSE_LABELS``), compared casefolded by the rules of the label's language:
    ``YANLIŞ`` is Turkish ``Yanlış`` whatever language the text is said to be in (often none, as in a Canvas
    export)."""
    from quizlint.export._common import TRUE_FALSE_LABELS
    from quizlint.text import casefold

    values = set()
    for text in texts.values():
        written = (text or "").strip().rstrip(".")
        values.add(next((value for label_lang, (true, false) in TRUE_FALSE_LABELS.items()
                         for word, value in ((true, True), (false, False))
                         if casefold(word, label_lang) == casefold(written, label_lang)), None))
    return values.pop() if len(values) == 1 else None


def make_true_false(item: "DraftItem") -> list[str] | None:
    """Turn a two-option True/False question (exactly one correct) into a ``true_false`` item; returns the
    per-option feedback that a true_false item cannot keep, or None when the item is not one."""
    if len(item.options) != 2 or sum(option.correct for option in item.options) != 1:
        return None
    truths = [_truth_value(option.text) for option in item.options]
    if set(truths) != {True, False}:
        return None
    correct = next(option for option in item.options if option.correct)
    dropped = [" / ".join(option.feedback.values()) for option in item.options if option.feedback]
    item.type, item.answer, item.options = "true_false", _truth_value(correct.text), []
    return dropped


def texts_of(value: str | None, lang: str | None = None) -> Texts | None:
    """A one-language text, or None for a missing or empty one."""
    if value is None or value == "":
        return None
    return {lang: value}


# ---------------------------------------------------------------------------------------------------------
# Ids
# ---------------------------------------------------------------------------------------------------------

_TURKISH_FOLD = str.maketrans({"ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ğ": "g", "Ğ": "G", "ü": "u", "Ü": "U",
                               "ö": "o", "Ö": "O", "ç": "c", "Ç": "C"})
_IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
_HEX_RUN = re.compile(r"[0-9a-fA-F]{16,}")
SLUG_MAX = 50


def ascii_fold(text: str) -> str:
    """Latin letters without accents (Turkish ı ş ğ ü ö ç İ folded by hand: NFKD leaves ı alone)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_TURKISH_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).encode("ascii", "ignore").decode()


def slugify(text: str, max_length: int = SLUG_MAX) -> str:
    """``Model Niceleme Sınavı`` → ``model-niceleme-sinavi``; empty when nothing Latin is left."""
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(text).lower()).strip("-")
    if len(slug) > max_length:
        cut = slug[:max_length]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut
    return slug


def is_identifier(value: str) -> bool:
    return bool(_IDENTIFIER.match(value)) and len(value) <= 200


def readable_id(value: str | None) -> str | None:
    """``value`` when it can serve as a quizlint id a person can read: valid, short, not a hash or a number."""
    if not value:
        return None
    value = value.strip()
    if not is_identifier(value) or len(value) > 64 or _HEX_RUN.search(value) or value.isdigit():
        return None
    return value


# ---------------------------------------------------------------------------------------------------------
# Reading input
# ---------------------------------------------------------------------------------------------------------

MAX_INPUT_BYTES = 64 * 1024 * 1024  # a text or XML file
MAX_ARCHIVE_BYTES = 256 * 1024 * 1024  # a zip archive
MAX_ENTRY_BYTES = 16 * 1024 * 1024  # one file read out of an archive, uncompressed
MAX_ENTRIES = 10_000
MAX_ARCHIVE_TOTAL_BYTES = 2 * 1024 * 1024 * 1024  # all entries as declared, uncompressed


def read_bytes(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    display = str(path)
    try:
        size = path.stat().st_size
        if size > limit:
            raise ImportFailure(display, f"file is {size / 1048576:.1f} MiB, over the {limit // 1048576} MiB limit")
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise ImportFailure(display, f"cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        raise ImportFailure(display, f"file is over the {limit // 1048576} MiB limit")
    return data


def decode_text(raw: bytes, where: str) -> str:
    """UTF-8 (with or without a BOM) with ``\\r\\n`` and ``\\r`` turned into ``\\n``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise ImportFailure(where, f"invalid UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8",
                            line, column) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


# ---------------------------------------------------------------------------------------------------------
# XML
# ---------------------------------------------------------------------------------------------------------

_DOCTYPE = re.compile(rb"<!DOCTYPE")
_ENTITY = re.compile(rb"<!ENTITY")


def _reject_entity_declarations(data: bytes, where: str) -> None:
    doctype = _DOCTYPE.search(data)
    if doctype is None:
        return
    end = data.find(b"]>", doctype.end())
    subset_end = end if end != -1 else data.find(b">", doctype.end())
    entity = _ENTITY.search(data, doctype.end(), subset_end if subset_end != -1 else len(data))
    if entity is not None:
        line = data.count(b"\n", 0, entity.start()) + 1
        column = entity.start() - (data.rfind(b"\n", 0, entity.start()) + 1) + 1
        raise ImportFailure(where, "the document declares XML entities (<!ENTITY>), which are refused: they are "
                            "the vehicle of external-entity (XXE) and entity-expansion attacks", line, column)


def parse_xml(data: bytes, where: str):
    """Parse XML with entity resolution, DTD loading and network access off; refuse entity declarations."""
    from lxml import etree

    _reject_entity_declarations(data, where)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        line, column = error.position if error.position else (error.lineno or 1, 1)
        raise ImportFailure(where, f"malformed XML: {error.msg}", line, column) from None
    except ValueError as error:
        raise ImportFailure(where, f"malformed XML: {error}") from None
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise ImportFailure(where, "the document declares XML entities (<!ENTITY>), which are refused")
    return root


def local_name(element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def children_named(element, name: str) -> list:
    return [child for child in element if local_name(child) == name]


def child_named(element, name: str):
    for child in element:
        if local_name(child) == name:
            return child
    return None


def descendants_named(element, name: str) -> Iterator:
    for node in element.iter():
        if local_name(node) == name:
            yield node


def element_text(element) -> str:
    return "".join(element.itertext()) if element is not None else ""


# ---------------------------------------------------------------------------------------------------------
# Packages: zip archives read in memory, or folders, behind one interface
# ---------------------------------------------------------------------------------------------------------


def check_member_name(name: str, where: str) -> str:
    """A normalized relative POSIX path, or a failure for absolute paths and ``..`` (zip slip)."""
    if "\x00" in name:
        raise ImportFailure(where, f"entry {name!r} has a NUL byte in its name")
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"[A-Za-z]:", posix):
        raise ImportFailure(where, f"entry {name!r} has an absolute path; refusing the archive")
    parts = [part for part in posix.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise ImportFailure(where, f"entry {name!r} points outside the archive ('..'); refusing the archive")
    return "/".join(parts)


class Package:
    """Files of a content package (zip or folder), read by relative POSIX path."""

    display: str

    def names(self) -> list[str]:
        raise NotImplementedError

    def read(self, name: str) -> bytes:
        raise NotImplementedError

    def where(self, name: str) -> str:
        return f"{self.display}!{name}"

    def has(self, name: str) -> bool:
        return name in set(self.names())


class ZipPackage(Package):
    """A zip archive held in memory: nothing is extracted; every entry is checked before it is read."""

    def __init__(self, data: bytes, display: str):
        self.display = display
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as error:
            raise ImportFailure(display, f"not a readable zip archive (truncated or corrupt?): {error}") from None
        if len(infos) > MAX_ENTRIES:
            raise ImportFailure(display, f"the archive has {len(infos)} entries, over the limit of {MAX_ENTRIES}")
        if sum(info.file_size for info in infos) > MAX_ARCHIVE_TOTAL_BYTES:
            raise ImportFailure(display, "the archive declares more than 2 GiB of uncompressed data; refusing it")
        self.infos: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = check_member_name(info.filename, display)
            if not info.is_dir():
                self.infos[name] = info

    def names(self) -> list[str]:
        return list(self.infos)

    def has(self, name: str) -> bool:
        return name in self.infos

    def read(self, name: str) -> bytes:
        info = self.infos.get(name)
        where = self.where(name)
        if info is None:
            raise ImportFailure(self.display, f"the archive has no entry {name!r}")
        if info.file_size > MAX_ENTRY_BYTES:
            raise ImportFailure(where, f"entry declares {info.file_size / 1048576:.0f} MiB uncompressed, over the "
                                f"{MAX_ENTRY_BYTES // 1048576} MiB limit")
        try:
            with self.zip.open(info) as stream:
                data = stream.read(MAX_ENTRY_BYTES + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError) as error:
            raise ImportFailure(where, f"cannot read the entry (truncated or corrupt archive?): {error}") from None
        if len(data) > MAX_ENTRY_BYTES:
            raise ImportFailure(where, f"entry inflates beyond the {MAX_ENTRY_BYTES // 1048576} MiB limit")
        return data


class FolderPackage(Package):
    """An unpacked package: paths are checked so that nothing outside the folder is read."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.display = str(root)

    def names(self) -> list[str]:
        found = []
        for dirpath, _dirnames, filenames in os.walk(self.root):
            for filename in filenames:
                found.append((Path(dirpath) / filename).relative_to(self.root).as_posix())
                if len(found) > MAX_ENTRIES:
                    raise ImportFailure(self.display, f"the folder has more than {MAX_ENTRIES} files")
        return sorted(found)

    def has(self, name: str) -> bool:
        return (self.root / name).is_file()

    def read(self, name: str) -> bytes:
        relative = check_member_name(name, self.display)
        path = (self.root / relative).resolve()
        if self.root not in path.parents:
            raise ImportFailure(self.display, f"{name!r} points outside the package folder")
        if not path.is_file():
            raise ImportFailure(self.display, f"the package has no file {name!r}")
        return read_bytes(path, MAX_ENTRY_BYTES)

    def where(self, name: str) -> str:
        return str(Path(self.display) / name)


def resolve_href(base: str, href: str, where: str) -> str:
    """``href`` (relative to the package file ``base``) as a package path; ``..`` may climb folders inside
    the package but never out of it, and absolute paths and URLs are refused."""
    from urllib.parse import unquote, urlsplit

    if urlsplit(href).scheme or href.startswith(("/", "\\")):
        raise ImportFailure(where, f"reference {href!r} is not a relative path inside the package")
    parts: list[str] = list(PurePosixPath(base).parent.parts) if PurePosixPath(base).parent != PurePosixPath(".") else []
    for part in unquote(href.split("#", 1)[0]).replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise ImportFailure(where, f"reference {href!r} points outside the package")
            parts.pop()
        else:
            parts.append(part)
    return check_member_name("/".join(parts), where)


# ---------------------------------------------------------------------------------------------------------
# HTML → Markdown
# ---------------------------------------------------------------------------------------------------------

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
         "wbr"}
_BLOCK_SIMPLE = {"p", "div", "ul", "ol", "pre"}
_BLOCK_HTML = {"address", "article", "aside", "blockquote", "details", "dl", "fieldset", "figure", "footer",
               "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "section", "table"}
_HTML_SPACE = re.compile(r"[ \t\n\r\f]+")
_MARKDOWN_SPECIAL = re.compile(r"[\\`*_\[\]<>&#!~|]")
_ESCAPABLE = re.compile(r"([\\`*_\[\]<>&!~|])")
# What would start a Markdown block at the start of a line of text: a heading, a quote, a list item (one with
# nothing after its marker too: an option "-" or "1."), a thematic break or a setext underline (a line of only
# "-", "*" or "_"), a code fence, a link reference definition (which would vanish).
_BLOCK_START = re.compile(r"^(#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|\d{1,9}(?=[.)](?:\s|$))|[-*_](?=[-*_ \t]*$)|`{3}|~{3}"
                          r"|\[(?=[^\]]*\]:))")
_SETEXT_EQUALS = re.compile(r"=+[ \t]*\Z")  # under a line of text, a line of "=" makes it a heading


@dataclass
class _Node:
    tag: str
    attrs: list[tuple[str, str | None]]
    children: list = field(default_factory=list)


MAX_HTML_DEPTH = 100  # elements inside one another; what is deeper keeps its text, not its tags


class _TreeBuilder(HTMLParser):
    """The element tree of an HTML text, at most ``MAX_HTML_DEPTH`` deep: the tags nested deeper are left out
    (their text is kept), so that no HTML makes the converters, which recurse, overflow the stack."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root", [])
        self.stack = [self.root]
        self.left_out: list[str] = []  # the open tags nested too deep, innermost last

    def handle_starttag(self, tag, attrs):
        if tag not in _VOID and len(self.stack) > MAX_HTML_DEPTH:
            self.left_out.append(tag)
            return
        node = _Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(_Node(tag, attrs))

    def handle_endtag(self, tag):
        if tag in self.left_out:
            del self.left_out[len(self.left_out) - 1 - self.left_out[::-1].index(tag):]
            return
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


_LIKELY_MARKUP = re.compile(r"""\\(?=[!-/:-@\[-`{-~])|[*`\[\]]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)""")


def escape_markdown(text: str) -> str:
    """``text`` such that Markdown shows it literally: escaped only where Markdown would read markup (checked by
    rendering it with the parser ``quizlint.render`` reads Markdown with), never inside math (``$…$``), which
    that parser keeps as written."""
    if not _MARKDOWN_SPECIAL.search(text):
        return text
    from markdown_it.common.utils import escapeHtml

    from quizlint.render import markdown_parser

    literal = escapeHtml(text)
    if markdown_parser().renderInline(text) == literal:
        return text
    minimal = _escaped_outside_math(_LIKELY_MARKUP, text)
    if markdown_parser().renderInline(minimal) == literal:
        return minimal
    return _escaped_outside_math(_ESCAPABLE, text)


def _escaped_outside_math(pattern: re.Pattern, text: str) -> str:
    """``text`` with a backslash before every match of ``pattern`` that is not inside math."""
    from quizlint.render import math_spans

    pieces, end = [], 0
    for start, stop in [*math_spans(text), (len(text), len(text))]:
        pieces += [pattern.sub(lambda match: "\\" + match.group(0), text[end:start]), text[start:stop]]
        end = stop
    return "".join(pieces)


def plain_text_markdown(text: str) -> str:
    """Plain text (Moodle's ``plain_text`` format, GIFT's ``[plain]``) as Markdown that shows it literally: what
    would be markup is escaped (``<br>`` stays the four characters, ``*none*`` is no emphasis), a line break stays
    one (Moodle shows plain text with ``nl2br``) and a blank line starts a paragraph."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return html_to_markdown("".join("<p>" + "<br>".join(html.escape(line, quote=False) for line in paragraph.split("\n"))
                                    + "</p>" for paragraph in paragraphs))


def moodle_auto_format_markdown(text: str) -> str:
    """Moodle's ``moodle_auto_format`` text as Markdown: HTML where it has tags, its line breaks kept and nothing
    else read as markup, as Moodle's ``text_to_html`` shows it (whitespace between tags and the line breaks
    next to a tag dropped, every other line break a ``<br>``)."""
    text = re.sub(r">\s+<", "><", text)
    text = re.sub(r"[\n\r]<", " <", text)
    text = re.sub(r">[\n\r]", "> ", text)
    return html_to_markdown("<br>".join(text.split("\n")))


def _serialize(node) -> str:
    """A node as HTML, verbatim (for what Markdown cannot say)."""
    if isinstance(node, str):  # no blank line: it would end an HTML block in Markdown
        return re.sub(r"\n[ \t\r\f]*\n[ \t\r\f\n]*", "\n", html.escape(node, quote=False))
    attrs = "".join(f' {name}="{html.escape(value, quote=True)}"' if value is not None else f" {name}"
                    for name, value in node.attrs)
    if node.tag in _VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{''.join(_serialize(child) for child in node.children)}</{node.tag}>"


def _text_only(node: _Node) -> str | None:
    if all(isinstance(child, str) for child in node.children):
        return "".join(node.children)
    return None


def _wrap(marker: str, inner: str) -> str:
    """``**inner**`` with the spaces of ``inner`` moved outside the markers (``** x**`` is not bold)."""
    stripped = inner.strip(" ")
    if not stripped:
        return inner
    lead = inner[: len(inner) - len(inner.lstrip(" "))]
    trail = inner[len(inner.rstrip(" ")):]
    return f"{lead}{marker}{stripped}{marker}{trail}"


def _code_span(code: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if code.startswith("`") or code.endswith("`") or (code.startswith(" ") and code.endswith(" ")) else ""
    return f"{fence}{pad}{code}{pad}{fence}"


def _link(node: _Node, inner: str) -> str | None:
    attrs = dict(node.attrs)
    href = attrs.get("href")
    if href is None or set(attrs) - {"href", "title"} or not inner.strip():
        return None
    target = f"<{href}>" if re.search(r"[\s()<>]", href) else href
    if re.search(r"[<>]", href):
        return None
    title = attrs.get("title")
    title_part = f' "{title.replace(chr(34), chr(92) + chr(34))}"' if title else ""
    return f"[{inner}]({target}{title_part})"


def _collapse(match: re.Match) -> str:
    return "\n" if "\n" in match.group(0) else " "


def _inline(nodes: list) -> str:
    out = []
    for node in nodes:
        if isinstance(node, str):  # a run of spaces is one space; a line break in the source stays one
            out.append(escape_markdown(_HTML_SPACE.sub(_collapse, node)))
        elif node.tag == "br":
            out.append("\\\n")
        elif node.tag in ("strong", "b"):
            out.append(_wrap("**", _inline(node.children)))
        elif node.tag in ("em", "i"):
            out.append(_wrap("*", _inline(node.children)))
        elif node.tag == "code" and _text_only(node) is not None:
            out.append(_code_span(_HTML_SPACE.sub(" ", _text_only(node))))
        elif node.tag == "a" and (link := _link(node, _inline(node.children))) is not None:
            out.append(link)
        else:
            out.append(_serialize(node))
    return "".join(out)


def _is_blank(node) -> bool:
    return (isinstance(node, str) and not _HTML_SPACE.sub("", node)) or (not isinstance(node, str) and node.tag == "br")


def _paragraph(nodes: list) -> str:
    start, end = 0, len(nodes)
    while start < end and _is_blank(nodes[start]):  # a hard break at the edge of a paragraph means nothing
        start += 1
    while end > start and _is_blank(nodes[end - 1]):
        end -= 1
    text = _inline(nodes[start:end])
    lines = [line.strip(" ") for line in text.split("\n") if line.strip(" ")]  # a blank line would end it
    lines = [_BLOCK_START.sub(lambda match: "\\" + match.group(0) if not match.group(0)[0].isdigit()
                              else match.group(0) + "\\", line, count=1) for line in lines]
    lines = lines[:1] + ["\\" + line if _SETEXT_EQUALS.match(line) else line for line in lines[1:]]
    return "\n".join(lines).strip()


def _list_start(node: _Node) -> int:
    start = str(dict(node.attrs).get("start") or "1")
    return int(start) if node.tag == "ol" and start.isdigit() else 1


def _list(node: _Node) -> str:
    ordered = node.tag == "ol"
    start = _list_start(node)
    items = []
    for child in node.children:
        if isinstance(child, str):
            if child.strip():
                items.append(escape_markdown(child.strip()))
            continue
        if child.tag != "li":
            items.append(_serialize(child))
            continue
        marker = f"{start + len(items)}. " if ordered else "- "
        tight = not any(not isinstance(node, str) and node.tag == "p" for node in child.children)
        body = _blocks(child.children, "\n" if tight else "\n\n") or ""
        indent = " " * len(marker)
        items.append(marker + body.replace("\n", "\n" + indent).replace("\n" + indent + "\n", "\n\n"))
    return "\n".join(items)


def _code_language(code: _Node) -> str:
    """The language of a ``<code class="language-python">`` (as Markdown renderers write a fence's info string),
    or "" without one (or with one a fence's info string cannot hold)."""
    classes = " ".join(value or "" for name, value in code.attrs if name == "class").split()
    language = next((name[len("language-"):] for name in classes if name.startswith("language-")), "")
    return language if re.fullmatch(r"[^\s`]+", language) else ""


def _pre(node: _Node) -> str | None:
    content, language = _text_only(node), ""
    if content is None and len(node.children) == 1 and not isinstance(node.children[0], str) \
            and node.children[0].tag == "code":
        content, language = _text_only(node.children[0]), _code_language(node.children[0])
    if content is None:
        return None
    content = content[1:] if content.startswith("\n") else content
    content = content.rstrip("\n")
    longest = max((len(run) for run in re.findall(r"`{3,}", content)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}{language}\n{content}\n{fence}"


def _block(node: _Node) -> str:
    if node.tag == "p":
        return _paragraph(node.children)
    if node.tag == "div":
        return _blocks(node.children)
    if node.tag in ("ul", "ol"):
        return _list(node)
    if node.tag == "pre":
        fenced = _pre(node)
        return fenced if fenced is not None else _serialize(node)
    return _serialize(node)


def _is_block(node) -> bool:
    return not isinstance(node, str) and (node.tag in _BLOCK_SIMPLE or node.tag in _BLOCK_HTML)


def _blocks(nodes: list, separator: str = "\n\n") -> str:
    blocks: list[str] = []
    run: list = []

    def flush() -> None:
        if run:
            blocks.append(_paragraph(run))
            run.clear()

    for node in nodes:
        if _is_block(node):
            flush()
            blocks.append(_block(node))
        else:
            run.append(node)
    flush()
    return separator.join(block for block in blocks if block)


def html_to_markdown(source: str) -> str:
    """Simple HTML (p, br, strong/b, em/i, code, pre, a, ul/ol/li, div) as Markdown; anything else stays as
    inline HTML, verbatim. Whitespace is collapsed as a browser would; comments are dropped."""
    builder = _TreeBuilder()
    builder.feed(source)
    builder.close()
    return _blocks(builder.root.children).strip()


# ---------------------------------------------------------------------------------------------------------
# Moodle's multilang markup
# ---------------------------------------------------------------------------------------------------------

_SPAN_LANG_OPEN = re.compile(
    r"""<span\s+(?:lang\s*=\s*["']([A-Za-z0-9_-]+)["']\s+class\s*=\s*["']multilang["']|"""
    r"""class\s*=\s*["']multilang["']\s+lang\s*=\s*["']([A-Za-z0-9_-]+)["'])\s*>""",
    re.IGNORECASE,
)
_SPAN_TAG = re.compile(r"<(/?)span\b[^>]*>", re.IGNORECASE)
_MLANG = re.compile(r"\{\s*mlang\s+([A-Za-z0-9_,\s-]+?)\s*\}(.*?)\{\s*mlang\s*\}", re.IGNORECASE | re.DOTALL)


def language_tag(code: str) -> str:
    """A language code as the BCP 47 tag a quiz file writes: Moodle's ``pt_br`` and QTI's ``en_US`` → ``pt-BR`` and
    ``en-US`` (a code that is no tag, ``english``, stays one: see ``is_language_tag``)."""
    head, *rest = code.replace("_", "-").split("-")
    return "-".join([head.lower()] + [part.upper() if len(part) == 2 else part.lower() for part in rest])


@dataclass(frozen=True)
class _LangBlock:
    start: int
    end: int
    langs: frozenset
    inner: str


def _closing_span(text: str, start: int) -> re.Match | None:
    """The ``</span>`` that closes a span whose content starts at ``start``: spans inside it (a styled word in a
    multilang span) are counted, so that their ``</span>`` does not end it. None when it is never closed."""
    depth = 1
    for tag in _SPAN_TAG.finditer(text, start):
        if tag.group(0).endswith("/>") and not tag.group(1):
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag
    return None


def _span_blocks(text: str) -> list[_LangBlock]:
    """The multilang spans of ``text``, each with its content as written (inner markup kept)."""
    blocks, position = [], 0
    while (opening := _SPAN_LANG_OPEN.search(text, position)) is not None:
        closing = _closing_span(text, opening.end())
        if closing is None:  # never closed: not a language block
            position = opening.end()
            continue
        blocks.append(_LangBlock(opening.start(), closing.end(),
                                 frozenset({language_tag(opening.group(1) or opening.group(2))}),
                                 text[opening.end():closing.start()]))
        position = closing.end()
    return blocks


def _language_blocks(text: str) -> list[_LangBlock]:
    blocks = _span_blocks(text)
    blocks += [_LangBlock(m.start(), m.end(),
                          frozenset(language_tag(code.strip()) for code in m.group(1).split(",") if code.strip()),
                          m.group(2))
               for m in _MLANG.finditer(text)]
    blocks.sort(key=lambda block: block.start)
    kept, last_end = [], -1
    for block in blocks:  # a {mlang} inside a span (or the reverse) is left to the outer one
        if block.start >= last_end:
            kept.append(block)
            last_end = block.end
    return kept


def split_languages(text: str) -> dict[str | None, str]:
    """``{lang: text}`` for each language of the multilang markup in ``text`` (``{None: text}`` when there is
    none). Text outside the markup belongs to every language; ``{mlang other}`` blocks make the text of the
    language ``"other"`` (the importer files it under ``--lang``)."""
    blocks = _language_blocks(text)
    if not blocks:
        return {None: text}
    languages: list[str] = []
    for block in blocks:
        for lang in sorted(block.langs):
            if lang not in languages:
                languages.append(lang)
    languages.sort(key=lambda lang: lang == "other")
    result = {}
    for lang in languages:
        out, position = [], 0
        for block in blocks:
            out.append(text[position:block.start])
            if lang in block.langs:
                out.append(block.inner)
            position = block.end
        out.append(text[position:])
        result[lang] = "".join(out)
    return result


# ---------------------------------------------------------------------------------------------------------
# Building the quiz file
# ---------------------------------------------------------------------------------------------------------

_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*\Z")


def is_language_tag(value: str) -> bool:
    return bool(_LANGUAGE_TAG.match(value))


def _draft_texts(draft: DraftQuiz) -> Iterator[Texts]:
    yield draft.title
    if draft.description:
        yield draft.description
    for item in draft.items:
        yield item.stem
        if item.explanation:
            yield item.explanation
        for option in item.options:
            yield option.text
            if option.feedback:
                yield option.feedback
        yield from typed_texts(item.typed)


def resolve_languages(draft: DraftQuiz, options: ImportOptions, log: ImportLog, where: str) -> tuple[str, list[str]]:
    """The language of unmarked texts and the quiz's languages (source first). ``--languages`` is taken as
    given (the command checks that it holds ``--lang``); languages found in the texts are never dropped."""
    found: list[str] = []
    for texts in _draft_texts(draft):
        for lang in texts:
            if lang not in (None, NEUTRAL) and lang not in found:
                found.append(lang)
    declared = list(dict.fromkeys(draft.languages + found))
    lang = options.lang or (options.languages[0] if options.languages else None) or draft.default_lang \
        or (declared[0] if declared else None)
    if lang is None:
        lang = "en"
        if any(None in texts for texts in _draft_texts(draft)):
            log.warn(where, "the texts' language is not declared: they go into 'en' (choose with --lang)")
    languages = list(options.languages) or list(dict.fromkeys([lang] + declared))
    for extra in found:
        if extra not in languages:
            log.warn(where, f"texts in language '{extra}' are kept although --languages does not list it")
            languages.append(extra)
    return lang, languages


def _resolve_texts(texts: Texts | None, lang: str) -> Any:
    """Draft texts → a quiz-file text: a plain string (neutral) or ``{lang: text}`` in a stable order."""
    if not texts:
        return None
    if NEUTRAL in texts:
        return texts[NEUTRAL]
    resolved = {key: value for key, value in texts.items() if key is not None and value}
    if texts.get(None) and lang not in resolved:  # a text that says its language wins over an unmarked one
        resolved[lang] = texts[None]
    return dict(sorted(resolved.items())) or None


def _ordered(texts: Any, languages: list[str]) -> Any:
    """Language fields in the order of the quiz's languages."""
    if not isinstance(texts, dict):
        return texts
    return {lang: texts[lang] for lang in sorted(texts, key=lambda key: (languages.index(key), "")
                                                   if key in languages else (len(languages), key))}


class ItemIds:
    """The item ids taken so far: in one quiz, or in all the quizzes of one import (``--split``), so that each is
    unique in the bank the import writes."""

    def __init__(self, used: set[str] | None = None) -> None:
        self.used: set[str] = set(used or ())

    def copy(self) -> "ItemIds":
        return ItemIds(self.used)

    def claim(self, candidates: tuple[str | None, ...], fallback: str) -> str:
        for candidate in candidates:
            value = readable_id(candidate)
            if value and value not in self.used:
                self.used.add(value)
                return value
        value, counter = fallback, 2
        while value in self.used:
            value, counter = f"{fallback}-{counter}", counter + 1
        self.used.add(value)
        return value


def _text_value(texts: Texts | None, lang: str, languages: list[str]) -> Any:
    return _ordered(_resolve_texts(texts, lang), languages)


def _item_data(item: DraftItem, item_id: str, lang: str, languages: list[str]) -> dict:
    data: dict[str, Any] = {"id": item_id, "type": item.type, "stem": _text_value(item.stem, lang, languages) or ""}
    if item.typed is not None:
        data.update(typed_item_data(item.type, item.typed, lambda texts: _text_value(texts, lang, languages)))
    elif item.type == "true_false":
        if item.answer is not None:
            data["answer"] = item.answer
    else:
        options = []
        for option in item.options:
            entry: dict[str, Any] = {"text": _text_value(option.text, lang, languages) or ""}
            if option.correct:
                entry["correct"] = True
            feedback = _text_value(option.feedback, lang, languages)
            if feedback is not None:
                entry["feedback"] = feedback
            if option.fixed:
                entry["fixed"] = True
            if option.credit is not None:
                entry["credit"] = option.credit
            options.append(entry)
        data["options"] = options
    explanation = _text_value(item.explanation, lang, languages)
    if explanation is not None:
        data["explanation"] = explanation
    tags = list(dict.fromkeys(tag.strip() for tag in item.tags if tag and tag.strip()))
    if tags:
        data["tags"] = tags
    if item.points != 1:
        data["points"] = int(item.points) if float(item.points).is_integer() else item.points
    return data


def _translation_states(data: dict, languages: list[str]) -> dict:
    """Target languages the item has texts in, as ``draft`` translations of the current source."""
    from quizlint.model import item_text_fields, source_digest
    from quizlint.model.types import validate_item

    item = validate_item(data)
    states = {}
    for target in languages[1:]:
        if any(isinstance(f.value, dict) and f.value.get(target) for f in item_text_fields(item)):
            states[target] = {"status": "draft", "source": source_digest(item, languages[0])}
    return states


def _pin_options(data: dict, languages: list[str]) -> None:
    """The options of an item the source never shuffles, all ``fixed`` (a quiz file's way to say that no option
    may move), unless their order already means something to quizlint, which then never moves them either
    (numbers, "all of the above": the items quizlint's own exports mark so)."""
    from quizlint.model.order import order_is_meaningful
    from quizlint.model.types import validate_item

    if data.get("options") and not order_is_meaningful(validate_item(data), languages):
        for option in data["options"]:
            option["fixed"] = True


def quiz_document(draft: DraftQuiz, options: ImportOptions, log: ImportLog, where: str, stem: str,
                  ids: ItemIds | None = None) -> dict:
    """The plain data of the quiz file for ``draft``, its item ids not among ``ids`` (which gets them)."""
    lang, languages = resolve_languages(draft, options, log, where)
    removed: list[int] = []
    title = _text_value(draft.title, lang, languages) or {lang: draft.fallback_title or stem}
    title = _without_control_characters(title, removed)
    title_text = title if isinstance(title, str) else title.get(languages[0]) or next(iter(title.values()))
    quiz_id = options.quiz_id or readable_id(draft.id_hint) or slugify(title_text) or slugify(stem) or "imported-quiz"
    document: dict[str, Any] = {"quizlint": 1, "id": quiz_id, "languages": languages, "title": title}
    description = _text_value(draft.description, lang, languages)
    if description is not None:
        document["description"] = _without_control_characters(description, removed)
    ids = ItemIds() if ids is None else ids
    items = []
    for item in draft.items:
        data = _item_data(item, ids.claim(item.source_ids, f"{quiz_id}-q{item.number}"), lang, languages)
        data = _without_control_characters(data, removed)
        if item.keeps_order:
            _pin_options(data, languages)
        states = _translation_states(data, languages)
        if states:
            data["translations"] = states
        items.append(data)
    document["items"] = items
    if removed:
        log.warn(where, f"{sum(removed)} control character(s) left out: no text can hold them (NUL, bell, escape…)")
    return document


def _without_control_characters(value: Any, removed: list[int]) -> Any:
    """``value`` (texts, or mappings and lists of them) without the characters no text can hold; how many each
    text lost is appended to ``removed``."""
    if isinstance(value, str):
        cleaned = without_control_characters(value)
        if len(cleaned) != len(value):
            removed.append(len(value) - len(cleaned))
        return cleaned
    if isinstance(value, dict):
        return {key: _without_control_characters(child, removed) for key, child in value.items()}
    if isinstance(value, list):
        return [_without_control_characters(child, removed) for child in value]
    return value


# ---------------------------------------------------------------------------------------------------------
# Writing YAML: block style, texts double-quoted (or literal blocks when they span lines), deterministic
# ---------------------------------------------------------------------------------------------------------

_PLAIN_SAFE = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\x00": "\\0", "\x07": "\\a",
            "\x08": "\\b", "\x0b": "\\v", "\x0c": "\\f", "\x1b": "\\e", "\x85": "\\N",
            "\u2028": "\\L", "\u2029": "\\P"}


def _needs_escape(ch: str) -> bool:
    if ch in _ESCAPES:
        return True
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs", "Co", "Cn") or ch == "\ufeff"


def double_quoted(text: str) -> str:
    out = []
    for ch in text:
        if _needs_escape(ch):
            code = ord(ch)
            out.append(_ESCAPES.get(ch) or (f"\\x{code:02x}" if code < 0x100 else
                                            f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _literal_block_ok(text: str) -> bool:
    if "\n" not in text or text.endswith("\n") or text.startswith((" ", "\n", "\t")):
        return False
    return not any(line != line.rstrip(" \t") or any(_needs_escape(ch) and ch != "\t" for ch in line)
                   for line in text.split("\n"))


def _scalar(value: Any) -> str:
    from quizlint.load.document import resolve_plain_scalar

    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if _PLAIN_SAFE.match(value) and resolve_plain_scalar(value) == value:
        return value
    return double_quoted(value)


def _text(value: str, indent: int) -> str:
    if _literal_block_ok(value):
        pad = " " * indent
        return "|-\n" + "\n".join(pad + line if line else "" for line in value.split("\n"))
    return double_quoted(value)


def _emit_text(key: str, value: Any, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, str):
        return [f"{pad}{key}: {_text(value, indent + 2)}"]
    lines = [f"{pad}{key}:"]
    for lang, text in value.items():
        lines.append(f"{pad}  {lang}: " + ("null" if text is None else _text(text, indent + 4)))
    return lines


def _emit_text_entry(value: Any, indent: int) -> list[str]:
    """A text as an entry of a list at ``indent``: ``- "text"``, or its languages under ``- ``."""
    pad = " " * indent
    if isinstance(value, str):
        return [f"{pad}- {_text(value, indent + 2)}"]
    return [f"{pad}{'- ' if index == 0 else '  '}{lang}: " + ("null" if text is None else _text(text, indent + 4))
            for index, (lang, text) in enumerate(value.items())]


_TEXT_KEYS = {"title", "description", "stem", "text", "feedback", "explanation", "prompt", "match", "template",
              "grader_info"}
_TEXT_LISTS = {"distractors", "sequence"}  # lists of texts
_MAPPING_LISTS = {"options", "items", "answers", "pairs", "units"}


def _emit_mapping(mapping: dict, indent: int, first_prefix: str | None = None) -> list[str]:
    lines: list[str] = []
    for index, (key, value) in enumerate(mapping.items()):
        pad = " " * indent
        prefix = first_prefix if index == 0 and first_prefix is not None else pad
        if key in _TEXT_KEYS:
            emitted = _emit_text(key, value, indent)
            emitted[0] = prefix + emitted[0][indent:]
            lines.extend(emitted)
        elif key in ("languages", "tags"):
            lines.append(f"{prefix}{key}: [{', '.join(_scalar(entry) for entry in value)}]")
        elif key == "translations":
            lines.append(f"{prefix}{key}:")
            for lang, state in value.items():
                inner = ", ".join(f"{name}: {double_quoted(v) if name == 'source' else _scalar(v)}"
                                  for name, v in state.items())
                lines.append(f"{pad}  {lang}: {{{inner}}}")
        elif key in _TEXT_LISTS:
            lines.append(f"{prefix}{key}:")
            for entry in value:
                lines.extend(_emit_text_entry(entry, indent + 2))
        elif key == "response":
            lines.append(f"{prefix}{key}: {{{', '.join(f'{name}: {_scalar(v)}' for name, v in value.items())}}}")
        elif key in _MAPPING_LISTS:
            lines.append(f"{prefix}{key}:")
            for position, entry in enumerate(value):
                if key == "items" and position:
                    lines.append("")
                lines.extend(_emit_mapping(entry, indent + 4, first_prefix=pad + "  - "))
        else:
            lines.append(f"{prefix}{key}: {_scalar(value)}")
    return lines


def dump_quiz(document: dict) -> str:
    """The YAML text of a quiz file; checked to load back (with quizlint's loader) to exactly ``document``."""
    from quizlint.load.document import LoadError, compose_text
    from quizlint.load.document import LoadLimits

    text = "\n".join(_emit_mapping(document, 0)) + "\n"
    try:
        data, _, _ = compose_text(text, LoadLimits())
    except LoadError as error:  # pragma: no cover - a bug in this emitter
        raise AssertionError(f"the quiz file written does not load ({error.message})") from None
    if data != document:  # pragma: no cover - a bug in this emitter
        raise AssertionError("the quiz file written does not load back to the same data")
    return text
