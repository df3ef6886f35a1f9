"""The Moodle XML of the item types without options (see ``moodle`` for the choice types and what every
question has):

- ``numerical`` → ``numerical``: an answer per value with its ``tolerance`` and fraction, ``<units>`` with each
  unit's multiplier (units optional for the student: ``unitgradingtype`` 0, a text box: ``showunits`` 0);
- ``short_answer`` → ``shortanswer`` with ``usecase``; a text that differs between the exported languages is
  written once per language (Moodle compares answers as typed, so multilang markup cannot go in one);
- ``matching`` → ``matching``: a ``subquestion`` per pair, a distractor as a subquestion with an empty text;
- ``ordering`` → ``ordering`` (the qtype_ordering plugin, core since Moodle 4.4): the steps in order, each
  answer's ``fraction`` its position;
- ``essay`` → ``essay`` with ``responseformat``, ``responsefieldlines``, ``graderinfo`` and ``responsetemplate``.

Credits become fractions from Moodle's grade list (``moodle_fraction``)."""

from __future__ import annotations

from quizlint.export._common import PreparedItem, PreparedQuiz, add_element, moodle_fraction, number

QUESTION_TYPES = {"numerical": "numerical", "short_answer": "shortanswer", "matching": "matching",
                  "ordering": "ordering", "essay": "essay"}


class TypedWriter:
    """Writes the type's part of one question; ``html_of(value, compact)`` gives a text's (multilang) HTML,
    ``add_html(parent, tag, html)`` a ``format="html"`` text element, ``add_text(parent, markup)`` a ``<text>``."""

    def __init__(self, quiz: PreparedQuiz, prepared: PreparedItem, html_of, add_html, add_text, warnings: list):
        self.quiz, self.prepared, self.item = quiz, prepared, prepared.item
        self.html_of, self.add_html, self.add_text, self.warnings = html_of, add_html, add_text, warnings

    def write(self, question) -> None:
        getattr(self, "_" + self.item.type)(question)

    def _numerical(self, question) -> None:
        for index, answer in enumerate(self.item.answers):
            node = add_element(question, "answer", fraction=moodle_fraction(answer.credit, self.quiz, self.prepared,
                                                                            "answers", index),
                               format="moodle_auto_format")
            add_element(node, "text", number(answer.value))
            self.add_html(node, "feedback", self.html_of(answer.feedback))
            add_element(node, "tolerance", number(answer.tolerance))
        if self.item.units:
            units = add_element(question, "units")
            for unit in self.item.units:
                node = add_element(units, "unit")
                add_element(node, "multiplier", number(unit.multiplier))
                add_element(node, "unit_name", unit.unit)
        add_element(question, "unitgradingtype", "0")
        add_element(question, "unitpenalty", "0.1000000")
        add_element(question, "showunits", "0" if self.item.units else "3")
        add_element(question, "unitsleft", "0")

    def _short_answer(self, question) -> None:
        add_element(question, "usecase", "1" if self.item.case_sensitive else "0")
        for index, answer in enumerate(self.item.answers):
            fraction = moodle_fraction(answer.credit, self.quiz, self.prepared, "answers", index)
            texts = list(dict.fromkeys(self.quiz.text(answer.text, lang) for lang in self.quiz.languages))
            if len(texts) > 1:
                self.warnings.append(f"{self.quiz.where(self.prepared, 'answers', index)}: item {self.item.id!r}: "
                                     f"Moodle short answers have no languages: answer {index + 1} is written once "
                                     f"per language ({', '.join(texts)})")
            for text in texts:
                node = add_element(question, "answer", fraction=fraction, format="moodle_auto_format")
                add_element(node, "text", text)
                self.add_html(node, "feedback", self.html_of(answer.feedback))

    def _matching(self, question) -> None:
        add_element(question, "shuffleanswers", "true")
        for pair in self.item.pairs:
            node = add_element(question, "subquestion", format="html")
            self.add_text(node, self.html_of(pair.prompt))
            self.add_text(add_element(node, "answer"), self.html_of(pair.match, compact=True))
        for distractor in self.item.distractors:
            node = add_element(question, "subquestion", format="html")
            self.add_text(node, "")
            self.add_text(add_element(node, "answer"), self.html_of(distractor, compact=True))

    def _ordering(self, question) -> None:
        for name, value in (("layouttype", "VERTICAL"), ("selecttype", "ALL"), ("selectcount", "0"),
                            ("gradingtype", "ABSOLUTE_POSITION"), ("showgrading", "SHOW"),
                            ("numberingstyle", "none")):
            add_element(question, name, value)
        for position, step in enumerate(self.item.sequence, start=1):
            node = add_element(question, "answer", fraction=f"{position}.0000000", format="html")
            self.add_text(node, self.html_of(step, compact=True))

    def _essay(self, question) -> None:
        response = self.item.response
        add_element(question, "responseformat", response.format if response else "editor")
        add_element(question, "responserequired", "1")
        add_element(question, "responsefieldlines", str(response.lines if response else 15))
        add_element(question, "attachments", "0")
        add_element(question, "attachmentsrequired", "0")
        self.add_html(question, "graderinfo", self.html_of(self.item.grader_info))
        self.add_html(question, "responsetemplate", self.html_of(self.item.template))
