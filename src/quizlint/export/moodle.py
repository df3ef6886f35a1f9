"""``--to moodle``: Moodle XML (Question bank → Import → Moodle XML format), one file for the bank.

Per quiz a category question, then its items. The category is named after the quiz title
(``$course$/top/<title>``, in multilang markup like every text, ``/`` written ``//`` as Moodle's reader wants),
its ``idnumber`` is the quiz id and its ``info`` the description, so that an import gets all three back. A
title too long for a Moodle category name (255 characters) is written in the source language only, or else
replaced by the quiz id, with a warning. (Moodle shows one language of a multilang name only where the
multilang filter applies to every string: Site administration → Filters → "Filter all strings".)

- ``single`` → ``multichoice`` with ``<single>true</single>``; ``multiple`` → ``multichoice`` with
  ``<single>false</single>``; ``true_false`` → ``truefalse`` (answers ``true``/``false``);
- ``name`` and ``idnumber`` are the item id, ``defaultgrade`` its points, ``tags`` its tags;
- ``questiontext``, answers, per-answer ``feedback`` and ``generalfeedback`` (the explanation) are HTML
  (``format="html"``) in CDATA;
- ``shuffleanswers`` is true unless an option is fixed (Moodle cannot pin one option) or the order means
  something (numeric options, "all of the above", "I and II"); ``answernumbering`` abc;
- fractions come from Moodle's own list (``question_bank::fraction_options_full``): 100 for the key of a
  single-answer item, 0 for the others; for a multiple-answer item the right options share 100 exactly
  (1–10 or 20 right options: 100, 50, 33.33333, 25, …, 5) and every wrong option takes the same share away
  (−50, −33.33333, …), so ticking everything scores no more than ticking nothing. Another number of right
  options has no exact split in Moodle's list: the export fails with the item's position.

Languages: every language by default (``--lang all``), written with Moodle's multilang filter syntax,
adjacent spans only as the core filter requires: ``<span lang="en" class="multilang">…</span><span lang="tr"
class="multilang">…</span>``; ``--multilang-syntax mlang2`` writes ``{mlang en}…{mlang}{mlang tr}…{mlang}``
(the multilang2 filter). Language-neutral texts are written once, without markup. ``--lang xx``: one
language, plain; in another language than a quiz's source language, the category's idnumber and the questions'
names and idnumbers end with ``-<lang>``, and a title that reads as the source's gets `` (<lang>)``
(``_common.language_suffix``), so that both files can be imported into one course.
"""

from __future__ import annotations

from xml.sax.saxutils import escape as escape_html

from quizlint.export._common import (
    ExportBank,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    add_element,
    left_out_warnings,
    moodle_fractions,
    number,
    one_line,
    prepare,
    serialize_xml,
    skipped_items,
)
from quizlint.render import lxml_etree, render_html

NAME = "moodle"
DESCRIPTION = "Moodle XML: a category per quiz, multichoice and truefalse questions, multilang text"
SUFFIX = "-moodle.xml"
BINARY = False
MULTILINGUAL = True
DEFAULT_LANG = "all"

ANSWER_NUMBERING = "abc"
PENALTY = "0.3333333"
CATEGORY_ROOT = "$course$/top"
MAX_CATEGORY_NAME = 255  # question_categories.name


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    root = lxml_etree().Element("quiz")
    quizzes = [quiz.in_language(quiz.languages[0]) for quiz in prepare(bank, options, NAME)]  # (one language)
    warnings = skipped_items(quizzes)
    for quiz in quizzes:
        _category(root, quiz, options, warnings)
        for prepared in quiz.items:
            _question(root, quiz, prepared, options)
    return ExportOutput(serialize_xml(root), warnings + left_out_warnings(quizzes))


def _html(parent, tag: str, html: str) -> None:
    """``<tag format="html"><text><![CDATA[html]]></text></tag>``."""
    _text(add_element(parent, tag, format="html"), html)


def _text(parent, markup: str) -> None:
    """``<text>`` holding ``markup`` (HTML, or a category path with multilang markup) in CDATA, which keeps it
    readable; escaped instead where it holds ``]]>`` (only possible in an attribute)."""
    add_element(parent, "text").text = lxml_etree().CDATA(markup) if markup and "]]>" not in markup else markup


def _is_one_text(quiz: PreparedQuiz, value) -> bool:
    """Whether ``value`` is written once, without multilang markup: neutral, or one language exported."""
    return isinstance(value, str) or len(quiz.languages) == 1


def multilang(quiz: PreparedQuiz, value, options: ExportOptions, compact: bool = False) -> str:
    """HTML of a text in the exported languages: one language plain, several in multilang markup.

    When every language's text is one paragraph, the spans hold inline HTML inside one ``<p>`` (no ``<p>`` at
    all when ``compact``), so the markup stays valid HTML; otherwise each span holds its blocks.
    """
    if value is None:
        return ""
    if _is_one_text(quiz, value):
        return render_html(quiz.text(value, quiz.languages[0]), compact=compact)
    texts = [quiz.text(value, lang) for lang in quiz.languages]
    inline = [render_html(text, compact=True) for text in texts]
    one_paragraph = all(render_html(text) == f"<p>{html}</p>" for text, html in zip(texts, inline))
    htmls = inline if one_paragraph or compact else [render_html(text) for text in texts]
    spans = _language_blocks(quiz.languages, htmls, options.multilang_syntax)
    return f"<p>{spans}</p>" if one_paragraph and not compact else spans


def _language_blocks(languages: list[str], texts: list[str], syntax: str) -> str:
    if syntax == "mlang2":
        return "".join(f"{{mlang {lang}}}{text}{{mlang}}" for lang, text in zip(languages, texts))
    return "".join(f'<span lang="{lang}" class="multilang">{text}</span>' for lang, text in zip(languages, texts))


# --- the category: the quiz's title, id and description ---------------------------------------------------


def _category(root, quiz: PreparedQuiz, options: ExportOptions, warnings: list[str]) -> None:
    question = add_element(root, "question", type="category")
    _text(add_element(question, "category"), category_path(category_name(quiz, options, warnings)))
    _html(question, "info", multilang(quiz, quiz.quiz.description, options))
    add_element(question, "idnumber", quiz.name)


def category_name(quiz: PreparedQuiz, options: ExportOptions, warnings: list[str]) -> str:
    """The quiz title as a category name: one line of text (HTML-escaped: Moodle shows names as HTML), in
    multilang markup for several languages, the only markup Moodle's importer keeps in a name (``PARAM_TEXT``).
    A name longer than Moodle's 255 characters falls back to the source-language title, then to the quiz id."""
    title = quiz.quiz.title
    names = [_plain_name(quiz.text(title, lang)) for lang in quiz.languages]  # the source language first
    if len(quiz.languages) == 1:
        names = [_plain_name(quiz.title(quiz.languages[0]))]
    one_text = _is_one_text(quiz, title)
    name = names[0] if one_text else _language_blocks(quiz.languages, names, options.multilang_syntax)
    if len(name) <= MAX_CATEGORY_NAME:
        return name
    name, instead = (names[0], "its source-language title") if not one_text and len(names[0]) <= MAX_CATEGORY_NAME \
        else (quiz.name, "the quiz id")
    warnings.append(f"{quiz.file.path}: quiz {quiz.quiz.id!r}: the title is too long for a Moodle category name "
                    f"({MAX_CATEGORY_NAME} characters): the category is named after {instead}")
    return name


def _plain_name(text: str) -> str:
    return escape_html(one_line(text))


def category_path(name: str) -> str:
    """``$course$/top/<name>``, ``/`` in the name doubled as Moodle's ``assemble_category_path`` writes it."""
    segment = name.replace("/", "//")
    segment = (" " if segment.startswith("/") else "") + segment + (" " if segment.endswith("/") else "")
    return f"{CATEGORY_ROOT}/{segment}"


def _question(root, quiz: PreparedQuiz, prepared: PreparedItem, options: ExportOptions) -> None:
    item = prepared.item
    true_false = item.type == "true_false"
    question = add_element(root, "question", type="truefalse" if true_false else "multichoice")
    add_element(add_element(question, "name"), "text", prepared.name)
    _html(question, "questiontext", multilang(quiz, item.stem, options))
    _html(question, "generalfeedback", multilang(quiz, item.explanation, options))
    add_element(question, "defaultgrade", number(item.points))
    add_element(question, "penalty", PENALTY)
    add_element(question, "hidden", "0")
    add_element(question, "idnumber", prepared.name)
    if true_false:
        _true_false_answers(question, item.answer)
    else:
        add_element(question, "single", "false" if prepared.multiple else "true")
        add_element(question, "shuffleanswers", "false" if prepared.pinned else "true")
        add_element(question, "answernumbering", ANSWER_NUMBERING)
        for choice, fraction in zip(prepared.choices, moodle_fractions(quiz, prepared)):
            answer = add_element(question, "answer", fraction=fraction, format="html")
            _text(answer, multilang(quiz, choice.text, options, compact=True))
            _html(answer, "feedback", multilang(quiz, choice.feedback, options))
    if item.tags:
        tags = add_element(question, "tags")
        for tag in item.tags:
            add_element(add_element(tags, "tag"), "text", tag)


def _true_false_answers(question, answer: bool | None) -> None:
    for value in (True, False):
        fraction = "100" if answer is value else "0"
        node = add_element(question, "answer", fraction=fraction, format="moodle_auto_format")
        add_element(node, "text", "true" if value else "false")
        _html(node, "feedback", "")
