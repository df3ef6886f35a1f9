"""QTI 2.1 / 3.0 items of the types without options (QTI 3 is read renamed to QTI 2, see ``qti.parse_qti``):

- ``textEntryInteraction`` with a ``float`` or ``integer`` response: numerical; its answers from the response
  processing's ``equal`` tests (``toleranceMode="absolute"``: the tolerance) and the score each branch sets (the
  credit, as a share of MAXSCORE), else the ``correctResponse`` value;
- ``textEntryInteraction`` with a ``string`` response: short answer; the ``mapping`` entries are the answers
  (credit = mapped value / MAXSCORE, ``caseSensitive``), else the ``correctResponse`` values;
- ``matchInteraction``: the ``correctResponse`` pairs (``directedPair``) are the pairs; the choices of the second
  set that no pair uses are distractors;
- ``orderInteraction``: the ``correctResponse`` order is the sequence;
- ``extendedTextInteraction``: essay; ``format`` plain or not, ``expectedLines``, the response's ``defaultValue``
  is the template and a ``rubricBlock`` for the scorer the grader information.

Feedback shown for an answer (a ``modalFeedback`` the branch of that answer sets) is the answer's feedback."""

from __future__ import annotations

from quizlint.importers.draft import NEUTRAL, DraftItem
from quizlint.importers.reading import child_named, children_named, descendants_named, local_name
from quizlint.importers._types import DraftAnswer, TypedDraft, option_credits

INTERACTIONS = ("textEntryInteraction", "matchInteraction", "orderInteraction", "extendedTextInteraction")


def _float(text: str | None, default: float | None = None) -> float | None:
    try:
        return float((text or "").strip())
    except ValueError:
        return default


def _bound(node) -> float | None:
    value = child_named(node, "baseValue") if node is not None else None
    return _float(value.text if value is not None else None)


def _accepted_range(branch) -> tuple[float, float] | None:
    """(value, tolerance) of the numbers a response condition's branch accepts: an ``equal`` (its absolute
    tolerance), or an ``and`` of ``gte`` and ``lte`` (its middle and half its width, as other tools write a
    range); None for any other test."""
    equal = child_named(branch, "equal")
    if equal is not None and _bound(equal) is not None:
        tolerance = 0.0
        if equal.get("toleranceMode") == "absolute":
            tolerance = abs(_float((equal.get("tolerance") or "0").split()[0], 0.0))
        return _bound(equal), tolerance
    both = child_named(branch, "and")
    low = _bound(child_named(both, "gte")) if both is not None else None
    high = _bound(child_named(both, "lte")) if both is not None else None
    if low is None or high is None:
        return None
    return (low + high) / 2, abs(high - low) / 2


def _values(node) -> list[str]:
    return [(value.text or "").strip() for value in children_named(node, "value")] if node is not None else []


def mapped_credits(root, response_id: str | None, choice_ids: list[str], points: float,
                   mapped_value) -> list[float] | None:
    """The credits of a multiple-answer item's choices (in ``choice_ids`` order) from the ``mapping`` of its
    response, each a share of the item's ``points``; None without a mapping, or where it is the default scoring
    (see ``option_credits``). ``mapped_value(entry)`` reads an entry's value."""
    for declaration in children_named(root, "responseDeclaration"):
        mapping = child_named(declaration, "mapping") if declaration.get("identifier") == response_id else None
        if mapping is not None:
            mapped = {entry.get("mapKey", ""): mapped_value(entry) for entry in children_named(mapping, "mapEntry")}
            if not mapped:
                return None
            return option_credits([mapped.get(identifier, 0.0) / (points or 1) * 100 for identifier in choice_ids])
    return None


class TypedQti:
    """Reads the type's part of one item: ``root`` the assessmentItem, ``interaction`` its one interaction (still
    in ``body``), ``markdown_of`` and ``remove`` the QTI reader's helpers."""

    def __init__(self, root, interaction, points: float, markdown_of, remove):
        self.root, self.interaction, self.points = root, interaction, points or 1
        self.markdown_of, self.remove = markdown_of, remove
        response_id = interaction.get("responseIdentifier")
        self.declaration = next((node for node in children_named(root, "responseDeclaration")
                                 if node.get("identifier") == response_id), None)

    def read(self, item: DraftItem) -> None:
        kind = local_name(self.interaction)
        item.typed = TypedDraft()
        if kind == "textEntryInteraction":
            base_type = self.declaration.get("baseType", "string") if self.declaration is not None else "string"
            item.type = "numerical" if base_type in ("float", "integer") else "short_answer"
        else:
            item.type = {"matchInteraction": "matching", "orderInteraction": "ordering",
                         "extendedTextInteraction": "essay"}[kind]
        getattr(self, "_" + item.type)(item.typed)

    def _correct(self) -> list[str]:
        return _values(child_named(self.declaration, "correctResponse")) if self.declaration is not None else []

    def _feedback(self) -> dict[str, dict]:
        """The modal feedback of each answer (identifier ``A1``…), by identifier."""
        return {node.get("identifier", ""): {None: self.markdown_of(node)}
                for node in children_named(self.root, "modalFeedback") if self.markdown_of(node)}

    def _branch_feedback(self, branch, feedback: dict) -> dict | None:
        for setter in children_named(branch, "setOutcomeValue"):
            if setter.get("identifier") == "FEEDBACK":
                for value in descendants_named(setter, "baseValue"):
                    if (value.text or "").strip() in feedback and (value.text or "").strip() != "EXPLANATION":
                        return feedback[(value.text or "").strip()]
        return None

    def _branch_score(self, branch) -> float | None:
        for setter in children_named(branch, "setOutcomeValue"):
            if setter.get("identifier") == "SCORE":
                value = child_named(setter, "baseValue")
                return _float(value.text if value is not None else None)
        return None

    def _numerical(self, typed: TypedDraft) -> None:
        feedback = self._feedback()
        for branch in self._branches():
            accepted = _accepted_range(branch)
            if accepted is None:
                continue
            number, tolerance = accepted
            score = self._branch_score(branch)
            credit = 100.0 if score is None else score / self.points * 100
            typed.answers.append(DraftAnswer(value=number, tolerance=tolerance, credit=credit,
                                             feedback=self._branch_feedback(branch, feedback)))
        if not typed.answers:
            typed.answers = [DraftAnswer(value=number) for value in self._correct()
                             if (number := _float(value)) is not None]

    def _branches(self) -> list:
        processing = child_named(self.root, "responseProcessing")
        if processing is None:
            return []
        return [branch for condition in children_named(processing, "responseCondition") for branch in condition
                if local_name(branch) in ("responseIf", "responseElseIf")]

    def _short_answer(self, typed: TypedDraft) -> None:
        mapping = child_named(self.declaration, "mapping") if self.declaration is not None else None
        feedback = self._feedback()
        by_text = {}
        for branch in self._branches():
            match = child_named(branch, "stringMatch")
            value = child_named(match, "baseValue") if match is not None else None
            if value is not None:
                by_text[(value.text or "").strip()] = self._branch_feedback(branch, feedback)
        entries = children_named(mapping, "mapEntry") if mapping is not None else []
        for entry in entries:
            text = entry.get("mapKey", "")
            credit = _float(entry.get("mappedValue"), 0.0) / self.points * 100
            typed.answers.append(DraftAnswer(text={NEUTRAL: text}, credit=credit, feedback=by_text.get(text)))
            typed.case_sensitive = entry.get("caseSensitive", "false") == "true"
        if not typed.answers:
            typed.answers = [DraftAnswer(text={NEUTRAL: text}) for text in self._correct() if text]

    def _matching(self, typed: TypedDraft) -> None:
        sets = children_named(self.interaction, "simpleMatchSet")
        texts = {choice.get("identifier", ""): {None: self.markdown_of(choice)}
                 for match_set in sets for choice in children_named(match_set, "simpleAssociableChoice")}
        used = set()
        for pair in self._correct():
            prompt, _, match = pair.partition(" ")
            if prompt in texts and match.strip() in texts:
                typed.pairs.append((texts[prompt], texts[match.strip()]))
                used.add(match.strip())
        if len(sets) == 2:
            typed.distractors = [texts[choice.get("identifier", "")]
                                 for choice in children_named(sets[1], "simpleAssociableChoice")
                                 if choice.get("identifier", "") not in used]

    def _ordering(self, typed: TypedDraft) -> None:
        texts = {choice.get("identifier", ""): {None: self.markdown_of(choice)}
                 for choice in children_named(self.interaction, "simpleChoice")}
        typed.sequence = [texts[identifier] for identifier in self._correct() if identifier in texts]

    def _essay(self, typed: TypedDraft) -> None:
        lines = _float(self.interaction.get("expectedLines"))
        typed.response = {"format": "plain" if self.interaction.get("format") == "plain" else "editor"}
        if lines is not None and lines >= 1:
            typed.response["lines"] = int(lines)
        default = child_named(self.declaration, "defaultValue") if self.declaration is not None else None
        template = " ".join(_values(default))
        typed.template = {None: template} if template else None

    def take_grader_info(self, body, typed: TypedDraft | None) -> None:
        """The scorer's rubric blocks of ``body``: removed from the stem, kept as the grader information."""
        for rubric in list(descendants_named(body, "rubricBlock")):
            if "scorer" in (rubric.get("view") or "").split() and typed is not None:
                typed.grader_info = {None: self.markdown_of(rubric)} or None
                self.remove(rubric)
