"""``--to canvas``: the QTI 1.2 package Canvas imports (Settings → Import course content → QTI .zip file).

One zip for the bank, laid out like the packages Canvas and text2qti produce: ``imsmanifest.xml`` and, per
quiz, ``<quiz>/<quiz>.xml`` (a ``questestinterop`` with one ``assessment``) and ``<quiz>/assessment_meta.xml``
(Canvas's quiz settings). Items carry Canvas's metadata (``question_type`` ``multiple_choice_question``,
``multiple_answers_question`` or ``true_false_question``, ``points_possible``, ``original_answer_ids``,
``assessment_question_identifierref``); texts are HTML in ``mattext texttype="text/html"``. Scoring as Canvas
writes it: 100 for the right option (single, true/false) or for exactly the right set (multiple; Canvas
grades multiple-answer questions with its own partial credit once imported). The explanation is Canvas's
general feedback (``general_fb``), option feedback ``<option ident>_fb``. Options are in the order written;
``render_choice shuffle="Yes"`` with ``rshuffle="No"`` on fixed options (``shuffle="No"`` where the order
means something: numeric options, "all of the above", "I and II"), and the quiz's ``shuffle_answers`` (the
setting Canvas actually applies, to every question) is on unless some item of the quiz has a fixed option or a
meaningful order.

One language per package: ``--lang``, default the source language. In another language than a quiz's source
language, its quiz, items and answers have their own identifiers and names (``<id>-<lang>``: see
``_common.language_suffix``), so that both packages can be imported into one course.
"""

from __future__ import annotations

from quizlint.export._common import (
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
    points_sum,
    prepare,
    root_element,
    serialize_xml,
    skipped_items,
    unique_names,
    zip_bytes,
)
from quizlint.render import render_html

NAME = "canvas"
DESCRIPTION = "Canvas QTI 1.2 package (zip): questestinterop + assessment_meta.xml per quiz"
SUFFIX = "-canvas.zip"
BINARY = True
MULTILINGUAL = False
DEFAULT_LANG = "source"

QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
QTI_LOCATION = f"{QTI_NS} http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
CANVAS_NS = "http://canvas.instructure.com/xsd/cccv1p0"
CANVAS_LOCATION = f"{CANVAS_NS} https://canvas.instructure.com/xsd/cccv1p0.xsd"
CC_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
PACKAGE = ContentPackage(CC_NS, f"{CC_NS} http://www.imsglobal.org/xsd/imscp_v1p1.xsd", "IMS Content", "1.1.3")
META_TYPE = "associatedcontent/imscc_xmlv1p1/learning-application-resource"
QUESTION_TYPES = {"single": "multiple_choice_question", "multiple": "multiple_answers_question",
                  "true_false": "true_false_question"}
RESPONSE = "response1"


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    quizzes = [quiz.in_language(quiz.languages[0]) for quiz in prepare(bank, options, NAME)]
    names = iter(unique_names([name for quiz in quizzes for name in (quiz.identifier, f"{quiz.identifier}-meta")]))
    entries: dict[str, bytes] = {}
    resources = []
    for quiz in quizzes:
        ident, meta_ident = next(names), next(names)
        lang = quiz.languages[0]
        assessment, meta = f"{ident}/{ident}.xml", f"{ident}/assessment_meta.xml"
        entries[assessment] = serialize_xml(build_assessment(quiz, ident, lang))
        entries[meta] = serialize_xml(build_meta(quiz, ident, lang))
        resources += [PackageResource(ident, "imsqti_xmlv1p2", [assessment], dependencies=[meta_ident]),
                      PackageResource(meta_ident, META_TYPE, [meta], href=meta)]
    entries["imsmanifest.xml"] = serialize_xml(build_manifest(PACKAGE, bank.name, resources))
    return ExportOutput(zip_bytes(entries), skipped_items(quizzes) + left_out_warnings(quizzes))


def _element(parent, tag: str, text: str | None = None, ns: str = QTI_NS, **attributes: str):
    return add_element(parent, f"{{{ns}}}{tag}", text, **attributes)


# --- questestinterop --------------------------------------------------------------------------------------


def build_assessment(quiz: PreparedQuiz, ident: str, lang: str):
    root = root_element(QTI_NS, "questestinterop", QTI_LOCATION)
    assessment = _element(root, "assessment", ident=ident, title=quiz.title(lang))
    assessment.set(XML_LANG, lang)
    _metadata(assessment, {"cc_maxattempts": "1"})
    section = _element(assessment, "section", ident="root_section")
    for prepared in quiz.items:
        _item(section, quiz, prepared, lang)
    return root


def _metadata(parent, fields: dict[str, str]) -> None:
    metadata = _element(parent, "qtimetadata")
    for label, entry in fields.items():
        field = _element(metadata, "qtimetadatafield")
        _element(field, "fieldlabel", label)
        _element(field, "fieldentry", entry)


def _answer_ident(prepared: PreparedItem, choice) -> str:
    return f"{prepared.identifier}-{choice.identifier}"


def _item(section, quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> None:
    item = _element(section, "item", ident=prepared.identifier, title=prepared.name)
    _metadata(_element(item, "itemmetadata"), {
        "question_type": QUESTION_TYPES[prepared.item.type],
        "points_possible": number(prepared.item.points),
        "original_answer_ids": ",".join(_answer_ident(prepared, choice) for choice in prepared.choices),
        "assessment_question_identifierref": f"{prepared.identifier}-ref",
    })
    presentation = _element(item, "presentation")
    _material(presentation, quiz.text(prepared.item.stem, lang), compact=False)
    response = _element(presentation, "response_lid", ident=RESPONSE,
                        rcardinality="Multiple" if prepared.multiple else "Single")
    render = _element(response, "render_choice", shuffle="Yes" if prepared.shuffle else "No")
    for choice in prepared.choices:
        attributes = {"rshuffle": "No"} if choice.fixed else {}
        label = _element(render, "response_label", ident=_answer_ident(prepared, choice), **attributes)
        _material(label, quiz.text(choice.text, lang), compact=True)
    _processing(item, prepared)
    _feedback(item, quiz, prepared, lang)


def _material(parent, markdown: str, compact: bool) -> None:
    _element(_element(parent, "material"), "mattext", render_html(markdown, compact=compact), texttype="text/html")


def _processing(item, prepared: PreparedItem) -> None:
    processing = _element(item, "resprocessing")
    _element(_element(processing, "outcomes"), "decvar", maxvalue="100", minvalue="0", varname="SCORE",
             vartype="Decimal")
    if prepared.item.explanation is not None:
        condition = _element(processing, "respcondition", **{"continue": "Yes"})
        _element(_element(condition, "conditionvar"), "other")
        _element(condition, "displayfeedback", feedbacktype="Response", linkrefid="general_fb")
    for choice in prepared.choices:
        if choice.feedback is not None:
            condition = _element(processing, "respcondition", **{"continue": "Yes"})
            _varequal(_element(condition, "conditionvar"), _answer_ident(prepared, choice))
            _element(condition, "displayfeedback", feedbacktype="Response",
                     linkrefid=f"{_answer_ident(prepared, choice)}_fb")
    condition = _element(processing, "respcondition", **{"continue": "No"})
    variables = _element(condition, "conditionvar")
    if prepared.multiple:
        both = _element(variables, "and")
        for choice in prepared.choices:
            _varequal(both if choice.correct else _element(both, "not"), _answer_ident(prepared, choice))
    else:
        for choice in prepared.correct[:1]:
            _varequal(variables, _answer_ident(prepared, choice))
    _element(condition, "setvar", "100", action="Set", varname="SCORE")


def _varequal(parent, ident: str) -> None:
    _element(parent, "varequal", ident, respident=RESPONSE)


def _feedback(item, quiz: PreparedQuiz, prepared: PreparedItem, lang: str) -> None:
    shown = []
    if prepared.item.explanation is not None:
        shown.append(("general_fb", prepared.item.explanation))
    shown += [(f"{_answer_ident(prepared, choice)}_fb", choice.feedback) for choice in prepared.choices
              if choice.feedback is not None]
    for ident, text in shown:
        feedback = _element(item, "itemfeedback", ident=ident)
        _material(_element(feedback, "flow_mat"), quiz.text(text, lang), compact=False)


# --- assessment_meta.xml ----------------------------------------------------------------------------------


def build_meta(quiz: PreparedQuiz, ident: str, lang: str):
    total = number(points_sum(prepared.item.points for prepared in quiz.items))
    shuffle = "false" if any(prepared.pinned for prepared in quiz.items) else "true"
    root = root_element(CANVAS_NS, "quiz", CANVAS_LOCATION, identifier=ident)
    description = quiz.quiz.description
    for tag, text in (
        ("title", quiz.title(lang)),
        ("description", render_html(quiz.text(description, lang)) if description is not None else ""),
        ("shuffle_answers", shuffle),
        ("scoring_policy", "keep_highest"),
        ("hide_results", None),
        ("quiz_type", "assignment"),
        ("points_possible", total),
        ("show_correct_answers", "true"),
        ("anonymous_submissions", "false"),
        ("could_be_locked", "false"),
        ("allowed_attempts", "1"),
        ("one_question_at_a_time", "false"),
        ("cant_go_back", "false"),
        ("available", "false"),
    ):
        _element(root, tag, text, ns=CANVAS_NS)
    assignment = _element(root, "assignment", ns=CANVAS_NS, identifier=f"{ident}-assignment")
    for tag, text in (("title", quiz.title(lang)), ("workflow_state", "unpublished"),
                      ("quiz_identifierref", ident), ("points_possible", total), ("grading_type", "points"),
                      ("submission_types", "online_quiz")):
        _element(assignment, tag, text, ns=CANVAS_NS)
    return root
