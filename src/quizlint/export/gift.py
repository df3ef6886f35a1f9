"""``--to gift``: Moodle's GIFT text format (Question bank → Import → GIFT), one file for the bank.

Texts are the Markdown as written, marked ``[markdown]`` (Moodle renders it, so code spans, emphasis, lists and
links survive), with GIFT's special characters ``~ = # { } :`` and ``\\`` escaped and line breaks written
``\\n``, the way Moodle's own GIFT export escapes (``qformat_gift::repchar``). A text holding what the
sanitiser removes (raw HTML, a ``javascript:`` link: see ``quizlint.render.needs_sanitising``) is written as
its sanitised HTML, marked ``[html]``, instead, and so is a text with an ordered list that does not start at 1
(``<ol start="3">`` keeps its numbers; a Markdown reader may number it from 1) and one with a formula (in
MathJax's delimiters; Moodle's Markdown reader knows no math: ``$<img …>$`` would be a tag to it). The question
text carries the format; answers and feedback inherit it (as in Moodle's reader) and name their own only when it
differs, or when the text itself starts with ``[`` or ``%`` (which Moodle would otherwise read as a format or a
weight).

Per quiz a ``$CATEGORY: $course$/top/<quiz id>`` line; per item a comment with ``[id:…]`` and ``[tag:…]``
(which Moodle reads as the idnumber and tags), then ``::<item id>::`` and the question. Single answer: ``=``
key, ``~`` others; multiple answer: ``~%share%`` with Moodle's fractions as in the Moodle XML export (the same
failure where 100 cannot be split exactly); true/false: ``{TRUE}``/``{FALSE}`` (an item without a key is left out, with a warning: see ``prepare``). Option feedback follows ``#``,
the explanation ``####``. GIFT has no per-question points (Moodle gives mark 1; a warning says which items lose
theirs), no fixed options and no shuffling setting (Moodle gives an imported question the site's default,
shuffling on: a warning names the items with fixed options or an order that means something).

One language per file: ``--lang``, default the source language. In another language than a quiz's source
language, the category, question names and ids end with ``-<lang>`` (``_common.language_suffix``), so that the
Turkish file does not fill the English category nor replace its questions.
"""

from __future__ import annotations

from quizlint.export._common import (
    ExportBank,
    ExportOptions,
    ExportOutput,
    PreparedItem,
    PreparedQuiz,
    left_out_warnings,
    moodle_fractions,
    one_line,
    order_not_kept,
    points_not_kept,
    prepare,
    skipped_items,
)
from quizlint.export._gift_types import ITEM_TYPES as TYPED
from quizlint.export._gift_types import lost_in_gift, typed_answers
from quizlint.export._media import cannot_carry_media
from quizlint.media import formulas
from quizlint.render import list_starts, needs_sanitising, render_html

NAME = "gift"
DESCRIPTION = "GIFT text (Markdown) for pasting or importing into Moodle"
SUFFIX = ".gift.txt"
BINARY = False
MULTILINGUAL = False
DEFAULT_LANG = "source"
ITEM_TYPES = ("single", "multiple", "true_false", *TYPED)

_SPECIAL = "~=#{}:"
MARKDOWN, HTML = "markdown", "html"
_MISREAD_START = ("[", "%")  # a format name, a weight


def escape(text: str) -> str:
    """Text made safe inside a GIFT question: ``\\`` and ``~ = # { } :`` escaped, newlines as ``\\n``."""
    text = text.replace("\\", "\\\\")
    for char in _SPECIAL:
        text = text.replace(char, "\\" + char)
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    quizzes = prepare(bank, options, NAME)
    blocks: list[str] = []
    for quiz in quizzes:
        lang = quiz.languages[0]
        quiz = quiz.in_language(lang)
        blocks.append(f"// {one_line(quiz.title(lang))}\n$CATEGORY: $course$/top/{quiz.name}")
        for prepared in quiz.items:
            blocks.append(_Question(quiz, prepared, lang).write())
    written = [prepared for quiz in quizzes for prepared in quiz.items]
    warnings = skipped_items(quizzes) + left_out_warnings(quizzes, description=False) \
        + points_not_kept("GIFT", written) + order_not_kept("GIFT", written) + _typed_losses(quizzes) \
        + cannot_carry_media("GIFT", written)
    return ExportOutput(("\n\n".join(blocks) + "\n").encode("utf-8"), warnings)


def _typed_losses(quizzes: list[PreparedQuiz]) -> list[str]:
    return [f"{quiz.where(prepared, 'id')}: item {prepared.item.id!r}: GIFT has no {', '.join(lost)}: left out"
            for quiz in quizzes for prepared in quiz.items if (lost := lost_in_gift(prepared.item))]


def gift_text(markdown: str, inherited: str | None = None, *, compact: bool = False) -> tuple[str, str]:
    """``(format, GIFT text)`` of one Markdown text: ``[markdown]`` and the source, or ``[html]`` and the
    sanitised HTML (``compact``: without the ``<p>`` of a one-paragraph text) when the source needs sanitising or
    has a list numbered from another number than 1 (HTML says where it starts, a Markdown reader may not), or holds a formula.
    The ``[format]`` prefix is left out where the text ``inherited`` the format from its question and cannot be
    misread without it."""
    markdown = markdown.strip()
    # (a formula goes as HTML too, in MathJax's \\(…\\) or \\[…\\], which Moodle's MathJax filter reads: Markdown
    # would take their backslashes, and those of the LaTeX, for escapes)
    text_format = HTML if needs_sanitising(markdown) or list_starts(markdown) or formulas(markdown) else MARKDOWN
    text = render_html(markdown, compact=compact, math="mathjax") if text_format == HTML else markdown
    prefix = "" if text_format == inherited and not text.startswith(_MISREAD_START) else f"[{text_format}]"
    return text_format, prefix + escape(text)


class _Question:
    """One item as a GIFT question, in the language ``lang``."""

    def __init__(self, quiz: PreparedQuiz, prepared: PreparedItem, lang: str):
        self.quiz, self.prepared, self.lang = quiz, prepared, lang
        self.text_format, self.stem = gift_text(quiz.text(prepared.item.stem, lang))

    def text(self, value, *, compact: bool = False) -> str:
        """A text inside the question: it inherits the question text's format."""
        return gift_text(self.quiz.text(value, self.lang), self.text_format, compact=compact)[1]

    def write(self) -> str:
        item = self.prepared.item
        markers = [f"[id:{self.prepared.name}]"] + [f"[tag:{one_line(tag)}]" for tag in item.tags if "]" not in tag]
        lines = [f"// {' '.join(markers)}", f"::{escape(self.prepared.name)}::{self.stem}{{"]
        if self.prepared.typed:
            lines += typed_answers(self)
        elif item.type == "true_false":
            lines[-1] += "TRUE" if item.answer else "FALSE"
        else:
            lines += [f"\t{mark}{self.text(choice.text, compact=True)}{self.feedback(choice)}"
                      for choice, mark in zip(self.prepared.choices, self.marks())]
        if item.explanation is not None:
            lines.append(f"\t####{self.text(item.explanation)}")
        if lines[-1].endswith("{"):  # an essay: no answers
            lines[-1] += "}"
            return "\n".join(lines)
        lines.append("}")
        return "\n".join(lines)

    def plain(self, value) -> str:
        """A text Moodle keeps as plain text (a match of a matching question): one line, escaped."""
        return escape(one_line(self.quiz.text(value, self.lang)))

    def marks(self) -> list[str]:
        """``=`` / ``~`` per option of a single-answer item, ``~%share%`` of a multiple-answer one."""
        if not self.prepared.multiple:
            return ["=" if choice.correct else "~" for choice in self.prepared.choices]
        return [f"~%{fraction}%" for fraction in moodle_fractions(self.quiz, self.prepared)]

    def feedback(self, choice) -> str:
        return f"#{self.text(choice.feedback)}" if choice.feedback is not None else ""
