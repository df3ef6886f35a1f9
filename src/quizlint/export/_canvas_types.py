"""The Canvas (QTI 1.2) items of the types without options, as Canvas writes them:

- ``numerical`` → ``numerical_question``: ``render_fib fibtype="Decimal"``; each answer an ``or`` of the exact
  value and the range ``value ± tolerance`` (``vargte``/``varlte``);
- ``short_answer`` → ``short_answer_question``: ``render_fib``, a ``varequal`` per accepted answer;
- ``matching`` → ``matching_question``: a ``response_lid`` per prompt offering every match and distractor, each
  right pair adding its share of 100;
- ``essay`` → ``essay_question``: ``render_fib`` and no scoring (graded by a person).

Canvas's classic quizzes have no ordering questions (left out with a warning), and every accepted numerical or
short answer gives full marks: answers worth less than 100 % are left out, and so are units, case-sensitivity,
an essay's template, grader information and response settings, and the credits of multiple-answer options,
each named in a warning."""

from __future__ import annotations

from quizlint.export._common import essay_settings, number

ITEM_TYPES = ("numerical", "short_answer", "matching", "essay")
QUESTION_TYPES = {"numerical": "numerical_question", "short_answer": "short_answer_question",
                  "matching": "matching_question", "essay": "essay_question"}
FULL = 99.99


class TypedCanvas:
    """Writes the presentation and scoring of one item; ``element(parent, tag, text, **attributes)`` makes a QTI
    1.2 element, ``material(parent, markdown, compact)`` a text."""

    def __init__(self, quiz, prepared, lang: str, element, material, response: str):
        self.quiz, self.prepared, self.item, self.lang = quiz, prepared, prepared.item, lang
        self.el, self.material, self.response = element, material, response

    def text(self, value) -> str:
        return self.quiz.text(value, self.lang)

    def answer_ids(self) -> list[str]:
        if self.item.type == "matching":
            return [f"{self.prepared.identifier}-M{index + 1}" for index in range(len(self._matches()))]
        return [f"{self.prepared.identifier}-A{index + 1}" for index, _ in enumerate(self._full_answers())]

    def _full_answers(self) -> list:
        return [answer for answer in getattr(self.item, "answers", []) if answer.credit >= FULL]

    def _matches(self) -> list:
        return [pair.match for pair in self.item.pairs] + list(self.item.distractors)

    def presentation(self, presentation) -> None:
        if self.item.type == "matching":
            ids = self.answer_ids()
            for index, pair in enumerate(self.item.pairs):
                lid = self.el(presentation, "response_lid", ident=f"response_P{index + 1}")
                self.material(lid, self.text(pair.prompt), True)
                render = self.el(lid, "render_choice")
                for ident, match in zip(ids, self._matches()):
                    self.material(self.el(render, "response_label", ident=ident), self.text(match), True)
            return
        fib = {"fibtype": "Decimal"} if self.item.type == "numerical" else {}
        response = self.el(presentation, "response_str", ident=self.response, rcardinality="Single")
        self.el(self.el(response, "render_fib", **fib), "response_label", ident="answer1", rshuffle="No")

    def scoring(self, processing) -> None:
        kind = self.item.type
        if kind == "essay":
            condition = self.el(processing, "respcondition", **{"continue": "No"})
            self.el(self.el(condition, "conditionvar"), "other")
            return
        if kind == "matching":
            share = number(round(100 / max(len(self.item.pairs), 1), 2))
            for index, ident in enumerate(self.answer_ids()[:len(self.item.pairs)]):
                condition = self.el(processing, "respcondition")
                self.el(self.el(condition, "conditionvar"), "varequal", ident, respident=f"response_P{index + 1}")
                self.el(condition, "setvar", share, varname="SCORE", action="Add")
            return
        condition = self.el(processing, "respcondition", **{"continue": "No"})
        variables = self.el(condition, "conditionvar")
        for answer in self._full_answers():
            if kind == "short_answer":
                self.el(variables, "varequal", self.text(answer.text), respident=self.response)
                continue
            either = self.el(variables, "or")
            self.el(either, "varequal", number(answer.value), respident=self.response)
            both = self.el(either, "and")
            self.el(both, "vargte", number(answer.value - answer.tolerance), respident=self.response)
            self.el(both, "varlte", number(answer.value + answer.tolerance), respident=self.response)
        self.el(condition, "setvar", "100", action="Set", varname="SCORE")


def lost_in_canvas(item) -> list[str]:
    """What Canvas cannot say of ``item``, for the warning that names it."""
    lost = []
    if item.type in ("numerical", "short_answer") and any(answer.credit < FULL for answer in item.answers):
        lost.append("answers worth less than 100%")
    if item.type in ("numerical", "short_answer") and any(answer.feedback is not None for answer in item.answers):
        lost.append("feedback of an answer")
    if item.type == "numerical" and item.units:
        lost.append("units")
    if item.type == "short_answer" and item.case_sensitive:
        lost.append("case-sensitive answers")
    lost += essay_settings(item)
    if item.type == "multiple" and any(option.credit is not None for option in item.options):
        lost.append("credits of the options (Canvas scores multiple answers itself)")
    return lost
