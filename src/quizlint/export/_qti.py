"""QTI 2.1 and QTI 3.0 packages from one builder: the two versions carry the same content and differ in names
(``assessmentItem`` / ``qti-assessment-item``, ``maxChoices`` / ``max-choices``), namespaces and a few
wrappers, which a ``Dialect`` supplies.

Package layout (IMS Content Package): ``imsmanifest.xml``, and for every quiz and exported language
``<quiz>/<lang>/test.xml`` (an assessmentTest) and ``<quiz>/<lang>/items/<item>.xml`` (one assessmentItem per
item). Every test resource depends on its items.

Items:

- ``choiceInteraction`` with ``maxChoices`` 1 (single) or 0 (multiple); options in the order written,
  ``shuffle="true"`` with ``fixed="true"`` on options that must not move, ``shuffle="false"`` where the
  order means something (numeric options, "all of the above", "I and II": ``quizlint.model.order``);
  true/false items are a two-choice interaction (identifiers ``TRUE`` and ``FALSE``), never shuffled;
- ``correctResponse`` lists the key; a multiple-answer item also has a ``mapping``: each right option is worth
  ``points / number of right options`` (rounded up: see ``mapped_share``) and each wrong one costs the same,
  bounded to ``0..points``;
- scoring: the standard ``match_correct`` template (single, 1 point, no feedback) or ``map_response``
  template (multiple, no feedback); otherwise explicit response processing that does the same (``SCORE`` =
  the item's points when the response matches, or the mapped score) and sets ``FEEDBACK`` to the chosen
  options plus ``EXPLANATION``;
- ``modalFeedback`` (``showHide="show"`` on ``FEEDBACK``): one per option with feedback (identifier = the
  option's) and one for the explanation (identifier ``EXPLANATION``);
- ``xml:lang`` on the item, ``title`` and ``label`` = the item id, ``identifier`` = the item id as an NCName;
  in another language than the quiz's source language, the test and item ``identifier`` and the item ``title``
  end with ``-<lang>`` (the ``label`` stays the item id, which the importer joins the languages by), so that
  no package (``--lang all``) nor course holds two with the same identifier;
- texts are XHTML in QTI's namespace; QTI's ``ol`` has no ``start``, so a list numbered from another number
  than 1 (``3. …``) is numbered from 1, with a warning naming the text.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from quizlint import __version__
from quizlint.export._common import (
    TOOL_NAME,
    XML_LANG,
    ContentPackage,
    ExportBank,
    ExportOptions,
    ExportOutput,
    PackageResource,
    PreparedItem,
    PreparedQuiz,
    add_element,
    build_manifest,
    left_out_warnings,
    number,
    prepare,
    root_element,
    serialize_xml,
    skipped_items,
    unique_names,
    zip_bytes,
)
from quizlint.render import append_html

RESPONSE, SCORE, MAXSCORE, FEEDBACK, EXPLANATION = "RESPONSE", "SCORE", "MAXSCORE", "FEEDBACK", "EXPLANATION"


@dataclass(frozen=True)
class Dialect:
    format_name: str  # the export format using this dialect
    version: str  # "2.1" or "3.0"
    namespace: str
    schema_location: str
    templates: str  # base URL of the response processing templates
    template_suffix: str
    package: ContentPackage  # the content package the manifest belongs to
    resource_suffix: str  # imsqti_item_xml<suffix>
    content_body: bool  # QTI 3 wraps feedback and rubric content in qti-content-body

    def name(self, camel: str) -> str:
        """A QTI 2.1 element name in this dialect."""
        return camel if self.version == "2.1" else "qti-" + _kebab(camel)

    def attributes(self, attributes: dict[str, str]) -> dict[str, str]:
        """QTI 2.1 attribute names (``maxChoices``) in this dialect (``max-choices``)."""
        return attributes if self.version == "2.1" else {_kebab(key): value for key, value in attributes.items()}

    def root(self, camel: str, **attributes: str):
        """The document element of an item or a test (QTI 2.1 names and attributes, as for ``element``)."""
        return root_element(self.namespace, self.name(camel), self.schema_location, **self.attributes(attributes))

    def element(self, parent, camel: str, text: str | None = None, **attributes: str):
        """A child element, named (``choiceInteraction``) and with attributes (``maxChoices``) as in QTI 2.1."""
        return add_element(parent, _qualified(self, camel), text, **self.attributes(attributes))

    def template(self, name: str) -> str:
        return f"{self.templates}{name}{self.template_suffix}"

    def content(self, parent):
        """Where flow content goes inside modal feedback or a rubric block."""
        return self.element(parent, "contentBody") if self.content_body else parent


@functools.lru_cache(maxsize=None)
def _qualified(dialect: Dialect, camel: str) -> str:
    return f"{{{dialect.namespace}}}{dialect.name(camel)}"


@functools.lru_cache(maxsize=None)
def _kebab(camel: str) -> str:
    return "".join(f"-{char.lower()}" if char.isupper() else char for char in camel)


# --- items ------------------------------------------------------------------------------------------------


def build_item(dialect: Dialect, quiz: PreparedQuiz, prepared: PreparedItem, lang: str):
    item = prepared.item
    root = dialect.root("assessmentItem", identifier=prepared.identifier, title=prepared.name, label=item.id,
                        adaptive="false", timeDependent="false", toolName=TOOL_NAME, toolVersion=__version__)
    root.set(XML_LANG, lang)
    _declarations(dialect, root, prepared)
    _item_body(dialect, root, quiz, prepared, lang)
    _response_processing(dialect, root, prepared)
    _modal_feedback(dialect, root, quiz, prepared, lang)
    return root


def _content(dialect: Dialect, parent, markdown: str, **options: bool) -> None:
    """The rendered ``markdown`` in ``parent``, as QTI's XHTML, which has no ``start`` on ``ol`` (the export warns
    about a list that starts at another number than 1)."""
    append_html(parent, markdown, namespace=dialect.namespace, list_start=False, **options)


def _declarations(dialect: Dialect, root, prepared: PreparedItem) -> None:
    points = prepared.item.points
    response = dialect.element(root, "responseDeclaration", identifier=RESPONSE,
                               cardinality="multiple" if prepared.multiple else "single", baseType="identifier")
    correct = dialect.element(response, "correctResponse")  # items without a key are not exported
    for choice in prepared.correct:
        dialect.element(correct, "value", choice.identifier)
    if prepared.multiple:
        share = mapped_share(points, len(prepared.correct))
        mapping = dialect.element(response, "mapping", lowerBound="0", upperBound=number(points), defaultValue="0")
        for choice in prepared.choices:
            dialect.element(mapping, "mapEntry", mapKey=choice.identifier,
                            mappedValue=number(share if choice.correct else -share))
    _outcome(dialect, root, SCORE, "0")
    _outcome(dialect, root, MAXSCORE, number(points))
    if prepared.has_feedback:
        dialect.element(root, "outcomeDeclaration", identifier=FEEDBACK, cardinality="multiple",
                        baseType="identifier")


SHARE_DECIMALS = 7


def mapped_share(points: float, right: int) -> float:
    """What each of the ``right`` right options of an item worth ``points`` maps to, so that all of them reach the
    item's points exactly in an engine adding doubles: ``points / right`` where that is exact in binary (0.5,
    0.25: any sum of them is exact), else rounded up to the next multiple of 1e-7 above it (1/7 → 0.1428572,
    1/10 → 0.1000001), and the mapping's ``upperBound`` brings the sum back to ``points``. Unrounded, seven
    times 0.14285714285714285 is 0.9999999999999998 and ten times 0.1 is 0.9999999999999999: less than the
    item's points (MAXSCORE) for the full right answer. One right option maps to ``points`` itself; one right
    option left out still scores less than ``points``."""
    import math
    from fractions import Fraction

    if right == 1:
        return points
    share = Fraction(number(points)) / right
    if share.denominator & (share.denominator - 1) == 0:  # a binary fraction: exact as a double
        return float(share)
    scale = 10 ** SHARE_DECIMALS
    units = math.floor(share * scale) + 1
    while sum([units / scale] * right) < points:  # added one by one, as an engine does
        units += 1
    return units / scale


def _outcome(dialect: Dialect, parent, identifier: str, default: str) -> None:
    outcome = dialect.element(parent, "outcomeDeclaration", identifier=identifier, cardinality="single",
                              baseType="float")
    dialect.element(dialect.element(outcome, "defaultValue"), "value", default)


def _item_body(dialect: Dialect, root, quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> None:
    body = dialect.element(root, "itemBody")
    _content(dialect, body, quiz.text(prepared.item.stem, lang), blocks=True)
    interaction = dialect.element(body, "choiceInteraction", responseIdentifier=RESPONSE,
                                  shuffle="true" if prepared.shuffle else "false",
                                  maxChoices="0" if prepared.multiple else "1")
    for choice in prepared.choices:
        attributes = {"fixed": "true"} if choice.fixed else {}
        simple = dialect.element(interaction, "simpleChoice", identifier=choice.identifier, **attributes)
        _content(dialect, simple, quiz.text(choice.text, lang), compact=True)


def _response_processing(dialect: Dialect, root, prepared: PreparedItem) -> None:
    if not prepared.has_feedback and prepared.multiple:
        dialect.element(root, "responseProcessing", template=dialect.template("map_response"))
        return
    if not prepared.has_feedback and prepared.item.points == 1:
        dialect.element(root, "responseProcessing", template=dialect.template("match_correct"))
        return
    processing = dialect.element(root, "responseProcessing")
    if prepared.multiple:
        _map_response_rules(dialect, processing)
    else:
        _match_correct_rules(dialect, processing, prepared.item.points)
    if prepared.has_feedback:
        chosen = dialect.element(processing, "setOutcomeValue", identifier=FEEDBACK)
        together = dialect.element(chosen, "multiple")
        dialect.element(together, "variable", identifier=RESPONSE)
        if prepared.item.explanation is not None:
            dialect.element(together, "baseValue", EXPLANATION, baseType="identifier")


def _match_correct_rules(dialect: Dialect, processing, points: float) -> None:
    """``match_correct``, scoring the item's points instead of 1."""
    condition = dialect.element(processing, "responseCondition")
    branch = dialect.element(condition, "responseIf")
    match = dialect.element(branch, "match")
    dialect.element(match, "variable", identifier=RESPONSE)
    dialect.element(match, "correct", identifier=RESPONSE)
    _set_score(dialect, branch, number(points))
    _set_score(dialect, dialect.element(condition, "responseElse"), "0")


def _map_response_rules(dialect: Dialect, processing) -> None:
    """The ``map_response`` template, written out."""
    condition = dialect.element(processing, "responseCondition")
    branch = dialect.element(condition, "responseIf")
    dialect.element(dialect.element(branch, "isNull"), "variable", identifier=RESPONSE)
    _set_score(dialect, branch, "0")
    otherwise = dialect.element(condition, "responseElse")
    dialect.element(dialect.element(otherwise, "setOutcomeValue", identifier=SCORE), "mapResponse",
                    identifier=RESPONSE)


def _set_score(dialect: Dialect, parent, value: str) -> None:
    dialect.element(dialect.element(parent, "setOutcomeValue", identifier=SCORE), "baseValue", value,
                    baseType="float")


def _modal_feedback(dialect: Dialect, root, quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> None:
    shown = [(choice.identifier, choice.feedback) for choice in prepared.choices if choice.feedback is not None]
    if prepared.item.explanation is not None:
        shown.append((EXPLANATION, prepared.item.explanation))
    for identifier, text in shown:
        feedback = dialect.element(root, "modalFeedback", outcomeIdentifier=FEEDBACK, identifier=identifier,
                                   showHide="show")
        _content(dialect, dialect.content(feedback), quiz.text(text, lang))


# --- tests and the package --------------------------------------------------------------------------------


def build_test(dialect: Dialect, quiz: PreparedQuiz, lang: str, item_refs: list[tuple[str, str]]):
    """One assessmentTest: one part, one section holding the quiz's items (``item_refs``: identifier, href)."""
    root = dialect.root("assessmentTest", identifier=quiz.identifier, title=quiz.title(lang),
                        toolName=TOOL_NAME, toolVersion=__version__)
    _outcome(dialect, root, SCORE, "0")
    part = dialect.element(root, "testPart", identifier="part-1", navigationMode="nonlinear",
                           submissionMode="individual")
    section = dialect.element(part, "assessmentSection", identifier="section-1",
                              title=quiz.title(lang), visible="true")
    if quiz.quiz.description is not None:
        rubric = dialect.element(section, "rubricBlock", view="candidate")
        _content(dialect, dialect.content(rubric), quiz.text(quiz.quiz.description, lang), blocks=True)
    for identifier, href in item_refs:
        dialect.element(section, "assessmentItemRef", identifier=identifier, href=href)
    processing = dialect.element(root, "outcomeProcessing")
    total = dialect.element(dialect.element(processing, "setOutcomeValue", identifier=SCORE), "sum")
    dialect.element(total, "testVariables", variableIdentifier=SCORE)
    return root


def export_package(dialect: Dialect, bank: ExportBank, options: ExportOptions) -> ExportOutput:
    quizzes = prepare(bank, options, dialect.format_name)
    entries: dict[str, bytes] = {}
    planned = [(quiz, lang) for quiz in quizzes for lang in quiz.languages]
    names = iter(unique_names([name for quiz, lang in planned for name in _resource_names(quiz, lang)]))
    resources: list[PackageResource] = []
    for quiz, lang in planned:
        folder = f"{quiz.identifier}/{lang}"
        quiz = quiz.in_language(lang)
        test = _resource(dialect, next(names), "test", f"{folder}/test.xml")
        items, item_refs = [], []
        for prepared in quiz.items:
            href = f"items/{prepared.identifier}.xml"
            entries[f"{folder}/{href}"] = _xml(build_item(dialect, quiz, prepared, lang))
            items.append(_resource(dialect, next(names), "item", f"{folder}/{href}"))
            item_refs.append((prepared.identifier, href))
        test.dependencies = [resource.identifier for resource in items]
        entries[test.href] = _xml(build_test(dialect, quiz, lang, item_refs))
        resources += [test, *items]
    entries["imsmanifest.xml"] = serialize_xml(build_manifest(dialect.package, bank.name, resources))
    warnings = skipped_items(quizzes) + left_out_warnings(quizzes, no_list_start="QTI")
    return ExportOutput(zip_bytes(entries), warnings)


def _resource(dialect: Dialect, identifier: str, kind: str, href: str) -> PackageResource:
    """The manifest entry of an item (``kind`` "item") or a test file."""
    return PackageResource(identifier, f"imsqti_{kind}_xml{dialect.resource_suffix}", [href], href=href)


def _resource_names(quiz: PreparedQuiz, lang: str) -> list[str]:
    return [f"test-{quiz.identifier}-{lang}"] + [f"item-{quiz.identifier}-{lang}-{prepared.identifier}"
                                                 for prepared in quiz.items]


def _xml(root) -> bytes:
    return serialize_xml(root, xhtml=True)
