"""QTI: a QTI 2.1 (or 2.2) or 3.0 content package, zip or folder, and a Canvas QTI 1.2 export (zip).

The package's ``imsmanifest.xml`` says what it holds: ``imsqti_item_xmlv2p1`` resources (items, in the
order of the ``imsqti_test_xmlv2p1`` test when there is one) or ``imsqti_xmlv1p2`` resources (a Canvas
assessment, ``questestinterop``). A single ``assessmentItem`` or ``questestinterop`` XML file is read too.
Archives are read in memory and never extracted; every path is checked to stay inside the package. QTI 3.0
(``qti-``-prefixed, kebab-case names, ``imsqti_item_xmlv3p0`` resources) is read as QTI 2 once renamed
(``parse_qti``). The test gives the quiz's title and, from a ``rubricBlock``, its description; the test's
identifier is the quiz id when quizlint wrote the package (``toolName``), and an item's ``label`` its id (the
identifiers are NCNames: ``id-`` before an id that starts with a digit is taken off, ``quizlint_id``). A package of several quizzes (tests of
different identifiers: an exported bank) makes each quiz a category of its items (``merge_categories``,
``split_by_category``): ``--split`` gives one quiz per test.

QTI 2.1: an item with one ``choiceInteraction`` is imported (single or multiple by the response's
cardinality and ``maxChoices``; the key from ``correctResponse``, else from positive ``mapping``
entries; ``fixed`` choices stay fixed, and every choice of an interaction that is not shuffled, ``shuffle="false"``
or none as QTI defaults, is fixed unless quizlint finds a meaning in their order: ``_pin_options``). ``feedbackInline`` and ``modalFeedback``/``feedbackBlock`` whose
identifier is a choice's give that option's feedback; the first other ``modalFeedback`` (or
``feedbackBlock``) is the explanation. Two choices labelled True and False (or Doğru and Yanlış) make a
``true_false`` item. The item's ``xml:lang`` is the language of its texts unless ``--lang`` says otherwise
(``en_US`` is read as ``en-US``; one that cannot be a language tag, ``english``, is set aside with a warning).

Canvas QTI 1.2: items whose ``question_type`` is ``multiple_choice_question``,
``multiple_answers_question`` or ``true_false_question``; a ``respcondition`` that sets a positive score
names the correct choices; ``itemfeedback`` shown for one choice is its feedback and ``general_fb`` the
explanation (``correct_fb`` and ``general_incorrect_fb`` have no place in a quiz file and are reported).
Other item types are skipped with a warning naming them. Each ``assessment`` is a quiz: its ``xml:lang`` is the
language of its texts (unless ``--lang`` says otherwise), its ``ident`` the quiz id when it can be one (quizlint
writes the quiz's; Canvas's GUIDs are not kept), ``assessment_meta.xml`` beside it gives the title and
description; an export of several quizzes splits as a QTI 2 bank does.
"""

from __future__ import annotations

import copy
import posixpath
from dataclasses import dataclass
from pathlib import Path

from quizlint.importers.draft import (
    Category,
    DraftItem,
    DraftOption,
    DraftQuiz,
    Texts,
    add_items,
    item_points,
    make_true_false,
    texts_of,
)
from quizlint.importers.html_markdown import html_to_markdown
from quizlint.importers.identifiers import is_language_tag, language_tag
from quizlint.importers.log import ImportFailure, ImportLog, whole_answer_feedback_dropped
from quizlint.importers.packages import MAX_ARCHIVE_BYTES, FolderPackage, Package, ZipPackage, resolve_href
from quizlint.importers.reading import (
    child_named,
    children_named,
    descendants_named,
    element_text,
    local_name,
    parse_xml,
    read_bytes,
)

MANIFEST = "imsmanifest.xml"
ARCHIVE_SUFFIXES = (".zip", ".imscc")  # a file named so is a package, never a lone XML file
CANVAS_TYPES = ("multiple_choice_question", "multiple_answers_question", "true_false_question")
MAX_SCANNED = 500  # XML entries examined in an archive without a manifest
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


# ---------------------------------------------------------------------------------------------------------
# XHTML inside QTI → Markdown
# ---------------------------------------------------------------------------------------------------------


def declared_language(element, where: str, log: ImportLog) -> str | None:
    """The ``xml:lang`` of ``element`` as a language tag (``en_US`` → ``en-US``), None without one; one that cannot
    be a tag (``english``) is set aside with a warning, and the texts go into ``--lang``."""
    value = (element.get(XML_LANG) or "").strip()
    if not value:
        return None
    if is_language_tag(language_tag(value)):
        return language_tag(value)
    log.warn(where, f"xml:lang {value!r} is not a language tag (such as en, tr, pt-BR): the texts go into --lang",
             element.sourceline)
    return None


def _strip_namespaces(element):
    from lxml import etree

    clone = copy.deepcopy(element)
    for node in clone.iter():
        if isinstance(node.tag, str):
            node.tag = local_name(node)
            for name in list(node.attrib):
                if name.startswith("{"):
                    del node.attrib[name]
    etree.cleanup_namespaces(clone)
    return clone


def inner_html(element) -> str:
    """The content of ``element`` (its text, children and their tails) as HTML, without namespaces."""
    from lxml import etree

    clean = _strip_namespaces(element)
    parts = [clean.text or ""]
    for child in clean:
        parts.append(etree.tostring(child, encoding="unicode", with_tail=True))
    return "".join(parts)


def markdown_of(element) -> str:
    return html_to_markdown(inner_html(element)) if element is not None else ""


def _remove(element) -> None:
    """Remove ``element`` from its parent, keeping its tail text."""
    parent = element.getparent()
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)


def _replace_with_children(element) -> None:
    """Put the content of ``element`` in its place (a prompt stays in the stem, its wrapper goes)."""
    parent, index = element.getparent(), element.getparent().index(element)
    previous = element.getprevious()
    text = element.text or ""
    if previous is not None:
        previous.tail = (previous.tail or "") + text
    else:
        parent.text = (parent.text or "") + text
    for offset, child in enumerate(list(element)):
        parent.insert(index + offset, child)
    _remove(element)


# ---------------------------------------------------------------------------------------------------------
# QTI 2.1 items
# ---------------------------------------------------------------------------------------------------------


def _response_key(root, response_id: str | None, where: str) -> set[str]:
    for declaration in children_named(root, "responseDeclaration"):
        if declaration.get("identifier") != response_id:
            continue
        correct = child_named(declaration, "correctResponse")
        if correct is not None:
            return {(value.text or "").strip() for value in children_named(correct, "value")}
        mapping = child_named(declaration, "mapping")
        if mapping is not None:
            return {entry.get("mapKey", "") for entry in children_named(mapping, "mapEntry")
                    if _mapped_value(entry, where) > 0}
    return set()


def _mapped_value(entry, where: str) -> float:
    value = entry.get("mappedValue", "0")
    try:
        return float(value or 0)
    except ValueError:
        raise ImportFailure(where, f"mapEntry {entry.get('mapKey', '')!r}: mappedValue {value!r} is not a number",
                            entry.sourceline, 1) from None


def _cardinality(root, response_id: str | None) -> str:
    for declaration in children_named(root, "responseDeclaration"):
        if declaration.get("identifier") == response_id:
            return declaration.get("cardinality", "single")
    return "single"


def _max_score(root) -> tuple[str | None, int | None]:
    """The item's MAXSCORE as written, and its line (None without one)."""
    for declaration in children_named(root, "outcomeDeclaration"):
        if declaration.get("identifier") == "MAXSCORE":
            default = child_named(declaration, "defaultValue")
            return element_text(child_named(default, "value") if default is not None else None), declaration.sourceline
    return None, None


def warn_media(log: ImportLog, where: str, label: str, trees: list, line: int | None = None) -> None:
    """Warn about the media files (images, audio, video, objects) of the package that the HTML ``trees`` of an
    item refer to: they stay in the package, and their references in the texts point nowhere once imported. (Media
    on the web, ``https://…``, stay where they are, and so do their references.)"""
    media = sorted(url for url in {node.get("src") or node.get("data") or "" for tree in trees for node in tree.iter()
                                   if local_name(node) in ("img", "object", "audio", "video")} if _is_local(url))
    if media:
        log.warn(where, f"item {label}: media files are referenced but not imported: {', '.join(media)}", line)


def _is_local(url: str) -> bool:
    """Whether ``url`` names a file of the package (a relative reference, ``file:``), not one on the web."""
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    return bool(url.strip()) and (parts.scheme.lower() == "file" or not (parts.scheme or parts.netloc))


class _Qti2Item:
    """One assessmentItem taken apart; ``where`` names the file (or zip entry) for messages."""

    def __init__(self, root, where: str, number: int, log: ImportLog):
        self.root, self.where, self.number, self.log = root, where, number, log
        self.label = f"'{root.get('title') or root.get('identifier') or number}'"

    def interaction(self, body):
        interactions = [node for node in body.iter() if local_name(node).endswith("Interaction")]
        if len(interactions) == 1 and local_name(interactions[0]) == "choiceInteraction":
            return interactions[0]
        kinds = ", ".join(sorted({local_name(node) for node in interactions})) or "no interaction"
        self.log.warn(self.where, f"skipped item {self.label} ({kinds}; only a single choiceInteraction is imported)")
        return None

    def draft(self) -> DraftItem | None:
        body = child_named(self.root, "itemBody")
        if body is None:
            raise ImportFailure(self.where, f"item {self.label} has no itemBody", self.root.sourceline, 1)
        body = copy.deepcopy(body)
        interaction = self.interaction(body)
        if interaction is None:
            return None
        warn_media(self.log, self.where, self.label, [body])
        choices = children_named(interaction, "simpleChoice")
        choice_ids = [choice.get("identifier", "") for choice in choices]
        feedback = self.choice_feedback(body, choice_ids)
        explanation = self.explanation(body, choice_ids, feedback)
        response_id = interaction.get("responseIdentifier")
        key = _response_key(self.root, response_id, self.where)
        multiple = _cardinality(self.root, response_id) == "multiple" or interaction.get("maxChoices", "1") != "1"
        options = [DraftOption({None: markdown_of(choice)}, correct=choice.get("identifier") in key,
                               feedback=feedback.get(choice.get("identifier", "")),
                               fixed=choice.get("fixed") == "true") for choice in choices]
        keeps_order = interaction.get("shuffle") != "true"  # QTI's default is false: the order as written
        for choice in choices:
            _remove(choice)
        prompt = child_named(interaction, "prompt")
        if prompt is not None:  # the prompt stays in the stem where the interaction stood
            _replace_with_children(prompt)
        _replace_with_children(interaction)
        max_score, line = _max_score(self.root)
        item = DraftItem(number=self.number, stem={None: markdown_of(body)}, options=options,
                         type="multiple" if multiple else "single", explanation=explanation,
                         points=item_points(max_score, self.log, self.where, f"item {self.label}", line),
                         source_ids=self.source_ids(), keeps_order=keeps_order)
        self.maybe_true_false(item)
        return item

    def source_ids(self) -> tuple[str, ...]:
        """The item's identifier; quizlint writes the item id as it is in the ``label`` too (the identifier is
        an NCName: ``id-1-largest-planet`` for ``1-largest-planet``)."""
        identifier = self.root.get("identifier", "")
        if self.root.get("toolName") == "quizlint" and self.root.get("label"):
            return (self.root.get("label"), identifier)
        return (identifier,)

    def choice_feedback(self, body, choice_ids: list[str]) -> dict[str, Texts]:
        """Feedback per choice: inline feedback (removed from the texts), then modal feedback."""
        feedback: dict[str, Texts] = {}
        for inline in list(descendants_named(body, "feedbackInline")):
            identifier = inline.get("identifier", "")
            if identifier in choice_ids and identifier not in feedback:
                feedback[identifier] = texts_of(markdown_of(inline)) or {}
            _remove(inline)
        for modal in children_named(self.root, "modalFeedback") + list(descendants_named(body, "feedbackBlock")):
            identifier = modal.get("identifier", "")
            if identifier in choice_ids and identifier not in feedback and modal.get("showHide", "show") == "show":
                feedback[identifier] = texts_of(markdown_of(modal)) or {}
        return {identifier: texts for identifier, texts in feedback.items() if texts}

    def explanation(self, body, choice_ids: list[str], feedback: dict) -> Texts | None:
        others = [node for node in children_named(self.root, "modalFeedback") + list(descendants_named(body, "feedbackBlock"))
                  if node.get("identifier", "") not in choice_ids and markdown_of(node)]
        for block in list(descendants_named(body, "feedbackBlock")):
            _remove(block)
        if len(others) > 1:
            dropped = ", ".join(node.get("identifier", "?") for node in others[1:])
            self.log.warn(self.where, f"item {self.label}: only the first general feedback is kept as the "
                          f"explanation; dropped: {dropped}")
        return texts_of(markdown_of(others[0])) if others else None

    def maybe_true_false(self, item: DraftItem) -> None:
        dropped = make_true_false(item)
        if dropped:
            self.log.warn(self.where, f"true/false item {self.label}: per-answer feedback dropped (a true_false "
                          f"item has none): {' | '.join(dropped)}")


def parse_qti(data: bytes, where: str):
    """A QTI document as the QTI 2 reader sees it: QTI 3.0's ``qti-``-prefixed kebab-case elements and their
    attributes (``<qti-choice-interaction response-identifier=…>``) renamed to QTI 2's camelCase
    (``<choiceInteraction responseIdentifier=…>``), and the ``<qti-content-body>`` wrappers of feedback and rubrics
    unwrapped. QTI 3 changed the names, not the model, of what is read here."""
    root = parse_xml(data, where)
    if not local_name(root).startswith("qti-"):
        return root
    for element in list(root.iter()):
        if not isinstance(element.tag, str) or not local_name(element).startswith("qti-"):
            continue
        if local_name(element) == "qti-content-body" and element.getparent() is not None:
            _replace_with_children(element)
            continue
        namespace = element.tag[:element.tag.index("}") + 1] if element.tag.startswith("{") else ""
        element.tag = namespace + _camel_case(local_name(element)[len("qti-"):])
        for name in [name for name in element.attrib if "-" in name and not name.startswith("{")]:
            element.attrib[_camel_case(name)] = element.attrib.pop(name)
    return root


def _camel_case(name: str) -> str:
    first, *rest = name.split("-")
    return first + "".join(part[:1].upper() + part[1:] for part in rest)


def read_qti2_item(data: bytes, where: str, number: int, log: ImportLog) -> tuple[DraftItem | None, str | None]:
    root = parse_qti(data, where)
    if local_name(root) != "assessmentItem":
        raise ImportFailure(where, f"expected an assessmentItem, found <{local_name(root)}>", root.sourceline, 1)
    return _Qti2Item(root, where, number, log).draft(), declared_language(root, where, log)


# ---------------------------------------------------------------------------------------------------------
# QTI 2.1 packages
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Named:
    """Where a package file is named: the file, line and tag of the element that refers to it."""

    where: str
    line: int | None
    tag: str

    @classmethod
    def of(cls, where: str, element) -> _Named:
        return cls(where, element.sourceline, local_name(element))

    def read(self, package: Package, path: str) -> bytes:
        """The file ``path`` of ``package``, named here: a failure here when the package does not have it."""
        if not package.has(path):
            raise ImportFailure(self.where, f"<{self.tag}> names {path!r}, which is not in the package", self.line, 1)
        return package.read(path)


def _resource_files(resource, where: str) -> dict[str, _Named]:
    """The package files a manifest resource names (its href, then its files'), each with where it names it first."""
    named: dict[str, _Named] = {}
    for element in [resource, *children_named(resource, "file")]:
        if href := element.get("href"):
            named.setdefault(resolve_href(MANIFEST, href, where), _Named.of(where, element))
    return named


def _manifest_title(manifest) -> str | None:
    """The package title from the manifest's metadata (IEEE LOM ``title/string`` or ``title/langstring``)."""
    for node in descendants_named(manifest, "title"):
        strings = [child for child in node if local_name(child) in ("string", "langstring")]
        text = (element_text(strings[0]) if strings else node.text or "").strip()
        if text:
            return text
    return None


@dataclass
class _Test:
    """What an assessmentTest tells about its quiz: the order of its items, its title, identifier and rubric."""

    refs: dict[str, _Named]  # its items in order, each with where it names it
    title: str | None
    identifier: str | None  # the quiz's id, when quizlint wrote the test (other tools' are internal: "t1", GUIDs)
    rubric: str
    key: str  # the quiz it belongs to: quizlint writes one test per language of a quiz, all with its identifier


def quizlint_id(identifier: str | None) -> str | None:
    """The id quizlint wrote as the NCName ``identifier``: an id that does not start with a letter was given
    ``id-`` to be one (``quizlint.export._common.ncname``), which is taken off (``id-2024-exam`` → ``2024-exam``);
    an identifier that starts so but that ``ncname`` would not have made (``id-card``) stays as it is."""
    from quizlint.export._common import NCNAME_PREFIX, ncname

    if identifier and identifier.startswith(NCNAME_PREFIX):
        unprefixed = identifier[len(NCNAME_PREFIX):]
        if ncname(unprefixed) == identifier:
            return unprefixed
    return identifier


def _read_test(package: Package, test_path: str, named: _Named) -> _Test:
    where = package.where(test_path)
    test = parse_qti(named.read(package, test_path), where)
    refs: dict[str, _Named] = {}
    for ref in descendants_named(test, "assessmentItemRef"):
        if ref.get("href"):
            refs.setdefault(resolve_href(test_path, ref.get("href"), where), _Named.of(where, ref))
    rubrics = [markdown_of(block) for block in descendants_named(test, "rubricBlock")]
    identifier = _without_language(quizlint_id(test.get("identifier")), test_path) \
        if test.get("toolName") == "quizlint" else None
    return _Test(refs, test.get("title"), identifier, "\n\n".join(filter(None, rubrics)),
                 identifier or test.get("identifier") or test_path)


def _without_language(identifier: str | None, test_path: str) -> str | None:
    """The quiz id of a test quizlint wrote: the test of a language other than the quiz's source language, at
    ``<quiz>/<lang>/test.xml``, has the identifier ``<quiz>-<lang>`` (``quizlint.export._common.language_suffix``)."""
    folders = test_path.split("/")
    if identifier and len(folders) >= 3 and identifier.endswith(f"-{folders[-2]}") and folders[-2] != identifier:
        return identifier[:-len(folders[-2]) - 1]
    return identifier


def _quizzes(tests: list[_Test]) -> dict[str, list[_Test]]:
    """The package's tests (those with items) grouped by the quiz they belong to, in package order."""
    quizzes: dict[str, list[_Test]] = {}
    for test in tests:
        if test.refs:
            quizzes.setdefault(test.key, []).append(test)
    return quizzes


def _quiz_labels(quizzes: dict[str, list[_Test]]) -> dict[str, str]:
    """A distinct label per quiz (its first test's title, else its key): the category of its items."""
    return _distinct_labels({key: next((test.title.strip() for test in tests if test.title and test.title.strip()), key)
                             for key, tests in quizzes.items()})


def _distinct_labels(names: dict) -> dict:
    """The names, by key, made distinct: a name already taken gets `` (2)``, `` (3)``…"""
    labels: dict = {}
    for key, base in names.items():
        label, number = base, 2
        while label in labels.values():
            label, number = f"{base} ({number})", number + 1
        labels[key] = label
    return labels


def read_qti2_package(package: Package, manifest, log: ImportLog, draft: DraftQuiz) -> None:
    where = package.where(MANIFEST)
    items: list[tuple[str, _Named]] = []
    tests: list[tuple[str, _Named]] = []
    for resource in descendants_named(manifest, "resource"):
        kind = resource.get("type", "")
        files = list(_resource_files(resource, where).items())
        if "imsqti_item_xmlv2" in kind or "imsqti_item_xmlv3" in kind:
            items.extend(files[:1])
        elif any(name in kind for name in ("imsqti_test_xmlv2", "imsqti_assessment_xmlv2", "imsqti_test_xmlv3")):
            tests.extend(files[:1])
    read_tests = [_read_test(package, path, named) for path, named in tests]
    quizzes = _quizzes(read_tests)
    labels = _quiz_labels(quizzes) if len(quizzes) > 1 else {}
    quiz_of: dict[str, str] = {}
    for key, quiz_tests in quizzes.items():
        for ref in (ref for test in quiz_tests for ref in test.refs):
            quiz_of.setdefault(ref, key)
    named_at: dict[str, _Named] = {}  # the items in order, each with where it is named first
    for path, named in [pair for test in read_tests for pair in test.refs.items()] + items:
        named_at.setdefault(path, named)
    read_items: list[tuple[DraftItem, str | None]] = []
    languages: dict[str, str | None] = {}
    for number, (path, named) in enumerate(named_at.items(), start=1):
        try:
            item, languages[path] = read_qti2_item(named.read(package, path), package.where(path), number, log)
        except ImportFailure as failure:
            log.error(failure)
            continue
        if item is not None:
            item.category = labels.get(quiz_of.get(path, ""))
            read_items.append((item, languages[path]))
    draft.items.extend(merge_languages(read_items, draft))
    if not draft.title and _manifest_title(manifest):
        draft.title = {None: _manifest_title(manifest)}
    if labels:  # a bank: each quiz is a category (see merge_categories and split_by_category)
        draft.categories_are_quizzes = True
        draft.categories.update({labels[key]: _described(quiz_tests, languages, draft)
                                 for key, quiz_tests in quizzes.items()})
    elif quizzes:
        quiz = _described(next(iter(quizzes.values())), languages, draft)
        draft.title = quiz.title or draft.title
        draft.description, draft.id_hint = quiz.description, quiz.idnumber


def _described(tests: list[_Test], languages: dict[str, str | None], draft: DraftQuiz) -> Category:
    """A quiz's title, description and id from its tests (one per language in quizlint's packages): the
    language of a test is that of its first item."""

    def by_language(texts: list[tuple[str, str]]) -> dict:
        return {languages.get(first) if len(draft.languages) > 1 else None: text for text, first in texts if text}

    return Category(by_language([(test.title, next(iter(test.refs))) for test in tests if test.title]),
                    next((test.identifier for test in tests if test.identifier), None),
                    by_language([(test.rubric, next(iter(test.refs))) for test in tests]) or None)


def _with_language(texts: Texts | None, lang: str) -> Texts | None:
    return {lang: value for value in texts.values()} if texts else texts


def _same_shape(first: DraftItem, other: DraftItem) -> bool:
    return (first.type, first.answer, [o.correct for o in first.options]) == \
        (other.type, other.answer, [o.correct for o in other.options])


def _merge_into(base: DraftItem, other: DraftItem) -> None:
    base.stem.update(other.stem)
    if other.explanation:
        base.explanation = {**(base.explanation or {}), **other.explanation}
    for mine, theirs in zip(base.options, other.options):
        mine.text.update(theirs.text)
        if theirs.feedback:
            mine.feedback = {**(mine.feedback or {}), **theirs.feedback}


def merge_languages(read_items: list[tuple[DraftItem, str | None]], draft: DraftQuiz) -> list[DraftItem]:
    """A package with the same items in several languages (one test per language, items with the same
    identifier and ``xml:lang``s that differ) becomes one quiz with every language's texts; the texts of a
    package in one language are in the language its items declare (unless ``--lang`` says otherwise)."""
    languages = list(dict.fromkeys(lang for _, lang in read_items if lang))
    if len(languages) < 2:
        draft.default_lang = draft.default_lang or (languages[0] if languages else None)
        return [item for item, _ in read_items]
    merged: dict[tuple, DraftItem] = {}  # by quiz and item identifier
    result = []
    for item, lang in read_items:
        lang = lang or languages[0]
        for field in ("stem", "explanation"):
            setattr(item, field, _with_language(getattr(item, field), lang))
        for option in item.options:
            option.text, option.feedback = _with_language(option.text, lang), _with_language(option.feedback, lang)
        key = (item.category, item.source_ids[0] if item.source_ids else f"#{item.number}")
        base = merged.get(key)
        if base is not None and _same_shape(base, item) and lang not in base.stem:
            _merge_into(base, item)
            continue
        merged.setdefault(key, item)
        result.append(item)
    draft.languages = languages
    for number, item in enumerate(result, start=1):
        item.number = number
    return result


def _add(draft: DraftQuiz, log: ImportLog, read_one) -> None:
    """Add the item ``read_one()`` returns with its language (the first item's language is the quiz's)."""

    def item_only(_):
        item, lang = read_one()
        if lang and draft.default_lang is None:
            draft.default_lang = lang
        return item

    add_items(draft, log, [None], item_only)


# ---------------------------------------------------------------------------------------------------------
# Canvas QTI 1.2
# ---------------------------------------------------------------------------------------------------------


def _mattext_markdown(container) -> str:
    mattext = next(descendants_named(container, "mattext"), None) if container is not None else None
    if mattext is None:
        return ""
    text = mattext.text or ""
    return html_to_markdown(text) if "html" in mattext.get("texttype", "") else text.strip()


def _metadata(item) -> dict[str, str]:
    fields = {}
    for field in descendants_named(item, "qtimetadatafield"):
        label, entry = child_named(field, "fieldlabel"), child_named(field, "fieldentry")
        if label is not None and label.text:
            fields[label.text.strip()] = (entry.text or "").strip() if entry is not None else ""
    return fields


def _outside_responses(presentation):
    """The presentation's material that is not part of a response (the stem)."""
    for node in presentation.iter():
        if local_name(node) == "material" and not any(local_name(a).startswith("response_") for a in node.iterancestors()):
            return node
    return None


def _positive(setvar) -> bool:
    try:
        return float((setvar.text or "0").strip()) > 0
    except ValueError:
        return False


def _varequals(condition, negated: bool = False) -> list[str]:
    found = []
    for node in condition:
        name = local_name(node)
        if name == "varequal" and not negated:
            found.append((node.text or "").strip())
        elif name in ("and", "or", "conditionvar"):
            found.extend(_varequals(node, negated))
    return found


class _CanvasItem:
    def __init__(self, item, where: str, number: int, log: ImportLog):
        self.item, self.where, self.number, self.log = item, where, number, log
        self.label = f"'{item.get('title') or item.get('ident') or number}'"
        self.feedbacks = {fb.get("ident", ""): _mattext_markdown(fb) for fb in children_named(item, "itemfeedback")}

    def kind(self, fields: dict) -> str:
        kind = fields.get("question_type")
        if kind:
            return kind
        lid = next(descendants_named(self.item, "response_lid"), None)
        if lid is None:
            return "unknown"
        return "multiple_answers_question" if lid.get("rcardinality") == "Multiple" else "multiple_choice_question"

    def draft(self) -> DraftItem | None:
        fields = _metadata(self.item)
        kind = self.kind(fields)
        if kind not in CANVAS_TYPES:
            self.log.warn(self.where, f"skipped {kind} item {self.label} (only multiple choice, multiple answers "
                          "and true/false are imported)", self.item.sourceline)
            return None
        presentation = child_named(self.item, "presentation")
        if presentation is None:
            raise ImportFailure(self.where, f"item {self.label} has no presentation", self.item.sourceline, 1)
        warn_media(self.log, self.where, self.label, self.html_trees(), self.item.sourceline)
        keys, choice_feedback, explanation = self.processing()
        options = []
        for label in descendants_named(presentation, "response_label"):
            ident = label.get("ident", "")
            options.append(DraftOption({None: _mattext_markdown(label)}, correct=ident in keys,
                                       feedback=texts_of(choice_feedback.get(ident) or self.feedbacks.get(f"{ident}_fb")),
                                       fixed=label.get("rshuffle") == "No"))
        points = item_points(fields.get("points_possible"), self.log, self.where, f"item {self.label}",
                             self.item.sourceline)
        item = DraftItem(number=self.number, stem={None: _mattext_markdown(_outside_responses(presentation))},
                         options=options, type="multiple" if kind == "multiple_answers_question" else "single",
                         explanation=texts_of(explanation), points=points,
                         source_ids=self.source_ids())
        if kind == "true_false_question":
            dropped = make_true_false(item)
            if dropped:
                self.log.warn(self.where, f"true/false item {self.label}: per-answer feedback dropped (a true_false "
                              f"item has none): {' | '.join(dropped)}", self.item.sourceline)
        return item

    def source_ids(self) -> tuple[str, ...]:
        """The item's ident, then its title; a title the ident is the NCName of (quizlint writes the item id as
        the title and as the ident, ``id-1-largest-planet`` for ``1-largest-planet``) comes first."""
        from quizlint.export._common import ncname

        ident, title = self.item.get("ident", ""), self.item.get("title", "")
        return (title, ident) if title and title != ident and ncname(title) == ident else (ident, title)

    def html_trees(self) -> list:
        """The item's HTML texts (``mattext texttype="text/html"``), parsed."""
        from lxml import html as lxml_html

        return [lxml_html.fragment_fromstring(mattext.text, create_parent="div")
                for mattext in descendants_named(self.item, "mattext")
                if "html" in mattext.get("texttype", "") and mattext.text and mattext.text.strip()]

    def processing(self) -> tuple[set[str], dict[str, str], str | None]:
        keys: set[str] = set()
        choice_feedback: dict[str, str] = {}
        explanation, unused = None, []
        for condition in descendants_named(self.item, "respcondition"):
            conditionvar = child_named(condition, "conditionvar")
            idents = _varequals(conditionvar) if conditionvar is not None else []
            scores = [setvar for setvar in children_named(condition, "setvar") if _positive(setvar)]
            if scores:
                keys.update(idents)
            for display in children_named(condition, "displayfeedback"):
                ref = display.get("linkrefid", "")
                text = self.feedbacks.get(ref)
                if not text:
                    continue
                if conditionvar is not None and child_named(conditionvar, "other") is not None and ref == "general_fb":
                    explanation = text
                elif len(idents) == 1 and not scores:
                    choice_feedback.setdefault(idents[0], text)
                elif ref not in choice_feedback.values():
                    unused.append(ref)
        if "general_fb" in self.feedbacks and explanation is None and self.feedbacks["general_fb"]:
            explanation = self.feedbacks["general_fb"]
        whole_answer_feedback_dropped(self.log, self.where, f"item {self.label}",
                                      [ref for ref in dict.fromkeys(unused) if ref != "general_fb"],
                                      self.item.sourceline)
        return keys, choice_feedback, explanation


@dataclass
class _CanvasQuiz:
    """An ``assessment`` (a Canvas quiz) and its ``assessment_meta.xml`` (Canvas's quiz settings), or the items of
    a ``questestinterop`` outside any assessment (``assessment`` None)."""

    assessment: object | None
    meta: object | None
    items: list

    def meta_text(self, name: str) -> str:
        node = child_named(self.meta, name) if self.meta is not None else None
        return (node.text or "").strip() if node is not None else ""

    def described(self, lang: str | None) -> Category:
        """Its title, id (the quiz id when it can be one: quizlint writes its own, Canvas a GUID that is not
        kept) and description (the HTML of ``assessment_meta.xml``), their texts in ``lang``."""
        title = self.meta_text("title") or (self.assessment.get("title", "") if self.assessment is not None else "")
        ident = quizlint_id(self.assessment.get("ident")) if self.assessment is not None else None
        description = html_to_markdown(self.meta_text("description")) if self.meta_text("description") else ""
        return Category({lang: title.strip()} if title.strip() else {}, ident, {lang: description} if description else None)


def _canvas_quizzes(root, meta) -> list[_CanvasQuiz]:
    """The quizzes of a ``questestinterop``: each ``assessment`` with its items, then the items outside any."""
    quizzes = [_CanvasQuiz(assessment, meta, list(descendants_named(assessment, "item")))
               for assessment in descendants_named(root, "assessment")]
    loose = [item for item in descendants_named(root, "item")
             if not any(local_name(ancestor) == "assessment" for ancestor in item.iterancestors())]
    return quizzes + ([_CanvasQuiz(None, None, loose)] if loose else [])


def read_canvas(files: list[tuple[object, str, object | None]], log: ImportLog, draft: DraftQuiz) -> None:
    """Canvas QTI 1.2 (``questestinterop`` roots, with where they are and their ``assessment_meta.xml``): the items
    of each assessment, in the language it declares (``xml:lang``). Several assessments (an exported bank) make
    each quiz a category of its items (``merge_categories``, ``split_by_category``); one gives the quiz its title,
    id and description."""
    quizzes = [(quiz, where) for root, where, meta in files for quiz in _canvas_quizzes(root, meta) if quiz.items]
    labels = _distinct_labels({index: quiz.described(None).title.get(None) or f"quiz {index + 1}"
                               for index, (quiz, _) in enumerate(quizzes)}) if len(quizzes) > 1 else {}
    langs = [declared_language(quiz.assessment, where, log) if quiz.assessment is not None else None
             for quiz, where in quizzes]
    read_items: list[tuple[DraftItem, str | None]] = []
    for index, (quiz, where) in enumerate(quizzes):
        for element in quiz.items:
            try:
                item = _CanvasItem(element, where, len(draft.items) + len(read_items) + 1, log).draft()
            except ImportFailure as failure:
                log.error(failure)
                continue
            if item is not None:
                item.category = labels.get(index)
                read_items.append((item, langs[index]))
    draft.items.extend(merge_languages(read_items, draft))
    described = [quiz.described(langs[index] if len(draft.languages) > 1 else None)
                 for index, (quiz, _) in enumerate(quizzes)]
    if labels:
        draft.categories_are_quizzes = True
        draft.categories.update({labels[index]: category for index, category in enumerate(described)})
    elif described and not draft.title:
        draft.title, draft.id_hint, draft.description = described[0].title, described[0].idnumber, described[0].description


# ---------------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------------


def _canvas_meta(package: Package, name: str):
    """The ``assessment_meta.xml`` beside a Canvas assessment (``<quiz>/<quiz>.xml``), parsed; None without one."""
    meta = posixpath.join(posixpath.dirname(name), "assessment_meta.xml")
    return parse_xml(package.read(meta), package.where(meta)) if package.has(meta) else None


def _v1_files(package: Package, manifest) -> list[tuple[str, _Named]]:
    where = package.where(MANIFEST)
    files = []
    for resource in descendants_named(manifest, "resource"):
        if resource.get("type", "").startswith("imsqti_xmlv1p2"):
            files.extend((path, named) for path, named in _resource_files(resource, where).items()
                         if path.endswith((".xml", ".qti")) and not path.endswith("assessment_meta.xml"))
    return files


def _scan(package: Package) -> list[tuple[str, object]]:
    """XML entries of a package without a manifest, with their parsed roots (bounded)."""
    found = []
    candidates = [name for name in sorted(package.names()) if name.endswith((".xml", ".qti"))][:MAX_SCANNED]
    for name in candidates:
        root = parse_qti(package.read(name), package.where(name))
        if local_name(root) in ("assessmentItem", "questestinterop"):
            found.append((name, root))
    return found


def read_package(package: Package, log: ImportLog, draft: DraftQuiz) -> None:
    if not package.has(MANIFEST):
        found = _scan(package)
        if not found:
            raise ImportFailure(package.display, f"no {MANIFEST} and no QTI item in the package")
        for number, (name, root) in enumerate(found, start=1):
            if local_name(root) != "questestinterop":
                _add(draft, log, lambda: (_Qti2Item(root, package.where(name), number, log).draft(),
                                          declared_language(root, package.where(name), log)))
        read_canvas([(root, package.where(name), _canvas_meta(package, name)) for name, root in found
                     if local_name(root) == "questestinterop"], log, draft)
        return
    manifest = parse_xml(package.read(MANIFEST), package.where(MANIFEST))
    v1 = _v1_files(package, manifest)
    if v1:
        roots = [(name, parse_xml(named.read(package, name), package.where(name))) for name, named in v1]
        read_canvas([(root, package.where(name), _canvas_meta(package, name)) for name, root in roots
                     if local_name(root) == "questestinterop"], log, draft)
        return
    read_qti2_package(package, manifest, log, draft)


def read(path: Path, log: ImportLog) -> DraftQuiz:
    draft = DraftQuiz(fallback_title=path.stem)
    if path.is_file():
        data = read_bytes(path, MAX_ARCHIVE_BYTES)
        if not data.startswith(b"PK\x03\x04") and path.suffix.lower() in ARCHIVE_SUFFIXES:
            raise ImportFailure(str(path), "not a zip file: a QTI or Canvas package must be a zip archive or a folder "
                                "(holding an imsmanifest.xml)")
        if not data.startswith(b"PK\x03\x04"):
            root = parse_qti(data, str(path))
            name = local_name(root)
            if name == "questestinterop":
                read_canvas([(root, str(path), None)], log, draft)
            elif name == "assessmentItem":
                _add(draft, log, lambda: (_Qti2Item(root, str(path), 1, log).draft(),
                                          declared_language(root, str(path), log)))
            else:
                raise ImportFailure(str(path), f"not QTI: the root element is <{name}> (expected a zip or folder "
                                    "package, an assessmentItem or a questestinterop)", root.sourceline, 1)
            return draft
        read_package(ZipPackage(data, str(path)), log, draft)
        return draft
    read_package(FolderPackage(path), log, draft)
    return draft
