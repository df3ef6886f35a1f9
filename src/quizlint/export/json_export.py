"""``--to json``: the bank as one normalised JSON document, described by ``schema/export.schema.json``
(see ``json_schema``). Every language by default; ``--lang xx`` keeps one."""

from __future__ import annotations

import json

from quizlint.export._common import ExportBank, ExportOptions, ExportOutput, PreparedQuiz, prepare
from quizlint.export.json_schema import (
    FORMAT_VERSION,
    ExportDocument,
    ExportedAnswer,
    ExportedItem,
    ExportedOption,
    ExportedPair,
    ExportedQuiz,
    ExportedResponse,
    ExportedUnit,
)
from quizlint.model import Item, text_in

NAME = "json"
DESCRIPTION = "the bank as normalised JSON (schema: quizlint schema export)"
SUFFIX = ".json"
BINARY = False
MULTILINGUAL = True
DEFAULT_LANG = "all"
NEEDS_OPTIONS = False  # items without options are exported as they are
NEEDS_KEY = False  # and items without a key too, their key written as missing
ITEM_TYPES = ("single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering", "essay")


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    document = ExportDocument(format="quizlint-export", version=FORMAT_VERSION,
                              quizzes=[_quiz(quiz) for quiz in prepare(bank, options, NAME)])
    text = json.dumps(document.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    return ExportOutput(text.encode("utf-8"))


def _texts(value, languages: list[str]) -> dict | None:
    """Every language as a key: a neutral text repeated, a missing translation null."""
    if value is None:
        return None
    return {lang: text_in(value, lang) for lang in languages}


def _quiz(prepared: PreparedQuiz) -> ExportedQuiz:
    quiz, languages = prepared.quiz, prepared.languages
    return ExportedQuiz(id=quiz.id, source_language=quiz.source_language, languages=languages,
                        title=_texts(quiz.title, languages), description=_texts(quiz.description, languages),
                        items=[_item(item, languages) for item in quiz.items])


def _item(item: Item, languages: list[str]) -> ExportedItem:
    options = [ExportedOption(text=_texts(option.text, languages), correct=option.correct, fixed=option.fixed,
                              feedback=_texts(option.feedback, languages), credit=option.credit)
               for option in item.options]
    return ExportedItem(id=item.id, type=item.type, stem=_texts(item.stem, languages), options=options,
                        answer=item.answer, explanation=_texts(item.explanation, languages), tags=list(item.tags),
                        points=item.points,
                        translations={lang: state for lang, state in item.translations.items() if lang in languages},
                        **_typed(item, languages))


def _typed(item, languages: list[str]) -> dict:
    """The fields of a numerical, short-answer, matching, ordering or essay item (none for a choice item)."""
    kind = item.type
    if kind == "numerical":
        return {"answers": [ExportedAnswer(value=answer.value, tolerance=answer.tolerance, credit=answer.credit,
                                           feedback=_texts(answer.feedback, languages)) for answer in item.answers],
                "units": [ExportedUnit(unit=unit.unit, multiplier=unit.multiplier) for unit in item.units]}
    if kind == "short_answer":
        return {"answers": [ExportedAnswer(text=_texts(answer.text, languages), credit=answer.credit,
                                           feedback=_texts(answer.feedback, languages)) for answer in item.answers],
                "case_sensitive": item.case_sensitive}
    if kind == "matching":
        return {"pairs": [ExportedPair(prompt=_texts(pair.prompt, languages), match=_texts(pair.match, languages))
                          for pair in item.pairs],
                "distractors": [_texts(text, languages) for text in item.distractors]}
    if kind == "ordering":
        return {"sequence": [_texts(text, languages) for text in item.sequence]}
    if kind == "essay":
        response = item.response
        return {"response": ExportedResponse(format=response.format, lines=response.lines) if response else None,
                "template": _texts(item.template, languages), "grader_info": _texts(item.grader_info, languages)}
    return {}
