"""The JSON report: ``{"quizzes": [{"id", "respondents", "kr20", "sem", "items": [{"id", "n", "facility",
"discrimination", "upper_lower", "options": [{"label", "chosen", "discrimination"}]}]}]}`` (``quizlint schema
analysis``). Numbers are rounded to 4 decimals; an undefined statistic is null."""

from __future__ import annotations

import json

from quizlint.analyze.statistics import ItemAnalysis, QuizAnalysis

DECIMALS = 4


def number(value: float | None) -> float | None:
    if value is None:
        return None
    rounded = round(value, DECIMALS)
    return 0.0 if rounded == 0 else rounded  # (never -0.0)


def item_json(item: ItemAnalysis) -> dict:
    return {"id": item.id, "n": item.n, "facility": number(item.facility),
            "discrimination": number(item.discrimination), "upper_lower": number(item.upper_lower),
            "options": [{"label": option.label, "chosen": number(option.chosen),
                         "discrimination": number(option.discrimination)} for option in item.options]}


def quiz_json(quiz: QuizAnalysis) -> dict:
    return {"id": quiz.id, "respondents": quiz.respondents, "kr20": number(quiz.kr20), "sem": number(quiz.sem),
            "items": [item_json(item) for item in quiz.items]}


def render(quizzes: list[QuizAnalysis]) -> str:
    return json.dumps({"quizzes": [quiz_json(quiz) for quiz in quizzes]}, indent=2, ensure_ascii=False) + "\n"
