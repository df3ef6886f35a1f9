"""The draft an importer fills: a :class:`DraftQuiz` whose texts are ``{language: text}`` mappings, where the
language ``None`` stands for "the language given with ``--lang``" and the language :data:`NEUTRAL` for
language-neutral text (a plain string in the quiz file); the source's categories, and how they make quizzes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Iterator

from quizlint.importers.log import ImportFailure, ImportLog


NEUTRAL = "*"  # language key of language-neutral text
Texts = dict  # {language or None (the --lang language) or NEUTRAL: text}


@dataclass
class DraftOption:
    text: Texts
    correct: bool = False
    feedback: Texts | None = None
    fixed: bool = False


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
    used = {lang for texts in draft_texts(quiz) for lang in texts}
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


def draft_texts(draft: DraftQuiz) -> Iterator[Texts]:
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
