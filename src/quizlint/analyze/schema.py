"""The JSON Schema of the analysis report (``quizlint schema analysis``; committed as schema/analysis.schema.json)."""

from __future__ import annotations

SCHEMA_ID = "https://quizlint.dev/schema/analysis.schema.json"
_STATISTIC = {"type": ["number", "null"]}


def _object(properties: dict, title: str, description: str) -> dict:
    return {"type": "object", "title": title, "description": description, "properties": properties,
            "required": list(properties), "additionalProperties": False}


def analysis_schema() -> dict:
    option = _object({
        "label": {"type": "string", "title": "Label", "description": "A, B, C… in the bank's order; true or false."},
        "chosen": {"type": "number", "minimum": 0, "maximum": 1, "title": "Chosen",
                   "description": "Share of the item's respondents who chose the option."},
        "discrimination": {**_STATISTIC, "minimum": -1, "maximum": 1, "title": "Discrimination",
                           "description": "Point-biserial of choosing the option with the rest score; null when "
                                          "undefined."},
    }, "Option", "How often an option was chosen, and by whom.")
    item = _object({
        "id": {"type": "string", "title": "Item id", "description": "The item's id in the bank."},
        "n": {"type": "integer", "minimum": 0, "title": "Responses",
              "description": "Respondents shown the item (a blank response counts, as a wrong one)."},
        "facility": {**_STATISTIC, "minimum": 0, "maximum": 1, "title": "Facility",
                     "description": "Mean score, 0 to 1."},
        "discrimination": {**_STATISTIC, "minimum": -1, "maximum": 1, "title": "Discrimination",
                           "description": "Corrected point-biserial: the item's score against the total of the "
                                          "other items."},
        "upper_lower": {**_STATISTIC, "minimum": -1, "maximum": 1, "title": "Upper-lower index",
                        "description": "Mean score of the top 27 % by total minus that of the bottom 27 %."},
        "options": {"type": "array", "items": option, "title": "Options",
                    "description": "In the bank's order; empty for an item without options (numerical, short "
                                   "answer, matching, ordering)."},
    }, "Item", "The statistics of one item.")
    quiz = _object({
        "id": {"type": "string", "title": "Quiz id", "description": "The quiz's id in the bank."},
        "respondents": {"type": "integer", "minimum": 0, "title": "Respondents",
                        "description": "Attempts read for the quiz."},
        "kr20": {**_STATISTIC, "maximum": 1, "title": "KR-20",
                 "description": "KR-20 (Cronbach's alpha with partial credit) over respondents shown every item."},
        "sem": {**_STATISTIC, "minimum": 0, "title": "SEM",
                "description": "Standard error of measurement, in points."},
        "items": {"type": "array", "items": item, "title": "Items", "description": "In the bank's order."},
    }, "Quiz", "The analysis of one quiz of the bank.")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            **_object({"quizzes": {"type": "array", "items": quiz, "title": "Quizzes",
                                    "description": "The quizzes that have responses, in the bank's order."}},
                      "Item analysis", "The report of `quizlint analyze --format json`.")}
