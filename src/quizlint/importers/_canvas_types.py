"""Canvas (QTI 1.2) items of the types without options, as Canvas exports them: ``numerical_question`` (each
scoring ``respcondition`` an answer: a ``varequal`` value, a ``vargte``/``varlte`` range around it giving the
tolerance), ``short_answer_question`` (every ``varequal`` of a scoring condition an accepted answer),
``matching_question`` (a ``response_lid`` per prompt; the label a scoring condition names is its match, the
labels no condition names are distractors) and ``essay_question``."""

from __future__ import annotations

from quizlint.importers.draft import NEUTRAL, DraftItem
from quizlint.importers.reading import child_named, children_named, descendants_named, local_name
from quizlint.importers._types import DraftAnswer, TypedDraft

ITEM_TYPES = {"numerical_question": "numerical", "short_answer_question": "short_answer",
              "matching_question": "matching", "essay_question": "essay"}


def _number(node) -> float | None:
    try:
        return float((node.text or "").strip()) if node is not None else None
    except ValueError:
        return None


def _scores(condition) -> bool:
    return any(_number(setvar) not in (None, 0) and (_number(setvar) or 0) > 0
               for setvar in children_named(condition, "setvar"))


class TypedCanvas:
    """Reads one Canvas item of another type; ``text_of(container)`` gives a ``mattext`` as Markdown."""

    def __init__(self, item, presentation, text_of):
        self.item, self.presentation, self.text_of = item, presentation, text_of
        self.conditions = [condition for condition in descendants_named(item, "respcondition") if _scores(condition)]

    def read(self, draft: DraftItem, kind: str) -> None:
        draft.type, draft.typed = ITEM_TYPES[kind], TypedDraft()
        getattr(self, "_" + draft.type)(draft.typed)

    def _numerical(self, typed: TypedDraft) -> None:
        for condition in self.conditions:
            for answer in self._number_answers(child_named(condition, "conditionvar")):
                typed.answers.append(answer)

    def _number_answers(self, conditionvar) -> list[DraftAnswer]:
        if conditionvar is None:
            return []
        groups = [node for node in conditionvar if local_name(node) == "or"] or [conditionvar]
        answers = []
        for group in groups:
            exact = _number(next(descendants_named(group, "varequal"), None))
            low = _number(next(descendants_named(group, "vargte"), None))
            high = _number(next(descendants_named(group, "varlte"), None))
            if low is not None and high is not None:
                value = exact if exact is not None else (low + high) / 2
                answers.append(DraftAnswer(value=value, tolerance=max(value - low, high - value)))
            elif exact is not None:
                answers.append(DraftAnswer(value=exact))
        return answers

    def _short_answer(self, typed: TypedDraft) -> None:
        for condition in self.conditions:
            for node in descendants_named(condition, "varequal"):
                text = (node.text or "").strip()
                if text and all(answer.text != {NEUTRAL: text} for answer in typed.answers):
                    typed.answers.append(DraftAnswer(text={NEUTRAL: text}))

    def _matching(self, typed: TypedDraft) -> None:
        labels = {label.get("ident", ""): {None: self.text_of(label)}
                  for label in descendants_named(self.presentation, "response_label")}
        chosen = {}
        for condition in self.conditions:
            for node in descendants_named(condition, "varequal"):
                chosen.setdefault(node.get("respident", ""), (node.text or "").strip())
        used = set()
        for lid in children_named(self.presentation, "response_lid"):
            match = chosen.get(lid.get("ident", ""))
            if match in labels:
                prompt = self.text_of(next((node for node in lid if local_name(node) == "material"), None))
                typed.pairs.append(({None: prompt}, labels[match]))
                used.add(match)
        typed.distractors = [text for ident, text in labels.items() if ident not in used]

    def _essay(self, typed: TypedDraft) -> None:
        return None
