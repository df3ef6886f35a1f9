"""``--to moodle``: Moodle XML (Question bank → Import → Moodle XML format), one file for the bank.

Per quiz a category question (``$course$/top/<quiz id>``, its info the quiz description), then its items:

- ``single`` → ``multichoice`` with ``<single>true</single>``; ``multiple`` → ``multichoice`` with
  ``<single>false</single>``; ``true_false`` → ``truefalse`` (answers ``true``/``false``);
- ``name`` and ``idnumber`` are the item id, ``defaultgrade`` its points, ``tags`` its tags;
- ``questiontext``, answers, per-answer ``feedback`` and ``generalfeedback`` (the explanation) are HTML
  (``format="html"``) in CDATA;
- ``shuffleanswers`` is true unless an option is fixed (Moodle cannot pin one option), ``answernumbering`` abc;
- fractions come from Moodle's own list (``question_bank::fraction_options_full``): 100 for the key of a
  single-answer item, 0 for the others; for a multiple-answer item the right options share 100 exactly
  (1–10 or 20 right options: 100, 50, 33.33333, 25, …, 5) and every wrong option takes the same share away
  (−50, −33.33333, …), so ticking everything scores no more than ticking nothing. Another number of right
  options has no exact split in Moodle's list: the export fails with the item's position.

Languages: every language by default (``--lang all``), written with Moodle's multilang filter syntax,
adjacent spans only as the core filter requires: ``<span lang="en" class="multilang">…</span><span lang="tr"
class="multilang">…</span>``; ``--multilang-syntax mlang2`` writes ``{mlang en}…{mlang}{mlang tr}…{mlang}``
(the multilang2 filter). Language-neutral texts are written once, without markup. ``--lang xx``: one
language, plain.
"""

from __future__ import annotations

from quizlint.export._common import (
    ExportBank,
    ExportError,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    moodle_share,
    number,
    prepare,
    serialize_xml,
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


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    root = lxml_etree().Element("quiz")
    for quiz in prepare(bank, options, NAME):
        _category(root, quiz, options)
        for prepared in quiz.items:
            _question(root, quiz, prepared, options)
    return ExportOutput(serialize_xml(root))


def _add(parent, tag: str, text: str | None = None, **attributes: str):
    node = lxml_etree().SubElement(parent, tag, attributes)
    node.text = text
    return node


def _html(parent, tag: str, html: str, **attributes: str) -> None:
    """``<tag format="html"><text><![CDATA[html]]></text></tag>`` (escaped text if the HTML holds ``]]>``)."""
    holder = _add(parent, tag, format="html", **attributes)
    _add(holder, "text").text = _cdata(html)


def multilang(quiz: PreparedQuiz, value, options: ExportOptions, compact: bool = False) -> str:
    """HTML of a text in the exported languages: one language plain, several in multilang markup.

    When every language's text is one paragraph, the spans hold inline HTML inside one ``<p>`` (no ``<p>`` at
    all when ``compact``), so the markup stays valid HTML; otherwise each span holds its blocks.
    """
    if value is None:
        return ""
    if isinstance(value, str) or len(quiz.languages) == 1:
        return render_html(quiz.text(value, quiz.languages[0]), compact=compact)
    texts = [quiz.text(value, lang) for lang in quiz.languages]
    inline = [render_html(text, compact=True) for text in texts]
    one_paragraph = all(render_html(text) == f"<p>{html}</p>" for text, html in zip(texts, inline))
    htmls = inline if one_paragraph or compact else [render_html(text) for text in texts]
    spans = "".join(_language_block(lang, html, options.multilang_syntax) for lang, html in
                    zip(quiz.languages, htmls))
    return f"<p>{spans}</p>" if one_paragraph and not compact else spans


def _language_block(lang: str, html: str, syntax: str) -> str:
    if syntax == "mlang2":
        return f"{{mlang {lang}}}{html}{{mlang}}"
    return f'<span lang="{lang}" class="multilang">{html}</span>'


def _category(root, quiz: PreparedQuiz, options: ExportOptions) -> None:
    question = _add(root, "question", type="category")
    _add(_add(question, "category"), "text", f"$course$/top/{quiz.quiz.id}")
    _html(question, "info", multilang(quiz, quiz.quiz.description, options))
    _add(question, "idnumber", quiz.quiz.id)


def _question(root, quiz: PreparedQuiz, prepared: PreparedItem, options: ExportOptions) -> None:
    item = prepared.item
    true_false = item.type == "true_false"
    question = _add(root, "question", type="truefalse" if true_false else "multichoice")
    _add(_add(question, "name"), "text", item.id)
    _html(question, "questiontext", multilang(quiz, item.stem, options))
    _html(question, "generalfeedback", multilang(quiz, item.explanation, options))
    _add(question, "defaultgrade", number(item.points))
    _add(question, "penalty", PENALTY)
    _add(question, "hidden", "0")
    _add(question, "idnumber", item.id)
    if true_false:
        _true_false_answers(question, item.answer)
    else:
        _add(question, "single", "false" if prepared.multiple else "true")
        _add(question, "shuffleanswers", "false" if prepared.any_fixed else "true")
        _add(question, "answernumbering", ANSWER_NUMBERING)
        for choice, fraction in zip(prepared.choices, fractions(quiz, prepared)):
            answer = _add(question, "answer", fraction=fraction, format="html")
            _add(answer, "text").text = _cdata(multilang(quiz, choice.text, options, compact=True))
            _html(answer, "feedback", multilang(quiz, choice.feedback, options))
    if item.tags:
        tags = _add(question, "tags")
        for tag in item.tags:
            _add(_add(tags, "tag"), "text", tag)


def _cdata(html: str):
    """CDATA keeps HTML readable in the file; HTML holding ``]]>`` (only possible in an attribute) is escaped."""
    return lxml_etree().CDATA(html) if html and "]]>" not in html else html


def _true_false_answers(question, answer: bool | None) -> None:
    for value in (True, False):
        node = _add(question, "answer", fraction="100" if answer is value else "0", format="moodle_auto_format")
        _add(node, "text", "true" if value else "false")
        _html(node, "feedback", "")


def fractions(quiz: PreparedQuiz, prepared: PreparedItem) -> list[str]:
    """Each option's fraction (percent, from Moodle's list), in option order."""
    if not prepared.multiple:
        return ["100" if choice.correct else "0" for choice in prepared.choices]
    count = len(prepared.correct)
    share = moodle_share(count)
    if share is None:
        raise ExportError(f"{quiz.where(prepared, 'options')}: item {prepared.item.id!r} has {count} right options; "
                          "Moodle's fraction list has no value that splits 100% exactly over them (it can for "
                          "1-10 or 20); change the number of right options or export another format")
    return [share if choice.correct else f"-{share}" for choice in prepared.choices]
