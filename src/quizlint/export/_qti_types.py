"""The QTI 2.1 / 3.0 items of the types without options (``_qti`` writes the choice items and the package):

- ``numerical``: a ``textEntryInteraction`` (base type ``float``); the response processing tries the answers
  from the highest credit down, each an ``equal`` with ``toleranceMode="absolute"`` and its tolerance (``exact``
  without one), and scores ``points × credit / 100``; units are not carried (a warning names the item);
- ``short_answer``: a ``textEntryInteraction`` (``string``) whose ``mapping`` gives each answer its share of the
  points (``caseSensitive`` as the item says), scored by ``mapResponse``;
- ``matching``: a ``matchInteraction`` of two ``simpleMatchSet``s (prompts ``P1…``, matches ``M1…`` then
  distractors ``D1…``), ``directedPair`` responses, each right pair worth an equal share;
- ``ordering``: an ``orderInteraction`` (``ordered`` identifiers ``S1…`` in the right order), scored whole;
- ``essay``: an ``extendedTextInteraction`` (``format`` xhtml or plain, ``expectedLines``), the template as the
  response's ``defaultValue``, the grader information in a ``rubricBlock`` for the scorer; scored by a person,
  so no response processing.

Feedback of an answer (numerical, short answer) is a ``modalFeedback`` shown when that answer is given, the
explanation one shown always, as for choice items."""

from __future__ import annotations

from quizlint.export._common import PreparedItem, PreparedQuiz, add_element, number

RESPONSE, SCORE, FEEDBACK, EXPLANATION = "RESPONSE", "SCORE", "FEEDBACK", "EXPLANATION"
ITEM_TYPES = ("numerical", "short_answer", "matching", "ordering", "essay")


class TypedItem:
    """Writes one item of another type than the choice ones. ``content(parent, markdown, **options)`` renders a
    text as QTI XHTML; ``outcome(parent, identifier, default)`` declares a float outcome; ``share(points, right)``
    is what each of ``right`` parts maps to so that together they make ``points`` exactly."""

    def __init__(self, dialect, quiz: PreparedQuiz, prepared: PreparedItem, lang: str, content, outcome, share):
        self.dialect, self.quiz, self.prepared, self.item, self.lang = dialect, quiz, prepared, prepared.item, lang
        self.content, self.outcome, self.share = content, outcome, share

    def text(self, value) -> str:
        return self.quiz.text(value, self.lang)

    def el(self, parent, name: str, text: str | None = None, **attributes: str):
        return self.dialect.element(parent, name, text, **attributes)

    def answer_feedback(self) -> list[tuple[str, object]]:
        """(identifier, text) of each answer's feedback, for a numerical or short-answer item."""
        if self.item.type not in ("numerical", "short_answer"):
            return []
        return [(f"A{index + 1}", answer.feedback) for index, answer in enumerate(self.item.answers)
                if answer.feedback is not None]

    @property
    def has_feedback(self) -> bool:
        return self.item.explanation is not None or bool(self.answer_feedback())

    # --- the parts of the item, in the order QTI wants them

    def write(self, root) -> None:
        getattr(self, "_declare_" + self.item.type)(root)
        self.outcome(root, SCORE, "0")
        self.outcome(root, "MAXSCORE", number(self.item.points))
        if self.has_feedback:
            self.el(root, "outcomeDeclaration", identifier=FEEDBACK, cardinality="multiple", baseType="identifier")
        body = self.el(root, "itemBody")
        if self.item.type == "essay" and self.item.grader_info is not None:
            rubric = self.el(body, "rubricBlock", view="scorer", **({"use": "scoring"} if self.dialect.content_body
                                                                    else {}))
            self.content(self.dialect.content(rubric), self.text(self.item.grader_info), blocks=True)
        self.content(body, self.text(self.item.stem), blocks=True)
        getattr(self, "_body_" + self.item.type)(body)
        self._processing(root)
        self._feedback(root)

    def _response(self, root, cardinality: str, base_type: str, correct: list[str]):
        response = self.el(root, "responseDeclaration", identifier=RESPONSE, cardinality=cardinality,
                           baseType=base_type)
        if correct:
            values = self.el(response, "correctResponse")
            for value in correct:
                self.el(values, "value", value)
        return response

    def _paragraph(self, body):
        """An XHTML ``p`` (the same name in both versions) to hold an inline interaction."""
        return add_element(body, f"{{{self.dialect.namespace}}}p")

    # numerical

    def _ranked_answers(self) -> list[tuple[int, object]]:
        return sorted(enumerate(self.item.answers), key=lambda pair: -pair[1].credit)

    def _declare_numerical(self, root) -> None:
        best = [number(answer.value) for _, answer in self._ranked_answers()[:1]]
        self._response(root, "single", "float", best)

    def _body_numerical(self, body) -> None:
        self.el(self._paragraph(body), "textEntryInteraction", responseIdentifier=RESPONSE, expectedLength="10")

    # short answer

    def _declare_short_answer(self, root) -> None:
        texts = [self.text(answer.text) for answer in self.item.answers]
        best = [text for text, answer in zip(texts, self.item.answers) if answer.credit >= 100][:1]
        response = self._response(root, "single", "string", best)
        mapping = self.el(response, "mapping", lowerBound="0", upperBound=number(self.item.points),
                          defaultValue="0")
        seen = set()
        for text, answer in zip(texts, self.item.answers):
            if text in seen:
                continue
            seen.add(text)
            self.el(mapping, "mapEntry", mapKey=text, mappedValue=number(self.item.points * answer.credit / 100),
                    caseSensitive="true" if self.item.case_sensitive else "false")

    def _body_short_answer(self, body) -> None:
        self.el(self._paragraph(body), "textEntryInteraction", responseIdentifier=RESPONSE, expectedLength="20")

    # matching

    def _match_ids(self) -> tuple[list[str], list[str]]:
        pairs = len(self.item.pairs)
        return ([f"P{index + 1}" for index in range(pairs)],
                [f"M{index + 1}" for index in range(pairs)]
                + [f"D{index + 1}" for index in range(len(self.item.distractors))])

    def _declare_matching(self, root) -> None:
        prompts, matches = self._match_ids()
        keys = [f"{prompt} {match}" for prompt, match in zip(prompts, matches)]
        response = self._response(root, "multiple", "directedPair", keys)
        share = self.share(self.item.points, max(len(keys), 1))
        mapping = self.el(response, "mapping", lowerBound="0", upperBound=number(self.item.points), defaultValue="0")
        for key in keys:
            self.el(mapping, "mapEntry", mapKey=key, mappedValue=number(share))

    def _body_matching(self, body) -> None:
        prompts, matches = self._match_ids()
        interaction = self.el(body, "matchInteraction", responseIdentifier=RESPONSE, shuffle="true",
                              maxAssociations=str(len(prompts)))
        sources, targets = self.el(interaction, "simpleMatchSet"), self.el(interaction, "simpleMatchSet")
        for identifier, pair in zip(prompts, self.item.pairs):
            choice = self.el(sources, "simpleAssociableChoice", identifier=identifier, matchMax="1")
            self.content(choice, self.text(pair.prompt), compact=True)
        texts = [pair.match for pair in self.item.pairs] + list(self.item.distractors)
        for identifier, text in zip(matches, texts):
            choice = self.el(targets, "simpleAssociableChoice", identifier=identifier, matchMax="1")
            self.content(choice, self.text(text), compact=True)

    # ordering

    def _step_ids(self) -> list[str]:
        return [f"S{index + 1}" for index in range(len(self.item.sequence))]

    def _declare_ordering(self, root) -> None:
        self._response(root, "ordered", "identifier", self._step_ids())

    def _body_ordering(self, body) -> None:
        interaction = self.el(body, "orderInteraction", responseIdentifier=RESPONSE, shuffle="true")
        for identifier, step in zip(self._step_ids(), self.item.sequence):
            self.content(self.el(interaction, "simpleChoice", identifier=identifier), self.text(step), compact=True)

    # essay

    def _declare_essay(self, root) -> None:
        response = self._response(root, "single", "string", [])
        if self.item.template is not None:
            self.el(self.el(response, "defaultValue"), "value", self.text(self.item.template))

    def _body_essay(self, body) -> None:
        response = self.item.response
        self.el(body, "extendedTextInteraction", responseIdentifier=RESPONSE,
                format="plain" if response and response.format == "plain" else "xhtml",
                expectedLines=str(response.lines if response else 15))

    # scoring and feedback

    def _processing(self, root) -> None:
        kind = self.item.type
        if kind == "essay":
            if self.item.explanation is not None:
                self._show_explanation(self.el(root, "responseProcessing"))
            return
        processing = self.el(root, "responseProcessing")
        self._show_explanation(processing)
        if kind == "numerical":
            self._numerical_rules(processing)
        elif kind == "ordering":
            self._scored_if(processing, self._matches_correct, number(self.item.points))
        else:
            self._mapped_rules(processing)

    def _show_explanation(self, processing) -> None:
        if self.item.explanation is not None:
            together = self.el(self.el(processing, "setOutcomeValue", identifier=FEEDBACK), "multiple")
            self.el(together, "baseValue", EXPLANATION, baseType="identifier")

    def _matches_correct(self, parent) -> None:
        match = self.el(parent, "match")
        self.el(match, "variable", identifier=RESPONSE)
        self.el(match, "correct", identifier=RESPONSE)

    def _scored_if(self, processing, condition, score: str) -> None:
        branch = self.el(self.el(processing, "responseCondition"), "responseIf")
        condition(branch)
        self._set(branch, SCORE, score)

    def _set(self, parent, identifier: str, value: str) -> None:
        self.el(self.el(parent, "setOutcomeValue", identifier=identifier), "baseValue", value, baseType="float")

    def _numerical_rules(self, processing) -> None:
        condition = self.el(processing, "responseCondition")
        for position, (index, answer) in enumerate(self._ranked_answers()):
            branch = self.el(condition, "responseIf" if position == 0 else "responseElseIf")
            mode = {"toleranceMode": "absolute", "tolerance": f"{number(answer.tolerance)} {number(answer.tolerance)}"} \
                if answer.tolerance else {"toleranceMode": "exact"}
            equal = self.el(branch, "equal", **mode)
            self.el(equal, "variable", identifier=RESPONSE)
            self.el(equal, "baseValue", number(answer.value), baseType="float")
            self._set(branch, SCORE, number(self.item.points * answer.credit / 100))
            self._add_feedback(branch, answer, index)

    def _mapped_rules(self, processing) -> None:
        condition = self.el(processing, "responseCondition")
        branch = self.el(condition, "responseIf")
        self.el(self.el(branch, "isNull"), "variable", identifier=RESPONSE)
        self._set(branch, SCORE, "0")
        otherwise = self.el(condition, "responseElse")
        self.el(self.el(otherwise, "setOutcomeValue", identifier=SCORE), "mapResponse", identifier=RESPONSE)
        if self.item.type == "short_answer":
            for index, answer in enumerate(self.item.answers):
                if answer.feedback is None:
                    continue
                given = self.el(self.el(processing, "responseCondition"), "responseIf")
                match = self.el(given, "stringMatch", caseSensitive="true" if self.item.case_sensitive else "false")
                self.el(match, "variable", identifier=RESPONSE)
                self.el(match, "baseValue", self.text(answer.text), baseType="string")
                self._add_feedback(given, answer, index)

    def _add_feedback(self, branch, answer, index: int) -> None:
        if answer.feedback is None:
            return
        together = self.el(self.el(branch, "setOutcomeValue", identifier=FEEDBACK), "multiple")
        if self.item.explanation is not None:
            self.el(together, "baseValue", EXPLANATION, baseType="identifier")
        self.el(together, "baseValue", f"A{index + 1}", baseType="identifier")

    def _feedback(self, root) -> None:
        shown = self.answer_feedback()
        if self.item.explanation is not None:
            shown.append((EXPLANATION, self.item.explanation))
        for identifier, text in shown:
            feedback = self.el(root, "modalFeedback", outcomeIdentifier=FEEDBACK, identifier=identifier,
                               showHide="show")
            self.content(self.dialect.content(feedback), self.text(text))


def lost_in_qti(item) -> list[str]:
    """What QTI cannot say of ``item``, for the warning that names it."""
    return ["units"] if item.type == "numerical" and item.units else []
